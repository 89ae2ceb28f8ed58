"""Rate-limit tokens taken from the shared buckets a lease at a time, and spent in the worker.

Taking one token per call from a bucket every replica shares (``store/redis_limiter.py``) costs a Redis round
trip per call: for a played action (a SubmitAction and usually a GetMatch) that was two of its five Redis
commands (docs/benchmarks.md, "CPU per action"). A worker takes up to ``lease_size(rate, burst)`` tokens in
one round trip and spends them on the next calls of the same bucket, for at most ``LEASE_SECONDS``.

What that changes in the limit, for a client spread over several workers or replicas: a token is always taken
from the shared bucket before a call spends it, so the client never gets more than the bucket gives; tokens are
only spent up to ``LEASE_SECONDS`` after they were taken, so over any window a client gets at most what the
bucket gave in that window and the second before it. A lease left unspent (the client's next call went to
another worker) is lost when it expires: the limit is then stricter by at most one lease per worker. A bucket
whose lease would be one token (every small burst, and so every limit of a public deployment's creates and
joins) is taken from exactly as before: one token per call.

One lease of a bucket is taken at a time per worker: calls that find the lease spent while another call is taking
the next one wait for it, then spend from it. Each of them used to take a lease of its own and keep only the last
(a burst of 100 concurrent calls took 100 leases of 156 tokens, 15,600 tokens of a 10,000-token bucket, and
refused the rest: the RATE_LIMITED answers ``bench service --sessions`` saw at 50 matches).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from ..store.limiter import Limiter

#: seconds a worker may spend the tokens it took
LEASE_SECONDS = 1.0
#: buckets with a lease per worker: beyond, every lease is dropped (its tokens lost: stricter, never looser)
MAX_LEASES = 10_000


def lease_size(rate: float, burst: int) -> int:
    """Tokens taken at once: a small share of the burst and of what the bucket refills in 1/20 s."""
    return max(1, min(burst // 64, int(rate / 20)))


class RateLeases:
    """The tokens this worker holds, per bucket key; ``take`` answers as ``Limiter.take`` does."""

    def __init__(self, limiter: Limiter, clock: Callable[[], float] = time.monotonic) -> None:
        self._limiter = limiter
        self._clock = clock
        self._held: dict[str, tuple[int, float]] = {}  # key -> (tokens left, spendable until)
        #: the lease being taken, per key: its refusal's wait, 0.0 when it brought tokens, None when it failed
        self._taking: dict[str, asyncio.Future[float | None]] = {}

    async def take(self, key: str, rate: float, burst: int) -> float:
        """0.0 when a token was taken (from this worker's lease, else from the shared bucket), else the
        seconds until the shared bucket has one."""
        size = lease_size(rate, burst)
        while True:
            held = self._held.get(key)
            if held is not None and held[0] > 0 and held[1] > self._clock():
                self._held[key] = (held[0] - 1, held[1])
                return 0.0
            if size == 1:
                return await self._limiter.take(key, rate, burst)
            taking = self._taking.get(key)
            if taking is None:
                return await self._lease(key, rate, burst, size)
            wait = await asyncio.shield(taking)
            if wait is not None and wait > 0:
                return wait  # the bucket had nothing for that lease: nor for this call
            # tokens came (spent from the lease above), or that take failed: its failure is its caller's

    async def _lease(self, key: str, rate: float, burst: int, size: int) -> float:
        taking = self._taking[key] = asyncio.get_running_loop().create_future()
        outcome: float | None = None
        try:
            taken, wait = await self._limiter.take_many(key, rate, burst, size)
            if taken > 0:
                if len(self._held) >= MAX_LEASES:
                    self._held.clear()
                self._held[key] = (taken - 1, self._clock() + LEASE_SECONDS)
            outcome = wait if taken == 0 else 0.0
            return outcome
        finally:  # a failure (the store, a cancelled call) is this call's: the waiters try again for themselves
            del self._taking[key]
            taking.set_result(outcome)
