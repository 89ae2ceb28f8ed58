"""The Redis lobby index is a hint kept right by listing and by a periodic sweep."""

from __future__ import annotations

import asyncio
import time
import uuid
import zlib
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from cardroom.store import ACTIVE, WAITING, StoredMatch
from cardroom.store.redis import CLUSTER_LOBBY_BUCKETS, RedisStore
from cardroom.store.redis_client import Client, open_client
from support.processes import RedisClusterProcess, RedisProcess

pytestmark = pytest.mark.asyncio


@pytest.fixture(params=["redis", "cluster"])
def server(request: pytest.FixtureRequest) -> RedisProcess | RedisClusterProcess:
    """Both layouts: a single server's lobby sets, and a cluster's hash-tagged buckets."""
    return request.getfixturevalue("redis_cluster" if request.param == "cluster" else "redis_server")


@pytest_asyncio.fixture
async def raw(server: RedisProcess | RedisClusterProcess) -> AsyncIterator[Client]:
    client = open_client(server.url, pool_size=4, timeout=2.0)
    yield client
    await client.aclose()


def lobby(server: RedisProcess | RedisClusterProcess, prefix: str, status: str, match_id: str) -> str:
    """The lobby set of a Pumba match, as docs/operations.md lays them out: one set per (game, status) on a
    single server (the names of the first release), 16 buckets with a hash tag each on a cluster."""
    if isinstance(server, RedisProcess):
        return f"{prefix}lobby:pumba:{status}"
    return f"{prefix}{{lobby:pumba:{status}:{zlib.crc32(match_id.encode()) % CLUSTER_LOBBY_BUCKETS}}}"


@pytest.fixture
def prefix() -> str:
    return f"index:{uuid.uuid4().hex}:"


async def test_sweep_drops_entries_of_expired_matches(
    server: RedisProcess | RedisClusterProcess, raw: Client, prefix: str
) -> None:
    # long enough for the creates and the count on a loaded machine (at 0.2 s a match of three on a cluster had
    # expired and been swept before the count), short enough for the sweep to be seen
    idle_ttl = 2.0
    store = RedisStore(server.url, finished_ttl=60, idle_ttl=idle_ttl, key_prefix=prefix, index_sweep_interval=0.1)
    sets = {lobby(server, prefix, ACTIVE, f"m{i}") for i in range(3)}

    async def entries() -> int:
        return sum([await raw.zcard(key) for key in sets])

    try:
        for i in range(3):
            await store.create(StoredMatch(f"m{i}", "pumba", 1, ACTIVE, b""), b"e", None, None)
        assert await entries() == 3
        deadline = time.monotonic() + idle_ttl + 5
        while await entries():  # nobody lists them: only the sweep can empty them
            assert time.monotonic() < deadline, "sweep did not clean the index"
            await asyncio.sleep(0.05)
    finally:
        await store.close()


async def test_listing_moves_an_entry_whose_index_update_was_lost(
    server: RedisProcess | RedisClusterProcess, raw: Client, prefix: str
) -> None:
    store = RedisStore(server.url, finished_ttl=60, idle_ttl=60, key_prefix=prefix)
    active, waiting = (lobby(server, prefix, status, "m1") for status in (ACTIVE, WAITING))
    try:
        await store.create(StoredMatch("m1", "pumba", 1, WAITING, b""), b"e", None, None)
        await store.commit(StoredMatch("m1", "pumba", 2, ACTIVE, b""), 1, b"e", None, None)
        # as if the replica died between the commit and the index update
        seq = await raw.zscore(active, "m1")
        await raw.zrem(active, "m1")
        await raw.zadd(waiting, {"m1": seq})

        assert (await store.list_matches("pumba", WAITING, 10, "")).matches == []
        assert [m.match_id for m in (await store.list_matches("pumba", ACTIVE, 10, "")).matches] == ["m1"]
        assert await raw.zscore(waiting, "m1") is None
    finally:
        await store.close()
