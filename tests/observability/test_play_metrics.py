"""/metrics and the access log of a live server for Play sessions: each action sent on a session (gRPC Play
stream or WebSocket) is counted as ``Play.action`` by transport, code and reason, a malformed message too, and
the sessions open now are the ``cardroom_play_sessions`` gauge."""

from __future__ import annotations

import json
import uuid

import aiohttp
import grpc
import pytest
from cardroom_client import CardroomError, connect, legal_actions
from cardroom_client.v1 import match_pb2 as cmatch
from google.protobuf import json_format
from metrics_scrape import scrape, value
from test_metrics_and_logs import access_lines

from cardroom.v1 import game_service_pb2_grpc
from e2e.table import Table
from support.processes import ServerProcess, wait_until
from support.silent_proxy import SilentProxy


@pytest.fixture
def server(redis_process):
    process = ServerProcess(redis_process.url, "--log-format", "json")
    try:
        process.start(timeout=60)
        yield process
    finally:
        process.stop()


def _sessions(server: ServerProcess, transport: str) -> float:
    return value(scrape(server.http_url), "cardroom_play_sessions", transport=transport)


@pytest.mark.asyncio
async def test_session_actions_are_counted_by_outcome_and_open_sessions_are_a_gauge(server):
    with grpc.insecure_channel(server.address) as channel:
        table = Table(game_service_pb2_grpc.GameServiceStub(channel), "up-or-down", 2, options={"card_range": "SHORT"})
        state = table.start()
        version, mover = state.match.version, state.to_act[0]
        legal = legal_actions(table.get(mover))[0]
    action = cmatch.Action.FromString(legal.SerializeToString())
    accepted_id = str(uuid.uuid4())
    async with connect(server.address) as client, aiohttp.ClientSession() as http:
        mine = client.play(table.name, token=table.tokens[mover], after_version=version)
        other = client.play(table.name, token=table.tokens[1 - mover], after_version=version)
        with pytest.raises(CardroomError):
            await other.act(action, expected_version=version)
        assert await mine.act(action, expected_version=version, request_id=accepted_id) == version + 1
        socket = await http.ws_connect(f"{server.http_url}/v1/play", protocols=("cardroom.v1",))
        opening = {"name": table.name, "seatToken": table.tokens[mover], "afterVersion": version + 1}
        await socket.send_str(json.dumps({"open": opening}))
        again = {"requestId": str(uuid.uuid4()), "expectedVersion": version, "action": json_format.MessageToDict(legal)}
        await socket.send_str(json.dumps({"action": again}))
        await socket.send_str("{not json")
        for _ in range(2):
            assert "outcome" in json.loads((await socket.receive()).data)
        assert (_sessions(server, "grpc"), _sessions(server, "http")) == (2, 1)
        await socket.close()
        await mine.close()
        await other.close()
    # a session's end is counted when the server notices the hang-up
    wait_until(lambda: _sessions(server, "grpc") + _sessions(server, "http") == 0, 10, "sessions closed")
    families = scrape(server.http_url)
    counted = {
        (sample.labels["transport"], sample.labels["code"], sample.labels["reason"]): sample.value
        for sample in families["cardroom_requests"]
        if sample.labels.get("method") == "Play.action" and sample.name == "cardroom_requests_total"
    }
    assert counted == {
        ("grpc", "FAILED_PRECONDITION", "NOT_YOUR_TURN"): 1,
        ("grpc", "OK", ""): 1,
        ("http", "ABORTED", "STALE_VERSION"): 1,
        ("http", "INVALID_ARGUMENT", "MALFORMED_REQUEST"): 1,
    }
    assert value(families, "cardroom_request_duration_seconds_count", method="Play.action", code="OK") == 1
    assert value(families, "cardroom_requests_total", method="Play") == 3  # the sessions themselves, once each
    line = next(line for line in access_lines(server) if line.get("request_id") == accepted_id)
    assert (line["method"], line["transport"], line["code"], line["match"]) == ("Play.action", "grpc", "OK", table.name)


@pytest.mark.asyncio
async def test_a_session_whose_client_went_silent_is_closed_by_the_servers_keepalive(redis_process):
    """A client that vanished without closing its connection (no FIN, no RST): the server's keepalive ping goes
    unanswered and the server drops the connection, so the session ends and leaves the gauge. The client's own
    keepalive is 10 minutes here, so only the server's can find the silence."""
    server = ServerProcess(redis_process.url, "--grpc-keepalive", "1")
    server.start(timeout=60)
    proxy = await SilentProxy(server.address).start()
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = game_service_pb2_grpc.GameServiceStub(channel)
            table = Table(stub, "up-or-down", 2, options={"card_range": "SHORT"})
            version = table.start().match.version
        async with connect(proxy.address, keepalive=600) as client:
            session = client.play(table.name, token=table.tokens[0], after_version=version - 1)
            assert (await anext(aiter(session))).version == version
            assert _sessions(server, "grpc") == 1
            proxy.silence()
            wait_until(lambda: _sessions(server, "grpc") == 0, 30, "the silent session closed by the server")
            await session.close()
    finally:
        await proxy.close()
        server.stop()
