"""The Redis store when redis-server goes away: fail fast, then heal by itself."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest
import pytest_asyncio

from cardroom.store import WAITING, LogEntry, MatchNotFound, StoredMatch, StoreUnavailable
from cardroom.store.redis import RedisStore
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

#: the brief's "~2 s": one 1 s timeout plus the single reconnect attempt, with slack
FAIL_FAST_SECONDS = 2.5


def match(version: int = 1) -> StoredMatch:
    return StoredMatch("m1", "pumba", version, WAITING, f"v{version}".encode())


@pytest_asyncio.fixture
async def store(redis_server: RedisProcess) -> AsyncIterator[RedisStore]:
    store = RedisStore(redis_server.url, finished_ttl=60, idle_ttl=60, key_prefix=f"outage:{uuid.uuid4().hex}:")
    yield store
    await store.close()


async def fails_fast(call: Callable[[], Awaitable[object]]) -> None:
    started = time.monotonic()
    with pytest.raises(StoreUnavailable):
        await call()
    assert time.monotonic() - started < FAIL_FAST_SECONDS


async def every_call_fails_fast(store: RedisStore) -> None:
    await fails_fast(lambda: store.get("m1"))
    await fails_fast(lambda: store.commit(match(2), 1, b"e2", "r2", b"a2"))
    await fails_fast(lambda: store.create(StoredMatch("m2", "pumba", 1, WAITING, b""), b"e", None, None))
    await fails_fast(lambda: store.log("m1", 0))
    await fails_fast(lambda: store.answer_for("m1", "r1"))
    await fails_fast(lambda: store.list_matches("pumba", WAITING, 10, ""))
    await fails_fast(lambda: anext(store.watch("m1", 0)))
    started = time.monotonic()
    assert await store.ping() is False
    assert time.monotonic() - started < FAIL_FAST_SECONDS


async def test_stopped_server_fails_fast_then_restart_heals_the_same_store(
    store: RedisStore, redis_server: RedisProcess
) -> None:
    await store.create(match(), b"e1", "r1", b"a1")
    assert await store.ping() is True

    watcher = asyncio.create_task(anext(store.watch("m1", 1)))
    await asyncio.sleep(0.1)  # let it block in XREAD
    redis_server.stop()
    try:
        started = time.monotonic()
        with pytest.raises(StoreUnavailable):
            await asyncio.wait_for(watcher, 10)
        assert time.monotonic() - started < FAIL_FAST_SECONDS
        await every_call_fails_fast(store)
    finally:
        redis_server.start()

    # same instance, no reconnect call: the server came back empty (no persistence)
    assert await store.ping() is True
    with pytest.raises(MatchNotFound):
        await store.get("m1")
    await store.create(match(), b"e1", None, None)
    await store.commit(match(2), 1, b"e2", None, None)
    assert await store.log("m1", 0) == [LogEntry(1, b"e1"), LogEntry(2, b"e2")]


async def test_hung_server_times_out_instead_of_hanging(store: RedisStore, redis_server: RedisProcess) -> None:
    await store.create(match(), b"e1", None, None)
    redis_server.pause()
    try:
        # each call here costs a full deadline, so a sample rather than every method
        await fails_fast(lambda: store.get("m1"))
        await fails_fast(lambda: store.commit(match(2), 1, b"e2", "r2", b"a2"))
        await fails_fast(lambda: store.list_matches("pumba", WAITING, 10, ""))
        started = time.monotonic()
        assert await store.ping() is False
        assert time.monotonic() - started < FAIL_FAST_SECONDS
    finally:
        redis_server.resume()
    assert await store.ping() is True
    # UNAVAILABLE is an unknown outcome: the frozen server held the commit it had been sent and may run it once it
    # thaws; the client's retry with the same request id settles it, applied exactly once either way
    replayed = await store.commit(match(2), 1, b"e2", "r2", b"a2")
    assert replayed is None or replayed.answer == b"a2"
    assert await store.log("m1", 0) == [LogEntry(1, b"e1"), LogEntry(2, b"e2")]
