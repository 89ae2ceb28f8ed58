"""Helpers of the live-table tests: two replicas on one redis-server, tables with clocks and bots.

Every wait polls with a generous bound and asserts on outcomes (log entries,
controllers, results), never on how long something took.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import grpc
from cardroom_client import legal_actions

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import ServerProcess

#: fast clocks for tests: a poll every 20 ms, bots that do not wait, a short lease
FAST = ("--turn-poll-interval", "0.02", "--bot-think-seconds", "0", "--turn-lease", "1")
#: options that keep random play short
SHORT_GAMES: dict[str, dict[str, Any]] = {
    "pumba": {"point_limit": 25, "end_mode": "first_to_limit"},
    "pumptown": {"rounds": 1},
    "flip-7": {"target_score": 40},
    "up-or-down": {},
}
#: how long any match of these tests may take on a loaded 2-core machine
PATIENCE = 240.0


def bearer(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()


def replicas(redis_url: str, *extra: str, count: int = 2) -> list[ServerProcess]:
    servers = [ServerProcess(redis_url, *FAST, *extra) for _ in range(count)]
    for server in servers:
        server.start()
    return servers


@contextmanager
def stub_of(server: ServerProcess) -> Iterator[game_service_pb2_grpc.GameServiceStub]:
    with server.channel() as channel:
        yield game_service_pb2_grpc.GameServiceStub(channel)


def create(
    stub,
    game: str,
    seats: int,
    *,
    turn_seconds: float = 0.0,
    reserve_seconds: float = 0.0,
    absent_bot_level: str = "",
    bots: dict[int, str] | None = None,
    options: dict | None = None,
) -> tuple[str, str]:
    """A new table: its name and the creator's token (seat 0)."""
    request = pb.CreateMatchRequest(
        parent=f"games/{game}",
        seat_count=seats,
        player_name="p0",
        request_id=str(uuid.uuid4()),
        table=match_pb2.TableSettings(
            turn_seconds=turn_seconds, reserve_seconds=reserve_seconds, absent_bot_level=absent_bot_level
        ),
        bots=[match_pb2.BotSeat(seat=seat, level=level) for seat, level in (bots or {}).items()],
    )
    chosen = SHORT_GAMES[game] if options is None else options
    if chosen:
        request.options.CopyFrom(convert.options_to_proto(game, chosen))
    created = stub.CreateMatch(request)
    return created.state.match.name, created.seat_token


def join(stub, name: str) -> str:
    return stub.JoinMatch(pb.JoinMatchRequest(name=name, request_id=str(uuid.uuid4()))).seat_token


def start(stub, name: str, token: str, **fields: Any) -> match_pb2.MatchState:
    request = pb.StartMatchRequest(name=name, request_id=str(uuid.uuid4()), **fields)
    return stub.StartMatch(request, metadata=bearer(token))


def get(stub, name: str, token: str | None = None) -> match_pb2.MatchState:
    return stub.GetMatch(pb.GetMatchRequest(name=name), metadata=bearer(token))


def log_of(stub, name: str) -> list[pb.MatchLogEntry]:
    entries: list[pb.MatchLogEntry] = []
    page = ""
    while True:
        answer = stub.GetMatchLog(pb.GetMatchLogRequest(name=name, page_size=1000, page_token=page))
        entries += answer.entries
        if not answer.next_page_token:
            return entries
        page = answer.next_page_token


def until(predicate: Callable[[], Any], what: str, timeout: float = PATIENCE, interval: float = 0.05) -> Any:
    """Poll ``predicate`` until it returns something truthy, which is returned."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"{what}: not reached within {timeout}s")


def finished(stub, name: str) -> match_pb2.MatchState | None:
    state = get(stub, name)
    return state if state.match.status == match_pb2.MATCH_STATUS_FINISHED else None


def act_when_to_act(
    stub,
    game: str,
    name: str,
    token: str,
    seat: int,
    choose: Callable[[list[dict]], dict],
    *,
    decisions: int | None = None,
    timeout: float = PATIENCE,
) -> match_pb2.MatchState:
    """Play ``seat`` (by ``choose`` over its legal actions) whenever it is to act, until the match ends
    or it took ``decisions`` decisions.

    A stale version (a bot or a timeout was faster) is decided again on a fresh view."""
    deadline = time.monotonic() + timeout
    taken = 0
    while time.monotonic() < deadline:
        state = get(stub, name, token)
        if state.match.status != match_pb2.MATCH_STATUS_ACTIVE or taken == decisions:
            return state
        if seat in state.to_act and legal_actions(state):
            legal = [convert.action_from_proto(game, action) for action in legal_actions(state)]
            request = pb.SubmitActionRequest(
                name=name,
                action=convert.action_to_proto(game, choose(legal)),
                expected_version=state.match.version,
                request_id=str(uuid.uuid4()),
            )
            try:
                stub.SubmitAction(request, metadata=bearer(token))
                taken += 1
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.ABORTED:
                    raise
        else:
            time.sleep(0.02)
    raise AssertionError(f"{name} did not finish within {timeout}s")
