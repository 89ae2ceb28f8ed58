"""Typed errors of the cardroom API: the canonical gRPC code plus the ErrorInfo reason.

Every failed call raises a ``CardroomError``; a decision made on an old version raises
its subclass ``StaleVersion`` carrying the match's current version, so a client can
refresh its view and decide again.
"""

from __future__ import annotations

from typing import Any

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

ERROR_DOMAIN = "cardroom.v1"
#: a stream (watch, play session) that ends with one of these (server restart, dropped connection) is reopened
RESUMABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.DEADLINE_EXCEEDED})
_CODES = {code.value[0]: code for code in grpc.StatusCode}


class CardroomError(Exception):
    """A call the service refused: ``code`` (gRPC canonical code), ``reason`` (an
    ``ErrorReason`` name without its prefix, such as ``NOT_YOUR_TURN``; empty when
    the failure did not come from the service, such as a dropped connection) and
    ``metadata`` (ErrorInfo metadata, such as ``current_version``)."""

    def __init__(self, code: grpc.StatusCode, reason: str, message: str, metadata: dict[str, str] | None = None):
        super().__init__(f"{code.name} {reason or '-'}: {message}")
        self.code = code
        self.reason = reason
        self.message = message
        self.metadata = dict(metadata or {})


class StaleVersion(CardroomError):
    """ABORTED / STALE_VERSION: the action was decided on an older version than ``current_version``."""

    @property
    def current_version(self) -> int:
        return int(self.metadata["current_version"])


class SessionEnded(CardroomError):
    """An action of a play session that is over (the match ended, or the session was closed)."""

    def __init__(self, message: str):
        super().__init__(grpc.StatusCode.CANCELLED, "", message)


def from_rpc_error(error: grpc.aio.AioRpcError) -> CardroomError:
    """The typed error of a failed call, read from its rich status (google.rpc.Status)."""
    status = rpc_status.from_call(error)
    return _typed(error.code(), error.details() or "", status.details if status else ())


def from_play_status(status: Any) -> CardroomError:
    """The typed error of an action a play session refused: its ``PlayOutcome.error`` (a google.rpc.Status)."""
    return _typed(_CODES.get(status.code, grpc.StatusCode.UNKNOWN), status.message, status.details)


def _typed(code: grpc.StatusCode, message: str, details: Any) -> CardroomError:
    reason, metadata = "", {}
    for detail in details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reason, metadata = info.reason, dict(info.metadata)
            break
    kind = StaleVersion if code == grpc.StatusCode.ABORTED and reason == "STALE_VERSION" else CardroomError
    return kind(code, reason, message, metadata)
