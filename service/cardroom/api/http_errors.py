"""Application errors over HTTP: the status of each canonical code and Google's JSON error body.

The body is the google.rpc.Status gRPC sends, in JSON, with the HTTP status as
``code`` and the canonical code's name as ``status`` (AIP-193), so REST clients
read the same reason and metadata as gRPC clients.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web
from google.protobuf import json_format

from ..app.errors import AppError
from .errors import to_rpc_status

log = logging.getLogger(__name__)

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
#: the canonical code an HTTP error of aiohttp itself (unknown path, body too large...) is reported as
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
#: the ErrorInfo reason of an HTTP error of aiohttp itself (or of a handler's ``web.HTTPException``):
#: a fixed table, so every reason the gateway sends is an ``ErrorReason`` (tests/api/test_error_reasons.py)
REASON_OF_HTTP_STATUS = {
    404: "NOT_FOUND",
    405: "METHOD_NOT_ALLOWED",
    413: "REQUEST_ENTITY_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
}
INTERNAL = "INTERNAL"


def http_error(exception: web.HTTPException) -> AppError:
    """The error an HTTP error (status >= 400) of aiohttp itself is answered with."""
    if exception.status >= 500:
        return AppError(CODE_OF_HTTP_STATUS.get(exception.status, "UNKNOWN"), INTERNAL, exception.reason)
    return AppError(
        CODE_OF_HTTP_STATUS.get(exception.status, "INVALID_ARGUMENT"),
        REASON_OF_HTTP_STATUS.get(exception.status, "INVALID_ARGUMENT"),
        exception.reason,
    )


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
    if error.retry_after is not None:
        # whole seconds (RFC 9110), rounded up so a client waiting that long finds a token
        headers = {**(headers or {}), "Retry-After": str(max(1, math.ceil(error.retry_after)))}
    return web.json_response(error_body(error, http_status), status=http_status, headers=headers)


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
        allow = {name: value for name, value in exception.headers.items() if name.lower() == "allow"}
        return error_response(http_error(exception), exception.status, allow)
    except Exception:
        log.exception("unexpected error in %s %s", http.method, http.path)
        return error_response(AppError(INTERNAL, INTERNAL, "internal error"))
