"""The limiter-storage contract: per-key token buckets and bounded claim sets, shared by every replica.

The policy (which key, which rate, what a refusal says) is the application's
(``app/limits.py``); a limiter only counts. Two operations:

* :meth:`Limiter.take`: one token from a token bucket (full at first, refilled at
  ``rate`` per second up to ``burst``); a refusal says how long until a token is back;
  :meth:`Limiter.take_many` takes up to several at once (a worker's lease, ``app/rate_leases.py``);
* :meth:`Limiter.claim`: hold a member (a match id, a stream) in a set of at most
  ``limit`` members; each member expires by itself after ``ttl`` seconds, so a holder
  that never releases (a crashed replica, a match that expired) frees its place in time;
  :meth:`Limiter.renew` extends many members of one set at once (the leases of the
  streams a worker serves, as its heartbeat).

Implementations: :class:`MemoryLimiter` (one process, beside the memory store) and
``redis_limiter.RedisLimiter`` (all replicas share one Redis). Both pass
``tests/store/test_limiter_contract.py``.

A key is ``<client>/<name>``: the Redis limiter puts everything of one client in one
Redis Cluster slot (a hash tag on ``<client>``).
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass


class Limiter(ABC):
    async def take(self, key: str, rate: float, burst: int) -> float:
        """Take one token from the bucket ``key``: 0.0 when taken, else the seconds until one
        token will be there (nothing is taken). ``rate`` > 0 tokens per second, ``burst`` >= 1."""
        taken, wait = await self.take_many(key, rate, burst, 1)
        return 0.0 if taken else wait

    @abstractmethod
    async def take_many(self, key: str, rate: float, burst: int, count: int) -> tuple[int, float]:
        """Take up to ``count`` (>= 1) tokens from the bucket ``key``, as many whole ones as it holds:
        ``(taken, 0.0)`` with ``taken`` >= 1, else ``(0, seconds until one token will be there)``
        (nothing is taken)."""

    @abstractmethod
    async def claim(self, key: str, member: str, limit: int, ttl: float) -> list[str] | None:
        """Hold ``member`` in the set ``key`` for ``ttl`` seconds (a member held already is renewed).
        None when held; else (the set holds ``limit`` other live members) those members, unchanged."""

    @abstractmethod
    async def renew(self, key: str, members: Sequence[str], ttl: float) -> None:
        """Hold those of ``members`` still in the set ``key`` for ``ttl`` seconds more; a member that
        expired or was released is not brought back (a late heartbeat must not resurrect it)."""

    @abstractmethod
    async def release(self, key: str, members: Sequence[str]) -> None:
        """Drop ``members`` from the set ``key`` (members not in it are ignored)."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections."""


@dataclass
class _Bucket:
    tokens: float
    stamp: float


class MemoryLimiter(Limiter):
    """Buckets and claim sets in this process's memory (the memory store serves one process).

    Plain dicts: a bucket whose tokens are full again is dropped on the next sweep, so
    memory holds only clients seen within about ``burst / rate`` seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, sweep_every: int = 10_000):
        self._clock = clock
        self._buckets: dict[str, tuple[_Bucket, float, int]] = {}
        self._sets: dict[str, dict[str, float]] = {}
        self._sweep_every = sweep_every
        self._calls = 0

    async def take_many(self, key: str, rate: float, burst: int, count: int) -> tuple[int, float]:
        now = self._clock()
        self._sweep(now)
        found = self._buckets.get(key)
        bucket = found[0] if found else _Bucket(float(burst), now)
        bucket.tokens = min(float(burst), bucket.tokens + max(0.0, now - bucket.stamp) * rate)
        bucket.stamp = now
        self._buckets[key] = (bucket, rate, burst)
        if bucket.tokens >= 1.0:
            taken = min(count, int(bucket.tokens))
            bucket.tokens -= taken
            return taken, 0.0
        return 0, (1.0 - bucket.tokens) / rate

    async def claim(self, key: str, member: str, limit: int, ttl: float) -> list[str] | None:
        now = self._clock()
        members = {held: until for held, until in self._sets.get(key, {}).items() if until > now}
        if member not in members and len(members) >= limit:
            self._sets[key] = members
            return sorted(members)
        members[member] = now + ttl
        self._sets[key] = members
        return None

    async def renew(self, key: str, members: Sequence[str], ttl: float) -> None:
        now = self._clock()
        held = self._sets.get(key, {})
        for member in members:
            if held.get(member, now) > now:
                held[member] = now + ttl

    async def release(self, key: str, members: Sequence[str]) -> None:
        held = self._sets.get(key)
        if held is None:
            return
        for member in members:
            held.pop(member, None)
        if not held:
            del self._sets[key]

    async def close(self) -> None:
        self._buckets.clear()
        self._sets.clear()

    def _sweep(self, now: float) -> None:
        self._calls += 1
        if self._calls % self._sweep_every:
            return
        self._buckets = {
            key: entry
            for key, entry in self._buckets.items()
            if entry[0].tokens + (now - entry[0].stamp) * entry[1] < entry[2]
        }
        self._sets = {
            key: live
            for key, members in self._sets.items()
            if (live := {member: until for member, until in members.items() if until > now})
        }
