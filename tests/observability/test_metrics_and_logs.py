"""/metrics and the access log of a live server, after a match played over gRPC and REST."""

from __future__ import annotations

import json
import random
import uuid

import grpc
import httpx
import pytest
from cardroom_client import legal_actions
from metrics_scrape import scrape, value

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc
from e2e.table import Table, bearer, error_reason
from support.processes import ServerProcess, wait_until

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01"


@pytest.fixture(scope="module")
def server(redis_process):
    process = ServerProcess(redis_process.url, "--log-format", "json")
    try:
        process.start(timeout=60)  # slow imports on a loaded machine
        yield process
    finally:
        process.stop()  # also when the start timed out: no server is left behind


@pytest.fixture(scope="module")
def played(server):
    """One match, with a replayed request, a stale decision, an open watch stream, REST calls."""
    with grpc.insecure_channel(server.address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        table = Table(stub, "up-or-down", 2)
        state = table.start()
        seat = state.to_act[0]
        mine = table.get(seat)
        action = convert.action_from_proto("up-or-down", legal_actions(mine)[0])
        request_id = str(uuid.uuid4())
        first = table.act(seat, action, expected_version=mine.match.version, request_id=request_id)
        again = table.act(seat, action, expected_version=mine.match.version, request_id=request_id)
        assert again.state.match.version == first.state.match.version
        with pytest.raises(grpc.RpcError) as stale:
            table.act(seat, action, expected_version=mine.match.version)
        assert error_reason(stale.value) == "STALE_VERSION"
        stub.GetMatch(pb.GetMatchRequest(name=table.name), metadata=(("traceparent", TRACEPARENT),))

        # after the join (version 2): every update of the stream is one in which the watcher holds seat 1
        after_join = pb.WatchMatchRequest(name=table.name, after_version=2)
        watch = stub.WatchMatch(after_join, metadata=bearer(table.tokens[1]))
        next(watch)
        open_streams = value(scrape(server.http_url), "cardroom_live_streams", transport="grpc")
        watch.cancel()

        headers = {"Authorization": f"Bearer {table.tokens[0]}"}
        assert httpx.get(f"{server.http_url}/v1/{table.name}", headers=headers).status_code == 200
        assert httpx.get(f"{server.http_url}/v1/games/flip-7/matches/nosuch").status_code == 404
        table.play_randomly(random.Random(7))
    return table, open_streams


def test_metrics_count_calls_commits_replays_aborts_and_streams(server, played) -> None:
    _table, open_streams = played
    assert open_streams == 1
    # the stream's end is recorded when the server notices the cancel
    wait_until(lambda: value(scrape(server.http_url), "cardroom_live_streams") == 0, 10, "stream closed")
    families = scrape(server.http_url)
    grpc_calls = {"transport": "grpc", "method": "SubmitAction"}
    assert value(families, "cardroom_requests_total", code="OK", **grpc_calls) >= 2
    assert value(families, "cardroom_requests_total", code="ABORTED", reason="STALE_VERSION", **grpc_calls) == 1
    assert value(families, "cardroom_requests_total", transport="http", method="GetMatch", code="OK") == 1
    assert (
        value(families, "cardroom_requests_total", transport="http", method="GetMatch", reason="MATCH_NOT_FOUND") == 1
    )
    assert value(families, "cardroom_request_duration_seconds_count", method="SubmitAction", code="OK") >= 2
    for kind in ("created", "joined", "started"):
        assert value(families, "cardroom_commits_total", game="up-or-down", kind=kind) == 1
    assert value(families, "cardroom_commits_total", game="up-or-down", kind="action") >= 2
    assert value(families, "cardroom_idempotent_replays_total", game="up-or-down") == 1
    assert value(families, "cardroom_aborts_total", game="up-or-down", reason="STALE_VERSION") == 1
    assert "cardroom_version_conflicts" in families
    assert value(families, "cardroom_engine_apply_seconds_count", game="up-or-down") >= 2
    assert value(families, "cardroom_store_operation_seconds_count", backend="redis", operation="commit") >= 5
    assert value(families, "cardroom_matches", game="up-or-down", status="finished") >= 1
    assert value(families, "cardroom_live_streams", transport="http") == 0


def access_lines(server: ServerProcess) -> list[dict]:
    lines = [json.loads(line) for line in server.log_path.read_text().splitlines() if line.startswith("{")]
    return [line for line in lines if line["logger"] == "cardroom.access"]


def test_every_call_has_an_access_line_without_tokens(server, played) -> None:
    table, _ = played
    text = server.log_path.read_text()
    assert all(token not in text for token in table.tokens)
    lines = access_lines(server)
    assert all(line["level"] == "INFO" and "timestamp" in line for line in lines)
    stale = [line for line in lines if line.get("reason") == "STALE_VERSION"]
    assert len(stale) == 1
    assert stale[0]["transport"] == "grpc" and stale[0]["method"] == "SubmitAction" and stale[0]["code"] == "ABORTED"
    assert stale[0]["match"] == table.name and stale[0]["request_id"] and stale[0]["duration_ms"] >= 0
    submitted = [line for line in lines if line["method"] == "SubmitAction" and line["code"] == "OK"]
    assert all(line["match"] == table.name and line["seat"] in (0, 1) for line in submitted)
    joined = next(line for line in lines if line["method"] == "JoinMatch")
    assert joined["seat"] == 1 and joined["match"] == table.name
    watch = next(line for line in lines if line["method"] == "WatchMatch")
    assert watch["code"] == "CANCELLED" and watch["seat"] == 1
    http = [line for line in lines if line["transport"] == "http"]
    assert {(line["method"], line["code"]) for line in http} >= {("GetMatch", "OK"), ("GetMatch", "NOT_FOUND")}


def test_a_callers_traceparent_is_in_its_access_line(server, played) -> None:
    traced = [line for line in access_lines(server) if line.get("trace_id") == TRACE_ID]
    assert [line["method"] for line in traced] == ["GetMatch"]
    assert traced[0]["parent_span_id"] == "00f067aa0ba902b7"


def test_workers_share_one_view_of_the_metrics(redis_process) -> None:
    """With --workers 2 every scrape, whichever worker answers it, counts the calls of both."""
    server = ServerProcess(redis_process.url, "--workers", "2")
    try:
        server.start(timeout=90)  # two spawned workers import everything afresh: slow on a loaded machine
        for _ in range(12):  # a new connection each: the kernel spreads them over the workers
            with grpc.insecure_channel(server.address) as channel:
                game_service_pb2_grpc.GameServiceStub(channel).ListGames(pb.ListGamesRequest())
        for _ in range(4):
            families = scrape(server.http_url)
            assert value(families, "cardroom_requests_total", transport="grpc", method="ListGames") == 12
    finally:
        server.stop()
