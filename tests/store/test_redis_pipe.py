"""The multiplexed commit connection (store/redis_pipe.py) against a real redis-server: every caller gets its own
reply whatever the interleaving, an error reply stays its caller's, a cancelled or timed-out caller does not shift
the replies of the others, and a lost connection fails its waiting calls and heals on the next call."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
import redis.asyncio as aioredis
from redis import exceptions as redis_errors

from cardroom.store.redis_client import dedicated_connection
from cardroom.store.redis_pipe import MultiplexedConnection
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

TIMEOUT = 0.5


@pytest_asyncio.fixture
async def client(redis_server: RedisProcess) -> AsyncIterator[aioredis.Redis]:
    client = aioredis.Redis.from_url(redis_server.url)
    yield client
    await client.aclose()


@pytest_asyncio.fixture
async def pipe(client: aioredis.Redis) -> AsyncIterator[MultiplexedConnection]:
    pipe = MultiplexedConnection(lambda: dedicated_connection(client, socket_timeout=None), timeout=TIMEOUT)
    yield pipe
    await pipe.close()


async def test_concurrent_callers_each_get_their_own_reply(pipe: MultiplexedConnection) -> None:
    async def echo(n: int) -> bytes:
        await asyncio.sleep(0.001 * (n % 3))  # interleave the writers
        return await pipe.execute("ECHO", f"call-{n}-" + "x" * (n * 37 % 3000))

    replies = await asyncio.gather(*(echo(n) for n in range(500)))
    assert replies == [f"call-{n}-".encode() + b"x" * (n * 37 % 3000) for n in range(500)]


async def test_an_error_reply_is_raised_to_its_caller_only(pipe: MultiplexedConnection) -> None:
    replies = await asyncio.gather(
        pipe.execute("ECHO", "before"),
        pipe.execute("EVALSHA", "0" * 40, 0),
        pipe.execute("INCRBY", "pipe:counter", "not-a-number"),
        pipe.execute("ECHO", "after"),
        return_exceptions=True,
    )
    assert replies[0] == b"before" and replies[3] == b"after"
    assert isinstance(replies[1], redis_errors.NoScriptError)
    assert isinstance(replies[2], redis_errors.ResponseError)


async def test_a_cancelled_caller_leaves_the_queue_without_shifting_the_others(
    pipe: MultiplexedConnection, client: aioredis.Redis
) -> None:
    await client.execute_command("CLIENT", "PAUSE", 300, "ALL")  # replies wait until the pause ends
    cancelled = asyncio.ensure_future(pipe.execute("ECHO", "cancelled"))
    await asyncio.sleep(0.05)
    later = asyncio.ensure_future(pipe.execute("ECHO", "later"))
    await asyncio.sleep(0.05)
    cancelled.cancel()
    assert await later == b"later"
    assert cancelled.cancelled()
    assert await pipe.execute("ECHO", "next") == b"next"


async def test_no_reply_in_time_drops_the_connection_and_the_next_call_uses_a_new_one(
    pipe: MultiplexedConnection, client: aioredis.Redis
) -> None:
    assert await pipe.execute("ECHO", "warm") == b"warm"
    first_id = await pipe.execute("CLIENT", "ID")
    await client.execute_command("CLIENT", "PAUSE", int(4 * TIMEOUT * 1000), "ALL")
    started = time.monotonic()
    with pytest.raises(redis_errors.TimeoutError):
        await pipe.execute("ECHO", "too late")  # tried twice, on two connections
    assert time.monotonic() - started < 3 * TIMEOUT
    await asyncio.sleep(2 * TIMEOUT)  # the pause is over
    assert await pipe.execute("ECHO", "again") == b"again"
    assert await pipe.execute("CLIENT", "ID") != first_id


async def test_a_call_given_an_overall_bound_is_not_tried_again_past_it(
    pipe: MultiplexedConnection, client: aioredis.Redis
) -> None:
    assert await pipe.execute("ECHO", "warm") == b"warm"
    await client.execute_command("CLIENT", "PAUSE", int(4 * TIMEOUT * 1000), "ALL")
    started = time.monotonic()
    with pytest.raises(redis_errors.TimeoutError):
        await pipe.execute("ECHO", "too late", within=TIMEOUT / 2)  # its reply is due before its own timeout
    # one try, cut at its bound: the retry (another TIMEOUT) is not made
    assert time.monotonic() - started < 1.5 * TIMEOUT
    await asyncio.sleep(4 * TIMEOUT)  # the pause is over
    assert await pipe.execute("ECHO", "again", within=TIMEOUT) == b"again"


async def test_the_calls_queued_behind_an_overdue_one_fail_and_are_tried_again(client: aioredis.Redis) -> None:
    # a long timeout for the retry, so that it outlasts the pause with a wide margin
    pipe = MultiplexedConnection(lambda: dedicated_connection(client, socket_timeout=None), timeout=4 * TIMEOUT)
    try:
        assert await pipe.execute("ECHO", "warm") == b"warm"
        await client.execute_command("CLIENT", "PAUSE", int(2 * TIMEOUT * 1000), "ALL")
        first = asyncio.ensure_future(pipe.execute("ECHO", "first", within=TIMEOUT / 2))
        await asyncio.sleep(TIMEOUT / 5)
        # queued behind the first: failed with the connection when the first is overdue, then retried on a new one
        second = asyncio.ensure_future(pipe.execute("ECHO", "second"))
        with pytest.raises(redis_errors.TimeoutError):
            await first
        assert await second == b"second"
    finally:
        await pipe.close()


async def test_a_killed_connection_fails_its_calls_and_the_retry_reconnects(
    pipe: MultiplexedConnection, client: aioredis.Redis
) -> None:
    conn_id = await pipe.execute("CLIENT", "ID")
    await client.execute_command("CLIENT", "KILL", "ID", conn_id)
    # the call finds the connection closed (or is failed with it) and is tried once more on a new one
    assert await pipe.execute("ECHO", "healed") == b"healed"
    assert await pipe.execute("CLIENT", "ID") != conn_id


async def test_a_restarted_server_is_reached_again(redis_server: RedisProcess) -> None:
    client = aioredis.Redis.from_url(redis_server.url)
    pipe = MultiplexedConnection(lambda: dedicated_connection(client, socket_timeout=None), timeout=TIMEOUT)
    try:
        assert await pipe.execute("ECHO", "up") == b"up"
        redis_server.stop()
        with pytest.raises(redis_errors.ConnectionError):
            await pipe.execute("ECHO", "down")
        redis_server.start()
        assert await pipe.execute("ECHO", "up again") == b"up again"
    finally:
        await pipe.close()
        await client.aclose()


async def test_close_while_a_connection_is_on_its_way_leaves_nothing_running(redis_server: RedisProcess) -> None:
    client = aioredis.Redis.from_url(redis_server.url)
    opened: list[object] = []

    async def slow_connect():
        await asyncio.sleep(0.2)
        conn = await dedicated_connection(client, socket_timeout=None)
        opened.append(conn)
        return conn

    pipe = MultiplexedConnection(slow_connect, timeout=TIMEOUT)
    call = asyncio.ensure_future(pipe.execute("ECHO", "never"))
    await asyncio.sleep(0.05)
    await pipe.close()
    with pytest.raises(redis_errors.ConnectionError):
        await call
    assert opened == []
    with pytest.raises(redis_errors.ConnectionError):
        await pipe.execute("ECHO", "after close")
    await client.aclose()
