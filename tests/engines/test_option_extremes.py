"""Every option has a range, and games played at each end of every range keep every number inside int32.

The API carries scores, totals and counts as int32: an option without a maximum (Flip 7's
``flip7_bonus`` once accepted 2147483647) could make a match unreadable later. Here each
numeric option of each game is set to its minimum, then to its maximum (the others at their
defaults), plus one game with every numeric option at its maximum, and random games are
played to the end checking every integer any viewer gets (views, events, the result).

CI plays ``CARDROOM_PROPERTY_GAMES`` games per configuration (default 1); a longer run:
``CARDROOM_PROPERTY_GAMES=20 python -m pytest tests/engines/test_option_extremes.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from contract_suite import property_games

from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import OptionSpec, validate_options

INT32 = range(-(2**31), 2**31)
NUMERIC = ("int", "int_list", "seat")
MAX_ACTIONS = 400_000
#: other options an extreme needs to make a legal table (Flip 7: min_players <= max_players)
COMPANIONS = {("flip-7", "max_players", "min"): {"min_players": 2}}


def _extreme(spec: OptionSpec, end: str) -> Any:
    value = spec.minimum if end == "min" else spec.maximum
    if spec.kind == "int_list":
        # as many entries as allowed, all at that end (a set-like list keeps distinct entries)
        count = spec.max_items if end == "max" else 1
        length = len(spec.default) if spec.name == "pump_mix" else count
        return [value] * length if spec.name == "pump_mix" else [value - i for i in range(length)]
    return value


def _configs() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for game in game_ids():
        specs = [spec for spec in get_engine(game).info.options if spec.kind in NUMERIC]
        for spec in specs:
            for end in ("min", "max"):
                companions = COMPANIONS.get((game, spec.name, end), {})
                yield game, f"{spec.name}={end}", {spec.name: _extreme(spec, end), **companions}
        yield game, "all=max", {spec.name: _extreme(spec, "max") for spec in specs if _max_combines(game, spec)}


def _max_combines(game: str, spec: OptionSpec) -> bool:
    """Options whose maximum together with the others' still makes a playable table."""
    # a Pumptown table cannot hold every pump card at 9 copies with 21 in each hand and still deal
    return not (game == "pumptown" and spec.name in ("pump_mix", "pump_hand_limit"))


def test_every_numeric_option_has_a_range():
    for game in game_ids():
        for spec in get_engine(game).info.options:
            if spec.kind in ("int", "int_list"):
                assert spec.minimum is not None and spec.maximum is not None, f"{game}.{spec.name} has no range"
                assert spec.maximum in INT32 and spec.minimum in INT32
            if spec.kind == "int_list":
                assert spec.max_items is not None, f"{game}.{spec.name} has no longest list"


def _integers(value: Any) -> Iterator[int]:
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _integers(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _integers(item)


def _check_fits(where: str, what: str, value: Any) -> None:
    outside = [number for number in _integers(value) if number not in INT32]
    assert not outside, f"{where}: {what} holds {outside[:3]} outside int32"


def _play(game: str, players: int, options: dict[str, Any], seed: int) -> int:
    engine = get_engine(game)
    chooser = random.Random(seed)
    opening = engine.start(players, options, seed)
    state, events = opening.state, opening.events
    viewers = [None, *range(players)]
    for step in range(MAX_ACTIONS):
        where = f"{game} {options} seed {seed} step {step}"
        for event in events:
            for viewer in viewers:
                _check_fits(where, "an event", dict(event.for_viewer(viewer)))
        seats = engine.to_act(state)
        if not seats:
            for viewer in viewers:
                _check_fits(where, "a view", engine.view(state, viewer))
            result = engine.result(state)
            assert result is not None
            _check_fits(where, "the result", [result.scores, result.ranks, result.winners])
            return step
        seat = chooser.choice(list(seats))
        _check_fits(where, "a view", engine.view(state, seat))
        transition = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat)))
        state, events = transition.state, transition.events
    raise AssertionError(f"{game} {options} seed {seed}: no end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize(("game", "label", "options"), list(_configs()), ids=lambda v: v if isinstance(v, str) else "")
def test_games_at_option_extremes_keep_every_number_inside_int32(game, label, options):
    engine = get_engine(game)
    seats = [
        value + 1
        for spec in engine.info.options
        if spec.kind == "seat"
        for value in [options.get(spec.name)]
        if isinstance(value, int)
    ]
    # the fewest players that make the table legal (a seat option at its maximum needs that seat)
    effective = validate_options(engine.info.options, options)
    players = max([effective.get("min_players", engine.info.min_players), *seats])
    for index in range(property_games(1)):
        assert _play(game, players, options, seed=7_919 * (index + 1) + len(label)) > 0
