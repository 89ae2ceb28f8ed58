"""The per-worker steps the lean log's check reuses (app/engine_steps.py)."""

from __future__ import annotations

import random

import pytest

from cardroom.app import decoded_states
from cardroom.app.engine_steps import EngineSteps
from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import RuleError


def _a_step(game: str, seed: int):
    """(engine, the bytes of a started game's state, the seat to act, one of its legal actions)."""
    engine = get_engine(game)
    state = engine.start(engine.info.min_players, {}, seed, None).state
    seat = engine.to_act(state)[0]
    action = random.Random(seed).choice(engine.legal_actions(state, seat))
    return engine, engine.encode(state), seat, action


def test_a_noted_step_is_served_as_noted_and_its_state_decodes_from_the_cache() -> None:
    steps = EngineSteps()
    for game in game_ids():
        engine, before, seat, action = _a_step(game, 3)
        after = engine.apply(engine.decode(before), seat, action).state
        encoded = steps.noted(engine, before, seat, action, after)
        assert encoded == engine.encode(after)
        # equal bytes and an equal action from elsewhere (a read of the stored record) find the step
        assert steps.next_state(engine, bytes(bytearray(before)), seat, dict(action)) is encoded
        assert decoded_states.shared.decode(engine, bytes(bytearray(encoded))) is after


def test_a_step_not_noted_is_computed_and_the_steps_stay_bounded() -> None:
    steps = EngineSteps(size=2)
    engine = get_engine("pumba")
    noted = []
    for seed in (1, 2, 3):
        _, before, seat, action = _a_step("pumba", seed)
        after = engine.apply(engine.decode(before), seat, action).state
        noted.append((before, seat, action, steps.noted(engine, before, seat, action, after)))
    assert len(steps._next) == 2
    before, seat, action, encoded = noted[0]  # evicted: computed again, the same bytes
    again = steps.next_state(engine, before, seat, action)
    assert again == encoded and again is not encoded
    before, seat, action, encoded = noted[2]
    assert steps.next_state(engine, before, seat, action) is encoded
    # another seat's step from the same state is another key: computed (here refused, as the engine does)
    other = (seat + 1) % engine.info.min_players
    with pytest.raises(RuleError):
        steps.next_state(engine, before, other, action)
