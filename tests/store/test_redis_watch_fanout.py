"""The Redis store's pub/sub fan-out between watchers: a connection left subscribed to nothing stays usable."""

from __future__ import annotations

import asyncio
import uuid

import pytest

from cardroom.store import WAITING, StoredMatch
from cardroom.store.redis import RedisStore
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

INTERVAL = 0.3


def match(version: int) -> StoredMatch:
    return StoredMatch("m1", "pumba", version, WAITING, f"v{version}".encode())


async def test_a_watch_that_starts_after_every_watcher_left_gets_its_updates(redis_server: RedisProcess) -> None:
    # Once the last watcher leaves, the pub/sub connection is subscribed to nothing and answers the
    # fan-out's PING with a plain "PONG"; that answer must count, or the next tick fails the next watcher.
    store = RedisStore(
        redis_server.url, finished_ttl=60, idle_ttl=60, key_prefix=f"fanout:{uuid.uuid4().hex}:", watch_block=INTERVAL
    )
    try:
        await store.create(match(1), b"e1", None, None)
        first = store.watch("m1", 0)
        assert (await anext(first)).version == 1
        await first.aclose()  # the last watcher leaves: UNSUBSCRIBE
        await asyncio.sleep(INTERVAL * 1.5)  # a PING goes out while subscribed to nothing
        second = store.watch("m1", 1)
        waiting = asyncio.ensure_future(anext(second))
        await asyncio.sleep(INTERVAL * 3)  # ticks that would have failed the watcher on a lost PONG
        await store.commit(match(2), 1, b"e2", None, None)
        entry = await asyncio.wait_for(waiting, 10)
        assert entry.version == 2
        await second.aclose()
    finally:
        await store.close()
