"""The Play session as a WebSocket on the HTTP port (``/v1/play``, proto3 JSON), against a live server and a real
Redis: a whole match played by one socket per seat (the token once in the first message, once as a subprotocol)
with a spectator's socket checked for hidden cards, refusals that leave the socket open, and the errors of
opening one as Google's JSON error and a 4000 + HTTP status close."""

from __future__ import annotations

import asyncio
import json
import random
import uuid

import aiohttp
import pytest
from cardroom_client import legal_actions
from google.protobuf import json_format
from play_sessions import check_viewer, gather_all
from play_sockets import play_url, protocols, reason, socket_seat
from table import Table
from test_log_leaks import Replayed

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

OPTIONS = {"card_range": "SHORT", "show_known_cards": False}
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE


@pytest.mark.asyncio
async def test_a_whole_match_over_websockets_and_a_spectator_sees_no_hidden_card(server, stub):
    game, players, seed = "up-or-down", 2, 31
    table = Table(stub, game, players, options=OPTIONS, seed=seed)
    start = table.start().match.version
    match = Replayed(game, players, OPTIONS, seed)
    match.started(start)
    played: dict[int, tuple[int, dict]] = {}
    urls = [play_url(server.http_url)]
    async with aiohttp.ClientSession() as http:
        seen0, seen1, watched = await gather_all(
            socket_seat(http, urls, table.name, table.tokens[0], 0, game, random.Random(1), played),
            socket_seat(
                http, urls, table.name, table.tokens[1], 1, game, random.Random(2), played, token_in_protocol=True
            ),
            # the spectator's socket compressed, as a browser's: its frames go through aiohttp's writer, the
            # seats' straight to the transport (api/play_ws.py's DirectFrames)
            socket_seat(http, urls, table.name, None, -1, game, random.Random(3), played, compress=15),
        )
    assert [seen.close_codes for seen in (seen0, seen1, watched)] == [[1000]] * 3
    final = table.get(None).match
    assert final.status == match_pb2.MATCH_STATUS_FINISHED
    assert sorted(played) == list(range(start + 1, final.version + 1))
    for version in sorted(played):
        match.applied(version, *played[version])
    check_viewer(match, 0, seen0.received, 1, final.version)
    check_viewer(match, 1, seen1.received, 1, final.version)
    check_viewer(match, None, watched.received, 1, final.version)


@pytest.mark.asyncio
async def test_opening_errors_are_a_json_error_and_a_close_with_the_http_status(server, stub):
    table = Table(stub, "flip-7", 3, seed=3)
    async with aiohttp.ClientSession() as http:
        for opening, token, status, reason in [
            ({"open": {"name": "games/flip-7/matches/nope"}}, None, 404, "MATCH_NOT_FOUND"),
            ({"open": {"name": table.name}}, table.tokens[0] + "x", 401, "INVALID_SEAT_TOKEN"),
            ({"action": {}}, None, 400, "MALFORMED_REQUEST"),
        ]:
            async with http.ws_connect(play_url(server.http_url), protocols=protocols(token)) as socket:
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
    action = json_format.MessageToDict(legal_actions(table.get(mover))[0])
    offered = protocols(table.tokens[1 - mover])
    async with aiohttp.ClientSession() as http, http.ws_connect(play_url(server.http_url), protocols=offered) as other:
        await other.send_str(json.dumps({"open": {"name": table.name, "afterVersion": version}}))
        await other.send_str(json.dumps({"action": {"requestId": str(uuid.uuid4()), "action": action}}))
        await other.send_str("{not json")
        refusals = [json_format.Parse((await other.receive()).data, pb.PlayResponse()).outcome for _ in range(2)]
        assert [reason(outcome.error) for outcome in refusals] == ["NOT_YOUR_TURN", "MALFORMED_REQUEST"]
        table.act(mover, convert.action_from_proto("up-or-down", legal_actions(table.get(mover))[0]), version)
        pushed = json_format.Parse((await other.receive()).data, pb.PlayResponse())
        assert pushed.update.version == version + 1  # the socket goes on after its refusals


@pytest.mark.asyncio
async def test_the_binary_subprotocol_carries_the_same_messages_as_protobuf(server, stub):
    table = Table(stub, "up-or-down", 2, options=OPTIONS, seed=7)
    state = table.start()
    version, mover = state.match.version, state.to_act[0]
    action = legal_actions(table.get(mover))[0]
    # offered first, the binary subprotocol is selected; the token still travels as a subprotocol
    offered = ("cardroom.v1.proto", *protocols(table.tokens[mover]))
    async with aiohttp.ClientSession() as http, http.ws_connect(play_url(server.http_url), protocols=offered) as socket:
        assert socket.protocol == "cardroom.v1.proto"
        opening = pb.PlayRequest(open=pb.PlayOpen(name=table.name, after_version=version))
        await socket.send_bytes(opening.SerializeToString())
        await socket.send_bytes(b"\xff not a message")
        text = {"action": {"requestId": "text", "action": json_format.MessageToDict(action)}}
        await socket.send_str(json.dumps(text))
        request_id = str(uuid.uuid4())
        play = pb.PlayAction(request_id=request_id, expected_version=version, action=action)
        await socket.send_bytes(pb.PlayRequest(action=play).SerializeToString())
        frames = [await socket.receive() for _ in range(4)]
        assert all(frame.type == aiohttp.WSMsgType.BINARY for frame in frames)
        answers = [pb.PlayResponse.FromString(frame.data) for frame in frames]
        # the bad bytes and the JSON text are refused in their turn, the session goes on
        assert [reason(answer.outcome.error) for answer in answers[:2]] == ["MALFORMED_REQUEST", "MALFORMED_REQUEST"]
        assert answers[2].update.version == version + 1
        assert answers[2].update.state.your_seat == mover
        assert (answers[3].outcome.request_id, answers[3].outcome.accepted) == (request_id, True)
        assert answers[3].outcome.version == version + 1


@pytest.mark.asyncio
async def test_a_session_ending_at_once_waits_for_the_clients_close_reply(server, stub):
    """A session on a match already over ends as it opens, while the server's reader waits for the client's
    next message. The server must still do the closing handshake (RFC 6455 §7.1.1): send its close, then read
    until the client's close reply and only then drop the TCP connection. Dropped at once, the messages a client
    sends meanwhile reach a closed socket and reset the connection, and a client that loses the server's close
    frame to that reset sees 1006 and reconnects (the TypeScript session tests did)."""
    table = Table(stub, "up-or-down", 2, options=OPTIONS, seed=11)
    table.start()
    table.play_randomly(random.Random(11))
    final = table.get(None).match
    assert final.status == match_pb2.MATCH_STATUS_FINISHED
    opening = {"open": {"name": table.name, "afterVersion": final.version}}
    async with aiohttp.ClientSession() as http:
        offered = protocols(table.tokens[0])
        async with http.ws_connect(play_url(server.http_url), protocols=offered, autoclose=False) as socket:
            await socket.send_str(json.dumps(opening))
            closing = await socket.receive()
            assert (closing.type, closing.data) == (aiohttp.WSMsgType.CLOSE, 1000)
            await asyncio.sleep(0.2)  # the server waits for the reply up to its close timeout (10 s)
            assert _tcp_open(socket), "the server dropped the connection before the client's close reply"
            await socket.close()
            assert socket.close_code == 1000


def _tcp_open(socket: aiohttp.ClientWebSocketResponse) -> bool:
    """Whether the peer still holds the socket's TCP connection (aiohttp has no public accessor for it)."""
    connection = socket._response.connection
    return connection is not None and connection.protocol is not None and connection.protocol.transport is not None
