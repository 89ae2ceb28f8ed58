"""Hypothesis strategies for any protobuf message, built from its descriptor.

Every field may be left unset or set to a value of its type: hostile text (controls, bidi and
zero-width characters, digits that are not ASCII, long strings), integers over all of int32,
lists, nested messages (depth-limited), one member per oneof, and JSON objects for Structs. Names
and tokens are drawn partly from a pool of real ones, so that requests get past name parsing into
the use cases. No library derives strategies from protobuf descriptors for the current
protobuf releases (hypothesis-protobuf is unmaintained), hence this module.
"""

from __future__ import annotations

from google.protobuf import descriptor, json_format, struct_pb2
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass
from hypothesis import strategies as st

Field = descriptor.FieldDescriptor
INT32 = st.one_of(st.integers(-3, 13), st.integers(-(2**31), 2**31 - 1), st.sampled_from([2**31 - 1, -(2**31)]))
HOSTILE = st.sampled_from(
    ["", "\n", "²", "١٢", "\x00", "\x1b]0;x\x07", "a\u202eb", "\u200b", "x" * 200, "games/", "-1", "1e9", "null"]
)
TEXT = st.one_of(st.text(max_size=24), HOSTILE)
JSON = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def messages(message_type: descriptor.Descriptor, names: list[str], depth: int = 0) -> st.SearchStrategy[Message]:
    """Messages of ``message_type``; ``names``: real resource names to aim at."""
    message_class = GetMessageClass(message_type)
    if message_type.full_name == "google.protobuf.Struct":
        return st.dictionaries(st.text(max_size=8), JSON, max_size=4).map(
            lambda value: json_format.ParseDict(value, struct_pb2.Struct())
        )
    in_oneof = {field.name for oneof in message_type.oneofs for field in oneof.fields}
    optional = {
        field.name: _field(field, names, depth)
        for field in message_type.fields
        if field.name not in in_oneof and depth < 4
    }
    oneofs = [
        st.one_of(st.none(), *(st.tuples(st.just(f.name), _field(f, names, depth)) for f in oneof.fields))
        for oneof in message_type.oneofs
        if depth < 4
    ]

    def build(fields: dict, chosen: tuple) -> Message:
        message = message_class()
        for name, value in [*fields.items(), *(choice for choice in chosen if choice is not None)]:
            _set(message, message_type.fields_by_name[name], value)
        return message

    return st.builds(build, st.fixed_dictionaries({}, optional=optional), st.tuples(*oneofs))


def _field(field: Field, names: list[str], depth: int) -> st.SearchStrategy:
    value = _value(field, names, depth)
    return st.lists(value, max_size=6) if field.is_repeated else value


def _value(field: Field, names: list[str], depth: int) -> st.SearchStrategy:
    if field.type == Field.TYPE_MESSAGE:
        return messages(field.message_type, names, depth + 1)
    if field.type == Field.TYPE_STRING:
        if field.name in ("name", "parent"):
            real = st.sampled_from(names)
            return st.one_of(real, real.map(lambda n: n.rsplit("/matches/", 1)[0]), real.map(lambda n: n + "\n"), TEXT)
        if field.name == "request_id":
            return st.one_of(st.uuids().map(str), st.uuids().map(lambda u: u.hex), TEXT)
        if field.name in ("seed", "page_token"):
            return st.one_of(st.integers(0, 10**20).map(str), TEXT)
        return TEXT
    if field.type == Field.TYPE_BOOL:
        return st.booleans()
    if field.type == Field.TYPE_ENUM:
        return st.sampled_from([value.number for value in field.enum_type.values] + [999])
    return INT32


def _set(message: Message, field: Field, value) -> None:
    if field.is_repeated:
        target = getattr(message, field.name)
        if field.type == Field.TYPE_MESSAGE:
            for item in value:
                target.add().CopyFrom(item)
        else:
            target.extend(value)
    elif field.type == Field.TYPE_MESSAGE:
        getattr(message, field.name).CopyFrom(value)
    else:
        setattr(message, field.name, value)

