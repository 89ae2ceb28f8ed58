"""GameService methods as HTTP: routes and requests read from their ``google.api.http`` options.

Each method's ``HttpRule`` (read from the descriptors, never retyped) gives its
verb, its path template (``/v1/{name=games/*/matches/*}:join``), which request
fields the path variables fill and whether the body is the request (``body:
"*"``); the other fields come from query parameters. Bodies and parameters are
parsed with the proto3 JSON mapping (``google.protobuf.json_format``).

Written by hand: no maintained Python library turns ``HttpRule`` annotations
into the routes of an in-process server (grpc-gateway is a separate Go proxy).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from google.api import annotations_pb2, http_pb2
from google.protobuf import descriptor, json_format, message
from google.protobuf.message_factory import GetMessageClass
from multidict import MultiMapping

from ..app.errors import INVALID_ARGUMENT, AppError

PATH_VARIABLE = re.compile(r"\{(?P<field>[a-z_][a-z0-9_.]*)(?:=(?P<pattern>[^}]+))?\}")
#: one path segment of a template's ``*``; ``:`` ends it so ``{name=...}:verb`` custom methods stay apart
SEGMENT = r"[^/:]+"


@dataclass(frozen=True)
class Route:
    """One binding of a method: verb, aiohttp path (variables ``v0``, ``v1``...), the fields they fill, body."""

    method: descriptor.MethodDescriptor
    verb: str
    path: str
    path_fields: tuple[str, ...]
    body: str

    @property
    def streaming(self) -> bool:
        return self.method.server_streaming

    def request(self, body: str, query: MultiMapping[str], path_values: Mapping[str, str]) -> message.Message:
        """The proto request of one HTTP call; malformed input raises INVALID_ARGUMENT."""
        request_type = self.method.input_type
        request = GetMessageClass(request_type)()
        try:
            if self.body == "*":
                if query:  # every field is in the body: a query parameter is one this method does not have
                    message = f"{request_type.name} takes no query parameters"
                    raise AppError(INVALID_ARGUMENT, "UNKNOWN_PARAMETER", message)
                json_format.Parse(body or "{}", request)
            else:
                if self.body:
                    json_format.Parse(body or "{}", getattr(request, self.body))
                json_format.ParseDict(_query_fields(request_type, query), request)
        except json_format.ParseError as error:
            raise AppError(INVALID_ARGUMENT, "INVALID_JSON", f"the request is not valid proto3 JSON: {error}") from None
        for index, field in enumerate(self.path_fields):
            _set_field(request, field, path_values[f"v{index}"])
        return request


def http_rule(method: descriptor.MethodDescriptor) -> http_pb2.HttpRule:
    return method.GetOptions().Extensions[annotations_pb2.http]


def routes_of(service: descriptor.ServiceDescriptor) -> list[Route]:
    """The routes of every method with a ``google.api.http`` option (and its additional bindings)."""
    found = []
    for method in service.methods:
        rule = http_rule(method)
        for binding in [rule, *rule.additional_bindings]:
            verb = binding.WhichOneof("pattern")
            if verb is None:
                continue
            template = binding.custom.path if verb == "custom" else getattr(binding, verb)
            verb = binding.custom.kind if verb == "custom" else verb
            path, fields = _route_path(template)
            found.append(Route(method, verb.upper(), path, fields, binding.body))
    return found


def _route_path(template: str) -> tuple[str, tuple[str, ...]]:
    """``/v1/{name=games/*}:x`` -> (``/v1/{v0:games/[^/:]+}:x``, ("name",)): aiohttp regex variables."""
    fields: list[str] = []

    def variable(found: re.Match) -> str:
        parts = (found["pattern"] or "*").split("/")
        regex = "/".join(SEGMENT if part == "*" else ".+" if part == "**" else re.escape(part) for part in parts)
        fields.append(found["field"])
        return f"{{v{len(fields) - 1}:{regex}}}"

    return PATH_VARIABLE.sub(variable, template), tuple(fields)


def _query_fields(message_type: descriptor.Descriptor, query: MultiMapping[str]) -> dict[str, Any]:
    """Query parameters as a proto3 JSON dict: ``a.b=1`` sets a nested field, a repeated key a list."""
    fields: dict[str, Any] = {}
    for key in dict.fromkeys(query):
        *parents, leaf = key.split(".")
        target, target_type = fields, message_type
        for part in parents:
            field = _field_of(target_type, part)
            if field.message_type is None:
                raise AppError(INVALID_ARGUMENT, "UNKNOWN_PARAMETER", f"{key!r}: {part} is not a message")
            target, target_type = target.setdefault(part, {}), field.message_type
        field = _field_of(target_type, leaf)
        values = [_query_scalar(field, value) for value in query.getall(key)]
        target[leaf] = values if field.is_repeated else values[-1]
    return fields


def _field_of(message_type: descriptor.Descriptor, name: str) -> descriptor.FieldDescriptor:
    field = message_type.fields_by_name.get(name) or next((f for f in message_type.fields if f.json_name == name), None)
    if field is None:
        raise AppError(INVALID_ARGUMENT, "UNKNOWN_PARAMETER", f"{message_type.name} has no field {name!r}")
    return field


def _query_scalar(field: descriptor.FieldDescriptor, text: str) -> Any:
    # proto3 JSON takes numbers as strings, but booleans only as JSON true/false
    if field.type == descriptor.FieldDescriptor.TYPE_BOOL and text in ("true", "false"):
        return text == "true"
    return text


def _set_field(request: message.Message, path: str, value: str) -> None:
    *parents, leaf = path.split(".")
    target = request
    for part in parents:
        target = getattr(target, part)
    setattr(target, leaf, value)
