"""End-to-end fixtures: a real redis-server and real `cardroom serve` processes on 127.0.0.1."""

from __future__ import annotations

import grpc
import pytest

from cardroom.v1 import game_service_pb2_grpc
from support.processes import RedisProcess, ServerProcess


@pytest.fixture(scope="session")
def redis_process():
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()


@pytest.fixture
def redis_server():
    """A redis-server per test, for tests whose replicas must not play another test's matches."""
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()


@pytest.fixture(scope="session")
def server(redis_process):
    """One shared server with fixed decks allowed (tests replay games against the engine)."""
    process = ServerProcess(redis_process.url, "--allow-fixed-decks")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def stub(server):
    with grpc.insecure_channel(server.address) as channel:
        yield game_service_pb2_grpc.GameServiceStub(channel)
