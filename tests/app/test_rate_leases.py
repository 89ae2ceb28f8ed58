"""Rate-limit leases (app/rate_leases.py) over the memory limiter, on a clock the test moves."""

from __future__ import annotations

import asyncio

import pytest

from cardroom.app.rate_leases import LEASE_SECONDS, RateLeases, lease_size
from cardroom.store import MemoryLimiter


def test_lease_size_is_one_token_for_small_limits() -> None:
    assert lease_size(50.0, 500) == 2
    assert lease_size(5000.0, 10_000) == 156
    assert lease_size(1.0, 6) == 1
    assert lease_size(1000.0, 20) == 1  # a small burst is never taken ahead


@pytest.mark.asyncio
async def test_a_lease_is_spent_in_the_worker_and_never_beyond_the_shared_bucket() -> None:
    now = [0.0]
    shared = MemoryLimiter(clock=lambda: now[0])
    first, second = RateLeases(shared, clock=lambda: now[0]), RateLeases(shared, clock=lambda: now[0])
    rate, burst = 200.0, 640  # leases of 10 tokens; the clock stands still: none comes back
    granted = 0
    for _ in range(1000):
        for worker in (first, second):
            granted += await worker.take("c1/x", rate, burst) == 0.0
    assert granted == burst  # two workers together got exactly the bucket
    assert await shared.take("c1/x", rate, burst) > 0


@pytest.mark.asyncio
async def test_a_lease_is_spent_for_a_second_at_most() -> None:
    now = [0.0]
    shared = MemoryLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    rate, burst = 200.0, 640  # leases of 10 tokens
    assert await worker.take("c1/x", rate, burst) == 0.0  # takes 10, spends 1
    assert await shared.take_many("c1/x", rate, burst, burst) == (630, 0.0)  # another worker empties it
    now[0] += LEASE_SECONDS / 2
    for _ in range(9):  # the lease is spent in the worker, the shared bucket is not asked
        assert await worker.take("c1/x", rate, burst) == 0.0
    assert await worker.take("c1/x", rate, burst) == 0.0  # a new lease from what came back in 0.5 s
    now[0] += LEASE_SECONDS + 0.01
    await shared.take_many("c1/x", rate, burst, burst)  # emptied again
    assert await worker.take("c1/x", rate, burst) > 0  # the 9 tokens left of the lease expired


@pytest.mark.asyncio
async def test_a_refusal_says_when_the_shared_bucket_has_a_token() -> None:
    now = [0.0]
    shared = MemoryLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    for _ in range(3):
        assert await worker.take("c1/x", 1.0, 3) == 0.0
    assert await worker.take("c1/x", 1.0, 3) == pytest.approx(1.0)


class _SlowLimiter(MemoryLimiter):
    """The memory limiter answering a lease after the event loop ran the other calls, as Redis does."""

    async def take_many(self, key: str, rate: float, burst: int, count: int) -> tuple[int, float]:
        await asyncio.sleep(0)
        return await super().take_many(key, rate, burst, count)


@pytest.mark.asyncio
async def test_concurrent_calls_share_the_lease_in_flight_instead_of_each_taking_one() -> None:
    now = [0.0]
    shared = _SlowLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    rate, burst = 5000.0, 10_000  # leases of 156 tokens
    answers = await asyncio.gather(*(worker.take("c1/x", rate, burst) for _ in range(400)))
    assert answers == [0.0] * 400
    # 400 calls took 3 leases (468 tokens), not 400 (the bucket's 10,000 and a refusal for the rest)
    assert await shared.take_many("c1/x", rate, burst, burst) == (burst - 3 * 156, 0.0)


@pytest.mark.asyncio
async def test_calls_waiting_on_a_lease_that_found_the_bucket_empty_are_refused_with_its_wait() -> None:
    now = [0.0]
    shared = _SlowLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    rate, burst = 200.0, 640
    assert await shared.take_many("c1/x", rate, burst, burst) == (burst, 0.0)
    answers = await asyncio.gather(*(worker.take("c1/x", rate, burst) for _ in range(5)))
    assert answers == [pytest.approx(1 / rate)] * 5
