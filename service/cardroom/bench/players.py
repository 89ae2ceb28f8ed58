"""What the load generator does over gRPC: seat a table, play it by random legal actions, contend, or repeat a call.

A client plays like a thin frontend: one seat token per seat, each seat
choosing among the legal actions the server listed for it, every action sent
with the version it was decided on and a fresh request_id. An ABORTED answer
(the match moved on) is counted, and the seat decides again from a fresh view.
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import grpc
from cardroom_client import random_legal_action

from ..v1 import game_service_pb2 as pb
from ..v1 import match_pb2
from .calls import Meter

#: consecutive failed calls after which a client gives its match up (it is still checked)
MAX_CONSECUTIVE_ERRORS = 5


@dataclass
class MatchRecord:
    """A played match as the client knows it: enough to check the server's copy afterwards."""

    name: str
    game: str
    seed: int
    tokens: list[str]
    #: match version -> (seat, Action message) of every action answered accepted (read as engine dicts only by the
    #: check after play, so the conversion is not in the generator's CPU during it)
    acked: dict[int, tuple[int, match_pb2.Action]] = field(default_factory=dict)
    #: an answer claimed a version another answer had already claimed
    claimed_twice: int = 0
    #: calls that failed without saying whether they applied (deadline, connection lost)
    unknown_outcomes: int = 0
    finished: bool = False

    def ack(self, version: int, seat: int, action: match_pb2.Action) -> None:
        if version in self.acked:
            self.claimed_twice += 1
        self.acked[version] = (seat, action)


@dataclass
class Tally:
    """Counts of one client's actions (summed over the process)."""

    committed: int = 0
    conflicts_retried: int = 0


async def seat_table(meter: Meter, stub: Any, game: str, players: int, seed: int) -> tuple[MatchRecord, Any]:
    """Create, join every seat and start a match; returns its record and the creator's state."""
    created = await meter.call(
        stub,
        "CreateMatch",
        pb.CreateMatchRequest(
            parent=f"games/{game}", seat_count=players, player_name="seat 0", request_id=_request_id(), seed=str(seed)
        ),
    )
    record = MatchRecord(created.state.match.name, game, seed, [created.seat_token])
    for seat in range(1, players):
        request = pb.JoinMatchRequest(name=record.name, player_name=f"seat {seat}", request_id=_request_id())
        joined = await meter.call(stub, "JoinMatch", request)
        record.tokens.append(joined.seat_token)
    started = await meter.call(
        stub, "StartMatch", pb.StartMatchRequest(name=record.name, request_id=_request_id()), record.tokens[0]
    )
    return record, started


async def play_match(
    meter: Meter, stub: Any, tally: Tally, game: str, players: int, seed: int, deadline: float
) -> MatchRecord:
    """Play one match by random legal actions until it ends or ``deadline`` (monotonic) passes."""
    rng = random.Random(seed)
    record, state = await seat_table(meter, stub, game, players, seed)
    seat, stale, errors = 0, False, 0
    while time.monotonic() < deadline and errors < MAX_CONSECUTIVE_ERRORS:
        try:
            if stale:
                state, stale = await _view_of(meter, stub, record, seat), False
            if not _active(state):
                break
            seat = rng.choice(state.to_act)
            if not state.HasField("your_seat") or state.your_seat != seat:
                state = await _view_of(meter, stub, record, seat)
            state = await _submit(meter, stub, record, tally, seat, state, rng)
            errors = 0
        except grpc.aio.AioRpcError as error:
            errors += 1
            stale = True
            record.unknown_outcomes += _outcome_unknown(error)
            tally.conflicts_retried += error.code() == grpc.StatusCode.ABORTED
    record.finished = state.match.status == match_pb2.MATCH_STATUS_FINISHED
    return record


async def contend(
    meter: Meter, stubs: list[Any], tally: Tally, game: str, players: int, seed: int, deadline: float
) -> MatchRecord:
    """One match, one client per stub, each acting for whichever seat is to act, all with expected versions."""
    record, first = await seat_table(meter, stubs[0], game, players, seed)

    async def client(stub: Any, rng: random.Random) -> None:
        to_act = list(first.to_act)
        while to_act and time.monotonic() < deadline:
            seat = rng.choice(to_act)
            try:
                state = await _view_of(meter, stub, record, seat)
                if seat in state.to_act:
                    state = await _submit(meter, stub, record, tally, seat, state, rng)
            except grpc.aio.AioRpcError as error:
                record.unknown_outcomes += _outcome_unknown(error)
                tally.conflicts_retried += error.code() == grpc.StatusCode.ABORTED
                continue
            to_act = list(state.to_act) if _active(state) else []

    await asyncio.gather(*(client(stub, random.Random(seed * 1000 + index)) for index, stub in enumerate(stubs)))
    final = await _view_of(meter, stubs[0], record, None)
    record.finished = final.match.status == match_pb2.MATCH_STATUS_FINISHED
    return record


async def call_repeatedly(meter: Meter, stub: Any, name: str, request: Any, token: str | None, deadline: float) -> None:
    """One method back to back until ``deadline``: the baseline (GetGame) and the view cost (GetMatch)."""
    while time.monotonic() < deadline:
        await meter.call(stub, name, request, token)


async def _submit(
    meter: Meter, stub: Any, record: MatchRecord, tally: Tally, seat: int, state: Any, rng: random.Random
) -> Any:
    action = random_legal_action(state, rng)
    request = pb.SubmitActionRequest(
        name=record.name, action=action, expected_version=state.match.version, request_id=_request_id()
    )
    answer = await meter.call(stub, "SubmitAction", request, record.tokens[seat])
    record.ack(answer.state.match.version, seat, action)
    tally.committed += 1
    return answer.state


async def _view_of(meter: Meter, stub: Any, record: MatchRecord, seat: int | None) -> Any:
    token = record.tokens[seat] if seat is not None else None
    return await meter.call(stub, "GetMatch", pb.GetMatchRequest(name=record.name), token)


def _active(state: Any) -> bool:
    return state.match.status == match_pb2.MATCH_STATUS_ACTIVE


def _outcome_unknown(error: grpc.aio.AioRpcError) -> bool:
    return error.code() in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.UNKNOWN)


def _request_id() -> str:
    return str(uuid.uuid4())  # the canonical form: the service accepts no other (AIP-155)
