"""Finish the OpenAPI document that gnostic's protoc-gen-openapi generated from proto/ (scripts/gen_openapi.sh).

    python scripts/openapi_finish.py <generated openapi.yaml> <output openapi.json>

The generator knows the paths and messages; what the REST gateway adds on top
(cardroom.api.rest) is written in here, read from the same sources the gateway
uses wherever they exist:

- the bearer seat token (optional: without it the caller is a spectator);
- Google's JSON error shape, for every error status the service answers with;
- ``ETag`` on responses that carry a match and ``If-Match`` on requests with an etag;
- server-streaming methods as Server-Sent Events, resumable with ``Last-Event-ID``;
- path variables named after the resource patterns (the generator singularizes
  ``matches`` as ``matche``) with the pattern of their ids, and descriptions
  without buf lint directives;
- OpenAPI links from the answers that hand out a seat token (CreateMatch,
  JoinMatch) to the calls made on that match with it, so a client generator or a
  stateful fuzzer (schemathesis, tests/fuzz/test_rest_stateful.py) follows the
  match's name and the seat token from one call to the next;
- ``oneOf`` for every message that is one proto oneof (``Action``, ``SeatView``,
  ``Event``, ``GameOptions`` per game, ``<Game>Action`` and ``<Game>Event`` per type):
  exactly one member is set, so a sample built from the schema is one game's, one
  action's (the generator lists every member as a property);
- realistic SubmitAction bodies, ``ACTION_EXAMPLES``, two per game, as the request's
  examples (tests/rest/test_openapi_examples.py sends each one to a live server
  when it is legal).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import yaml
from google.api import resource_pb2
from google.rpc import code_pb2

from cardroom.api.errors import ERROR_DOMAIN
from cardroom.api.handlers import ID_PATTERNS
from cardroom.api.http_errors import HTTP_STATUS
from cardroom.api.rest import SERVICE
from cardroom.app import errors as app_errors
from cardroom.v1 import game_service_pb2, match_pb2

SECURITY_SCHEME = "bearerAuth"
#: operations whose answer names a match (``state.match.name``) and holds a seat token (``seatToken``) -> the
#: operations a client calls next on that match, and whether it sends the token (a JoinMatch is someone else's)
LINKS = {
    "CreateMatch": {
        "GetMatch": True,
        "JoinMatch": False,
        "StartMatch": True,
        "SubmitAction": True,
        "LeaveMatch": True,
        "GetMatchLog": True,
    },
    "JoinMatch": {"GetMatch": True, "StartMatch": True, "SubmitAction": True, "LeaveMatch": True},
}
#: SubmitAction bodies shown in the reference page, per game: (summary, body); each is one of the acting seat's
#: legal actions at some moment of a match (send one of `legalActions` unchanged: these are what they look like)
ACTION_EXAMPLES: dict[str, list[tuple[str, dict[str, Any]]]] = {
    "pumptown": [
        ("Pumptown: draw from the pile (TURN_START)", {"action": {"pumptown": {"draw": {"source": "pile"}}}}),
        ("Pumptown: place the drawn card top left (TURN_PLACE)", {"action": {"pumptown": {"place": {"pos": "TL"}}}}),
    ],
    "pumba": [
        ("Pumba: play the Cinco de Copas", {"action": {"pumba": {"play": {"card": "5c"}}}}),
        ("Pumba: draw a card", {"action": {"pumba": {"draw": {}}}}),
    ],
    "up-or-down": [
        (
            "Up or Down?: place the taken card as a new column (PLACE)",
            {"action": {"upOrDown": {"place": {"target": "new"}}}},
        ),
        ("Up or Down?: draw from the face-up pile (DRAW)", {"action": {"upOrDown": {"draw": {"pile": "up"}}}}),
    ],
    "flip-7": [
        ("Flip 7: hit (draw a card)", {"action": {"flip7": {"hit": {}}}}),
        ("Flip 7: give the pending action card to seat 1", {"action": {"flip7": {"assign": {"target": 1}}}}),
    ],
}
MATCH_NAME = "$response.body#/state/match/name"
ERROR_RESPONSE = "Error"
SCHEMAS = "#/components/schemas/"


def finish(document: dict[str, Any]) -> dict[str, Any]:
    document = _clean_descriptions(document)
    document["paths"] = _rename_path_variables(document["paths"])
    components = document.setdefault("components", {})
    components["securitySchemes"] = {
        SECURITY_SCHEME: {
            "type": "http",
            "scheme": "bearer",
            "description": "The seat token that CreateMatch or JoinMatch returned. Without it the caller is a "
            "spectator and sees only public information.",
        }
    }
    document["security"] = [{}, {SECURITY_SCHEME: []}]
    components["schemas"].update(_error_schemas())
    components["responses"] = {
        ERROR_RESPONSE: {
            "description": "Google's JSON error: the HTTP status, the canonical code and an ErrorInfo detail",
            "content": {"application/json": {"schema": {"$ref": SCHEMAS + "Error"}}},
        }
    }
    streaming = {f"{SERVICE.name}_{method.name}" for method in SERVICE.methods if method.server_streaming}
    for operations in document["paths"].values():
        for operation in operations.values():
            _finish_operation(operation, components["schemas"], operation["operationId"] in streaming)
    _add_links(document["paths"])
    _one_of_members(components["schemas"])
    _add_action_examples(document["paths"])
    _drop_unreferenced_schemas(document)
    return document


def _one_of_members(schemas: dict[str, Any]) -> None:
    """A message whose fields are all one oneof: ``oneOf`` its members, each an object of that member alone."""
    files = [match_pb2.DESCRIPTOR, *match_pb2.DESCRIPTOR.dependencies, game_service_pb2.DESCRIPTOR]
    for message in (m for file in files if file.package == "cardroom.v1" for m in file.message_types_by_name.values()):
        oneofs = [oneof for oneof in message.oneofs if not _synthetic(oneof)]
        schema = schemas.get(message.name)
        if schema is None or len(oneofs) != 1 or len(oneofs[0].fields) != len(message.fields):
            continue
        properties = schema.pop("properties")
        schema["oneOf"] = [
            {
                "title": field.json_name,
                "type": "object",
                "properties": {field.json_name: properties[field.json_name]},
                "required": [field.json_name],
                "additionalProperties": False,
            }
            for field in oneofs[0].fields
        ]


def _synthetic(oneof: Any) -> bool:
    """The oneof proto3 makes for an ``optional`` field (one field, named ``_<field>``)."""
    return len(oneof.fields) == 1 and oneof.name == "_" + oneof.fields[0].name


def _add_action_examples(paths: dict[str, Any]) -> None:
    operation = next(
        op for path in paths.values() for op in path.values() if op["operationId"] == f"{SERVICE.name}_SubmitAction"
    )
    operation["requestBody"]["content"]["application/json"]["examples"] = {
        f"{game}-{index}": {"summary": summary, "value": body}
        for game, examples in ACTION_EXAMPLES.items()
        for index, (summary, body) in enumerate(examples, 1)
    }


def _add_links(paths: dict[str, Any]) -> None:
    """OpenAPI links of ``LINKS``: the target's path variables cut out of the match's name, and the seat
    token as the bearer credential (a link parameter ``header.Authorization``)."""
    operations = {op["operationId"]: op for path in paths.values() for op in path.values()}
    for source, targets in LINKS.items():
        links = {}
        for target, with_token in targets.items():
            parameters = {
                "path.game": f"{MATCH_NAME}#regex:^games/([^/]+)/matches/",
                "path.match": f"{MATCH_NAME}#regex:/matches/([^/]+)$",
            }
            if with_token:
                parameters["header.Authorization"] = "Bearer {$response.body#/seatToken}"
            links[target] = {
                "operationId": f"{SERVICE.name}_{target}",
                "parameters": parameters,
                "description": f"{target} on the match of this answer"
                + (", with its seat token" if with_token else " (another player)"),
            }
        operations[f"{SERVICE.name}_{source}"]["responses"]["200"]["links"] = links


def _finish_operation(operation: dict[str, Any], schemas: dict[str, Any], streaming: bool) -> None:
    responses = operation["responses"]
    error = {"$ref": "#/components/responses/" + ERROR_RESPONSE}
    responses.pop("default", None)
    for status in _error_statuses():
        responses[str(status)] = error
    responses["default"] = error
    ok = responses["200"]
    schema_ref = ok["content"]["application/json"]["schema"]["$ref"]
    if streaming:
        ok["description"] = (
            "Server-Sent Events: each event's `id` is the match version and its `data` the proto3 JSON of a "
            f"`{schema_ref.removeprefix(SCHEMAS)}`; comment lines are heartbeats. A failure after the stream "
            "started arrives as an `error` event whose data is the JSON error."
        )
        ok["content"] = {"text/event-stream": {"schema": {"type": "string"}}}
        responses["204"] = {
            "description": "The match is over and nothing follows the version asked for; "
            "an EventSource stops reconnecting."
        }
        operation["parameters"].append(
            {
                "name": "Last-Event-ID",
                "in": "header",
                "description": "Resume after this version (the `id` of the last event received); "
                "overrides `afterVersion`.",
                "schema": {"type": "string"},
            }
        )
    elif _carries_match(schemas, schema_ref):
        ok["headers"] = {
            "ETag": {"description": "The etag of the match version returned", "schema": {"type": "string"}}
        }
    body = operation.get("requestBody")
    if body and "etag" in _schema(schemas, body["content"]["application/json"]["schema"]["$ref"]).get("properties", {}):
        operation.setdefault("parameters", []).append(
            {
                "name": "If-Match",
                "in": "header",
                "description": "The etag the request was decided on, like the body's `etag`: a stale one is "
                "409 ABORTED with reason STALE_VERSION.",
                "schema": {"type": "string"},
            }
        )


def _error_statuses() -> list[int]:
    """The HTTP statuses of the canonical codes the application raises, and 500."""
    codes = [value for name, value in vars(app_errors).items() if name.isupper() and name == value]
    return sorted({HTTP_STATUS[code] for code in codes} | {HTTP_STATUS["INTERNAL"]})


def _error_schemas() -> dict[str, Any]:
    return {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {
                "error": {
                    "type": "object",
                    "required": ["code", "status", "message"],
                    "properties": {
                        "code": {"type": "integer", "format": "int32", "description": "The HTTP status."},
                        "status": {
                            "type": "string",
                            "enum": list(code_pb2.Code.keys()),
                            "description": "The canonical code (google.rpc.Code), as in gRPC.",
                        },
                        "message": {"type": "string", "description": "A developer-facing message."},
                        "details": {"type": "array", "items": {"$ref": SCHEMAS + "ErrorInfo"}},
                    },
                }
            },
            "description": "Google's JSON error shape (AIP-193).",
        },
        "ErrorInfo": {
            "type": "object",
            "properties": {
                "@type": {"type": "string", "enum": ["type.googleapis.com/google.rpc.ErrorInfo"]},
                "reason": {"type": "string", "description": "Machine-readable reason, one of `ErrorReason`."},
                "domain": {"type": "string", "enum": [ERROR_DOMAIN]},
                "metadata": {"type": "object", "additionalProperties": {"type": "string"}},
            },
            "description": "google.rpc.ErrorInfo: the same detail gRPC sends in its rich status.",
        },
    }


def _schema(schemas: dict[str, Any], ref: str) -> dict[str, Any]:
    return schemas[ref.removeprefix(SCHEMAS)]


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def _carries_match(schemas: dict[str, Any], ref: str) -> bool:
    """A MatchState, or a response with a MatchState ``state``: what the gateway sends an ETag with."""
    match_state = SCHEMAS + match_pb2.MatchState.DESCRIPTOR.name
    properties = _schema(schemas, ref).get("properties", {})
    return ref == match_state or match_state in _refs(properties.get("state", {}))


def _rename_path_variables(paths: dict[str, Any]) -> dict[str, Any]:
    """``games/{game}/matches/{matche}`` -> ``{match}``: the variable names of the resource patterns."""
    names = {}
    for message in match_pb2.DESCRIPTOR.message_types_by_name.values():
        resource = message.GetOptions().Extensions[resource_pb2.resource]
        for pattern in resource.pattern:
            names.update(re.findall(r"([a-z]+)/\{([a-z_]+)\}", pattern))
    renamed = {}
    for path, operations in paths.items():
        changes = {old: names[collection] for collection, old in re.findall(r"([a-z]+)/\{([a-zA-Z_]+)\}", path)}
        for old, new in changes.items():
            path = path.replace("{" + old + "}", "{" + new + "}")
            for operation in operations.values():
                for parameter in operation.get("parameters", []):
                    if parameter["in"] == "path" and parameter["name"] == old:
                        parameter["name"] = new
                        parameter["description"] = f"The {new} id."
                        parameter["schema"]["pattern"] = f"^{ID_PATTERNS[new]}$"
        renamed[path] = operations
    return renamed


def _clean_descriptions(node: Any) -> Any:
    if isinstance(node, dict):
        return {
            key: _clean_description(value)
            if key == "description" and isinstance(value, str)
            else _clean_descriptions(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_clean_descriptions(value) for value in node]
    return node


def _clean_description(text: str) -> str:
    # proto comments keep the space after `//` on continuation lines; lint directives are not documentation
    lines = [line.strip() for line in text.splitlines()]
    return "\n".join(line for line in lines if not line.startswith("buf:lint:")).strip()


def _drop_unreferenced_schemas(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    while True:
        used = {ref.removeprefix(SCHEMAS) for ref in _refs(document)}
        unused = [name for name in schemas if name not in used]
        if not unused:
            return
        for name in unused:
            del schemas[name]


class _Yaml12Loader(yaml.SafeLoader):
    """YAML 1.2's booleans (``true``/``false`` only): PyYAML's YAML 1.1 reads a property named ``on``
    (Pumptown's ``SetAutopassAction.on``), ``off``, ``yes`` or ``no`` as a boolean key."""


_Yaml12Loader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Yaml12Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def main(source: str, target: str) -> None:
    document = finish(yaml.load(Path(source).read_text(), Loader=_Yaml12Loader))
    Path(target).write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
