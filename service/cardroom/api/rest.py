"""The REST/JSON gateway: GameService over HTTP, routed by the proto's ``google.api.http`` options.

Routes, path variables, bodies and query parameters come from each method
descriptor's ``HttpRule``, read at startup and never retyped; JSON follows the
proto3 JSON mapping (``google.protobuf.json_format``); every call goes to the
same ``GameHandlers`` as gRPC. aiohttp serves it, aiohttp-sse streams
WatchMatch as Server-Sent Events, aiohttp-cors answers CORS, swagger-ui-py
serves the API reference page from the committed OpenAPI document.

Written by hand, because no maintained Python library turns ``HttpRule``
annotations into routes of an in-process server (grpc-gateway is a separate Go
proxy): the template-to-route translation and the request assembly below.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any

import aiohttp_cors
from aiohttp import web
from aiohttp_sse import sse_response
from google.api import annotations_pb2, http_pb2
from google.protobuf import descriptor, json_format, message
from google.protobuf.message_factory import GetMessageClass
from multidict import MultiMapping
from swagger_ui import api_doc

from ..app.config import Settings
from ..app.errors import INVALID_ARGUMENT, AppError
from ..store.contract import MatchStore
from ..v1 import game_service_pb2
from .errors import to_rpc_status
from .handlers import GameHandlers, parse_authorization

log = logging.getLogger(__name__)

SERVICE = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]
OPENAPI_DOCUMENT = "openapi.json"
DOCS_PATH = "/docs"

#: HTTP status of each canonical code: the mapping documented in google/rpc/code.proto
HTTP_STATUS = {
    "OK": 200,
    "CANCELLED": 499,
    "UNKNOWN": 500,
    "INVALID_ARGUMENT": 400,
    "DEADLINE_EXCEEDED": 504,
    "NOT_FOUND": 404,
    "ALREADY_EXISTS": 409,
    "PERMISSION_DENIED": 403,
    "UNAUTHENTICATED": 401,
    "RESOURCE_EXHAUSTED": 429,
    "FAILED_PRECONDITION": 400,
    "ABORTED": 409,
    "OUT_OF_RANGE": 400,
    "UNIMPLEMENTED": 501,
    "INTERNAL": 500,
    "UNAVAILABLE": 503,
    "DATA_LOSS": 500,
}
#: the canonical code an HTTP error of aiohttp itself (unknown route, body too large...) is reported as
CODE_OF_HTTP_STATUS = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    405: "UNIMPLEMENTED",
    409: "ABORTED",
    413: "RESOURCE_EXHAUSTED",
    429: "RESOURCE_EXHAUSTED",
    503: "UNAVAILABLE",
}

PATH_VARIABLE = re.compile(r"\{(?P<field>[a-z_][a-z0-9_.]*)(?:=(?P<pattern>[^}]+))?\}")
#: one path segment of a template's ``*``; ``:`` ends it so ``{name=...}:verb`` custom methods stay apart
SEGMENT = r"[^/:]+"


@dataclass(frozen=True)
class Route:
    """One GameService method as HTTP: verb, aiohttp path, the request fields its path variables fill."""

    method: descriptor.MethodDescriptor
    verb: str
    path: str
    path_fields: tuple[str, ...]
    body: str

    @property
    def streaming(self) -> bool:
        return self.method.server_streaming


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
            template = getattr(binding, verb) if verb != "custom" else binding.custom.path
            verb = verb if verb != "custom" else binding.custom.kind.lower()
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


def error_body(error: AppError, http_status: int | None = None) -> dict[str, Any]:
    """Google's JSON error shape: the google.rpc.Status of gRPC, with the HTTP status as ``code``."""
    status = json_format.MessageToDict(to_rpc_status(error))
    return {
        "error": {
            "code": http_status or HTTP_STATUS.get(error.code, 500),
            "status": error.code,
            "message": error.message,
            "details": status.get("details", []),
        }
    }


def error_response(
    error: AppError, http_status: int | None = None, headers: dict[str, str] | None = None
) -> web.Response:
    http_status = http_status or HTTP_STATUS.get(error.code, 500)
    return web.json_response(error_body(error, http_status), status=http_status, headers=headers)


def _json_response(answer: message.Message) -> web.Response:
    headers = {}
    etag = _match_etag(answer)
    if etag:
        headers["ETag"] = etag
    return web.Response(
        text=json_format.MessageToJson(answer, indent=None), content_type="application/json", headers=headers
    )


def _match_etag(answer: message.Message) -> str:
    """The etag of the match an answer carries (a MatchState, or a response with a ``state``)."""
    for holder in (answer, getattr(answer, "state", None)):
        if isinstance(holder, message.Message) and "match" in holder.DESCRIPTOR.fields_by_name:
            return holder.match.etag
    return ""


def _field_of(message_type: descriptor.Descriptor, name: str) -> descriptor.FieldDescriptor:
    field = message_type.fields_by_name.get(name) or next((f for f in message_type.fields if f.json_name == name), None)
    if field is None:
        raise AppError(INVALID_ARGUMENT, "UNKNOWN_PARAMETER", f"{message_type.name} has no field {name!r}")
    return field


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


def _query_scalar(field: descriptor.FieldDescriptor, text: str) -> Any:
    # proto3 JSON takes numbers as strings, but booleans only as JSON true/false
    if field.type == descriptor.FieldDescriptor.TYPE_BOOL and text in ("true", "false"):
        return text == "true"
    return text


def _set_path_field(request: message.Message, path: str, value: str) -> None:
    *parents, leaf = path.split(".")
    target = request
    for part in parents:
        target = getattr(target, part)
    setattr(target, leaf, value)


class RestGateway:
    """Builds the proto request of an HTTP call and answers it through ``GameHandlers``."""

    def __init__(self, handlers: GameHandlers, settings: Settings):
        self.handlers = handlers
        self.settings = settings

    async def request_of(self, route: Route, http: web.Request) -> message.Message:
        request_type = route.method.input_type
        proto = GetMessageClass(request_type)()
        try:
            if route.body == "*":
                json_format.Parse(await http.text() or "{}", proto)
            else:
                if route.body:
                    json_format.Parse(await http.text() or "{}", getattr(proto, route.body))
                json_format.ParseDict(_query_fields(request_type, http.query), proto)
        except json_format.ParseError as error:
            raise AppError(INVALID_ARGUMENT, "INVALID_JSON", f"the request is not valid proto3 JSON: {error}") from None
        for index, field in enumerate(route.path_fields):
            _set_path_field(proto, field, http.match_info[f"v{index}"])
        if_match = http.headers.get("If-Match")
        if if_match and "etag" in request_type.fields_by_name and not proto.etag:
            proto.etag = if_match
        return proto

    def handler(self, route: Route) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
        async def unary(http: web.Request) -> web.StreamResponse:
            request = await self.request_of(route, http)
            token = parse_authorization(http.headers.get("Authorization"))
            answer = await self.handlers.call(route.method.name, request, token, self.settings.call_timeout)
            return _json_response(answer)

        async def stream(http: web.Request) -> web.StreamResponse:
            request = await self.request_of(route, http)
            last_event_id = http.headers.get("Last-Event-ID", "")
            if last_event_id.isdigit():
                request.after_version = int(last_event_id)
            token = parse_authorization(http.headers.get("Authorization"))
            updates = await getattr(self.handlers, route.method.name)(request, token)
            # aiohttp-sse sends the heartbeat comments that keep proxies from closing an idle stream
            async with sse_response(http, ping_interval=self.settings.sse_heartbeat) as events:
                try:
                    async for update in updates:
                        await events.send(json_format.MessageToJson(update, indent=None), id=str(update.version))
                except AppError as error:
                    # the 200 and the stream are under way: the failure becomes the last event
                    await events.send(json.dumps(error_body(error)), event="error")
            return events

        return stream if route.streaming else unary


@web.middleware
async def json_errors(http: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]):
    """Every failure as Google's JSON error, including aiohttp's own (unknown path, body too large)."""
    try:
        return await handler(http)
    except AppError as error:
        return error_response(error)
    except web.HTTPException as exception:
        if exception.status < 400:
            raise
        code = CODE_OF_HTTP_STATUS.get(exception.status, "UNKNOWN" if exception.status >= 500 else "INVALID_ARGUMENT")
        reason = exception.reason.upper().replace(" ", "_")
        allow = {name: value for name, value in exception.headers.items() if name.lower() == "allow"}
        return error_response(AppError(code, reason, exception.reason), exception.status, allow)
    except Exception:
        log.exception("unexpected error in %s %s", http.method, http.path)
        return error_response(AppError("INTERNAL", "INTERNAL", "internal error"))


def openapi_document() -> dict[str, Any]:
    """The committed OpenAPI document (scripts/gen_openapi.sh generates it from proto/)."""
    return json.loads(resources.files(__package__).joinpath(OPENAPI_DOCUMENT).read_text())


def build_app(handlers: GameHandlers, store: MatchStore, settings: Settings) -> web.Application:
    """The HTTP application: every annotated GameService method, SSE, /healthz, /readyz, /openapi.json, /docs."""
    app = web.Application(middlewares=[json_errors], client_max_size=settings.max_message_bytes)
    gateway = RestGateway(handlers, settings)
    routes = [app.router.add_route(route.verb, route.path, gateway.handler(route)) for route in routes_of(SERVICE)]
    document = openapi_document()

    async def healthz(_http: web.Request) -> web.Response:
        return web.json_response({"status": "SERVING"})

    async def readyz(_http: web.Request) -> web.Response:
        if await store.ping():
            return web.json_response({"status": "SERVING"})
        return web.json_response({"status": "NOT_SERVING"}, status=503)

    async def openapi(_http: web.Request) -> web.Response:
        return web.json_response(document)

    routes.append(app.router.add_get("/openapi.json", openapi))
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    api_doc(app, config=document, url_prefix=DOCS_PATH, title="cardroom API")
    if settings.cors_origins:
        _allow_cors(app, routes, settings.cors_origins)
    return app


def _allow_cors(app: web.Application, routes: list[web.AbstractRoute], origins: str) -> None:
    options = aiohttp_cors.ResourceOptions(
        allow_headers=("Authorization", "Content-Type", "If-Match", "Last-Event-ID"),
        expose_headers=("ETag",),
        max_age=600,
    )
    cors = aiohttp_cors.setup(
        app, defaults={origin.strip(): options for origin in origins.split(",") if origin.strip()}
    )
    for route in routes:
        cors.add(route)
