"""Readiness: the store answering within a bound, and every worker of the process group serving.

A Redis that hangs (a partition, a paused server) never answers a PING; without a bound the
probe would hang with it and readiness would stay green. ``store_answers`` gives the store
``STORE_PROBE_SECONDS`` and counts silence as unreachable, for /readyz and for gRPC health alike.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..store.contract import MatchStore
from .supervisor import WorkerBoard

#: how long a readiness probe waits for the store (well under the 1 s probes usually allow)
STORE_PROBE_SECONDS = 0.5


async def store_answers(store: MatchStore, timeout: float = STORE_PROBE_SECONDS) -> bool:
    try:
        async with asyncio.timeout(timeout):  # not wait_for: on 3.11 it can swallow a cancellation (cancelling.py)
            return await store.ping()
    except TimeoutError:
        return False


async def readiness(store: MatchStore, board: WorkerBoard | None) -> tuple[int, dict[str, Any]]:
    """(HTTP status, body) of /readyz: 503 NOT_SERVING without the store; 200 DEGRADED while a
    worker of ``--workers N`` is down (the others serve; the master is replacing it); else SERVING."""
    if not await store_answers(store):
        return 503, {"status": "NOT_SERVING"}
    if board is not None:
        serving, expected = board.counts()
        if serving < expected:
            return 200, {"status": "DEGRADED", "workers": {"serving": serving, "expected": expected}}
    return 200, {"status": "SERVING"}
