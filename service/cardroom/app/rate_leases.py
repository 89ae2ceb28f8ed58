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

The next lease is taken before the last runs out: the call that leaves a quarter of it (``REFILL_AT``) starts
taking the next one and goes on without waiting for it, so a client within its limit seldom waits for a lease.
The calls of a busy client used to wait for the Redis round trip of each new lease: at 50 matches of the bench's
sessions (one client, ~1,300 actions/s on two workers) a tenth of the actions waited, 9-13 ms at the median;
with the leases taken ahead, about one call in ninety (docs/benchmarks.md, "Twenty-seventh pass"). Each lease
keeps its own expiry (the older spent first), so a token is still spent at most ``LEASE_SECONDS`` after it was
taken; what is left unspent when a client stops is at most a lease and a quarter per worker. A lease taken ahead
that finds the bucket empty is not tried again until the lease in hand is spent: the next call then takes one
itself and is refused with the bucket's wait, as before.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Callable
from functools import partial

from ..store.limiter import Limiter

#: seconds a worker may spend the tokens it took
LEASE_SECONDS = 1.0
#: buckets with a lease per worker: beyond, every lease is dropped (its tokens lost: stricter, never looser)
MAX_LEASES = 10_000
#: the share of a lease left when the next one is taken, ahead of need
REFILL_AT = 0.25


def lease_size(rate: float, burst: int) -> int:
    """Tokens taken at once: a small share of the burst and of what the bucket refills in 1/20 s."""
    return max(1, min(burst // 64, int(rate / 20)))


class RateLeases:
    """The tokens this worker holds, per bucket key; ``take`` answers as ``Limiter.take`` does."""

    def __init__(self, limiter: Limiter, clock: Callable[[], float] = time.monotonic) -> None:
        self._limiter = limiter
        self._clock = clock
        #: per key, the leases held, oldest first: [tokens left, spendable until]
        self._held: dict[str, collections.deque[list[float]]] = {}
        #: the lease being taken, per key: its refusal's wait, 0.0 when it brought tokens, None when it failed
        self._taking: dict[str, asyncio.Future[float | None]] = {}
        self._ahead: set[asyncio.Task[float]] = set()  # leases taken ahead of need, held until they finish

    async def take(self, key: str, rate: float, burst: int) -> float:
        """0.0 when a token was taken (from this worker's lease, else from the shared bucket), else the
        seconds until the shared bucket has one."""
        size = lease_size(rate, burst)
        if size == 1:
            return await self._limiter.take(key, rate, burst)
        while True:
            if self._spend(key, size, rate, burst):
                return 0.0
            taking = self._taking.get(key)
            if taking is None:
                return await self._lease(key, rate, burst, size, self._taking_now(key), spend=True)
            wait = await asyncio.shield(taking)
            if wait is not None and wait > 0:
                return wait  # the bucket had nothing for that lease: nor for this call
            # tokens came (spent from the lease above), or that take failed: its failure is its caller's

    def _spend(self, key: str, size: int, rate: float, burst: int) -> bool:
        """Spend a token of the leases held for ``key``, if any is left; the call that leaves ``REFILL_AT`` of a
        lease starts taking the next."""
        leases = self._held.get(key)
        if leases is None:
            return False
        now = self._clock()
        while leases and (leases[0][0] <= 0 or leases[0][1] <= now):
            leases.popleft()
        if not leases:
            del self._held[key]
            return False
        leases[0][0] -= 1
        if sum(lease[0] for lease in leases) == int(size * REFILL_AT) and key not in self._taking:
            taking = self._taking_now(key)
            ahead = asyncio.ensure_future(self._lease(key, rate, burst, size, taking, spend=False))
            self._ahead.add(ahead)
            ahead.add_done_callback(partial(self._took_ahead, key, taking))
        return True

    def _taking_now(self, key: str) -> asyncio.Future[float | None]:
        """The lease of ``key`` counts as being taken from now on (before the coroutine taking it first runs)."""
        taking = self._taking[key] = asyncio.get_running_loop().create_future()
        return taking

    def _took_ahead(self, key: str, taking: asyncio.Future[float | None], ahead: asyncio.Future[float]) -> None:
        self._ahead.discard(ahead)
        if not ahead.cancelled():
            ahead.exception()  # a failure (the store) is retrieved here: the next call that needs a lease meets it
        elif not taking.done():  # cancelled before it ran (the loop closing): no lease is being taken
            del self._taking[key]
            taking.set_result(None)

    async def _lease(
        self, key: str, rate: float, burst: int, size: int, taking: asyncio.Future[float | None], *, spend: bool
    ) -> float:
        """Take a lease for ``taking`` (registered by ``_taking_now``), one token of it spent by the caller when
        ``spend``: 0.0, else the bucket's wait."""
        outcome: float | None = None
        try:
            taken, wait = await self._limiter.take_many(key, rate, burst, size)
            if taken > 0:
                if len(self._held) >= MAX_LEASES:
                    self._held.clear()
                until = self._clock() + LEASE_SECONDS
                self._held.setdefault(key, collections.deque()).append([taken - spend, until])
            outcome = wait if taken == 0 else 0.0
            return outcome
        finally:  # a failure (the store, a cancelled call) is this call's: the waiters try again for themselves
            del self._taking[key]
            taking.set_result(outcome)
