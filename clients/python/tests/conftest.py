"""A live service for the SDK tests: a real redis-server and `cardroom serve` on 127.0.0.1
(the helpers of the repository's tests/support/processes.py)."""

from __future__ import annotations

import pytest

from support.processes import RedisProcess, ServerProcess, tls_server


@pytest.fixture(scope="session")
def redis_server():
    # persistent: a test may kill and restart it without losing its matches
    redis = RedisProcess(persistent=True)
    redis.start()
    yield redis
    redis.close()


@pytest.fixture(scope="session")
def live_server(redis_server):
    server = ServerProcess(redis_server.url, "--allow-fixed-decks")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def live_tls_server(redis_server, tmp_path_factory):
    server = tls_server(redis_server.url, tmp_path_factory.mktemp("tls"), "--allow-fixed-decks")
    server.start()
    yield server
    server.stop()
