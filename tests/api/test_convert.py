"""The proto mirrors the engines: every legal action, every event for every viewer
and every view for every seat and the spectator survives dict -> proto -> dict,
at every step of seeded random games of every engine that exists."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cardroom.api import convert
from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import Engine, RuleError, validate_options
from cardroom.v1 import match_pb2

GAMES_PER_ENGINE = 30
#: a random game longer than this is cut short (the checks per step are what matter)
MAX_STEPS = 1000


def _engine_or_skip(game: str) -> Engine:
    try:
        engine = get_engine(game)
    except (ImportError, AttributeError) as error:  # engine not written yet
        pytest.skip(f"no {game} engine: {error}")
    if not getattr(match_pb2.SeatView(), convert.game_field(game)).DESCRIPTOR.fields:
        pytest.skip(f"the {game} proto is still a placeholder")  # TODO(proto): remove once all four are written
    return engine


def _plain(value: Any, *, drop_empty: bool = False) -> Any:
    """Drop None values (absent on the wire), and empty lists if ``drop_empty``; tuples become lists."""
    if isinstance(value, dict):
        return {
            key: _plain(item, drop_empty=drop_empty)
            for key, item in value.items()
            if item is not None and not (drop_empty and isinstance(item, (list, tuple)) and not item)
        }
    if isinstance(value, (list, tuple)):
        return [_plain(item, drop_empty=drop_empty) for item in value]
    return value


def _same(back: Any, original: Any, *, drop_empty: bool = False) -> bool:
    """Equal, or equal once what the wire cannot tell apart is dropped: None (an unset
    optional field) and, for events, an empty list (a private list other viewers lack)."""
    return back == original or _plain(back, drop_empty=drop_empty) == _plain(original, drop_empty=drop_empty)


def _new_game(engine: Engine, rng: random.Random, seed: int) -> tuple[Any, int]:
    info = engine.info
    counts = list(range(info.min_players, min(info.max_players, 6) + 1))
    rng.shuffle(counts)
    for seats in counts:
        try:
            return engine.new_game(seats, {}, seed), seats
        except RuleError:  # e.g. a seat count only an option allows
            continue
    raise AssertionError(f"{info.id}: no seat count in {counts} starts a game with default options")


def _check_step(game: str, engine: Engine, state: Any, seats: int, events: list) -> None:
    viewers: list[int | None] = [None, *range(seats)]
    for event in events:
        for viewer in viewers:
            shown = event.for_viewer(viewer)
            message = convert.event_to_proto(game, shown)
            assert _same(convert.event_from_proto(game, message), shown, drop_empty=True), (game, viewer, shown)
    for viewer in viewers:
        view = engine.view(state, viewer)
        message = convert.view_to_proto(game, view)
        assert _same(convert.view_from_proto(game, message), view), (game, viewer, view)
    for seat in engine.to_act(state):
        for action in engine.legal_actions(state, seat):
            message = convert.action_to_proto(game, action)
            assert message.WhichOneof("game") == convert.game_field(game)
            assert _same(convert.action_from_proto(game, message), action), (game, seat, action)
            # and over the wire
            wire = match_pb2.Action.FromString(message.SerializeToString())
            assert _same(convert.action_from_proto(game, wire), action)


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("index", range(GAMES_PER_ENGINE))
def test_random_game_round_trips(game: str, index: int) -> None:
    engine = _engine_or_skip(game)
    rng = random.Random(f"{game}/{index}")
    state, seats = _new_game(engine, rng, seed=index)
    _check_step(game, engine, state, seats, [])
    for _ in range(MAX_STEPS):
        to_act = engine.to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        transition = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
        state = transition.state
        _check_step(game, engine, state, seats, transition.events)


@pytest.mark.parametrize("game", game_ids())
def test_options_round_trip(game: str) -> None:
    engine = _engine_or_skip(game)
    effective = validate_options(engine.info.options, {})
    message = convert.options_to_proto(game, effective)
    assert message.WhichOneof("game") == convert.game_field(game)
    assert convert.options_from_proto(message) == (game, _plain(effective))
    # only the options a client sets come back
    for spec in engine.info.options:
        if spec.default is None:
            continue
        one = {spec.name: effective[spec.name]}
        assert convert.options_from_proto(convert.options_to_proto(game, one)) == (game, _plain(one))
    assert convert.options_from_proto(match_pb2.GameOptions()) == (None, {})


@pytest.mark.parametrize("game", game_ids())
def test_seat_options_travel_as_strings(game: str) -> None:
    engine = _engine_or_skip(game)
    for spec in engine.info.options:
        if spec.kind != "seat":
            continue
        message = convert.options_to_proto(game, {spec.name: 1})
        assert getattr(getattr(message, convert.game_field(game)), spec.name) == "1"
        assert convert.options_from_proto(message) == (game, {spec.name: 1})
        for choice in spec.choices:
            assert convert.options_from_proto(convert.options_to_proto(game, {spec.name: choice}))[1] == {
                spec.name: choice
            }


@pytest.mark.parametrize("game", game_ids())
def test_game_to_proto(game: str) -> None:
    info = _engine_or_skip(game).info
    message = convert.game_to_proto(info)
    assert message.name == f"games/{game}" and message.game_id == game
    assert message.display_name == info.name and message.summary == info.summary
    assert (message.min_players, message.max_players) == (info.min_players, info.max_players)
    assert [option.name for option in message.options] == [spec.name for spec in info.options]
    fields = set(getattr(match_pb2.GameOptions(), convert.game_field(game)).DESCRIPTOR.fields_by_name)
    for option, spec in zip(message.options, info.options, strict=True):
        assert option.name in fields, f"{game}: option {spec.name} has no field in the proto"
        assert json.loads(option.default_json) == _plain(spec.default) or (
            spec.default is None and option.default_json == "null"
        )
        assert match_pb2.OptionKind.Name(option.kind) == f"OPTION_KIND_{spec.kind.upper()}"
        assert list(option.choices) == list(spec.choices)
        assert (option.minimum if option.HasField("minimum") else None) == spec.minimum
        assert (option.maximum if option.HasField("maximum") else None) == spec.maximum
        assert option.description == spec.description


@pytest.mark.parametrize("game", game_ids())
def test_malformed_actions_are_invalid_argument(game: str) -> None:
    _engine_or_skip(game)
    other = next(g for g in game_ids() if g != game)
    empty_of_game = match_pb2.Action()
    getattr(empty_of_game, convert.game_field(game)).SetInParent()
    wrong_game = match_pb2.Action()
    getattr(wrong_game, convert.game_field(other)).SetInParent()
    for action in (match_pb2.Action(), empty_of_game, wrong_game):
        with pytest.raises(RuleError) as caught:
            convert.action_from_proto(game, action)
        assert caught.value.code == "INVALID_ARGUMENT" and caught.value.malformed


def test_every_game_has_a_oneof_member() -> None:
    for outer in (match_pb2.GameOptions, match_pb2.Action, match_pb2.Event, match_pb2.SeatView):
        assert set(outer.DESCRIPTOR.oneofs_by_name["game"].fields) == set(outer.DESCRIPTOR.fields)
        assert {field.name for field in outer.DESCRIPTOR.fields} == set(convert.GAME_FIELDS.values())
    assert set(convert.GAME_FIELDS) == set(game_ids())
