"""The Redis lobby index is a hint kept right by listing and by a periodic sweep."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
import redis.asyncio as aioredis

from cardroom.store import ACTIVE, WAITING, StoredMatch
from cardroom.store.redis import RedisStore
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture
async def raw(redis_server: RedisProcess) -> AsyncIterator[aioredis.Redis]:
    client = aioredis.Redis.from_url(redis_server.url)
    yield client
    await client.aclose()


@pytest.fixture
def prefix() -> str:
    return f"index:{uuid.uuid4().hex}:"


async def test_sweep_drops_entries_of_expired_matches(
    redis_server: RedisProcess, raw: aioredis.Redis, prefix: str
) -> None:
    store = RedisStore(redis_server.url, finished_ttl=60, idle_ttl=0.2, key_prefix=prefix, index_sweep_interval=0.1)
    try:
        for i in range(3):
            await store.create(StoredMatch(f"m{i}", "pumba", 1, ACTIVE, b""), b"e", None, None)
        assert await raw.zcard(f"{prefix}lobby:pumba:{ACTIVE}") == 3
        deadline = time.monotonic() + 5
        while await raw.zcard(f"{prefix}lobby:pumba:{ACTIVE}"):  # nobody lists it: only the sweep can empty it
            assert time.monotonic() < deadline, "sweep did not clean the index"
            await asyncio.sleep(0.05)
    finally:
        await store.close()


async def test_listing_moves_an_entry_whose_index_update_was_lost(
    redis_server: RedisProcess, raw: aioredis.Redis, prefix: str
) -> None:
    store = RedisStore(redis_server.url, finished_ttl=60, idle_ttl=60, key_prefix=prefix)
    try:
        await store.create(StoredMatch("m1", "pumba", 1, WAITING, b""), b"e", None, None)
        await store.commit(StoredMatch("m1", "pumba", 2, ACTIVE, b""), 1, b"e", None, None)
        # as if the replica died between the commit and the index update
        seq = await raw.zscore(f"{prefix}lobby:pumba:{ACTIVE}", "m1")
        await raw.zrem(f"{prefix}lobby:pumba:{ACTIVE}", "m1")
        await raw.zadd(f"{prefix}lobby:pumba:{WAITING}", {"m1": seq})

        assert (await store.list_matches("pumba", WAITING, 10, "")).matches == []
        assert [m.match_id for m in (await store.list_matches("pumba", ACTIVE, 10, "")).matches] == ["m1"]
        assert await raw.zscore(f"{prefix}lobby:pumba:{WAITING}", "m1") is None
    finally:
        await store.close()
