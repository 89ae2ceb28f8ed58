"""An aiohttp middleware: request metrics and the access log of every HTTP call.

It runs inside ``json_errors`` so it sees the ``AppError`` (code and reason) before
that becomes a JSON body. The REST gateway tells it which GameService method a
request is and hands it the request and answer messages (``note_call``); other
pages (health, metrics, docs) are labelled by their route and logged at DEBUG.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from ..api.http_errors import http_error
from ..app.errors import AppError
from .access import call_fields, record, trace_fields
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


@web.middleware
async def access_log(http: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]):
    start = time.perf_counter()
    code, reason = "OK", ""
    try:
        return await handler(http)
    except AppError as error:
        code, reason = error.code, error.reason
        raise
    except web.HTTPException as exception:
        if exception.status >= 400:
            # as json_errors will answer it: the canonical code of aiohttp's own errors (unknown path...)
            error = http_error(exception)
            code, reason = error.code, error.reason
        raise
    except asyncio.CancelledError:
        code = "CANCELLED"
        raise
    except Exception:
        code, reason = "INTERNAL", "INTERNAL"
        raise
    finally:
        call = http.get(CALL)
        fields = call_fields(call.request, call.answer) if call else {}
        fields.update(trace_fields(http.headers.get("traceparent")))
        method = call.method if call else _route_label(http)
        record("http", method, code, reason, time.perf_counter() - start, fields, quiet=call is None)
        if call is not None and call.streaming:
            LIVE_STREAMS.labels("http").dec()
