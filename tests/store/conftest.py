"""Fixtures for the store tests: a real redis-server and both stores.

The Redis store is only ever tested against a real server (no fakes): the point
is to exercise its Lua scripts, streams and reconnects as production runs them.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio
from store_fixtures import RedisServer, StoreFactory

from cardroom.store import MatchStore


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    with tempfile.TemporaryDirectory(prefix="cardroom-redis-") as workdir:
        server = RedisServer(workdir)
        server.start()
        try:
            yield server
        finally:
            server.stop()


@pytest_asyncio.fixture(params=["memory", "redis"])
async def stores(request: pytest.FixtureRequest) -> AsyncIterator[StoreFactory]:
    factory = StoreFactory(request.getfixturevalue("redis_server") if request.param == "redis" else None)
    yield factory
    await factory.close()


@pytest.fixture
def store(stores: StoreFactory) -> MatchStore:
    return stores.open()
