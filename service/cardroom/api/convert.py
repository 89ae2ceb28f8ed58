"""Generic conversion between the engines' plain data and the cardroom.v1 messages.

The per-game messages of ``proto/cardroom/v1`` mirror the engines' shapes field
for field, so one converter serves every game (no per-game transport code):

* an engine action ``{"type": "assign", "target": 2}`` is ``<Game>Action`` with its
  ``action`` oneof set to the field named like the type: ``{"assign": {"target": 2}}``
  in the proto3 JSON mapping; events likewise with the ``event`` oneof. The same
  rule applies to actions nested in views (``legal_actions``);
* views, options and the params of actions and events map by field name, with
  ``None`` meaning "absent" (an ``optional`` scalar or a message field not set).

Building a message is strict (unknown names and wrong types are refused, like
``json_format.ParseDict(..., ignore_unknown_fields=False)``): an engine shape that
drifts from the proto fails loudly here rather than losing data on the wire.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from cardroom.engines import get_engine
from cardroom.engines.contract import GameInfo, GameResult, OptionSpec, RuleError
from cardroom.v1 import game_service_pb2, match_pb2

__all__ = [
    "GAME_FIELDS",
    "action_from_proto",
    "action_to_proto",
    "event_from_proto",
    "event_to_proto",
    "game_field",
    "game_of",
    "game_to_proto",
    "options_from_proto",
    "options_to_proto",
    "result_to_proto",
    "view_from_proto",
    "view_to_proto",
]

#: game id -> field name of its member in the ``game`` oneofs (GameOptions, Action, Event, SeatView)
GAME_FIELDS: dict[str, str] = {
    "pumptown": "pumptown",
    "pumba": "pumba",
    "up-or-down": "up_or_down",
    "flip-7": "flip_7",
}
_FIELD_GAMES = {field: game for game, field in GAME_FIELDS.items()}

#: names of the oneofs that turn an engine ``{"type": ...}`` dict into a tagged message
_TAGGED_ONEOFS = frozenset({"action", "event"})

_OPTION_KINDS = {
    "bool": match_pb2.OPTION_KIND_BOOL,
    "int": match_pb2.OPTION_KIND_INT,
    "enum": match_pb2.OPTION_KIND_ENUM,
    "seat": match_pb2.OPTION_KIND_SEAT,
    "int_list": match_pb2.OPTION_KIND_INT_LIST,
}

# keep a reference so the service module (and its descriptors) is loaded with ours
_SERVICE = game_service_pb2.DESCRIPTOR


def game_field(game: str) -> str:
    """The oneof field name of ``game`` (``"flip-7"`` -> ``"flip_7"``); KeyError if unknown."""
    return GAME_FIELDS[game]


def game_of(message: Message) -> str | None:
    """The game id set in the ``game`` oneof of a GameOptions/Action/Event/SeatView, or None."""
    field = message.WhichOneof("game")
    return None if field is None else _FIELD_GAMES[field]


# --- actions, events, views ---------------------------------------------------


def action_to_proto(game: str, action: Mapping[str, Any]) -> match_pb2.Action:
    """An engine action dict (``{"type": ..., params}``) as an ``Action`` of ``game``."""
    return _wrap(match_pb2.Action(), game, action)


def action_from_proto(game: str, action: match_pb2.Action) -> dict[str, Any]:
    """The engine action dict of a client's ``Action``.

    Raises ``RuleError("INVALID_ARGUMENT", malformed=True)`` when no action is set or
    it belongs to another game. Params the client left unset come out as their
    proto3 defaults (0, "", false) unless the field is ``optional`` or repeated, in
    which case they are omitted (an empty list too), as the engines' own actions
    omit them.
    """
    inner = _unwrap(action, game, "action")
    if inner.WhichOneof("action") is None:
        raise RuleError("INVALID_ARGUMENT", f"the {game} action has no type set", malformed=True)
    # an empty list param is an absent one: engines check which params are present
    return _plain(inner, absent_as_none=False, empty_lists=False)


def event_to_proto(game: str, event: Mapping[str, Any]) -> match_pb2.Event:
    """An event as one viewer gets it (``Event.for_viewer(seat)``) as an ``Event`` of ``game``."""
    return _wrap(match_pb2.Event(), game, event)


def event_from_proto(game: str, event: match_pb2.Event) -> dict[str, Any]:
    """The viewer's event dict of an ``Event`` (absent optional fields omitted)."""
    return _plain(_unwrap(event, game, "event"), absent_as_none=False)


def view_to_proto(game: str, view: Mapping[str, Any]) -> match_pb2.SeatView:
    """An engine view dict as a ``SeatView`` of ``game``."""
    return _wrap(match_pb2.SeatView(), game, view)


def view_from_proto(game: str, view: match_pb2.SeatView) -> dict[str, Any]:
    """The engine view dict of a ``SeatView``; absent optional and message fields are None."""
    return _plain(_unwrap(view, game, "view"), absent_as_none=True)


# --- options, catalog, results -----------------------------------------------


def options_to_proto(game: str, options: Mapping[str, Any]) -> match_pb2.GameOptions:
    """Option values (given or effective) as ``GameOptions`` of ``game``.

    Values are converted by type only, never validated (the engine does that):
    a seat option's index becomes its decimal string, ``None`` leaves the field
    unset.
    """
    return _wrap(match_pb2.GameOptions(), game, _seats_as_strings(game, options))


def options_from_proto(options: match_pb2.GameOptions) -> tuple[str | None, dict[str, Any]]:
    """``(game id, {option: value})`` of the fields set in ``options``; ``(None, {})`` if no game is set.

    A seat option holding a decimal string comes back as an int, as the engines
    store it; other strings (``random``, a bad value) are passed on for the engine
    to accept or refuse.
    """
    game = game_of(options)
    if game is None:
        return None, {}
    return game, _plain(getattr(options, GAME_FIELDS[game]), absent_as_none=False)


def game_to_proto(info: GameInfo) -> match_pb2.Game:
    """Catalog metadata of one game as a ``Game`` resource."""
    return match_pb2.Game(
        name=f"games/{info.id}",
        game_id=info.id,
        display_name=info.name,
        summary=info.summary,
        min_players=info.min_players,
        max_players=info.max_players,
        options=[_option_to_proto(spec) for spec in info.options],
    )


def result_to_proto(result: GameResult) -> match_pb2.MatchResult:
    """The final standing of a finished match."""
    return match_pb2.MatchResult(scores=result.scores, winners=result.winners, ranks=result.ranks)


def _option_to_proto(spec: OptionSpec) -> match_pb2.GameOption:
    option = match_pb2.GameOption(
        name=spec.name,
        kind=_OPTION_KINDS[spec.kind],
        default_json=json.dumps(list(spec.default) if isinstance(spec.default, tuple) else spec.default),
        description=spec.description,
        choices=list(spec.choices),
    )
    if spec.minimum is not None:
        option.minimum = spec.minimum
    if spec.maximum is not None:
        option.maximum = spec.maximum
    return option


@cache
def _seat_options(game: str) -> frozenset[str]:
    """Names of the options of ``game`` that take a seat index or a named choice."""
    return frozenset(spec.name for spec in get_engine(game).info.options if spec.kind == "seat")


def _seats_as_strings(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Seat options travel as strings (``"2"`` or ``"random"``), since the value is either."""
    seats = _seat_options(game)
    return {
        name: str(value) if name in seats and isinstance(value, int) and not isinstance(value, bool) else value
        for name, value in options.items()
    }


def _seats_as_ints(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The engines' form of seat options: a decimal string is the seat index."""
    for name in _seat_options(game):
        value = options.get(name)
        if isinstance(value, str) and value.isascii() and value.isdigit():
            options[name] = int(value)
    return options


# --- the generic mapping --------------------------------------------------------


def _wrap(outer: Message, game: str, value: Mapping[str, Any]) -> Any:
    """``outer`` with its ``game`` oneof member for ``game`` built from plain data."""
    try:
        field_name = GAME_FIELDS[game]
    except KeyError:
        raise RuleError("INVALID_ARGUMENT", f"unknown game {game!r}", malformed=True) from None
    inner_class = type(getattr(outer, field_name))
    try:
        # the generated constructors take nested dicts and lists, check every type
        # and refuse unknown names: as strict as json_format.ParseDict, ~10x faster
        inner = inner_class(**_value_kwargs(value, inner_class.DESCRIPTOR))
    except (TypeError, ValueError) as error:
        raise ValueError(f"{game}: {inner_class.__name__} does not match {value!r}: {error}") from error
    getattr(outer, field_name).CopyFrom(inner)  # also selects a member that is an empty message
    return outer


def _unwrap(outer: Message, game: str, what: str) -> Message:
    """The ``game`` member of ``outer``'s ``game`` oneof, or RuleError if another (or none) is set."""
    expected = GAME_FIELDS.get(game)
    if expected is None:
        raise RuleError("INVALID_ARGUMENT", f"unknown game {game!r}", malformed=True)
    field = outer.WhichOneof("game")
    if field is None:
        raise RuleError("INVALID_ARGUMENT", f"no {what} set", malformed=True)
    if field != expected:
        raise RuleError(
            "INVALID_ARGUMENT", f"the {what} is for {_FIELD_GAMES[field]}, this match plays {game}", malformed=True
        )
    return getattr(outer, field)


#: full name of each ``<Game>Options`` message -> its game (options nested in views)
_OPTIONS_GAMES = {
    match_pb2.GameOptions.DESCRIPTOR.fields_by_name[field].message_type.full_name: game
    for game, field in GAME_FIELDS.items()
}


@cache
def _list_field(descriptor: Descriptor) -> str | None:
    """The field of a list wrapper (a ``...List`` message with one repeated field), else None.

    proto3 has no nested repeated fields, so an engine's list of lists is a
    repeated list wrapper on the wire and a list of plain lists in the engine.
    """
    fields = descriptor.fields
    if descriptor.name.endswith("List") and len(fields) == 1 and fields[0].is_repeated:
        return fields[0].name
    return None


@cache
def _tagged_oneof(descriptor: Descriptor) -> str | None:
    """Name of the oneof if ``descriptor`` is a tagged union (``<Game>Action``/``<Game>Event``)."""
    if len(descriptor.oneofs) == 1:
        oneof = descriptor.oneofs[0]
        if oneof.name in _TAGGED_ONEOFS and len(oneof.fields) == len(descriptor.fields):
            return oneof.name
    return None


def _kwargs(value: Mapping[str, Any], descriptor: Descriptor) -> dict[str, Any]:
    """Plain data -> constructor arguments of ``descriptor``'s message: None dropped,
    tuples listed, nested tagged unions untagged. Unknown keys are kept so that the
    constructor refuses them."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{descriptor.name}: expected a dict, got {value!r}")
    fields = descriptor.fields_by_name
    out: dict[str, Any] = {}
    for key, item in value.items():
        if item is None:
            continue
        field = fields.get(key)
        if field is not None and field.message_type is not None and not field.message_type.GetOptions().map_entry:
            out[key] = _message_kwargs(item, field)
        elif field is not None and field.message_type is not None:  # map<k, v>
            value_field = field.message_type.fields_by_name["value"]
            if value_field.message_type is not None and isinstance(item, Mapping):
                out[key] = {k: _value_kwargs(v, value_field.message_type) for k, v in item.items()}
            else:
                out[key] = item
        else:
            if field is not None and field.type == FieldDescriptor.TYPE_BOOL and not _all_bool(item):
                raise TypeError(f"{descriptor.name}.{key}: expected a boolean, got {item!r}")
            out[key] = list(item) if isinstance(item, tuple) else item
    return out


def _all_bool(item: Any) -> bool:
    if isinstance(item, (list, tuple)):
        return all(isinstance(element, bool) for element in item)
    return isinstance(item, bool)


def _message_kwargs(item: Any, field: FieldDescriptor) -> Any:
    if field.is_repeated:
        if isinstance(item, (list, tuple)):
            return [_value_kwargs(element, field.message_type) for element in item]
        return item
    return _value_kwargs(item, field.message_type)


def _value_kwargs(item: Any, descriptor: Descriptor) -> Any:
    """Like ``_kwargs``, plus the special shapes: a tagged union's ``{"type": t, **params}``
    becomes ``{t: params}``, a list for a list wrapper its field, seat options strings."""
    list_field = _list_field(descriptor)
    if list_field is not None and isinstance(item, (list, tuple)):
        return {list_field: list(item)}
    options_game = _OPTIONS_GAMES.get(descriptor.full_name)
    if options_game is not None and isinstance(item, Mapping):
        return _kwargs(_seats_as_strings(options_game, item), descriptor)
    if _tagged_oneof(descriptor) is None or not isinstance(item, Mapping):
        return _kwargs(item, descriptor)
    tag = item.get("type")
    if not isinstance(tag, str):
        raise ValueError(f"{descriptor.name}: expected a dict with a 'type' string, got {dict(item)!r}")
    params = {key: value for key, value in item.items() if key != "type"}
    field = descriptor.fields_by_name.get(tag)
    if field is None:
        raise ValueError(f"{descriptor.name} has no type {tag!r}")
    return {tag: _kwargs(params, field.message_type)}


def _plain(message: Message, *, absent_as_none: bool, empty_lists: bool = True) -> Any:
    """A message as plain data: the inverse of ``_wrap``.

    Fields without presence always appear (proto3 defaults included), except empty
    repeated fields when not ``empty_lists``; a field with presence that is not set
    is None (``absent_as_none``) or omitted.
    """
    descriptor = message.DESCRIPTOR
    list_field = _list_field(descriptor)
    if list_field is not None:
        return list(getattr(message, list_field))
    tag_oneof = _tagged_oneof(descriptor)
    if tag_oneof is not None:
        tag = message.WhichOneof(tag_oneof)
        if tag is None:
            raise RuleError("INVALID_ARGUMENT", f"no {tag_oneof} type set in {descriptor.name}", malformed=True)
        return {"type": tag, **_plain(getattr(message, tag), absent_as_none=absent_as_none, empty_lists=empty_lists)}
    out: dict[str, Any] = {}
    for field in descriptor.fields:
        name = field.name
        if field.is_repeated:
            items = getattr(message, name)
            if not items and not empty_lists:
                continue
            if field.message_type is not None and field.message_type.GetOptions().map_entry:
                value_field = field.message_type.fields_by_name["value"]
                out[name] = {
                    key: _plain(item, absent_as_none=absent_as_none) if value_field.message_type else item
                    for key, item in items.items()
                }
            elif field.message_type is not None:
                out[name] = [_plain(item, absent_as_none=absent_as_none) for item in items]
            else:
                out[name] = list(items)
        elif field.has_presence and not message.HasField(name):
            if absent_as_none:
                out[name] = None
        elif field.message_type is not None:
            out[name] = _plain(getattr(message, name), absent_as_none=absent_as_none)
        else:
            out[name] = getattr(message, name)
    options_game = _OPTIONS_GAMES.get(descriptor.full_name)
    return out if options_game is None else _seats_as_ints(options_game, out)
