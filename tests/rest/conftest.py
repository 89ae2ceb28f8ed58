"""REST fixtures: a real redis-server and a real `cardroom serve`, called over HTTP with httpx."""

from __future__ import annotations

import httpx
import pytest
from rest_table import HEARTBEAT

from e2e import conftest as e2e_fixtures
from support.processes import ServerProcess

#: the end-to-end suite's fixtures: its session redis-server, and a gRPC stub (of this directory's server)
redis_process = e2e_fixtures.redis_process
stub = e2e_fixtures.stub


@pytest.fixture(scope="session")
def server(redis_process):
    """One server for the REST tests, fixed decks allowed, CORS off (its default)."""
    process = ServerProcess(redis_process.url, "--allow-fixed-decks", "--sse-heartbeat", str(HEARTBEAT))
    process.start()
    yield process
    process.stop()


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.http_url, timeout=30) as client:
        yield client
