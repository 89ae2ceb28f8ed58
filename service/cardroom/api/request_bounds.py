"""The bound of every field of every GameService request, and the one validator that enforces them.

Why the api layer: a bound is a property of the published wire messages (the field paths a
client sends, the int32/string/repeated types of the proto), so it is checked on the decoded
proto request, once, where both transports meet (``GameHandlers``), before any use case reads
it and so before anything is stored. The app layer keeps the checks that need a match (a seat
below its seat count, option values against the game's rules).

``BOUNDS`` is the table: request type -> field path -> ``Bound``. The fields every request
shares (names, request ids, page sizes and tokens) are listed literally; the house-rule
options are taken from the engines' own ``OptionSpec`` ranges (the catalog a frontend reads),
and the action payloads follow one rule for every game (short strings, small non-negative
integers, short lists). docs/security.md's "Input bounds" table is ``markdown_table()``
(tests/api/test_request_bounds.py keeps the two equal, and checks that every field of every
request has an entry).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from google.protobuf import descriptor, struct_pb2
from google.protobuf.message import Message

from ..app.errors import INVALID_ARGUMENT, AppError
from ..engines import game_ids, get_engine
from ..engines.contract import OptionSpec
from ..v1 import game_service_pb2, match_pb2

SERVICE = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]
Field = descriptor.FieldDescriptor

#: reasons of the refusals (ErrorInfo.reason); metadata ``field`` names the field's path
FIELD_TOO_LARGE = "FIELD_TOO_LARGE"
FIELD_OUT_OF_RANGE = "FIELD_OUT_OF_RANGE"
INVALID_REQUEST_ID = "INVALID_REQUEST_ID"

#: AIP-155: a UUID in its canonical textual form (8-4-4-4-12 hex digits), any case
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
#: an ASCII decimal (``str.isdigit`` would also take ``²`` and other digits)
DECIMAL = re.compile(r"[0-9]+")

NAME_LENGTH = 128
PLAYER_NAME_LENGTH = 64
PAGE_TOKEN_LENGTH = 64
PAGE_SIZE_MAX = 1000
VERSION_MAX = 2**31 - 1
#: seeds below 10**18 fit the 63 bits the server draws its own seeds from
SEED_DIGITS = 18
ETAG_LENGTH = 80
#: a seat token is ``match.player.signature`` (app/tokens.py), well under this
SEAT_TOKEN_LENGTH = 256
FIXTURE_DEPTH = 12
FIXTURE_BYTES = 64 * 1024
ACTION_STRING_LENGTH = 32
ACTION_INT_MAX = 10_000
ACTION_LIST_ITEMS = 8
OPTION_STRING_LENGTH = 32
#: turn clocks and reserves (seconds; app/tables.py refuses what is not finite)
CLOCK_SECONDS_MAX = 86400
BOT_LEVEL_LENGTH = 16
#: the largest table of the catalog (Flip 7: 12), for seat numbers
SEATS = max(get_engine(game).info.max_players for game in game_ids())


@dataclass(frozen=True)
class Bound:
    """What one field accepts. Strings: ``max_length`` characters and, when set, ``pattern`` for the
    whole value (refused with ``reason``). Numbers (and each item of a repeated integer):
    ``minimum``..``maximum`` (refused with ``range_reason``). Repeated fields: ``max_items``.
    ``google.protobuf.Struct``: ``max_depth`` nested objects/lists and ``max_bytes`` encoded."""

    max_length: int | None = None
    pattern: re.Pattern[str] | None = None
    reason: str = INVALID_ARGUMENT
    minimum: int | None = None
    maximum: int | None = None
    range_reason: str = FIELD_OUT_OF_RANGE
    max_items: int | None = None
    max_depth: int | None = None
    max_bytes: int | None = None
    #: extra ErrorInfo metadata of a refusal (``option`` for a house-rule option, as the engines report it)
    metadata: tuple[tuple[str, str], ...] = ()

    def describe(self) -> str:
        """The bound in words, for the documentation table."""
        parts = []
        if self.pattern is UUID:
            parts.append("a UUID (8-4-4-4-12 hex digits, any case) or empty")
        elif self.pattern is not None:
            parts.append(f"matches `{self.pattern.pattern}`")
        if self.max_length is not None:
            parts.append(f"at most {self.max_length} characters")
        if self.max_items is not None:
            parts.append(f"at most {self.max_items} items")
        if self.minimum is not None or self.maximum is not None:
            parts.append(f"{'each ' if self.max_items is not None else ''}{self.minimum}..{self.maximum}")
        if self.max_depth is not None:
            parts.append(f"at most {self.max_depth} levels deep and {self.max_bytes} bytes")
        return "; ".join(parts)

    def reasons(self) -> str:
        """The ErrorInfo reasons of this bound's refusals, for the documentation table."""
        found = []
        if self.max_length is not None or self.max_items is not None or self.max_depth is not None:
            found.append(FIELD_TOO_LARGE)
        if self.pattern is not None:
            found.append(self.reason)
        if self.minimum is not None or self.maximum is not None:
            found.append(self.range_reason)
        return ", ".join(f"`{reason}`" for reason in found)


def _name() -> Bound:
    return Bound(max_length=NAME_LENGTH)


def _request_id() -> Bound:
    return Bound(max_length=36, pattern=UUID, reason=INVALID_REQUEST_ID)


def _page_size() -> Bound:
    return Bound(minimum=0, maximum=PAGE_SIZE_MAX)


def _version() -> Bound:
    return Bound(minimum=0, maximum=VERSION_MAX)


def _legal_actions_form() -> Bound:
    """A LegalActionsForm: one of its numbers (proto3 enums are open: any int32 decodes)."""
    values = match_pb2.LegalActionsForm.values()
    return Bound(minimum=min(values), maximum=max(values))


def _option_bounds() -> dict[str, Bound]:
    """``options.<game>.<option>`` of CreateMatchRequest, from the engines' OptionSpec ranges."""
    from .convert import GAME_FIELDS  # the oneof member of each game

    found: dict[str, Bound] = {}
    for game in game_ids():
        for spec in get_engine(game).info.options:
            path = f"options.{GAME_FIELDS[game]}.{spec.name}"
            bound = _option_bound(spec)
            found[f"{path}.values" if spec.kind == "int_list" else path] = bound
    return found


def _option_bound(spec: OptionSpec) -> Bound:
    tag = (("option", spec.name),)
    if spec.kind == "int":
        return Bound(minimum=spec.minimum, maximum=spec.maximum, range_reason="INVALID_OPTION", metadata=tag)
    if spec.kind == "int_list":
        return Bound(
            minimum=spec.minimum,
            maximum=spec.maximum,
            max_items=spec.max_items,
            range_reason="INVALID_OPTION",
            metadata=tag,
        )
    if spec.kind in ("enum", "seat"):
        return Bound(max_length=OPTION_STRING_LENGTH, metadata=tag)
    return Bound()  # bool: two values, nothing to bound


def _action_bounds() -> dict[str, Bound]:
    """``action.<game>.<kind>.<param>`` of SubmitActionRequest: one rule for every game's actions."""
    action = SERVICE.methods_by_name["SubmitAction"].input_type.fields_by_name["action"].message_type
    bounds = {f"action.{path}": _action_bound(field) for path, field in _leaves(action)}
    # a repeated message param (a Redistribute's allocation) is a list too: its length is bounded like one
    bounds.update({f"action.{path}": Bound(max_items=ACTION_LIST_ITEMS) for path in _repeated_messages(action)})
    return bounds


def _action_bound(field: Field) -> Bound:
    items = ACTION_LIST_ITEMS if field.is_repeated else None
    if field.type == Field.TYPE_STRING:
        return Bound(max_length=ACTION_STRING_LENGTH, max_items=items)
    if field.type in (Field.TYPE_INT32, Field.TYPE_INT64):
        return Bound(minimum=0, maximum=ACTION_INT_MAX, max_items=items)
    return Bound(max_items=items)


def _leaves(message_type: descriptor.Descriptor, prefix: str = "") -> Iterator[tuple[str, Field]]:
    """Every non-message field under ``message_type`` (and Structs), as dotted paths."""
    for field in message_type.fields:
        path = f"{prefix}{field.name}"
        if field.message_type is not None and field.message_type.full_name != "google.protobuf.Struct":
            yield from _leaves(field.message_type, f"{path}.")
        else:
            yield path, field


def _repeated_messages(message_type: descriptor.Descriptor, prefix: str = "") -> Iterator[str]:
    """The dotted paths of the repeated message fields under ``message_type``."""
    for field in message_type.fields:
        if field.message_type is not None and field.message_type.full_name != "google.protobuf.Struct":
            path = f"{prefix}{field.name}"
            if field.is_repeated:
                yield path
            yield from _repeated_messages(field.message_type, f"{path}.")


BOUNDS: dict[str, dict[str, Bound]] = {
    "ListGamesRequest": {"page_size": _page_size(), "page_token": Bound(max_length=PAGE_TOKEN_LENGTH)},
    "GetGameRequest": {"name": _name()},
    "CreateMatchRequest": {
        "parent": _name(),
        "seat_count": Bound(minimum=0, maximum=SEATS),
        **_option_bounds(),
        "player_name": Bound(max_length=PLAYER_NAME_LENGTH),
        "request_id": _request_id(),
        "seed": Bound(max_length=SEED_DIGITS, pattern=DECIMAL, reason="INVALID_SEED"),
        "fixture": Bound(max_depth=FIXTURE_DEPTH, max_bytes=FIXTURE_BYTES),
        "bot_seats": Bound(max_items=SEATS, minimum=0, maximum=SEATS - 1),
        "table.turn_seconds": Bound(minimum=0, maximum=CLOCK_SECONDS_MAX),
        "table.reserve_seconds": Bound(minimum=0, maximum=CLOCK_SECONDS_MAX),
        "table.absent_bot_level": Bound(max_length=BOT_LEVEL_LENGTH),
        "bots": Bound(max_items=SEATS),
        "bots.seat": Bound(minimum=0, maximum=SEATS - 1),
        "bots.level": Bound(max_length=BOT_LEVEL_LENGTH),
    },
    "GetMatchRequest": {"name": _name(), "legal_actions_form": _legal_actions_form()},
    "ListMatchesRequest": {
        "parent": _name(),
        "page_size": _page_size(),
        "page_token": Bound(max_length=PAGE_TOKEN_LENGTH),
    },
    "JoinMatchRequest": {
        "name": _name(),
        "player_name": Bound(max_length=PLAYER_NAME_LENGTH),
        "request_id": _request_id(),
        "seat": Bound(minimum=0, maximum=SEATS - 1),
    },
    "LeaveMatchRequest": {"name": _name(), "request_id": _request_id()},
    "StartMatchRequest": {
        "name": _name(),
        "request_id": _request_id(),
        "bot_level": Bound(max_length=BOT_LEVEL_LENGTH),
    },
    "RematchMatchRequest": {"name": _name(), "request_id": _request_id()},
    "SubmitActionRequest": {
        "name": _name(),
        **_action_bounds(),
        "expected_version": _version(),
        "etag": Bound(max_length=ETAG_LENGTH),
        "request_id": _request_id(),
        "legal_actions_form": _legal_actions_form(),
    },
    "WatchMatchRequest": {"name": _name(), "after_version": _version(), "legal_actions_form": _legal_actions_form()},
    # every message of a Play session, its first (open) and each action (as SubmitActionRequest's)
    "PlayRequest": {
        "open.name": _name(),
        "open.seat_token": Bound(max_length=SEAT_TOKEN_LENGTH),
        "open.after_version": _version(),
        "open.legal_actions_form": _legal_actions_form(),
        "action.request_id": _request_id(),
        "action.expected_version": _version(),
        **{f"action.{path}": bound for path, bound in _action_bounds().items()},
    },
    "GetMatchLogRequest": {
        "name": _name(),
        "after_version": _version(),
        "page_size": _page_size(),
        "page_token": Bound(max_length=10, pattern=DECIMAL, reason="INVALID_PAGE_TOKEN"),
    },
}
#: the bound of a field missing from the table (the table test fails for it; this keeps it safe meanwhile)
FALLBACK = Bound(max_length=256, max_items=64)


def check_request(request: Message) -> None:
    """Refuse ``request`` with INVALID_ARGUMENT (reason and ``field`` metadata) if a field breaks its bound."""
    table = BOUNDS.get(request.DESCRIPTOR.name, {})
    for path, field, value in _set_fields(request):
        _check(table.get(path, FALLBACK), path, field, value)


def _set_fields(message: Message, prefix: str = "") -> Iterator[tuple[str, Field, object]]:
    for field, value in message.ListFields():
        path = f"{prefix}{field.name}"
        if field.message_type is not None and field.message_type.full_name != "google.protobuf.Struct":
            if field.is_repeated:
                # a repeated message: its length under its own path, then each item's fields
                yield path, field, value
                for item in value:
                    yield from _set_fields(item, f"{path}.")
            else:
                yield from _set_fields(value, f"{path}.")
        else:
            yield path, field, value


def _check(bound: Bound, path: str, field: Field, value: object) -> None:
    if field.is_repeated:
        if bound.max_items is not None and len(value) > bound.max_items:
            raise AppError(
                INVALID_ARGUMENT,
                FIELD_TOO_LARGE,
                f"{path} has more than {bound.max_items} items",
                _metadata(bound, path),
            )
        items = list(value)
    else:
        items = [value]
    for item in items:
        if isinstance(item, str):
            _check_text(bound, path, item)
        elif isinstance(item, (int, float)) and not isinstance(item, bool):
            _check_int(bound, path, item)
        elif isinstance(item, struct_pb2.Struct):
            _check_struct(bound, path, item)


def _metadata(bound: Bound, path: str) -> dict[str, str]:
    """The ErrorInfo metadata of a refused field (made only for a refusal): the field and the bound's own."""
    return {"field": path, **dict(bound.metadata)}


def _check_text(bound: Bound, path: str, text: str) -> None:
    # never echo the value: it may be large, and messages travel in headers (gRPC trailers)
    if bound.max_length is not None and len(text) > bound.max_length:
        raise AppError(
            INVALID_ARGUMENT,
            FIELD_TOO_LARGE,
            f"{path} is longer than {bound.max_length} characters",
            _metadata(bound, path),
        )
    if bound.pattern is not None and text and not bound.pattern.fullmatch(text):
        expected = "a UUID" if bound.pattern is UUID else f"text matching {bound.pattern.pattern}"
        raise AppError(INVALID_ARGUMENT, bound.reason, f"{path} must be {expected}", _metadata(bound, path))


def _check_int(bound: Bound, path: str, number: float) -> None:
    low, high = bound.minimum, bound.maximum
    if (low is not None and number < low) or (high is not None and number > high):
        raise AppError(
            INVALID_ARGUMENT, bound.range_reason, f"{path} must be within {low}..{high}", _metadata(bound, path)
        )


def _check_struct(bound: Bound, path: str, value: struct_pb2.Struct) -> None:
    if bound.max_bytes is not None and value.ByteSize() > bound.max_bytes:
        raise AppError(
            INVALID_ARGUMENT, FIELD_TOO_LARGE, f"{path} is larger than {bound.max_bytes} bytes", _metadata(bound, path)
        )
    if bound.max_depth is not None and _depth(value) > bound.max_depth:
        raise AppError(
            INVALID_ARGUMENT,
            FIELD_TOO_LARGE,
            f"{path} is nested deeper than {bound.max_depth} levels",
            _metadata(bound, path),
        )


def _depth(value: struct_pb2.Struct | struct_pb2.ListValue) -> int:
    """Nesting of objects and lists (an object of scalars is 1), iteratively: no recursion limit to hit."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        node, depth = pending.pop()
        deepest = max(deepest, depth)
        children = node.fields.values() if isinstance(node, struct_pb2.Struct) else node.values
        for child in children:
            kind = child.WhichOneof("kind")
            if kind in ("struct_value", "list_value"):
                pending.append((getattr(child, kind), depth + 1))
    return deepest


def markdown_table() -> str:
    """docs/security.md's "Input bounds" table: every bounded field of every request."""
    rows = ["| request | field | bound | refused with |", "|---|---|---|---|"]
    for request, fields in BOUNDS.items():
        for path, bound in fields.items():
            described = bound.describe()
            if described:
                rows.append(f"| {request} | `{path}` | {described} | {bound.reasons()} |")
    return "\n".join(rows)
