"""Generic conversion between the engines' plain data and the cardroom.v1 messages.

The per-game messages of ``proto/cardroom/v1`` mirror the engines' shapes field
for field, so one converter serves every game (no per-game transport code):

* an engine action ``{"type": "assign", "target": 2}`` is ``<Game>Action`` with its
  ``action`` oneof set to the field named like the type: ``{"assign": {"target": 2}}``
  in the proto3 JSON mapping; events likewise with the ``event`` oneof. The same
  rule applies to actions nested in views (``legal_actions``);
* views, options and the params of actions and events map by field name, with
  ``None`` meaning "absent" (an ``optional`` scalar or a message field not set);
* a list of lists is a repeated ``...List`` message (one repeated field) on the
  wire, as proto3 has no nested repeated fields; so is an ``int_list`` option, to
  tell "unset" from "empty";
* a seat option (a seat index or a named choice such as ``"random"``) is a string
  on the wire: ``"2"`` or ``"random"``;
* an action param that is an empty list is absent (engines check which params
  an action has);
* an enum field ``typed_<name>`` next to a string field ``<name>`` (``typed_phase``,
  ``typed_kind``) is the string typed: the enum value named ``<PREFIX>_<NAME IN
  UPPER CASE>``, where ``<PREFIX>_UNSPECIFIED`` is the enum's zero. The server fills it
  from the string; it never reaches the engines (``view_from_proto`` leaves it out).

Building a message is strict (unknown names and wrong types are refused, like
``json_format.ParseDict(..., ignore_unknown_fields=False)``): an engine shape that
drifts from the proto fails loudly here rather than losing data on the wire.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache, partial
from typing import Any

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

from cardroom.engines import get_engine
from cardroom.engines.contract import GameInfo, GameResult, OptionSpec, RuleError
from cardroom.engines.metadata import PhaseSpec, game_metadata
from cardroom.v1 import match_pb2

__all__ = [
    "GAME_FIELDS",
    "action_from_proto",
    "action_to_proto",
    "event_from_proto",
    "event_to_proto",
    "fill_view",
    "game_field",
    "game_metadata_to_proto",
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


def fill_view(target: match_pb2.SeatView, game: str, view: Mapping[str, Any]) -> None:
    """``view_to_proto`` into ``target`` (a field of the message it goes out in: no copy of a built one)."""
    _wrap(target, game, view)


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


@cache
def game_metadata_to_proto(game: str) -> match_pb2.Game:
    """The cards, phases and decision kinds of ``game`` (engines/metadata.py) as the fields of a ``Game``.

    A phase's ``enum_value`` is the value of the view's ``typed_phase`` the converter fills for it; a
    decision kind's, that of ``decision.typed_kind``. Built once per game; callers merge a copy.
    """
    metadata = game_metadata(game)
    view = match_pb2.SeatView.DESCRIPTOR.fields_by_name[GAME_FIELDS[game]].message_type
    phases = _enum_value_names(view, "typed_phase")
    decision = view.fields_by_name.get("decision")
    kinds = _enum_value_names(decision.message_type, "typed_kind") if decision is not None else {}
    return match_pb2.Game(
        cards=[
            match_pb2.CardInfo(
                code=card.code,
                category=card.category,
                kind=card.kind,
                display_name=card.display_name,
                value=card.value,
                rank=card.rank,
                suit=card.suit,
                suit_name=card.suit_name,
                colour=card.colour,
                points=card.points,
                effect=card.effect,
            )
            for card in metadata.cards
        ],
        phases=[_phase_to_proto(phase, phases) for phase in metadata.phases],
        decision_kinds=[_phase_to_proto(kind, kinds) for kind in metadata.decision_kinds],
    )


def _enum_value_names(message: Descriptor, typed_field: str) -> dict[str, str]:
    """``{"TURN_NORMAL": "PUMBA_PHASE_TURN_NORMAL", ...}`` for the enum of ``message.<typed_field>``."""
    enum = message.fields_by_name[typed_field].enum_type
    return {name: enum.values_by_number[number].name for name, number in _enum_numbers(enum).items()}


def _phase_to_proto(phase: PhaseSpec, enum_values: Mapping[str, str]) -> match_pb2.PhaseInfo:
    return match_pb2.PhaseInfo(
        name=phase.name,
        enum_value=enum_values[phase.name.upper()],
        description=phase.description,
        actions=list(phase.actions),
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
    if spec.max_items is not None:
        option.max_items = spec.max_items
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

# how a field's plain value is converted (see _Plan)
_SCALAR, _BOOL, _MESSAGE, _REPEATED_MESSAGE, _MAP_MESSAGE = range(5)


class _Plan:
    """What converting one message type needs, computed once per descriptor.

    ``fields`` maps a field name to (conversion kind, message descriptor or None);
    ``list_field`` is set for a list wrapper (a ``...List`` message with one repeated
    field: proto3 has no nested repeated fields, so an engine's list of lists is a
    repeated list wrapper on the wire); ``tag`` names the oneof of a tagged union
    (``<Game>Action``/``<Game>Event``: ``{"type": t, **params}`` in the engine);
    ``options_game`` is set for a ``<Game>Options`` message (seat options are strings);
    ``typed`` lists the ``typed_<name>`` enum fields as (string field, enum field, enum
    number of each upper-cased string).
    """

    __slots__ = ("descriptor", "fields", "list_field", "options_game", "tag", "typed", "typed_names")

    def __init__(self, descriptor: Descriptor):
        self.descriptor = descriptor
        self.fields: dict[str, tuple[int, Descriptor | None]] = {}
        for field in descriptor.fields:
            message = field.message_type
            if message is None:
                kind = _BOOL if field.type == FieldDescriptor.TYPE_BOOL else _SCALAR
            elif message.GetOptions().map_entry:
                message = message.fields_by_name["value"].message_type
                kind = _SCALAR if message is None else _MAP_MESSAGE
            else:
                kind = _REPEATED_MESSAGE if field.is_repeated else _MESSAGE
            self.fields[field.name] = (kind, message)
        fields = descriptor.fields
        self.list_field = (
            fields[0].name if descriptor.name.endswith("List") and len(fields) == 1 and fields[0].is_repeated else None
        )
        oneofs = descriptor.oneofs
        self.tag = (
            oneofs[0].name
            if len(oneofs) == 1 and oneofs[0].name in _TAGGED_ONEOFS and len(oneofs[0].fields) == len(fields)
            else None
        )
        self.options_game = _OPTIONS_GAMES.get(descriptor.full_name)
        self.typed = tuple(
            (field.name[len("typed_") :], field.name, _enum_numbers(field.enum_type))
            for field in fields
            if field.name.startswith("typed_")
            and field.enum_type is not None
            and field.name[len("typed_") :] in descriptor.fields_by_name
        )
        self.typed_names = frozenset(typed for _, typed, _ in self.typed)


def _enum_numbers(enum: EnumDescriptor) -> dict[str, int]:
    """``{"TURN_NORMAL": 1, ...}``: an enum's numbers by value name without the enum's prefix."""
    prefix = enum.values[0].name.removesuffix("UNSPECIFIED")
    return {value.name.removeprefix(prefix): value.number for value in enum.values[1:]}


@cache
def _plan(descriptor: Descriptor) -> _Plan:
    return _Plan(descriptor)


def _value_kwargs(item: Any, descriptor: Descriptor) -> Any:
    """Plain data -> constructor arguments of ``descriptor``'s message.

    The special shapes of ``_Plan`` are applied and bools are checked; every other value is handed to the
    constructor as it is, whole subtrees included (``_converter``). Unknown keys and wrong types are left for
    the constructor to refuse."""
    convert = _converter(descriptor)
    return item if convert is None else convert(item)


Convert = Callable[[Any], Any]


@cache
def _converter(descriptor: Descriptor) -> Convert | None:
    """How a value of ``descriptor``'s type becomes what its constructor takes; None when it takes the value as
    it is. The generated constructors convert nested dicts and lists themselves, in C, take ``None`` for "not
    set" and tuples for lists: only the shapes the wire differs in (tagged unions, list wrappers, seat options,
    typed enums) and the bool check need Python, so a view's subtrees without them are not walked at all (a
    view's conversion 23.0 -> 12.5 us, docs/benchmarks.md, fifteenth pass)."""
    plan = _plan(descriptor)
    if plan.list_field is not None:
        return _list_wrapper(plan)
    if plan.tag is not None:
        return _tagged(plan)
    transforms = tuple(
        (name, convert) for name, (kind, message) in plan.fields.items() if (convert := _field_converter(kind, message))
    )
    if not transforms and not plan.typed and plan.options_game is None:
        return None
    return _fields(plan, transforms)


def _field_converter(kind: int, message: Descriptor | None) -> Convert | None:
    """The converter of a field's whole (non-None) value, or None for a value taken as it is."""
    if kind == _BOOL:
        return _checked_bool
    if kind == _SCALAR or message is None:
        return None
    if message.full_name in _CONVERTING:  # a recursive type: converted lazily, each value
        return partial(_value_kwargs, descriptor=message)
    _CONVERTING.add(message.full_name)
    try:
        convert = _converter(message)
    finally:
        _CONVERTING.discard(message.full_name)
    if convert is None:
        return None
    if kind == _MESSAGE:
        return convert
    if kind == _REPEATED_MESSAGE:
        return partial(_each, convert)
    return partial(_each_value, convert)  # _MAP_MESSAGE


#: message types whose converter is being made (a type that contains itself is converted lazily)
_CONVERTING: set[str] = set()


def _each(convert: Convert, values: Any) -> list[Any]:
    if not isinstance(values, (list, tuple)):
        raise TypeError(f"expected a list, got {values!r}")
    return [convert(value) for value in values]


def _each_value(convert: Convert, values: Any) -> dict[Any, Any]:
    if not isinstance(values, Mapping):
        raise TypeError(f"expected a dict, got {values!r}")
    return {key: convert(value) for key, value in values.items()}


def _checked_bool(value: Any) -> Any:
    # the constructors take 0/1 for a bool; ParseDict (and the engines' JSON) would not
    if not (type(value) is bool or (isinstance(value, (list, tuple)) and all(type(v) is bool for v in value))):
        raise TypeError(f"expected a boolean, got {value!r}")
    return value


def _list_wrapper(plan: _Plan) -> Convert:
    """A ``...List`` message: an engine's list is its one repeated field; a dict is its fields."""
    field, fields = plan.list_field, _fields(plan, ())

    def convert(item: Any) -> Any:
        return {field: item} if isinstance(item, (list, tuple)) else fields(item)

    return convert


def _tagged(plan: _Plan) -> Convert:
    """A tagged union: ``{"type": t, **params}`` is ``{t: params}``, each member's params converted."""
    members = {tag: _converter(message) if message else None for tag, (_kind, message) in plan.fields.items()}
    name = plan.descriptor.name

    def convert(item: Any) -> Any:
        if not isinstance(item, Mapping):
            raise TypeError(f"{name}: expected a dict, got {item!r}")
        tag = item.get("type")
        if not isinstance(tag, str):
            raise ValueError(f"{name}: expected a dict with a 'type' string, got {dict(item)!r}")
        if tag not in members:
            raise ValueError(f"{name} has no type {tag!r}")
        params = {key: value for key, value in item.items() if key != "type"}
        member = members[tag]
        return {tag: params if member is None else member(params)}

    return convert


def _fields(plan: _Plan, transforms: tuple[tuple[str, Convert], ...]) -> Convert:
    """A message with fields to convert (``transforms``), typed enums to fill or seat options to write as strings:
    the item copied, those fields replaced."""
    name, typed, options_game = plan.descriptor.name, plan.typed, plan.options_game

    def convert(item: Any) -> Any:
        if not isinstance(item, Mapping):
            raise TypeError(f"{name}: expected a dict, got {item!r}")
        out = _seats_as_strings(options_game, item) if options_game is not None else dict(item)
        for key, field_converter in transforms:
            value = out.get(key)
            if value is not None:
                try:
                    out[key] = field_converter(value)
                except TypeError as error:
                    raise TypeError(f"{name}.{key}: {error}") from None
        for source, typed_field, numbers in typed:
            text = item.get(source)
            if isinstance(text, str):
                number = numbers.get(text.upper())
                if number is None:
                    raise ValueError(f"{name}.{typed_field} has no value for {source} {text!r}")
                out[typed_field] = number
        return out

    return convert


def _plain(message: Message, *, absent_as_none: bool, empty_lists: bool = True) -> Any:
    """A message as plain data: the inverse of ``_wrap``.

    Fields without presence always appear (proto3 defaults included), except empty
    repeated fields when not ``empty_lists``; a field with presence that is not set
    is None (``absent_as_none``) or omitted.
    """
    plan = _plan(message.DESCRIPTOR)
    if plan.list_field is not None:
        return list(getattr(message, plan.list_field))
    if plan.tag is not None:
        tag = message.WhichOneof(plan.tag)
        if tag is None:
            raise RuleError("INVALID_ARGUMENT", f"no {plan.tag} type set in {plan.descriptor.name}", malformed=True)
        return {"type": tag, **_plain(getattr(message, tag), absent_as_none=absent_as_none, empty_lists=empty_lists)}
    out: dict[str, Any] = {}
    typed = plan.typed_names
    for field in plan.descriptor.fields:
        name = field.name
        if name in typed:
            continue  # the server's typed copy of a string field, not engine data
        kind = plan.fields[name][0]
        if field.is_repeated:
            items = getattr(message, name)
            if not items and not empty_lists:
                continue
            if kind == _MAP_MESSAGE:
                out[name] = {
                    key: _plain(item, absent_as_none=absent_as_none, empty_lists=empty_lists)
                    for key, item in items.items()
                }
            elif kind == _REPEATED_MESSAGE:
                out[name] = [_plain(item, absent_as_none=absent_as_none, empty_lists=empty_lists) for item in items]
            elif field.message_type is not None:  # map of scalars
                out[name] = dict(items)
            else:
                out[name] = list(items)
        elif field.has_presence and not message.HasField(name):
            if absent_as_none:
                out[name] = None
        elif kind == _MESSAGE:
            out[name] = _plain(getattr(message, name), absent_as_none=absent_as_none, empty_lists=empty_lists)
        else:
            out[name] = getattr(message, name)
    return out if plan.options_game is None else _seats_as_ints(plan.options_game, out)
