"""Flip 7 default actions (docs/rules/flip-7.md, "Timeouts and absent seats"), one scenario per
decision kind, on state fixtures."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.flip7 import Flip7Engine

ENGINE = Flip7Engine()
A, B, C = 0, 1, 2


def table(lines: list[dict[str, Any]], current: int, draw: list[str], **options: Any):
    fixture = {"table": {"dealer": A, "current": current, "draw": draw, "discard": [], "lines": lines}}
    return ENGINE.new_game(3, options, seed=5, fixture=fixture)


def default(state, seat: int) -> dict[str, Any]:
    action = ENGINE.default_action(state, seat)
    assert action in ENGINE.legal_actions(state, seat)
    return action


def play(state, seat: int, action: dict[str, Any]):
    return ENGINE.apply(state, seat, action).state


def pending(state) -> tuple[int, str, list[int]]:
    shown = ENGINE.view(state, None)["pending"]
    return shown["decider"], shown["card"], shown["legal_targets"]


def test_the_turn_stays_when_the_line_holds_a_card():
    state = table([{"numbers": ["N5_1"]}, {"numbers": ["N6_1"]}, {"numbers": ["N7_1"]}], A, ["N3_1"])
    assert default(state, A) == {"type": "stay"}


def test_an_empty_line_hits_when_staying_needs_a_card():
    state = table([{}, {"numbers": ["N6_1"]}, {"numbers": ["N7_1"]}], A, ["N3_1"])
    assert default(state, A) == {"type": "hit"}
    state = play(state, A, default(state, A))
    assert ENGINE.view(state, None)["players"][A]["numbers"] == ["N3_1"]


def test_an_empty_line_stays_when_the_option_allows_it():
    state = table([{}, {"numbers": ["N6_1"]}, {"numbers": ["N7_1"]}], A, ["N3_1"], stay_requires_card=False)
    assert default(state, A) == {"type": "stay"}


def test_flip_three_and_freeze_land_on_the_seat_itself_then_go_clockwise():
    lines = [{"numbers": ["N1_1"]}, {"numbers": ["N2_1"]}, {"numbers": ["N3_1"]}]
    state = table(lines, A, ["FL3_1", "FRZ_1", "FRZ_2", "N5_1", "N6_1"])
    state = play(state, A, {"type": "hit"})
    assert pending(state) == (A, "FL3_1", [A, B, C])
    assert default(state, A) == {"type": "assign", "target": A}  # the risk is the absent seat's own
    state = play(state, A, default(state, A))
    # the Flip Three drew FRZ_1 and FRZ_2 (set aside) and N5_1; the set-aside Freezes come next
    assert pending(state) == (A, "FRZ_1", [A, B, C])
    assert default(state, A) == {"type": "assign", "target": A}  # freezing oneself banks the line
    state = play(state, A, default(state, A))
    assert ENGINE.view(state, None)["players"][A]["status"] == "FROZEN"
    # A is frozen, yet still decides the second Freeze (D5): the first target clockwise from A
    assert pending(state) == (A, "FRZ_2", [B, C])
    assert default(state, A) == {"type": "assign", "target": B}
    state = play(state, A, default(state, A))
    assert [p["status"] for p in ENGINE.view(state, None)["players"]] == ["FROZEN", "FROZEN", "ACTIVE"]


def test_second_chance_is_kept_when_the_seat_may_keep_it():
    lines = [{"numbers": ["N1_1"]}, {"numbers": ["N2_1"]}, {"numbers": ["N3_1"], "sc": "SC_1"}]
    state = play(table(lines, A, ["SC_2", "N5_1"]), A, {"type": "hit"})
    assert pending(state) == (A, "SC_2", [A, B])
    assert default(state, A) == {"type": "assign", "target": A}


def test_a_second_second_chance_goes_to_the_next_seat_clockwise_wrapping_around():
    lines = [{"numbers": ["N1_1"]}, {"numbers": ["N2_1"]}, {"numbers": ["N3_1"], "sc": "SC_1"}]
    state = play(table(lines, C, ["SC_2", "N5_1"]), C, {"type": "hit"})
    assert pending(state) == (C, "SC_2", [A, B])
    assert default(state, C) == {"type": "assign", "target": A}


def test_a_seat_that_is_not_asked_gets_not_your_turn():
    state = table([{"numbers": ["N5_1"]}, {"numbers": ["N6_1"]}, {"numbers": ["N7_1"]}], A, ["N3_1"])
    for seat in (B, C):
        with pytest.raises(RuleError) as refused:
            ENGINE.default_action(state, seat)
        assert refused.value.code == "NOT_YOUR_TURN"
