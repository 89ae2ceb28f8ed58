"""The limiter-storage contract, run against both limiters (see cardroom.store.limiter).

The Redis limiters of one test share a key prefix, so two of them act as two
replicas. Rates are either so slow that nothing refills during a test, or the
test only asserts what a slower (loaded) machine cannot break: waiting longer
gives more tokens, never fewer.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import uuid
from collections.abc import AsyncIterator, Callable

import pytest
import pytest_asyncio
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from cardroom.store import Limiter, MemoryLimiter
from cardroom.store.contract import StoreUnavailable
from cardroom.store.redis_client import Client, open_client
from cardroom.store.redis_limiter import RedisLimiter

pytestmark = pytest.mark.asyncio
SLOW = 0.001  # tokens per second: one token in 1000 s, so none comes back during a test


@pytest_asyncio.fixture(params=["memory", "redis", "cluster"])
async def limiters(request: pytest.FixtureRequest) -> AsyncIterator[Callable[[], Limiter]]:
    """Opens limiters that share their buckets (two Redis limiters = two replicas)."""
    opened: list[Limiter] = []
    clients: list[Client] = []
    if request.param == "memory":
        shared = MemoryLimiter()
        opened.append(shared)

        def open_one() -> Limiter:
            return shared
    else:
        server = request.getfixturevalue("redis_server" if request.param == "redis" else "redis_cluster")
        prefix = f"test:{uuid.uuid4().hex}:"

        def open_one() -> Limiter:
            client = open_client(server.url, pool_size=8, timeout=1.0)
            clients.append(client)
            limiter = RedisLimiter(client, key_prefix=prefix)
            opened.append(limiter)
            return limiter

    yield open_one
    for limiter in opened:
        await limiter.close()
    for client in clients:
        await client.aclose()


async def test_a_full_bucket_gives_burst_tokens_then_says_when_the_next_comes(limiters) -> None:
    limiter = limiters()
    assert [await limiter.take("c1/create", SLOW, 3) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = await limiter.take("c1/create", SLOW, 3)
    assert 900 < wait <= 1000  # one token at 0.001/s is ~1000 s away
    assert await limiter.take("c1/create", SLOW, 3) > 0  # a refusal takes nothing and gives nothing


async def test_buckets_are_per_key(limiters) -> None:
    limiter = limiters()
    assert await limiter.take("c1/create", SLOW, 1) == 0.0
    assert await limiter.take("c1/create", SLOW, 1) > 0
    assert await limiter.take("c2/create", SLOW, 1) == 0.0  # another client
    assert await limiter.take("c1/join", SLOW, 1) == 0.0  # another bucket of the same client


async def test_tokens_come_back_at_the_rate(limiters) -> None:
    limiter = limiters()
    assert await limiter.take("c1/x", 20.0, 1) == 0.0
    wait = await limiter.take("c1/x", 20.0, 1)
    assert 0 < wait <= 0.05
    await asyncio.sleep(0.2)  # 4 tokens' worth: a slow machine only waits longer
    assert await limiter.take("c1/x", 20.0, 1) == 0.0


async def test_replicas_share_buckets(limiters) -> None:
    first, second = limiters(), limiters()
    assert await first.take("c1/create", SLOW, 2) == 0.0
    assert await second.take("c1/create", SLOW, 2) == 0.0
    assert await first.take("c1/create", SLOW, 2) > 0
    assert await second.take("c1/create", SLOW, 2) > 0


async def test_take_many_takes_the_whole_tokens_there_up_to_count(limiters) -> None:
    first, second = limiters(), limiters()
    assert await first.take_many("c1/x", SLOW, 5, 3) == (3, 0.0)
    assert await second.take_many("c1/x", SLOW, 5, 3) == (2, 0.0)  # the two left, shared
    taken, wait = await first.take_many("c1/x", SLOW, 5, 3)
    assert taken == 0 and 900 < wait <= 1000
    assert await first.take("c1/x", SLOW, 5) > 0  # nothing was taken by the refusal either
    assert await first.take_many("c2/x", SLOW, 1, 10) == (1, 0.0)  # never more than the burst


async def test_claims_hold_at_most_limit_members_and_renew_their_own(limiters) -> None:
    first, second = limiters(), limiters()
    assert await first.claim("c1/tables", "m1", 2, 60) is None
    assert await second.claim("c1/tables", "m2", 2, 60) is None
    assert await first.claim("c1/tables", "m1", 2, 60) is None  # held already: renewed, not counted twice
    assert await second.claim("c1/tables", "m3", 2, 60) == ["m1", "m2"]
    assert await first.claim("c2/tables", "m3", 2, 60) is None  # another client's set
    await second.release("c1/tables", ["m1", "unknown"])
    assert await first.claim("c1/tables", "m3", 2, 60) is None
    assert await first.claim("c1/tables", "m4", 2, 60) == ["m2", "m3"]
    await first.release("nobody/tables", ["m1"])  # releasing from an empty set is nothing


async def test_claims_expire_by_themselves(limiters) -> None:
    limiter = limiters()
    assert await limiter.claim("c1/tables", "m1", 1, 0.05) is None
    deadline = time.monotonic() + 10
    while await limiter.claim("c1/tables", "m2", 1, 60) is not None:
        assert time.monotonic() < deadline, "a claim did not expire"
        await asyncio.sleep(0.02)
    assert await limiter.claim("c1/tables", "m3", 1, 60) == ["m2"]


async def test_renewed_claims_outlive_their_first_ttl_and_released_ones_stay_gone(limiters) -> None:
    first, second = limiters(), limiters()
    assert await first.claim("c1/streams", "s1", 3, 2) is None
    assert await first.claim("c1/streams", "s2", 3, 2) is None
    await first.release("c1/streams", ["s2"])
    await second.renew("c1/streams", ["s1", "s2", "never-claimed"], 600)  # another replica's heartbeat
    await asyncio.sleep(2.5)  # past the first ttl: s1 lives on, s2 and the unknown one were not brought back
    assert await first.claim("c1/streams", "s3", 2, 60) is None
    assert await first.claim("c1/streams", "s4", 2, 60) == ["s1", "s3"]
    await first.renew("nobody/streams", ["s1"], 60)  # renewing in an empty set is nothing
    assert await first.claim("nobody/streams", "s1", 1, 60) is None


async def test_an_expired_claim_is_not_renewed(limiters) -> None:
    limiter = limiters()
    assert await limiter.claim("c1/streams", "s1", 1, 0.05) is None
    deadline = time.monotonic() + 10
    while await limiter.claim("c1/streams", "probe", 1, 0.05) is not None:  # s1 has expired once probe fits
        assert time.monotonic() < deadline, "a claim did not expire"
        await asyncio.sleep(0.02)
    await limiter.release("c1/streams", ["probe"])
    await limiter.renew("c1/streams", ["s1"], 60)  # a late heartbeat
    assert await limiter.claim("c1/streams", "s2", 1, 60) is None


async def test_memory_buckets_of_idle_clients_are_dropped() -> None:
    now = [0.0]
    limiter = MemoryLimiter(clock=lambda: now[0], sweep_every=2)
    assert await limiter.take("c1/x", 1.0, 5) == 0.0
    now[0] = 100.0  # full again long ago
    assert await limiter.take("c2/x", 1.0, 5) == 0.0  # the second call sweeps
    assert set(limiter._buckets) == {"c2/x"}


BUSY = """
local start = redis.call('TIME')
repeat
  local now = redis.call('TIME')
until (now[1] - start[1]) * 1000000 + (now[2] - start[2]) >= tonumber(ARGV[1])
return 1
"""


async def test_a_take_retried_after_its_reply_timed_out_takes_one_token(redis_server) -> None:
    """The store's client retries a command whose reply timed out (``store/redis.py``). A take that Redis ran
    anyway must answer its retry as it answered the first time, not take a second token: otherwise a slow Redis
    gives a client fewer calls than its burst. Redis is made slow for real: a script busy for 0.45 s blocks it,
    so the take's first send times out (0.3 s), its retry is sent, and both run once the block ends."""
    prefix = f"test:{uuid.uuid4().hex}:"
    client = open_client(redis_server.url, pool_size=2, timeout=0.3, retry=Retry(NoBackoff(), 1))
    blocker = open_client(redis_server.url, pool_size=1, timeout=5.0)
    limiter = RedisLimiter(client, key_prefix=prefix, timeout=1.0)
    try:
        await limiter.take("c0/join", SLOW, 5)  # the script is loaded: the first send of the take can run
        await blocker.ping()
        retried = False
        for attempt in range(5):  # until a take was really sent twice (a loaded machine may miss the timing)
            runs_before = (await blocker.info("commandstats"))["cmdstat_evalsha"]["calls"]
            block = asyncio.create_task(blocker.eval(BUSY, 0, 450_000))
            await asyncio.sleep(0.05)  # the block is sent first; if it runs late, this attempt is not retried
            with contextlib.suppress(StoreUnavailable):  # the retry timed out too: still one token at most
                await limiter.take(f"c{attempt + 1}/join", SLOW, 5)
            await block
            tokens = await client.hget(f"{prefix}limit:{{c{attempt + 1}}}:join", "tokens")
            assert round(float(tokens)) == 4  # one token taken (a second take would leave 3)
            runs = (await blocker.info("commandstats"))["cmdstat_evalsha"]["calls"] - runs_before
            if runs >= 2:
                retried = True
                break
        assert retried, "no take was retried in 5 attempts: the test did not exercise the retry"
    finally:
        await client.aclose()
        await blocker.aclose()
