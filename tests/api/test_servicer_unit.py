"""Fast unit tests of the gRPC servicer with grpcio-testing (no network, memory store).

grpcio-testing drives synchronous servicers from its own threads, while the
servicer is asyncio code; ``AsyncServicerDriver`` runs each call on one event
loop thread and gives the servicer an ``abort_with_status`` (which the
grpcio-testing context lacks) that sets the rich-status trailer and aborts.
"""

from __future__ import annotations

import asyncio
import inspect
import threading

import grpc
import grpc_testing
import pytest
from cardroom_client import legal_actions
from grpc_status import rpc_status

from cardroom.api import convert
from cardroom.api.errors import error_info
from cardroom.api.grpc_service import GameService
from cardroom.api.handlers import GameHandlers
from cardroom.app.config import Settings
from cardroom.app.matches import MatchService
from cardroom.app.tokens import TokenSigner
from cardroom.store.memory import MemoryStore
from cardroom.v1 import game_service_pb2 as pb

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]


class _Context:
    """The grpcio-testing context plus ``abort_with_status`` and ``peer`` (which it lacks)."""

    def __init__(self, context):
        self._context = context

    def __getattr__(self, name):
        return getattr(self._context, name)

    def peer(self) -> str:
        return "ipv4:127.0.0.1:40000"

    def abort_with_status(self, status: grpc.Status):
        # grpcio-testing's abort() drops trailing metadata, so end the call the way
        # a handler that set its status does
        self._context.set_trailing_metadata(status.trailing_metadata)
        self._context.set_code(status.code)
        self._context.set_details(status.details)
        raise _Aborted


class _Aborted(Exception):
    pass


class AsyncServicerDriver:
    def __init__(self, servicer: GameService, loop: asyncio.AbstractEventLoop):
        self._servicer = servicer
        self._loop = loop

    def __getattr__(self, name):
        method = getattr(self._servicer, name)
        if inspect.isasyncgenfunction(method):

            def stream(request, context):
                updates = method(request, _Context(context))
                while True:
                    try:
                        yield asyncio.run_coroutine_threadsafe(updates.__anext__(), self._loop).result()
                    except StopAsyncIteration:
                        return

            return stream

        def unary(request, context):
            try:
                return asyncio.run_coroutine_threadsafe(method(request, _Context(context)), self._loop).result()
            except _Aborted:
                return None

        return unary


@pytest.fixture(scope="module")
def server():
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    store = MemoryStore(finished_ttl=60, idle_ttl=60)
    matches = MatchService(store, Settings(allow_fixed_decks=True), TokenSigner("unit-test-secret"))
    driver = AsyncServicerDriver(GameService(GameHandlers(matches), call_timeout=5), loop)
    yield grpc_testing.server_from_dictionary({SERVICE: driver}, grpc_testing.strict_real_time())
    asyncio.run_coroutine_threadsafe(store.close(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def call(server, method: str, request, token: str | None = None):
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    rpc = server.invoke_unary_unary(SERVICE.methods_by_name[method], metadata, request, None)
    response, trailing, code, details = rpc.termination()
    return response, trailing, code, details


def reason(trailing, code, details) -> str | None:
    status = rpc_status.from_call(_Trailers(trailing, code, details))
    info = error_info(status) if status else None
    return info.reason if info else None


class _Trailers:
    def __init__(self, trailing, code, details):
        self._trailing, self._code, self._details = trailing, code, details

    def trailing_metadata(self):
        return self._trailing

    def code(self):
        return self._code

    def details(self):
        return self._details


def test_list_games_shows_every_game_with_its_options(server):
    response, _, code, _ = call(server, "ListGames", pb.ListGamesRequest())
    assert code == grpc.StatusCode.OK
    games = {game.game_id: game for game in response.games}
    assert set(games) == {"pumptown", "pumba", "up-or-down", "flip-7"}
    assert any(option.name == "card_range" for option in games["up-or-down"].options)
    assert games["flip-7"].name == "games/flip-7"


def test_a_game_is_created_joined_started_and_played(server):
    created, _, code, _ = call(server, "CreateMatch", pb.CreateMatchRequest(parent="games/up-or-down", seat_count=2))
    assert code == grpc.StatusCode.OK
    name = created.state.match.name
    joined, _, code, _ = call(server, "JoinMatch", pb.JoinMatchRequest(name=name, player_name="bea"))
    assert code == grpc.StatusCode.OK and joined.seat == 1
    tokens = [created.seat_token, joined.seat_token]
    started, _, code, _ = call(server, "StartMatch", pb.StartMatchRequest(name=name), tokens[0])
    assert code == grpc.StatusCode.OK
    seat = started.to_act[0]
    mine, _, _, _ = call(server, "GetMatch", pb.GetMatchRequest(name=name), tokens[seat])
    assert mine.your_seat == seat and legal_actions(mine)
    request = pb.SubmitActionRequest(name=name, action=legal_actions(mine)[0], expected_version=mine.match.version)
    answer, _, code, _ = call(server, "SubmitAction", request, tokens[seat])
    assert code == grpc.StatusCode.OK
    assert answer.state.match.version == mine.match.version + 1
    assert [convert.event_from_proto("up-or-down", e)["type"] for e in answer.events] == ["played"]


def test_errors_carry_code_and_reason(server):
    _, trailing, code, details = call(server, "GetGame", pb.GetGameRequest(name="games/chess"))
    assert code == grpc.StatusCode.NOT_FOUND and reason(trailing, code, details) == "GAME_NOT_FOUND"
    created, _, _, _ = call(server, "CreateMatch", pb.CreateMatchRequest(parent="games/flip-7", seat_count=3))
    name = created.state.match.name
    _, trailing, code, details = call(server, "StartMatch", pb.StartMatchRequest(name=name))
    assert code == grpc.StatusCode.UNAUTHENTICATED and reason(trailing, code, details) == "SEAT_TOKEN_REQUIRED"
    _, trailing, code, details = call(server, "StartMatch", pb.StartMatchRequest(name=name), created.seat_token)
    assert code == grpc.StatusCode.FAILED_PRECONDITION
    assert reason(trailing, code, details) == "INVALID_SEAT_COUNT"  # one player at a 3-12 player game
