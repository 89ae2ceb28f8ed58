"""What the REST gateway accepts from HTTP before it becomes a proto request, and how it logs the rest.

* A POST body must be declared ``Content-Type: application/json`` (415 otherwise): a browser
  sends a cross-origin ``text/plain`` or form POST without asking (no CORS preflight), so this
  is what keeps another site's page from creating and joining matches through its visitors.
* The body must be UTF-8 (proto3 JSON is), else 400 ``MALFORMED_REQUEST``.
* ``Last-Event-ID`` (an EventSource resuming) must be a match version: ASCII digits within
  int32, else 400 naming the header.
* A request aiohttp's parser refuses (a header line over 8190 bytes, a malformed request line)
  is answered 400 by aiohttp and logged here as one line, not an ERROR with a traceback each.
"""

from __future__ import annotations

import logging
import re

from aiohttp import http_exceptions, web

from ..app.errors import INVALID_ARGUMENT, AppError
from .grpc_service import MALFORMED_REQUEST
from .request_bounds import FIELD_OUT_OF_RANGE, VERSION_MAX

JSON = "application/json"
VERSION = re.compile(r"[0-9]{1,10}")


async def body_text(http: web.Request) -> str:
    """The request's body as text; POSTs must declare JSON."""
    if http.method == "POST" and http.content_type != JSON:
        # aiohttp reports a missing Content-Type as application/octet-stream
        raise web.HTTPUnsupportedMediaType(text=f"POST bodies must be sent as Content-Type: {JSON}")
    try:
        return (await http.read()).decode("utf-8")
    except UnicodeDecodeError:
        raise AppError(INVALID_ARGUMENT, MALFORMED_REQUEST, "the body is not UTF-8 text") from None


def last_event_version(value: str | None) -> int | None:
    """The version an EventSource's ``Last-Event-ID`` names; None when absent."""
    if not value:
        return None
    if not VERSION.fullmatch(value) or int(value) > VERSION_MAX:
        raise AppError(
            INVALID_ARGUMENT,
            FIELD_OUT_OF_RANGE,
            f"Last-Event-ID must be a match version, 0..{VERSION_MAX}",
            {"field": "Last-Event-ID"},
        )
    return int(value)


class BadRequestsInOneLine(logging.Filter):
    """Turns aiohttp's "Error handling request" + traceback for an unparsable request into one
    INFO line: a client's bad bytes are not a server error, and a flood of them must not flood
    the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, http_exceptions.HttpProcessingError):
            record.msg, record.args = "refused an unparsable HTTP request (%s %s)", (error.code, type(error).__name__)
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def quiet_bad_requests() -> None:
    """Install ``BadRequestsInOneLine`` on aiohttp's server logger (once)."""
    logger = logging.getLogger("aiohttp.server")
    if not any(isinstance(existing, BadRequestsInOneLine) for existing in logger.filters):
        logger.addFilter(BadRequestsInOneLine())
