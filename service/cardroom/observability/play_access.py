"""Request metrics and access lines of what happens inside Play sessions, for both transports.

A session is one long call of its transport (``Play``, counted when it ends, by the gRPC interceptor or the
HTTP middleware); the actions sent on it are calls of their own, ``Play.action``, counted like SubmitAction by
canonical code and ErrorInfo reason as each outcome is known (a malformed message as INVALID_ARGUMENT /
MALFORMED_REQUEST), and the sessions open now are a gauge by transport.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from ..app.errors import AppError
from .access import Outcome, call_fields, record
from .metrics import PLAY_SESSIONS

ACTION_METHOD = "Play.action"


async def observed_action(transport: str, request: Any, apply: Callable[[], Awaitable[int]]) -> int:
    """``apply()`` (one action of a session, the version it produced), counted and logged as ``Play.action``;
    ``request``: its SubmitActionRequest (the match and request id of the access line)."""
    start = time.perf_counter()
    outcome = Outcome()
    try:
        with outcome.watching():
            return await apply()
    finally:
        seconds = time.perf_counter() - start
        record(transport, ACTION_METHOD, outcome.code, outcome.reason, seconds, lambda: call_fields(request, None))


def refused_message(transport: str, request_id: str, error: AppError) -> None:
    """A session message refused before it was an action (unreadable, or not an action)."""
    fields = {"request_id": request_id} if request_id else {}
    record(transport, ACTION_METHOD, error.code, error.reason, 0.0, lambda: fields)


@contextlib.contextmanager
def open_session(transport: str) -> Iterator[None]:
    """Count a session as open for as long as the block runs."""
    PLAY_SESSIONS.labels(transport).inc()
    try:
        yield
    finally:
        PLAY_SESSIONS.labels(transport).dec()
