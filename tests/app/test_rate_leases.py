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


class _GatedLimiter(MemoryLimiter):
    """The memory limiter whose leases come when the test opens the gate, counting the leases asked for."""

    def __init__(self, clock) -> None:
        super().__init__(clock=clock)
        self.gate = asyncio.Event()
        self.gate.set()
        self.asked = 0

    async def take_many(self, key: str, rate: float, burst: int, count: int) -> tuple[int, float]:
        self.asked += 1
        await self.gate.wait()
        return await super().take_many(key, rate, burst, count)


@pytest.mark.asyncio
async def test_the_next_lease_is_taken_while_a_quarter_of_the_last_is_left_and_no_call_waits_for_it() -> None:
    now = [0.0]
    shared = _GatedLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    rate, burst = 5000.0, 10_000  # leases of 156 tokens, the next taken with 39 left
    assert await worker.take("c1/x", rate, burst) == 0.0
    shared.gate.clear()  # the next lease will not come until the test says so
    for _ in range(155 - 39):
        assert await worker.take("c1/x", rate, burst) == 0.0
    await asyncio.sleep(0)  # the loop turns over: the lease asked for runs
    assert shared.asked == 2  # the call that left 39 asked for the next lease and went on
    for _ in range(39):  # the calls after it spend what is left, none waits for the lease in flight
        assert await asyncio.wait_for(worker.take("c1/x", rate, burst), timeout=1.0) == 0.0
    waiting = asyncio.ensure_future(worker.take("c1/x", rate, burst))
    for _ in range(3):  # the loop turns over: it has run up to its wait
        await asyncio.sleep(0)
    assert not waiting.done()  # nothing left in hand: this one waits for the lease in flight
    shared.gate.set()
    assert await waiting == 0.0
    assert shared.asked == 2  # one lease asked for at a time
    assert await shared.take_many("c1/x", rate, burst, burst) == (burst - 2 * 156, 0.0)


@pytest.mark.asyncio
async def test_tokens_taken_ahead_keep_their_own_expiry_and_an_empty_bucket_is_not_asked_again() -> None:
    now = [0.0]
    shared = _GatedLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    rate, burst = 5000.0, 10_000  # leases of 156 tokens, the next taken with 39 left
    for _ in range(156 - 39):  # the first lease, taken at 0.0
        assert await worker.take("c1/x", rate, burst) == 0.0
    now[0] = 0.9
    await asyncio.sleep(0)  # the second lease, asked for with 39 left, is taken at 0.9
    assert shared.asked == 2
    now[0] = 1.05  # the first lease's 39 tokens have expired, the second's 156 have not
    assert (await shared.take_many("c1/x", rate, burst, burst))[0] > 0  # another worker empties the bucket
    granted = 0
    while await worker.take("c1/x", rate, burst) == 0.0:
        granted += 1
    assert granted == 156
    # the lease asked for ahead with 39 left found the bucket empty and was not asked again on each call:
    # the call that found nothing in hand asked once more and was refused
    assert shared.asked == 4


@pytest.mark.asyncio
async def test_a_lease_taken_ahead_and_cancelled_before_it_ran_leaves_the_next_call_free_to_take_one() -> None:
    now = [0.0]
    shared = _GatedLimiter(clock=lambda: now[0])
    worker = RateLeases(shared, clock=lambda: now[0])
    rate, burst = 5000.0, 10_000  # leases of 156 tokens, the next taken with 39 left
    for _ in range(156 - 39):
        assert await worker.take("c1/x", rate, burst) == 0.0
    for ahead in list(worker._ahead):  # as a closing loop cancels every task, before this one first ran
        ahead.cancel()
    await asyncio.sleep(0)
    assert shared.asked == 1
    for _ in range(39):
        assert await worker.take("c1/x", rate, burst) == 0.0
    # nothing in hand and no lease being taken: this call takes one itself instead of waiting forever
    assert await asyncio.wait_for(worker.take("c1/x", rate, burst), timeout=1.0) == 0.0
    assert shared.asked == 2
