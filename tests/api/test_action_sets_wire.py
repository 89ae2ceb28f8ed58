"""Compact legal actions on the wire (api/action_sets_wire.py): the ActionSet messages of every game's legal actions
are those of the actions as the wire carries them (the round trip through their messages, made once per shape), and
both expansions, the service's ``legal_actions`` and the Python SDK's ``expand_action_sets``, give the flat messages
back exactly, in order."""

from __future__ import annotations

import random

import pytest
from cardroom_client import expand_action_sets, random_legal_action

from cardroom.api import convert
from cardroom.api.action_sets_wire import action_sets_to_proto, legal_actions
from cardroom.app.action_sets import compact
from cardroom.engines import game_ids, get_engine
from cardroom.engines.pumptown.cards import pump_cards
from cardroom.v1 import match_pb2

STEPS = 150


def _check(game: str, actions: list[dict]) -> None:
    sets = action_sets_to_proto(game, actions)
    round_trip = [convert.action_from_proto(game, convert.action_to_proto(game, action)) for action in actions]
    assert len(sets) == len(compact(round_trip))
    flat = [convert.action_to_proto(game, action) for action in actions]
    assert legal_actions(game, match_pb2.MatchState(legal_action_sets=sets)) == flat
    assert expand_action_sets(sets) == flat
    assert legal_actions(game, match_pb2.MatchState(legal_actions=flat, legal_action_sets=sets)) == flat
    # the load generator's pick: the action rng.choice takes from the expanded list, in either form
    for state in (match_pb2.MatchState(legal_action_sets=sets), match_pb2.MatchState(legal_actions=flat)):
        for seed in (len(flat), len(flat) + 1, len(flat) + 2) if flat else ():
            assert random_legal_action(state, random.Random(seed)) == random.Random(seed).choice(flat)


@pytest.mark.parametrize("game", game_ids())
def test_the_sets_expand_to_the_flat_messages_over_random_games(game: str) -> None:
    engine = get_engine(game)
    rng = random.Random(game)
    for players in (engine.info.min_players, engine.info.max_players):
        state = engine.new_game(players, {}, seed=2_000_003 + players)
        for _ in range(STEPS):
            to_act = engine.to_act(state)
            if not to_act:
                break
            for seat in range(players):
                _check(game, engine.legal_actions(state, seat) + engine.standing_actions(state, seat))
            seat = rng.choice(to_act)
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state


def test_an_eight_seat_pumptown_turn_with_every_pump_card() -> None:
    engine = get_engine("pumptown")
    hands = [pump_cards([2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 1])] + [[]] * 7
    state = engine.new_game(8, {"pump_hand_limit": 21}, seed=1_000_033, fixture={"hands": hands})
    rng = random.Random(3)
    while not (engine.to_act(state) == (0,) and engine.view(state, 0)["phase"] == "TURN_START"):
        seat = rng.choice(engine.to_act(state))
        legal = [a for a in engine.legal_actions(state, seat) if a["type"] != "play"] or engine.legal_actions(
            state, seat
        )
        state = engine.apply(state, seat, rng.choice(legal)).state
    actions = engine.legal_actions(state, 0) + engine.standing_actions(state, 0)
    assert len(actions) >= 2016
    _check("pumptown", actions)
