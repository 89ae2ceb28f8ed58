"""The HTTP server: GameService as REST/JSON, Server-Sent Events and the Play WebSocket, and the HTTP pages.

Every route comes from the proto's ``google.api.http`` options (http_rules.py)
and calls the same ``GameHandlers`` as gRPC: this module only moves HTTP in
and out. aiohttp serves it, aiohttp-sse streams WatchMatch, aiohttp-cors
answers CORS, swagger-ui-py serves the API reference page of the committed
OpenAPI document (scripts/gen_openapi.sh).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

import aiohttp_cors
from aiohttp import web
from aiohttp_sse import sse_response
from google.protobuf import message
from swagger_ui import api_doc

from ..app.config import Settings
from ..app.errors import AppError
from ..observability import metrics
from ..observability.http_access import access_log, note_call
from ..store.contract import MatchStore, StoreUnavailable
from ..v1 import game_service_pb2
from . import play_ws, proto_json
from .client_identity import ClientIdentity
from .handlers import GameHandlers, parse_authorization
from .http_errors import error_body, json_errors
from .http_input import body_text, last_event_version, quiet_bad_requests
from .http_rules import Route, routes_of
from .play_ws import PlaySockets
from .readiness import readiness
from .sse_frames import FrameSink, SharedFrames, sse_frame
from .streams import RECONNECT_EVENT, RECONNECT_RETRY_MS, ShutdownSignal
from .supervisor import WorkerBoard
from .web_app import add_web_app
from .worker_handoff import Handoff

SERVICE = game_service_pb2.DESCRIPTOR.services_by_name["GameService"]
OPENAPI_DOCUMENT = "openapi.json"
DOCS_PATH = "/docs"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class RestGateway:
    """One aiohttp handler per route: proto request from HTTP, ``GameHandlers`` call, proto3 JSON or SSE out."""

    def __init__(self, handlers: GameHandlers, settings: Settings):
        self.handlers = handlers
        self.settings = settings
        self.identity = ClientIdentity(settings.trusted_proxies)
        self.shutdown = ShutdownSignal()

    def client(self, http: web.Request) -> str:
        """The caller as the limits count it (api/client_identity.py)."""
        return self.identity.client(http.remote, http.headers.getall("X-Forwarded-For", ()))

    def handler(self, route: Route) -> Handler:
        async def unary(http: web.Request) -> web.StreamResponse:
            call = note_call(http, route.method.name, streaming=False)
            call.request = request = await _request(route, http)
            token = parse_authorization(http.headers.get("Authorization"))
            answer = await self.handlers.call(
                route.method.name, request, token, self.settings.call_timeout, client=self.client(http)
            )
            call.answer = answer
            etag = _match_etag(answer)
            return web.Response(
                body=proto_json.to_json_bytes(answer),
                content_type="application/json",
                charset="utf-8",
                headers={"ETag": etag} if etag else None,
            )

        async def stream(http: web.Request) -> web.StreamResponse:
            call = note_call(http, route.method.name, streaming=True)
            call.request = request = await _request(route, http)
            resumed = last_event_version(http.headers.get("Last-Event-ID"))
            if resumed is not None:  # an EventSource reconnecting
                request.after_version = resumed
            token = parse_authorization(http.headers.get("Authorization"))
            # errors (unknown match, bad token) raise here, before the 200: they are ordinary JSON errors
            updates = await getattr(self.handlers, route.method.name)(request, token, self.client(http))
            if updates is None:
                # the match is over and the watcher saw all of it: 204 stops an EventSource reconnecting
                return web.Response(status=204)
            # aiohttp-sse sends the heartbeat comments that keep proxies from closing an idle stream
            heartbeat = self.settings.sse_heartbeat
            async with sse_response(http, ping_interval=heartbeat, response_cls=SharedFrames) as events:
                sink = None
                try:
                    # closed however the loop ends (play_ws.py says why)
                    async with contextlib.aclosing(self.shutdown.until_closing(updates)) as items:
                        async for update in items:
                            call.answer = update
                            # shared by every stream of this viewer class: its event's bytes are made once
                            await events.send_frame(sse_frame(update))
                            if sink is None:
                                # live updates may now be written by the match's feed, without this task
                                sink = events.sink(updates.to_message)
                                if sink is not None:
                                    updates.share(sink)
                    call.answer = _newest(call.answer, sink)
                    if self.shutdown.closing.is_set():
                        last = "" if call.answer is None else str(call.answer.version)
                        closing = {"reason": "SERVER_SHUTTING_DOWN", "lastEventId": last}
                        await events.send(json.dumps(closing), event=RECONNECT_EVENT, retry=RECONNECT_RETRY_MS)
                except AppError as error:
                    # the 200 and the stream are under way: the failure becomes the last event
                    await events.send(json.dumps(error_body(error)), event="error")
                except ConnectionResetError:
                    pass  # the watcher went away between two updates
            return events

        return stream if route.streaming else unary


def _newest(sent: Any, sink: FrameSink | None) -> Any:
    """The newest update a stream sent: its own task's last, or its sink's."""
    if sink is None or sink.last is None or (sent is not None and sent.version >= sink.last.version):
        return sent
    return sink.last


async def _request(route: Route, http: web.Request) -> message.Message:
    request = route.request(await body_text(http), http.query, http.match_info)
    if_match = http.headers.get("If-Match")
    if if_match and "etag" in request.DESCRIPTOR.fields_by_name and not request.etag:
        request.etag = if_match  # the header form of the body's etag (SubmitAction)
    return request


def _match_etag(answer: message.Message) -> str:
    """The etag of the match an answer carries (a MatchState, or a response with a MatchState ``state``)."""
    for holder in (answer, getattr(answer, "state", None)):
        if isinstance(holder, message.Message) and "match" in holder.DESCRIPTOR.fields_by_name:
            return holder.match.etag
    return ""


def openapi_document() -> dict[str, Any]:
    """The committed OpenAPI document (scripts/gen_openapi.sh generates it from proto/)."""
    return json.loads(resources.files(__package__).joinpath(OPENAPI_DOCUMENT).read_text())


def build_app(
    handlers: GameHandlers,
    store: MatchStore,
    settings: Settings,
    board: WorkerBoard | None = None,
    handoff: Handoff | None = None,
) -> web.Application:
    """Every annotated GameService method, /openapi.json, /docs, /healthz, /readyz, /metrics (Prometheus),
    the web app at /play when built, and CORS when configured. ``board``: the ``--workers N`` master's, for
    /readyz; ``handoff``: passes Play WebSockets to the worker owning their match (worker_handoff.py)."""
    quiet_bad_requests()
    # access_log inside json_errors: it sees the AppError (code, reason) before it becomes a body
    app = web.Application(middlewares=[json_errors, access_log], client_max_size=settings.max_message_bytes)
    gateway = RestGateway(handlers, settings)
    app.on_shutdown.append(gateway.shutdown.on_shutdown)
    routes = [app.router.add_route(route.verb, route.path, gateway.handler(route)) for route in routes_of(SERVICE)]
    document = openapi_document()

    async def openapi(_http: web.Request) -> web.Response:
        return web.json_response(document)

    async def healthz(_http: web.Request) -> web.Response:
        return web.json_response({"status": "SERVING"})

    async def readyz(_http: web.Request) -> web.Response:
        status, body = await readiness(store, board)
        return web.json_response(body, status=status)

    async def prometheus(_http: web.Request) -> web.Response:
        # Redis unreachable: the other metrics still answer; the match gauges keep their last value
        with contextlib.suppress(StoreUnavailable):
            metrics.observe_matches(await store.count_matches())
        body, content_type = metrics.exposition()
        return web.Response(body=body, headers={"Content-Type": content_type})

    routes.append(app.router.add_get("/openapi.json", openapi))
    # the Play session as a WebSocket: no CORS route (browsers do not apply CORS to WebSockets; a seat token,
    # never a cookie, authenticates it)
    app.router.add_get(play_ws.PATH, PlaySockets(handlers, settings, gateway.shutdown, gateway.client, handoff).handle)
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", prometheus)
    api_doc(app, config=document, url_prefix=DOCS_PATH, title="cardroom API")
    add_web_app(app, settings)
    if settings.cors_origins:
        _allow_cors(app, routes, settings.cors_origins)
    return app


def _allow_cors(app: web.Application, routes: list[web.AbstractRoute], origins: str) -> None:
    options = aiohttp_cors.ResourceOptions(
        allow_headers=("Authorization", "Content-Type", "If-Match", "Last-Event-ID"),
        expose_headers=("ETag",),
        max_age=600,
    )
    allowed = [origin.strip() for origin in origins.split(",") if origin.strip()]
    cors = aiohttp_cors.setup(app, defaults=dict.fromkeys(allowed, options))
    for route in routes:
        cors.add(route)
