"""The compound turn of Up or Down? (rules §3.2): ``turn {play, take, place, draw?}`` is the four steps at once."""

from __future__ import annotations

import random

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.up_or_down import UpOrDownEngine

ENGINE = UpOrDownEngine()


def _steps(state, seat: int, rng: random.Random):
    """A random legal step-by-step turn from ``state``: (the steps, the state after, the events)."""
    steps, events = [], []
    while True:
        step = rng.choice(ENGINE.legal_actions(state, seat))
        transition = ENGINE.apply(state, seat, step)
        steps.append(step)
        state, events = transition.state, events + transition.events
        if ENGINE.is_over(state) or state.current != seat or state.phase == "PLAY":
            return steps, state, events


def _compound(steps: list[dict]) -> dict:
    return {"type": "turn", **{step["type"]: {k: v for k, v in step.items() if k != "type"} for step in steps}}


def _refused(state, seat: int, action: dict, code: str) -> None:
    before = ENGINE.encode(state)
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, seat, action)
    assert caught.value.code == code, caught.value
    assert ENGINE.encode(state) == before


@pytest.mark.parametrize("players", [2, 6])
def test_a_compound_turn_is_its_steps_in_one_action(players: int) -> None:
    rng = random.Random(players)
    turns = drawless = 0
    for game in range(3):
        state = ENGINE.new_game(players, {}, seed=1_000_003 + game)
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            steps, after, events = _steps(state, seat, rng)
            atomic = ENGINE.apply(state, seat, _compound(steps))
            assert ENGINE.encode(atomic.state) == ENGINE.encode(after)
            assert atomic.events == events
            if len(steps) == 3:  # a forced draw, or none: a chosen one is refused
                _refused(state, seat, {**_compound(steps), "draw": {"pile": "up"}}, "INVALID_ARGUMENT")
                drawless += 1
            state = after
            turns += 1
    assert turns > 50 and drawless > 0


def test_compound_turn_refusals_change_nothing() -> None:
    rng = random.Random(7)
    state = ENGINE.new_game(3, {}, seed=1_000_033)
    seat = ENGINE.to_act(state)[0]
    steps, _, _ = _steps(state, seat, rng)
    assert [s["type"] for s in steps] == ["play", "take", "place", "draw"]  # both piles hold cards at the start
    turn = _compound(steps)
    _refused(state, (seat + 1) % 3, turn, "NOT_YOUR_TURN")
    _refused(state, seat, {k: v for k, v in turn.items() if k != "draw"}, "INVALID_ARGUMENT")  # the draw is due
    _refused(state, seat, {k: v for k, v in turn.items() if k != "take"}, "INVALID_ARGUMENT")
    _refused(state, seat, {**turn, "take": {"card": 999}}, "INVALID_ARGUMENT")
    played = turn["play"]["card"]
    neighbour = next(c for c in range(1, 127) if c not in [*state.display, played] and c not in state.hands[seat])
    _refused(state, seat, {**turn, "take": {"card": neighbour}}, "NOT_ADJACENT")  # the third step fails: all undone
    _refused(state, seat, {**turn, "draw": {"pile": "sideways"}}, "INVALID_ARGUMENT")
    _refused(state, seat, {**turn, "draw": {"type": "draw", "pile": "up"}}, "INVALID_ARGUMENT")
    after_play = ENGINE.apply(state, seat, steps[0]).state
    _refused(after_play, seat, turn, "WRONG_PHASE")
