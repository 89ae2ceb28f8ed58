"""Compact legal actions (issue 16 part 3) against a live server, at every game's largest table.

At every step of seeded random matches, each seat to act (and a spectator) reads GetMatch with
``LEGAL_ACTIONS_FORM_BOTH``: the sets, expanded by the Python SDK, are the flat list exactly, in order; the
answer in the COMPACT form (the same state without the flat list) stays under 16 KB as proto3 JSON, the REST
answer's encoding. The default form is unchanged (flat, no sets); SubmitAction and WatchMatch answer the form
asked. Pumptown is played with one seat holding all 21
pump cards (``pump_hand_limit`` 21), the largest lists the rules allow with the default mix: two Swaps and two
Steals at its turn, 2,016 flat actions. The largest answers are printed (docs/api-guide.md records them);
``CARDROOM_ACTION_SET_STEPS`` (default 120) plays more steps per game.
"""

from __future__ import annotations

import os
import random

import grpc
import pytest
from cardroom_client import expand_action_sets
from google.protobuf import json_format
from table import Table, bearer

from cardroom.engines import get_engine
from cardroom.engines.pumptown.cards import pump_cards
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import ServerProcess

LIMIT = 16 * 1024
STEPS = int(os.environ.get("CARDROOM_ACTION_SET_STEPS", "120"))
BOTH, COMPACT = match_pb2.LEGAL_ACTIONS_FORM_BOTH, match_pb2.LEGAL_ACTIONS_FORM_COMPACT


@pytest.fixture(scope="module")
def every_seat_stub(redis_process):
    """A server where one client may hold all 12 seats of a Flip 7 table (the default cap is 8)."""
    server = ServerProcess(redis_process.url, "--allow-fixed-decks", "--max-seats-per-client", "0")
    server.start()
    try:
        with grpc.insecure_channel(server.address) as channel:
            yield game_service_pb2_grpc.GameServiceStub(channel)
    finally:
        server.stop()


def _get(table: Table, seat: int | None, form: int) -> match_pb2.MatchState:
    metadata = bearer(table.tokens[seat]) if seat is not None else ()
    return table.stub.GetMatch(pb.GetMatchRequest(name=table.name, legal_actions_form=form), metadata=metadata)


def _json_size(state: match_pb2.MatchState) -> int:
    return len(json_format.MessageToJson(state, indent=None).encode())


def _largest(table: Table, rng: random.Random) -> dict[str, int]:
    """Plays ``STEPS`` random actions; the largest flat list and answers seen, checking every expansion."""
    largest = {"flat_actions": 0, "sets": 0, "flat_bytes": 0, "compact_bytes": 0}
    state = table.get(None)
    for _ in range(STEPS):
        if state.match.status != match_pb2.MATCH_STATUS_ACTIVE:
            break
        seats = list(state.to_act) or [s for s in range(table.players) if s in table.get(s).to_act]
        for viewer in [*seats, None]:
            both = _get(table, viewer, BOTH)
            assert list(expand_action_sets(both.legal_action_sets)) == list(both.legal_actions)
            compact, flat = match_pb2.MatchState(), match_pb2.MatchState()
            compact.CopyFrom(both)
            compact.ClearField("legal_actions")
            flat.CopyFrom(both)
            flat.ClearField("legal_action_sets")
            largest["flat_actions"] = max(largest["flat_actions"], len(both.legal_actions))
            largest["sets"] = max(largest["sets"], len(both.legal_action_sets))
            largest["flat_bytes"] = max(largest["flat_bytes"], _json_size(flat))
            largest["compact_bytes"] = max(largest["compact_bytes"], _json_size(compact))
        seat = rng.choice(seats)
        mine = _get(table, seat, COMPACT)
        assert not mine.legal_actions and mine.legal_action_sets
        action = rng.choice(expand_action_sets(mine.legal_action_sets))
        request = pb.SubmitActionRequest(name=table.name, action=action, expected_version=mine.match.version)
        request.legal_actions_form = COMPACT
        answer = table.stub.SubmitAction(request, metadata=bearer(table.tokens[seat]))
        assert not answer.state.legal_actions
        state = answer.state
    return largest


def _check_watch(table: Table) -> None:
    """A COMPACT watch: each update's state has the sets, as GetMatch of that seat would."""
    acting = [seat for seat in range(table.players) if table.get(seat).legal_actions]
    if not acting:
        return
    request = pb.WatchMatchRequest(name=table.name, after_version=0, legal_actions_form=COMPACT)
    stream = table.stub.WatchMatch(request, metadata=bearer(table.tokens[acting[0]]))
    current = table.get(None).match.version
    try:
        for update in stream:
            assert not update.state.legal_actions
            if update.version == current:
                flat = _get(table, acting[0], BOTH).legal_actions
                assert list(expand_action_sets(update.state.legal_action_sets)) == list(flat)
                break
    finally:
        stream.cancel()


def test_compact_legal_actions_expand_to_the_flat_list_and_stay_under_16_kb(every_seat_stub):
    stub = every_seat_stub
    figures = {}
    for game in ("pumptown", "pumba", "up-or-down", "flip-7"):
        players = get_engine(game).info.max_players
        options, fixture = {}, None
        if game == "pumptown":
            options = {"pump_hand_limit": 21}
            fixture = {"hands": [pump_cards([2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 1])] + [[]] * (players - 1)}
        table = Table(stub, game, players, options=options, seed=7, fixture=fixture)
        table.start()
        default = table.get(0)
        assert not default.legal_action_sets  # the flat list stays the default
        figures[f"{game} ({players} seats)"] = _largest(table, random.Random(game))
        _check_watch(table)
    print("largest answers:", figures)
    assert figures["pumptown (8 seats)"]["flat_actions"] >= 2016  # the worst case was reached
    for name, largest in figures.items():
        assert largest["compact_bytes"] < LIMIT, (name, largest)
