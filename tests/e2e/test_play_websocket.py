"""The Play session as a WebSocket on the HTTP port (``/v1/play``, proto3 JSON), against a live server and a real
Redis: a whole match played by one socket per seat (the token once in the first message, once as a subprotocol)
with a spectator's socket checked for hidden cards, refusals that leave the socket open, and the errors of
opening one as Google's JSON error and a 4000 + HTTP status close."""

from __future__ import annotations

import json
import random
import uuid

import aiohttp
import pytest
from google.protobuf import json_format
from google.rpc import error_details_pb2
from play_sessions import check_viewer, gather_all
from table import Table
from test_log_leaks import Replayed

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

OPTIONS = {"card_range": "SHORT", "show_known_cards": False}
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE


def _reason(status: pb.PlayStatus) -> str:
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info.reason


def _url(server) -> str:
    return f"{server.http_url}/v1/play"


def _protocols(token: str | None) -> tuple[str, ...]:
    return ("cardroom.v1", f"cardroom.seat-token.{token}") if token else ("cardroom.v1",)


async def _socket_seat(socket, seat: int, game: str, rng: random.Random, played: dict) -> list[pb.MatchUpdate]:
    """Read the socket to its close, acting for ``seat`` on the newest update (once per version, one action
    at a time: an accepted action's update comes before its outcome); the updates received."""
    received: list[pb.MatchUpdate] = []
    waiting: dict[str, tuple[int, dict]] = {}
    tried = 0
    async for message in socket:
        assert message.type == aiohttp.WSMsgType.TEXT, message
        answer = json_format.Parse(message.data, pb.PlayResponse())
        if answer.HasField("outcome"):
            outcome = answer.outcome
            decided = waiting.pop(outcome.request_id)
            if outcome.accepted:
                played[outcome.version] = decided
            else:
                assert _reason(outcome.error) in ("STALE_VERSION", "NOT_YOUR_TURN"), outcome
        else:
            received.append(answer.update)
        latest = received[-1] if received else None
        if waiting or latest is None or latest.version <= tried:
            continue
        state = latest.state
        if seat in state.to_act and state.legal_actions and state.match.status == ACTIVE:
            tried = latest.version
            choice = rng.choice(list(state.legal_actions))
            request_id = str(uuid.uuid4())
            waiting[request_id] = (seat, convert.action_from_proto(game, choice))
            action = {"requestId": request_id, "expectedVersion": latest.version}
            action["action"] = json_format.MessageToDict(choice)
            await socket.send_str(json.dumps({"action": action}))
    assert socket.close_code == 1000, socket.close_code
    return received


@pytest.mark.asyncio
async def test_a_whole_match_over_websockets_and_a_spectator_sees_no_hidden_card(server, stub):
    game, players, seed = "up-or-down", 2, 31
    table = Table(stub, game, players, options=OPTIONS, seed=seed)
    start = table.start().match.version
    match = Replayed(game, players, OPTIONS, seed)
    match.started(start)
    played: dict[int, tuple[int, dict]] = {}
    async with aiohttp.ClientSession() as http:
        seat0 = await http.ws_connect(_url(server), protocols=_protocols(None))
        await seat0.send_str(json.dumps({"open": {"name": table.name, "seatToken": table.tokens[0]}}))
        seat1 = await http.ws_connect(_url(server), protocols=_protocols(table.tokens[1]))
        assert seat1.protocol == "cardroom.v1"
        await seat1.send_str(json.dumps({"open": {"name": table.name}}))
        spectator = await http.ws_connect(_url(server))
        await spectator.send_str(json.dumps({"open": {"name": table.name, "afterVersion": 0}}))
        seen0, seen1, watched = await gather_all(
            _socket_seat(seat0, 0, game, random.Random(1), played),
            _socket_seat(seat1, 1, game, random.Random(2), played),
            _socket_seat(spectator, -1, game, random.Random(3), played),
        )
    final = table.get(None).match
    assert final.status == match_pb2.MATCH_STATUS_FINISHED
    assert sorted(played) == list(range(start + 1, final.version + 1))
    for version in sorted(played):
        match.applied(version, *played[version])
    check_viewer(match, 0, seen0, 1, final.version)
    check_viewer(match, 1, seen1, 1, final.version)
    check_viewer(match, None, watched, 1, final.version)


@pytest.mark.asyncio
async def test_opening_errors_are_a_json_error_and_a_close_with_the_http_status(server, stub):
    table = Table(stub, "flip-7", 3, seed=3)
    async with aiohttp.ClientSession() as http:
        for opening, token, status, reason in [
            ({"open": {"name": "games/flip-7/matches/nope"}}, None, 404, "MATCH_NOT_FOUND"),
            ({"open": {"name": table.name}}, table.tokens[0] + "x", 401, "INVALID_SEAT_TOKEN"),
            ({"action": {}}, None, 400, "MALFORMED_REQUEST"),
        ]:
            async with http.ws_connect(_url(server), protocols=_protocols(token)) as socket:
                await socket.send_str(json.dumps(opening))
                error = json.loads((await socket.receive()).data)["error"]
                assert (error["code"], error["details"][0]["reason"]) == (status, reason)
                closed = await socket.receive()
                assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == 4000 + status


@pytest.mark.asyncio
async def test_a_refused_action_is_answered_in_the_socket_which_goes_on(server, stub):
    table = Table(stub, "up-or-down", 2, options=OPTIONS, seed=5)
    state = table.start()
    version, mover = state.match.version, state.to_act[0]
    action = json_format.MessageToDict(table.get(mover).legal_actions[0])
    protocols = _protocols(table.tokens[1 - mover])
    async with aiohttp.ClientSession() as http, http.ws_connect(_url(server), protocols=protocols) as other:
        await other.send_str(json.dumps({"open": {"name": table.name, "afterVersion": version}}))
        await other.send_str(json.dumps({"action": {"requestId": str(uuid.uuid4()), "action": action}}))
        await other.send_str("{not json")
        refusals = [json_format.Parse((await other.receive()).data, pb.PlayResponse()).outcome for _ in range(2)]
        assert [_reason(outcome.error) for outcome in refusals] == ["NOT_YOUR_TURN", "MALFORMED_REQUEST"]
        table.act(mover, convert.action_from_proto("up-or-down", table.get(mover).legal_actions[0]), version)
        pushed = json_format.Parse((await other.receive()).data, pb.PlayResponse())
        assert pushed.update.version == version + 1  # the socket goes on after its refusals
