"""Pumba default actions (docs/rules/pumba.md E15-E20), on mid-round fixtures."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.pumba import PumbaEngine
from cardroom.engines.pumba.cards import CARDS, INDEX

ENGINE = PumbaEngine()


def mid_round(players: int, hands: list[str], top: str, options: dict[str, Any] | None = None, **state: Any):
    """The given hands, ``top`` alone on the pile, every other card in the stock (unless given)."""
    held = [sorted(hand.split(), key=INDEX.__getitem__) for hand in hands]
    placed = {card for hand in held for card in hand} | {top}
    fixture = {"hands": held, "discard": [top], "stock": [c for c in CARDS if c not in placed], **state}
    return ENGINE.new_game(players, options or {}, seed=5, fixture={"state": fixture})


def default(state, seat: int) -> dict[str, Any]:
    action = ENGINE.default_action(state, seat)
    assert action in ENGINE.legal_actions(state, seat)
    return action


def play(state, seat: int, action: dict[str, Any]):
    return ENGINE.apply(state, seat, action).state


def test_a_normal_turn_draws_once_then_passes_without_playing_the_playable_cards():
    state = mid_round(2, ["5o 5c Se", "3e 4e 6e"], "5e")
    assert default(state, 0) == {"type": "draw"}
    state = play(state, 0, default(state, 0))
    assert default(state, 0) == {"type": "pass"}
    state = play(state, 0, default(state, 0))
    assert ENGINE.view(state, None)["current"] == 1 and ENGINE.view(state, 0)["players"][0]["hand_count"] == 4


def test_after_a_king_the_seat_passes_at_once_when_the_table_allows_it_else_draws():
    optional = mid_round(2, ["5o 5c", "3e 4e"], "Re", {"king_followup": "optional"}, extra_turn=True)
    assert default(optional, 0) == {"type": "pass"}
    full = mid_round(2, ["5o 5c", "3e 4e"], "Re", extra_turn=True)
    assert default(full, 0) == {"type": "draw"}


def test_with_nothing_to_draw_the_seat_passes():
    hands = ["1o 2o 3o 4o 5o 6o 7o So Co Ro 1c 2c 3c 4c 5c 6c 7c Sc Cc Rc",
             "1e 2e 3e 4e 5e 6e 7e Se Ce Re 1b 2b 3b 4b 5b 6b 7b Sb Cb"]
    state = mid_round(2, hands, "Rb", stock=[])
    assert not ENGINE.view(state, None)["stock_count"]
    assert default(state, 0) == {"type": "pass"}


def test_a_penalty_turn_takes_the_penalty_instead_of_passing_it_on_with_a_two():
    state = mid_round(3, ["2o 5c", "3e 4e", "6b 7b"], "2e", pending_draw=2)
    assert {"type": "play", "card": "2o"} in ENGINE.legal_actions(state, 0)
    assert default(state, 0) == {"type": "take_penalty"}


def test_in_an_open_pumba_window_waiting_seats_challenge_and_the_seat_to_play_plays_its_turn():
    state = mid_round(3, ["5o 5c", "3e 4e", "6b 7b"], "5e")
    state = play(state, 0, {"type": "play", "card": "5o"})  # one card left, no call: the window opens
    assert ENGINE.view(state, None)["pumba_window"] == 0 and ENGINE.to_act(state) == (1, 2)
    assert default(state, 2) == {"type": "challenge_pumba", "target": 0}
    assert default(state, 1) == {"type": "draw"}  # the current seat does not challenge first
    closed = play(state, 1, default(state, 1))
    assert ENGINE.view(closed, None)["pumba_window"] is None


def test_a_seat_that_is_not_asked_gets_not_your_turn():
    state = mid_round(3, ["5o 5c", "3e 4e", "6b 7b"], "5e")
    with pytest.raises(RuleError) as refused:
        ENGINE.default_action(state, 1)
    assert refused.value.code == "NOT_YOUR_TURN"
