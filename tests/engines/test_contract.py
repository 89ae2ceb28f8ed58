"""Promises of the engine contract's shared code, checked for every registered engine."""

from __future__ import annotations

import pytest

from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import RuleError


@pytest.mark.parametrize("game", game_ids())
def test_view_refuses_a_seat_that_is_not_at_the_table(game: str) -> None:
    engine = get_engine(game)
    state = engine.new_game(3, {}, seed=7)
    seats = engine.seat_count(state)
    assert engine.view(state, None) and all(engine.view(state, seat) for seat in range(seats))
    for seat in (-1, seats, 99, "0", True, 1.0):
        with pytest.raises(RuleError) as refused:
            engine.view(state, seat)
        assert refused.value.code == "INVALID_SEAT" and refused.value.malformed


#: the event that opens each engine's first round (Up or Down? deals without one: its deal is the first view)
OPENING_EVENT = {"flip-7": "round_start", "pumba": "round_started", "pumptown": "round_start", "up-or-down": None}


@pytest.mark.parametrize("game", game_ids())
def test_start_returns_the_opening_events_and_new_game_its_state(game: str) -> None:
    engine = get_engine(game)
    opening = engine.start(3, {}, seed=11)
    assert engine.encode(engine.new_game(3, {}, seed=11)) == engine.encode(opening.state)
    expected = OPENING_EVENT[game]
    assert [event.type for event in opening.events[:1]] == ([expected] if expected else [])
