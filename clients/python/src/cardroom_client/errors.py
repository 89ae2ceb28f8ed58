"""Typed errors of the cardroom API: the canonical gRPC code plus the ErrorInfo reason.

Every failed call raises a ``CardroomError``; a decision made on an old version raises
its subclass ``StaleVersion`` carrying the match's current version, so a client can
refresh its view and decide again.
"""

from __future__ import annotations

import grpc
from google.rpc import error_details_pb2
from grpc_status import rpc_status

ERROR_DOMAIN = "cardroom.v1"


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


def from_rpc_error(error: grpc.aio.AioRpcError) -> CardroomError:
    """The typed error of a failed call, read from its rich status (google.rpc.Status)."""
    reason, metadata = "", {}
    status = rpc_status.from_call(error)
    for detail in status.details if status else ():
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            reason, metadata = info.reason, dict(info.metadata)
            break
    kind = StaleVersion if error.code() == grpc.StatusCode.ABORTED and reason == "STALE_VERSION" else CardroomError
    return kind(error.code(), reason, error.details() or "", metadata)
