"""Process and Redis failures: state survives in Redis; outages fail fast and heal by themselves."""

from __future__ import annotations

import random
import time

import grpc
import pytest
from cardroom_client import legal_actions
from grpc_health.v1 import health_pb2
from table import Table

from cardroom.api import convert
from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import RedisProcess, ServerProcess, wait_until


@pytest.fixture
def own_redis():
    redis = RedisProcess(persistent=True)
    redis.start()
    yield redis
    redis.close()


def _step(table: Table, rng: random.Random) -> None:
    state = table.get(None)
    seat = rng.choice(list(state.to_act))
    mine = table.get(seat)
    table.act(
        seat,
        convert.action_from_proto(table.game, rng.choice(legal_actions(mine))),
        expected_version=mine.match.version,
    )


def _answers(table: Table) -> bool:
    try:
        table.get(0)
    except grpc.RpcError as error:
        assert error.code() == grpc.StatusCode.UNAVAILABLE, error
        return False
    return True


def test_a_killed_server_is_replaced_and_the_match_continues(own_redis):
    rng = random.Random(3)
    first = ServerProcess(own_redis.url)
    first.start()
    with grpc.insecure_channel(first.address) as channel:
        table = Table(game_service_pb2_grpc.GameServiceStub(channel), "flip-7", 3)
        table.start()
        for _ in range(5):
            _step(table, rng)
        before = table.get(0)
    first.kill()

    second = ServerProcess(own_redis.url, port=first.port)
    second.start()
    try:
        with grpc.insecure_channel(second.address) as channel:
            table.stub = game_service_pb2_grpc.GameServiceStub(channel)
            after = table.get(0)
            assert after.match.version == before.match.version
            assert after.view == before.view
            table.play_randomly(rng)
            assert table.get(None).match.status == match_pb2.MATCH_STATUS_FINISHED
    finally:
        second.stop()


def test_redis_outage_fails_fast_and_the_service_recovers(own_redis):
    server = ServerProcess(own_redis.url)
    server.start()
    try:
        with grpc.insecure_channel(server.address) as channel:
            table = Table(game_service_pb2_grpc.GameServiceStub(channel), "up-or-down", 2)
            table.start()
            own_redis.stop()
            started = time.monotonic()
            with pytest.raises(grpc.RpcError) as caught:
                table.get(0)
            assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
            assert time.monotonic() - started < 5
            wait_until(lambda: server.health() == health_pb2.HealthCheckResponse.NOT_SERVING, 10, "NOT_SERVING")

            own_redis.start()
            wait_until(lambda: server.health() == health_pb2.HealthCheckResponse.SERVING, 15, "SERVING again")
            # pooled connections to the old redis process are replaced as they are used:
            # within a bounded time every call works again, with no server restart
            wait_until(lambda: _answers(table), 15, "calls succeeding again")
            table.play_randomly(random.Random(5))
            assert table.get(None).match.status == match_pb2.MATCH_STATUS_FINISHED
    finally:
        server.stop()


def test_sigterm_drains_and_reports_not_serving(own_redis):
    server = ServerProcess(own_redis.url)
    server.start()
    assert server.stop() == 0
