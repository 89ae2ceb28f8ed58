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
from support.processes import RedisProcess


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisProcess]:
    server = RedisProcess()
    server.start()
    try:
        yield server
    finally:
        server.close()


@pytest_asyncio.fixture(params=["memory", "redis"])
async def stores(request: pytest.FixtureRequest) -> AsyncIterator[StoreFactory]:
    factory = StoreFactory(request.getfixturevalue("redis_server") if request.param == "redis" else None)
    yield factory
    await factory.close()


@pytest.fixture
def store(stores: StoreFactory) -> MatchStore:
    return stores.open()
