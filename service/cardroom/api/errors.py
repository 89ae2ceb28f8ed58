"""Application errors as google.rpc.Status with an ErrorInfo detail, for gRPC (rich status) and REST."""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2, duration_pb2, message
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from ..app.errors import AppError

ERROR_DOMAIN = "cardroom.v1"


#: longest message sent: gRPC carries it twice in the trailers (grpc-message and the status
#: details), whose size is capped (16 KiB), and no message needs more
MAX_MESSAGE_CHARS = 512


def to_rpc_status(error: AppError) -> status_pb2.Status:
    """The ``google.rpc.Status`` of an application error, the same for every transport."""
    info = error_details_pb2.ErrorInfo(reason=error.reason, domain=ERROR_DOMAIN, metadata=error.metadata)
    details = [info]
    if error.retry_after is not None:
        delay = duration_pb2.Duration()
        delay.FromNanoseconds(int(error.retry_after * 1e9))
        details.append(error_details_pb2.RetryInfo(retry_delay=delay))
    message = error.message if len(error.message) <= MAX_MESSAGE_CHARS else error.message[:MAX_MESSAGE_CHARS] + "..."
    return status_pb2.Status(
        code=code_pb2.Code.Value(error.code), message=message, details=[_packed(detail) for detail in details]
    )


def _packed(detail: message.Message) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(detail)
    return packed


def to_grpc_status(error: AppError) -> grpc.Status:
    return rpc_status.to_status(to_rpc_status(error))


def error_info(status: status_pb2.Status) -> error_details_pb2.ErrorInfo | None:
    """The ErrorInfo inside a rich status, if any (used by tests and clients)."""
    for detail in status.details:
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return info
    return None
