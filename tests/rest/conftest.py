"""REST fixtures: a real redis-server and a real `cardroom serve`, called over HTTP with httpx."""

from __future__ import annotations

import grpc
import httpx
import pytest

from cardroom.v1 import game_service_pb2_grpc
from support.processes import RedisProcess, ServerProcess

#: heartbeat of the SSE streams under test, seconds (the default is 15)
HEARTBEAT = 0.5


@pytest.fixture(scope="module")
def redis_process():
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()


@pytest.fixture(scope="module")
def server(redis_process):
    """One server per module, fixed decks allowed, CORS off (its default)."""
    process = ServerProcess(redis_process.url, "--allow-fixed-decks", "--sse-heartbeat", str(HEARTBEAT))
    process.start()
    yield process
    process.stop()


@pytest.fixture
def http(server):
    with httpx.Client(base_url=server.http_url, timeout=30) as client:
        yield client


@pytest.fixture
def stub(server):
    with grpc.insecure_channel(server.address) as channel:
        yield game_service_pb2_grpc.GameServiceStub(channel)
