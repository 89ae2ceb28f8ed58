"""Latency of every match-store operation, without touching the stores themselves.

``timed(store)`` answers like ``store`` and records each awaited operation in
``cardroom_store_operation_seconds`` (backend: ``redis`` or ``memory``). Any
coroutine method is timed, so operations added to the contract later are too;
``watch`` (an endless iterator) and plain attributes pass through untouched.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import time
from typing import Any

from ..store.contract import MatchStore, StoreUnavailable
from .metrics import STORE_SECONDS, child


class _TimedStore:
    def __init__(self, store: MatchStore):
        self._store = store
        self._backend = type(store).__name__.removesuffix("Store").lower()

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._store, name)
        if name.startswith("_") or not inspect.iscoroutinefunction(value):
            return value

        @functools.wraps(value)
        async def timed_call(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            outcome = "ok"
            try:
                return await value(*args, **kwargs)
            except StoreUnavailable:
                outcome = "unavailable"
                raise
            except asyncio.CancelledError:
                outcome = "cancelled"
                raise
            except Exception:
                outcome = "refused"  # not found, version conflict, exists: answers, not failures
                raise
            finally:
                child(STORE_SECONDS, self._backend, name, outcome).observe(time.perf_counter() - start)

        setattr(self, name, timed_call)  # wrap each method once
        return timed_call


def timed(store: MatchStore) -> MatchStore:
    """``store`` with its operations timed (a proxy: the contract is unchanged)."""
    proxy: Any = _TimedStore(store)
    return proxy
