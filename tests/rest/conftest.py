"""REST fixtures: a real redis-server and a real `cardroom serve`, called over HTTP with httpx."""

from __future__ import annotations

import grpc
import httpx
import pytest
from rest_table import HEARTBEAT

from cardroom.v1 import game_service_pb2_grpc
from support.processes import RedisProcess, ServerProcess


@pytest.fixture(scope="session")
def redis_process():
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()


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


@pytest.fixture
def stub(server):
    with grpc.insecure_channel(server.address) as channel:
        yield game_service_pb2_grpc.GameServiceStub(channel)
