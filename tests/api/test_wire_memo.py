"""Conversions memoized by value (api/wire_memo.py): over random games of every game, the legal action sets and
every viewer's events that the service's memoized conversions give are exactly the direct conversions' (hits
and misses alike); so are a match's options, for every value each option of each game takes; and a failing
conversion still fails."""

from __future__ import annotations

import random

import pytest

from cardroom.api import convert, handlers
from cardroom.api.action_sets_wire import action_sets_to_proto
from cardroom.api.wire_memo import by_value
from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import OptionSpec

STEPS = 120


@pytest.mark.parametrize("game", game_ids())
def test_memoized_conversions_equal_the_direct_ones_over_random_games(game: str) -> None:
    engine = get_engine(game)
    rng = random.Random(game)
    for players in (engine.info.min_players, engine.info.max_players):
        state = engine.new_game(players, {}, seed=3_000_017 + players)
        for _ in range(STEPS):
            to_act = engine.to_act(state)
            if not to_act:
                break
            for seat in range(players):
                actions = engine.legal_actions(state, seat) + engine.standing_actions(state, seat)
                assert list(handlers._action_sets(game, actions)) == action_sets_to_proto(game, actions)
            seat = rng.choice(to_act)
            step = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
            for event in step.events:
                for viewer in (None, *range(players)):
                    shown = event.for_viewer(viewer)
                    assert handlers._event(game, shown) == convert.event_to_proto(game, shown)
            state = step.state
    assert handlers._action_sets.cache_info().hits > 0  # type: ignore[attr-defined]


def _values(spec: OptionSpec) -> list:
    """Values of ``spec`` a match may hold, its default first (a seat option's index an int, as stored)."""
    ends = [v for v in (spec.minimum, spec.maximum) if v is not None] or [0, 3]
    by_kind = {
        "bool": [True, False],
        "int": ends,
        "enum": list(spec.choices),
        "seat": [0, 1, *spec.choices],
        "int_list": [[], ends, [ends[0]] * (spec.max_items or 2)],
    }
    return [spec.default, *by_kind[spec.kind]]


@pytest.mark.parametrize("game", game_ids())
def test_memoized_options_equal_the_direct_conversion_for_every_value(game: str) -> None:
    specs = get_engine(game).info.options
    defaults = {spec.name: spec.default for spec in specs}
    cases = [{}, defaults] + [{**defaults, spec.name: value} for spec in specs for value in _values(spec)]
    for _ in range(2):  # misses, then hits
        for options in cases:
            assert handlers._options(game, options) == convert.options_to_proto(game, options), options
    assert handlers._options.cache_info().hits > 0  # type: ignore[attr-defined]


def test_a_failing_conversion_fails_every_time() -> None:
    event = by_value(convert.event_to_proto)
    for _ in range(2):
        with pytest.raises(ValueError):
            event("flip-7", {"type": "no_such_event"})
