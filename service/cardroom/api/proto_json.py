"""Proto3 JSON of a message: the JSON value ``json_format.MessageToJson`` prints, printed compact, cheaper.

Written by hand because protobuf's printer re-inspects every field's descriptor for every value it prints
(a map entry? repeated? which type? an enum value with a JSON option?): on a REST worker it was 18.6% of the
CPU (docs/benchmarks.md, "Eighth pass"). Here each message type's fields are looked at once, and each value
goes through the converter chosen for its field. Protobuf's printer keeps every message type it gives a special
form or this module does not cover (the well-known types: Timestamp, Struct, Any, wrappers...; maps, bytes,
64-bit integers and 32-bit floats, which the API does not use yet; enum values with options; proto2's closed
enums). The tests check the value equals MessageToJson's for every view, event and action of 40 random games
(tests/api/test_convert.py) and for matches and each value kind (tests/api/test_proto_json.py).

The text is msgspec's: no blanks between tokens, UTF-8 rather than ``\\u`` escapes, the shortest exponent form of
a double (``1e-7``); the same JSON value as json_format's text, which ``json.dumps`` wrote ~8x slower (a Pumba
state: 31.6 against 4.1 µs; docs/benchmarks.md, "CPU per move, sixteenth pass").
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

from google.protobuf import json_format
from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message
from msgspec.json import Encoder

Convert = Callable[[Any], Any]
#: field number -> (JSON name, converter of the field's whole value)
Plan = dict[int, tuple[str, Convert]]

#: message types that many answers carry unchanged: every seat's view of a version shares its ``Match``; their
#: JSON is kept for the SHARED_SIZE most recent distinct values (a version's answers and pushes come together)
SHARED_TYPES = frozenset({"cardroom.v1.Match"})
SHARED_SIZE = 256


_encode = Encoder().encode


def to_json(message: Message) -> str:
    """``message`` as proto3 JSON text (module docstring)."""
    return to_json_bytes(message).decode()


def to_json_bytes(message: Message) -> bytes:
    """``to_json``'s text as UTF-8, as the encoder makes it (an HTTP body needs no ``str``)."""
    return _encode(to_dict(message))


def to_dict(message: Message) -> Any:
    """``message`` as the JSON value ``json_format.MessageToDict`` gives (a dict, or a string for a Timestamp).

    Read it, do not change it: a ``Match`` inside is the dict remembered for that value (``_shared_dict``)."""
    plan = _plan(message.DESCRIPTOR)
    if plan is None:
        return json_format.MessageToDict(message)
    made = {}
    # ListFields: only the fields set (presence) or not at their default, in field number order, as the printer
    for field, value in message.ListFields():
        name, convert = plan[field.number]
        made[name] = convert(value)
    return made


@functools.cache
def _plan(message_type: Descriptor) -> Plan | None:
    """How to print each field of ``message_type``; None when protobuf's printer must print the whole type."""
    if message_type.file.name.startswith("google/protobuf/"):
        return None
    plan: Plan = {}
    for field in message_type.fields:
        convert = _field_converter(field)
        if convert is None:
            return None
        plan[field.number] = (field.json_name, convert)
    return plan


def _shared_dict(message: Message) -> Any:
    """``to_dict`` of a message of a shared type, made once per distinct value (the answer only reads it)."""
    return _dict_of_bytes(type(message), message.SerializeToString())


@functools.lru_cache(maxsize=SHARED_SIZE)
def _dict_of_bytes(message_class: type[Message], data: bytes) -> Any:
    return to_dict(message_class.FromString(data))


def _field_converter(field: FieldDescriptor) -> Convert | None:
    if field.message_type is not None and field.message_type.GetOptions().map_entry:
        return None  # no map in the API yet: protobuf's printer keeps a type that has one
    one = _value_converter(field)
    if one is None or not field.is_repeated:
        return one
    return lambda values: [one(v) for v in values]


def _value_converter(field: FieldDescriptor) -> Convert | None:
    """The converter of one value of ``field``; None for a kind left to protobuf's printer (64-bit integers,
    32-bit floats and bytes have special forms, and the API has none of them yet)."""
    kind = field.cpp_type
    if kind == FieldDescriptor.CPPTYPE_MESSAGE:
        return _shared_dict if field.message_type.full_name in SHARED_TYPES else to_dict
    if kind == FieldDescriptor.CPPTYPE_ENUM:
        return _enum_converter(field.enum_type)
    if kind == FieldDescriptor.CPPTYPE_STRING and field.type == FieldDescriptor.TYPE_STRING:
        return str
    if kind == FieldDescriptor.CPPTYPE_BOOL:
        return bool
    if kind in (FieldDescriptor.CPPTYPE_INT32, FieldDescriptor.CPPTYPE_UINT32):
        return int
    if kind == FieldDescriptor.CPPTYPE_DOUBLE:
        return _double
    return None


def _enum_converter(enum_type: EnumDescriptor) -> Convert | None:
    if enum_type.is_closed or enum_type.full_name == "google.protobuf.NullValue":
        return None
    if any(value.GetOptions().ListFields() for value in enum_type.values):
        return None  # a value may carry a JSON name of its own
    names = {value.number: value.name for value in enum_type.values}
    return lambda number: names.get(number, number)  # an open enum's unknown number prints as the number


def _double(value: float) -> float | str:
    if math.isinf(value):
        return "-Infinity" if value < 0 else "Infinity"
    if math.isnan(value):
        return "NaN"
    return value
