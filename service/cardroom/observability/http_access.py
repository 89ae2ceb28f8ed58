"""An aiohttp middleware: request metrics and the access log of every HTTP call.

It runs inside ``json_errors`` so it sees the ``AppError`` (code and reason) before
that becomes a JSON body. The REST gateway tells it which GameService method a
request is and hands it the request and answer messages (``note_call``); other
pages (health, metrics, docs) are labelled by their route and logged at DEBUG.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from ..api.http_errors import http_error
from .access import Outcome, call_fields, record, trace_fields
from .metrics import LIVE_STREAMS


@dataclass
class Call:
    """What the gateway knows about the GameService call an HTTP request is."""

    method: str
    streaming: bool
    request: Any = None
    answer: Any = None


CALL = web.RequestKey("cardroom_call", Call)


def note_call(http: web.Request, method: str, streaming: bool) -> Call:
    """Mark ``http`` as a call of ``method``; the gateway fills in request and answer.
    A stream counts as live from here until the middleware sees it end."""
    call = Call(method, streaming)
    http[CALL] = call
    if streaming:
        LIVE_STREAMS.labels("http").inc()
    return call


def _route_label(http: web.Request) -> str:
    route = http.match_info.route
    resource = route.resource
    return resource.canonical if resource is not None else "unmatched"


def _aiohttp_error(exception: Exception) -> tuple[str, str] | None:
    """aiohttp's own errors (unknown path...) with the canonical code ``json_errors`` answers them with."""
    if not isinstance(exception, web.HTTPException):
        return None
    if exception.status < 400:
        return "OK", ""
    error = http_error(exception)
    return error.code, error.reason


@web.middleware
async def access_log(http: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]):
    start = time.perf_counter()
    outcome = Outcome()
    try:
        with outcome.watching(_aiohttp_error):
            return await handler(http)
    finally:
        call = http.get(CALL)
        method = call.method if call else _route_label(http)

        def fields() -> dict[str, Any]:
            found = call_fields(call.request, call.answer) if call else {}
            return {**found, **trace_fields(http.headers.get("traceparent"))}

        record("http", method, outcome.code, outcome.reason, time.perf_counter() - start, fields, quiet=call is None)
        if call is not None and call.streaming:
            LIVE_STREAMS.labels("http").dec()
