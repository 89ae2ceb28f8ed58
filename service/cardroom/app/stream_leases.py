"""Leases of open streams: how many WatchMatch / SSE streams a client holds over every worker and replica.

Each open stream holds one member of its client's claim set in the limiter storage (``store/limiter.py``;
Redis for replicas), expiring after ``ttl`` seconds. A worker renews the leases of all the streams it
serves in one heartbeat task, one call per client every third of ``ttl`` (not one per stream: a worker
holds thousands of streams), and drops a stream's lease when the stream ends. The streams of a worker
that dies stop counting within ``ttl``, as presence does (``app/presence.py``).

When the storage cannot be reached the stream is let through (and logged) without a lease, like every
other limit (``app/limits.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable, Coroutine
from typing import Any

from ..store.contract import StoreUnavailable
from ..store.limiter import Limiter

log = logging.getLogger(__name__)


class StreamLeases:
    """The stream leases of one worker."""

    def __init__(self, limiter: Limiter, ttl: float):
        self.limiter = limiter
        self.ttl = ttl
        #: set key -> members of the streams this worker serves
        self._held: dict[str, set[str]] = {}
        self._beat: asyncio.Task[None] | None = None
        #: releases under way (kept referenced until done)
        self._pending: set[asyncio.Task[None]] = set()

    async def hold(self, key: str, cap: int) -> Callable[[], None] | list[str]:
        """A lease in the set ``key`` if it holds fewer than ``cap``: its release (idempotent, callable from
        synchronous code such as a finalizer); else the members held, unchanged."""
        member = secrets.token_hex(8)
        try:
            held = await self.limiter.claim(key, member, cap, self.ttl)
        except StoreUnavailable as error:
            log.warning("stream not counted: limiter storage unavailable (%s)", error)
            return lambda: None
        if held is not None:
            return held
        self._held.setdefault(key, set()).add(member)
        if self._beat is None or self._beat.done():
            self._beat = asyncio.get_running_loop().create_task(self._heartbeat())
        released = False

        def release() -> None:
            nonlocal released
            if released:
                return
            released = True
            members = self._held.get(key)
            if members is not None:
                members.discard(member)
                if not members:
                    del self._held[key]
            self._spawn(self._drop(key, member))

        return release

    async def _heartbeat(self) -> None:
        while self._held:
            await asyncio.sleep(self.ttl / 3)
            for key, members in list(self._held.items()):
                try:
                    await self.limiter.renew(key, sorted(members), self.ttl)
                except StoreUnavailable as error:  # the streams go on; their leases may lapse meanwhile
                    log.info("stream leases not renewed: %s", error)

    async def _drop(self, key: str, member: str) -> None:
        with contextlib.suppress(StoreUnavailable):  # else the lease expires by itself
            await self.limiter.release(key, [member])

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        try:
            task = asyncio.get_running_loop().create_task(work)
        except RuntimeError:  # no loop (a finalizer at interpreter exit): the lease expires by itself
            work.close()
            return
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
