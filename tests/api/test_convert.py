"""The proto mirrors the engines: every legal action, every event for every viewer
and every view for every seat and the spectator survives dict -> proto -> dict,
at every step of seeded random games of every engine that exists, and prints as
the same proto3 JSON through api/proto_json.py as through json_format."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from google.api import annotations_pb2, http_pb2
from test_proto_json import assert_same_json

from cardroom.api import convert
from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import Engine, RuleError, validate_options
from cardroom.v1 import game_service_pb2, match_pb2

GAMES_PER_ENGINE = 30
GAMES_PER_VARIANT = 10
#: house rules that reach rarer shapes: game ends (Pumba), tie-breaks (Flip 7),
#: moons and Redistribute (Pumptown), memory assist and holders-only polls
VARIANTS: dict[str, dict[str, Any]] = {
    "pumptown": {
        "rounds": 3,
        "moon_threshold": 24,
        "memory_assist": True,
        "poll_mode": "holders_only",
        "pump_hand_limit": 1,
        "pump_mix": [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 6],  # Redistributes and their allot steps come up
    },
    "pumba": {"point_limit": 12, "ace_target": "next", "pumba_enforcement": "auto", "starter_effects": "apply"},
    "up-or-down": {"card_range": "SHORT", "give_up_with_free_slot": True, "show_known_cards": False},
    "flip-7": {
        "target_score": 20,
        "show_remaining_counts": True,
        "flip3_sc_timing": "immediate",
        "auto_single_target": False,
    },
}
#: a random game longer than this is cut short (the checks per step are what matter)
MAX_STEPS = 500
#: games of each engine and variant (the first ones) whose every message is also printed both ways as proto3
#: JSON: json_format is slow, and all games would add two minutes to the suite
JSON_CHECKED_GAMES = 5


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
    optional field) and, if ``drop_empty``, an empty list (for example a private list
    that other viewers lack, or a pump card argument that this card does not take)."""
    return back == original or _plain(back, drop_empty=drop_empty) == _plain(original, drop_empty=drop_empty)


def _new_game(engine: Engine, rng: random.Random, seed: int, options: dict[str, Any]) -> tuple[Any, int]:
    info = engine.info
    counts = list(range(info.min_players, min(info.max_players, 6) + 1))
    rng.shuffle(counts)
    for seats in counts:
        try:
            return engine.new_game(seats, options, seed), seats
        except RuleError:  # e.g. a seat count only an option allows
            continue
    raise AssertionError(f"{info.id}: no seat count in {counts} starts a game with default options")


def _check_step(game: str, engine: Engine, state: Any, seats: int, events: list, check_json: bool) -> None:
    viewers: list[int | None] = [None, *range(seats)]
    for event in events:
        for viewer in viewers:
            shown = event.for_viewer(viewer)
            message = convert.event_to_proto(game, shown)
            if check_json:
                assert_same_json(message)
            assert _same(convert.event_from_proto(game, message), shown, drop_empty=True), (game, viewer, shown)
    for viewer in viewers:
        view = engine.view(state, viewer)
        message = convert.view_to_proto(game, view)
        if check_json:
            assert_same_json(message)
        assert _same(convert.view_from_proto(game, message), view, drop_empty=True), (game, viewer, view)
    for seat in range(seats):
        for action in engine.legal_actions(state, seat) + engine.standing_actions(state, seat):
            message = convert.action_to_proto(game, action)
            assert message.WhichOneof("game") == convert.game_field(game)
            if check_json:
                assert_same_json(message)
            assert _same(convert.action_from_proto(game, message), action), (game, seat, action)
            # and over the wire
            wire = match_pb2.Action.FromString(message.SerializeToString())
            assert _same(convert.action_from_proto(game, wire), action)


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("index", range(GAMES_PER_ENGINE))
def test_random_game_round_trips(game: str, index: int) -> None:
    _play_and_check(game, index, {})


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("index", range(GAMES_PER_VARIANT))
def test_random_game_with_house_rules_round_trips(game: str, index: int) -> None:
    _play_and_check(game, index, VARIANTS[game])


def _play_and_check(game: str, index: int, options: dict[str, Any]) -> None:
    engine = get_engine(game)
    rng = random.Random(f"{game}/{index}/{sorted(options)}")
    state, seats = _new_game(engine, rng, index, options)
    check_json = index < JSON_CHECKED_GAMES
    _check_step(game, engine, state, seats, [], check_json)
    for _ in range(MAX_STEPS):
        to_act = engine.to_act(state)
        if not to_act:
            break
        seat = rng.choice(to_act)
        transition = engine.apply(
            state, seat, rng.choice(engine.legal_actions(state, seat) + engine.standing_actions(state, seat))
        )
        state = transition.state
        _check_step(game, engine, state, seats, transition.events, check_json)


@pytest.mark.parametrize("game", game_ids())
def test_options_round_trip(game: str) -> None:
    engine = get_engine(game)
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
    engine = get_engine(game)
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
    info = get_engine(game).info
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
    get_engine(game)
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


#: parts of views random play rarely reaches (a resolved Redistribute shows only until its window closes)
RARE_VIEW_PARTS: dict[str, list[dict[str, Any]]] = {
    "pumptown": [{"redistributions": [{"seat": 1, "alloc": [0, 0, 2, 1]}]}],
}

#: events random play rarely reaches, in the engines' documented shapes
RARE_EVENTS: dict[str, list[dict[str, Any]]] = {
    "pumptown": [
        {"type": "reshuffle", "pile": "draw", "count": 40},
        {"type": "reshuffle", "pile": "pump_deck", "count": 6},
        {"type": "award", "seat": 1, "source": "loser", "from": 2, "card": "NOPE2"},
        {"type": "award", "seat": 1, "source": "deck", "from": None},
        {"type": "duel_end", "kind": "tie", "winner": None},
        {"type": "autopass_set", "seat": 2, "on": True},  # a standing action: coverage plays decisions only
    ],
    "pumba": [
        {
            "type": "round_ended",
            "round": 3,
            "winner": None,
            "blocked": True,
            "revealed_hands": [["1o", "Sb"], []],
            "scores": [11, 0],
            "totals": [40, 12],
            "eliminated": [],
        },
    ],
    "up-or-down": [{"type": "drew", "seat": 0, "pile": "down"}],
    "flip-7": [
        {"type": "tiebreak", "seats": [0, 2]},
        {"type": "reshuffle", "count": 12},
        {"type": "sc_used", "seat": 1, "sc": "SC_2", "duplicate": "N7_3"},
        {"type": "discard_no_target", "card": "SC_3"},
    ],
}


@pytest.mark.parametrize("game", game_ids())
def test_rare_events_round_trip(game: str) -> None:
    for event in RARE_EVENTS[game]:
        message = convert.event_to_proto(game, event)
        assert _same(convert.event_from_proto(game, message), event, drop_empty=True), event


def test_shape_mismatches_fail_loudly() -> None:
    with pytest.raises(ValueError, match="no type"):
        convert.event_to_proto("flip-7", {"type": "no_such_event"})
    with pytest.raises(ValueError):
        convert.event_to_proto("flip-7", {"type": "bust", "seat": 1, "card": "N7_1", "extra": 1})
    with pytest.raises(ValueError):
        convert.view_to_proto("up-or-down", {"phase": 3})
    with pytest.raises(ValueError):
        convert.action_to_proto("flip-7", {"type": "assign", "target": "1"})
    with pytest.raises(ValueError):
        convert.event_to_proto("flip-7", {"type": "assign", "decider": 0, "card": "FRZ_1", "target": 1, "auto": 1})


#: actions the engines accept but never list (the whole decision at once: it has too many forms to list)
UNLISTED_ACTIONS: dict[str, list[dict[str, Any]]] = {
    "pumptown": [
        {"type": "play", "card": "REDIS1",
         "allocation": [{"recipient": 0, "amount": 30}, {"recipient": 1, "amount": 14}]},
    ],
    "pumba": [],
    "up-or-down": [
        {"type": "turn", "play": {"card": 61}, "take": {"card": 64}, "place": {"target": "col", "index": 0},
         "draw": {"pile": "up"}},
    ],
    "flip-7": [],
}


@pytest.mark.parametrize("game", game_ids())
def test_unlisted_actions_round_trip(game: str) -> None:
    for action in UNLISTED_ACTIONS[game]:
        assert convert.action_from_proto(game, convert.action_to_proto(game, action)) == action


#: proto fields random play may not reach within the coverage games (each exists in
#: the engine's code; the rare-event table or scenario tests cover them)
RARELY_PRODUCED: dict[str, set[str]] = {
    "pumptown": set(),
    "pumba": set(),
    "up-or-down": set(),
    "flip-7": set(),
}
COVERAGE_GAMES = 12
COVERAGE_STEPS = 600


def _messages(descriptor: Any, found: dict[str, Any]) -> dict[str, Any]:
    """Every message reachable from ``descriptor`` (full name -> descriptor)."""
    if descriptor.full_name not in found:
        found[descriptor.full_name] = descriptor
        for field in descriptor.fields:
            if field.message_type is not None:
                _messages(field.message_type, found)
    return found


def _collect(value: Any, descriptor: Any, seen: set[str]) -> None:
    """Record ``message.field`` for every key the engine's plain data sets (None is unset)."""
    if isinstance(value, (list, tuple)):  # a list wrapper's list
        seen.update(f"{descriptor.full_name}.{field.name}" for field in descriptor.fields)
        return
    if not isinstance(value, dict):
        return
    fields = descriptor.fields_by_name
    if "type" in value and "type" not in fields:  # a tagged union: the type is a field
        seen.add(f"{descriptor.full_name}.{value['type']}")
        field = fields.get(value["type"])
        if field is not None:
            _collect({k: v for k, v in value.items() if k != "type"}, field.message_type, seen)
        return
    for key, item in value.items():
        if item is None:
            continue
        seen.add(f"{descriptor.full_name}.{key}")
        field = fields.get(key)
        if field is not None and field.message_type is not None:
            for element in item if field.is_repeated and isinstance(item, (list, tuple)) else [item]:
                _collect(element, field.message_type, seen)


@pytest.mark.parametrize("game", game_ids())
def test_every_proto_field_is_produced_by_the_engine(game: str) -> None:
    """The other direction of the mirror: a proto field that no engine data ever sets
    is drift (a renamed or removed engine key), which round trips alone cannot see
    when the field is a list or optional."""
    engine = get_engine(game)
    member = convert.game_field(game)
    roots = {
        "view": getattr(match_pb2.SeatView(), member).DESCRIPTOR,
        "action": getattr(match_pb2.Action(), member).DESCRIPTOR,
        "event": getattr(match_pb2.Event(), member).DESCRIPTOR,
        "options": getattr(match_pb2.GameOptions(), member).DESCRIPTOR,
    }
    seen: set[str] = set()
    _collect(validate_options(engine.info.options, {}), roots["options"], seen)
    for event in RARE_EVENTS[game]:
        _collect(event, roots["event"], seen)
    for part in RARE_VIEW_PARTS.get(game, []):
        _collect(part, roots["view"], seen)
    for action in UNLISTED_ACTIONS[game]:
        _collect(action, roots["action"], seen)
    for index in range(COVERAGE_GAMES):
        for options in ({}, VARIANTS[game]):
            rng = random.Random(f"coverage/{game}/{index}/{sorted(options)}")
            state, seats = _new_game(engine, rng, index, options)
            viewers: list[int | None] = [None, *range(seats)]
            for _ in range(COVERAGE_STEPS):
                for viewer in viewers:
                    _collect(engine.view(state, viewer), roots["view"], seen)
                to_act = engine.to_act(state)
                if not to_act:
                    break
                for seat in to_act:
                    for action in engine.legal_actions(state, seat) + engine.standing_actions(state, seat):
                        _collect(action, roots["action"], seen)
                seat = rng.choice(to_act)
                # only decisions are played here, so the games reach their later phases; the
                # standing actions' event is among RARE_EVENTS
                transition = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat)))
                state = transition.state
                for event in transition.events:
                    for viewer in viewers:
                        _collect(event.for_viewer(viewer), roots["event"], seen)
    expected = {
        f"{name}.{field.name}"
        for root in roots.values()
        for name, descriptor in _messages(root, {}).items()
        for field in descriptor.fields
        # the server's typed copy of a string field (typed_phase), filled by the converter, not the engine
        if not (field.name.startswith("typed_") and field.name.removeprefix("typed_") in descriptor.fields_by_name)
    }
    unused = sorted(expected - seen - {f"cardroom.v1.{name}" for name in RARELY_PRODUCED[game]})
    assert not unused, f"{game}: proto fields no engine data sets (renamed or removed keys?): {unused}"
    unknown = sorted(name for name in seen - expected if name.split(".")[-1] != "type")
    assert not unknown, f"{game}: engine keys without a proto field: {unknown}"


def test_every_rpc_has_an_http_rule() -> None:
    """The REST gateway and OpenAPI document derive from these annotations (AIP-127)."""
    service = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]
    assert len(service.methods) == 13  # the standard and custom methods, RematchMatch included, and Play
    for method in service.methods:
        rule: http_pb2.HttpRule = method.GetOptions().Extensions[annotations_pb2.http]
        if method.client_streaming:  # Play: a bidirectional stream, served over HTTP as a WebSocket (play_ws.py)
            assert method.name == "Play" and rule.WhichOneof("pattern") is None
            continue
        pattern = rule.WhichOneof("pattern")
        assert pattern in ("get", "post"), method.name
        path = getattr(rule, pattern)
        assert path.startswith("/v1/"), (method.name, path)
        assert (rule.body == "*") == (pattern == "post"), method.name
