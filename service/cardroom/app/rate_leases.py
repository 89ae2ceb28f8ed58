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
"""

from __future__ import annotations

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

    async def take(self, key: str, rate: float, burst: int) -> float:
        """0.0 when a token was taken (from this worker's lease, else from the shared bucket), else the
        seconds until the shared bucket has one."""
        now = self._clock()
        held = self._held.get(key)
        if held is not None and held[0] > 0 and held[1] > now:
            self._held[key] = (held[0] - 1, held[1])
            return 0.0
        size = lease_size(rate, burst)
        if size == 1:
            return await self._limiter.take(key, rate, burst)
        taken, wait = await self._limiter.take_many(key, rate, burst, size)
        if taken == 0:
            return wait
        if len(self._held) >= MAX_LEASES:
            self._held.clear()
        self._held[key] = (taken - 1, self._clock() + LEASE_SECONDS)
        return 0.0
