"""Fixtures for the store tests: a real redis-server and both stores.

The Redis store is only ever tested against a real server (no fakes): the point
is to exercise its Lua scripts, streams and reconnects as production runs them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from store_fixtures import StoreFactory

from cardroom.store import MatchStore
from support.processes import RedisClusterProcess, RedisProcess


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisProcess]:
    server = RedisProcess()
    server.start()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture(scope="session")
def redis_cluster() -> Iterator[RedisClusterProcess]:
    """A 3-master Redis Cluster (about 3 s to form), shared by the session's cluster-parametrised tests."""
    cluster = RedisClusterProcess()
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.close()


@pytest_asyncio.fixture(params=["memory", "redis", "cluster"])
async def stores(request: pytest.FixtureRequest) -> AsyncIterator[StoreFactory]:
    servers = {"memory": None, "redis": "redis_server", "cluster": "redis_cluster"}
    fixture = servers[request.param]
    factory = StoreFactory(request.getfixturevalue(fixture) if fixture else None)
    yield factory
    await factory.close()


@pytest.fixture
def store(stores: StoreFactory) -> MatchStore:
    return stores.open()
