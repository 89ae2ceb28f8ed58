"""One access-log line and the request metrics for every finished call, for both transports.

The gRPC interceptor (grpc_access.py) and the HTTP middleware (http_access.py) only
measure and find the code and reason; this module decides what a line holds: method,
code, reason, duration, match, request id, seat and trace ids. It reads names and ids
from the request and the seat from the answer, never a token, a body or a view, so no
hidden card can reach the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import Callable, Iterator
from typing import Any

from google.protobuf import message
from opentelemetry import trace

from ..app.errors import AppError
from .metrics import REQUEST_SECONDS, REQUESTS, child

log = logging.getLogger("cardroom.access")

MATCH_NAME = re.compile(r"^games/[a-z0-9-]+/matches/[a-z0-9]+$")
#: W3C Trace Context: version-traceid-parentid-flags
TRACEPARENT = re.compile(r"^[0-9a-f]{2}-(?P<trace>[0-9a-f]{32})-(?P<span>[0-9a-f]{16})-[0-9a-f]{2}$")


def _field(holder: Any, name: str) -> Any:
    if isinstance(holder, message.Message) and name in holder.DESCRIPTOR.fields_by_name:
        descriptor = holder.DESCRIPTOR.fields_by_name[name]
        if descriptor.has_presence and not holder.HasField(name):
            return None
        return getattr(holder, name)
    return None


def call_fields(request: Any, answer: Any) -> dict[str, Any]:
    """The match, request id and seat of a call, from its request and (last) answer message."""
    fields: dict[str, Any] = {}
    state = _field(answer, "state") or answer  # a response holding a MatchState, or a MatchState
    for name in (_field(request, "name"), _field(_field(state, "match"), "name")):
        if name and MATCH_NAME.match(name):
            fields["match"] = name
            break
    request_id = _field(request, "request_id")
    if request_id:
        fields["request_id"] = request_id
    # the caller's seat: its view's, else the seat a join gave it (a MatchUpdate's ``seat`` is the actor's)
    seat = _field(state, "your_seat")
    if seat is None and isinstance(answer, message.Message) and answer.DESCRIPTOR.name == "JoinMatchResponse":
        seat = _field(answer, "seat")
    if seat is not None:
        fields["seat"] = seat
    return fields


def trace_fields(traceparent: str | None) -> dict[str, str]:
    """The trace this call belongs to: the active span's when tracing is on, else the caller's
    ``traceparent`` header, so log lines of one request can be found across services."""
    context = trace.get_current_span().get_span_context()
    if context.is_valid:
        return {"trace_id": format(context.trace_id, "032x"), "span_id": format(context.span_id, "016x")}
    found = TRACEPARENT.match((traceparent or "").strip().lower())
    if found and found["trace"] != "0" * 32:
        return {"trace_id": found["trace"], "parent_span_id": found["span"]}
    return {}


class Outcome:
    """The canonical code and reason of a call, found from what its block raised (``watching``)."""

    __slots__ = ("code", "reason")

    def __init__(self) -> None:
        self.code, self.reason = "OK", ""

    @contextlib.contextmanager
    def watching(self, known: Callable[[Exception], tuple[str, str] | None] = lambda _: None) -> Iterator[None]:
        """Note the outcome of the block and re-raise: an ``AppError``'s code and reason, CANCELLED, what
        ``known`` makes of another exception (a transport's own errors), else INTERNAL."""
        try:
            yield
        except AppError as error:
            self.code, self.reason = error.code, error.reason
            raise
        except asyncio.CancelledError:
            self.code = "CANCELLED"
            raise
        except Exception as error:
            self.code, self.reason = known(error) or ("INTERNAL", "INTERNAL")
            raise


def record(
    transport: str,
    method: str,
    code: str,
    reason: str,
    seconds: float,
    fields_of: Callable[[], dict[str, Any]],
    *,
    quiet: bool = False,
) -> None:
    """Count the call, observe its duration and write its access line (DEBUG for health checks) with the fields
    ``fields_of()`` gives, asked only when the line is written."""
    child(REQUESTS, transport, method, code, reason).inc()
    child(REQUEST_SECONDS, transport, method, code).observe(seconds)
    level = logging.DEBUG if quiet else logging.INFO
    if log.isEnabledFor(level):
        fields = fields_of()
        extra = {"transport": transport, "method": method, "code": code, "reason": reason}
        extra["duration_ms"] = round(seconds * 1000, 3)
        log.log(
            level,
            "%s %s %s%s %.1fms%s",
            transport,
            method,
            code,
            f" {reason}" if reason else "",
            seconds * 1000,
            "".join(f" {key}={value}" for key, value in fields.items()),
            extra={**extra, **fields},
        )
