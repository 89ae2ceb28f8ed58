"""Compact legal actions (app/action_sets.py): expanding the sets gives the flat list back, in order."""

from __future__ import annotations

import random

import pytest

from cardroom.app.action_sets import ActionSet, compact, expand
from cardroom.engines import game_ids, get_engine
from cardroom.engines.pumptown.cards import pump_cards

STEPS = 400


@pytest.mark.parametrize("game", game_ids())
def test_sets_expand_to_the_flat_list_over_random_games(game: str) -> None:
    engine = get_engine(game)
    rng = random.Random(game)
    flat = sets = 0
    for players in (engine.info.min_players, engine.info.max_players):
        state = engine.new_game(players, {}, seed=1_000_003 + players)
        for _ in range(STEPS):
            to_act = engine.to_act(state)
            if not to_act:
                break
            for seat in range(players):
                actions = engine.legal_actions(state, seat) + engine.standing_actions(state, seat)
                found = compact(actions)
                assert expand(found) == actions
                flat, sets = flat + len(actions), sets + len(found)
            seat = rng.choice(to_act)
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state
    assert sets <= flat


def test_a_pumptown_swap_is_one_set_of_two_different_seats() -> None:
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
    found = compact(actions)
    assert len(actions) >= 2016 and len(found) <= 6
    seats, positions = tuple(range(8)), ("TL", "TR", "BL", "BR")
    swaps = (("card", ("SWAP1", "SWAP2")), ("a", seats), ("pa", positions), ("b", seats), ("pb", positions))
    assert ActionSet({"type": "play"}, swaps, ("a", "b")) in found
    steals = (("card", ("STEAL1", "STEAL2")), ("target", seats[1:]), ("tpos", positions), ("own_pos", positions))
    assert ActionSet({"type": "play"}, steals) in found


def test_a_pumba_call_is_a_bool_parameter() -> None:
    """As the wire carries them (the server factors the actions' messages): no call is ``pumba: false``."""
    actions = [{"type": "play", "card": "5c", "pumba": False}, {"type": "play", "card": "5c", "pumba": True},
               {"type": "play", "card": "7c", "pumba": False}, {"type": "play", "card": "7c", "pumba": True},
               {"type": "draw"}]
    assert compact(actions) == [
        ActionSet({"type": "play"}, (("card", ("5c", "7c")), ("pumba", (False, True)))),
        ActionSet({"type": "draw"}),
    ]
