"""A gRPC server interceptor: request metrics and the access log of every call.

It wraps each method's behaviour (unary, server-streaming and the bidirectional
Play) and reads the outcome from the call: the status code the servicer aborted
with and the ErrorInfo reason inside its rich status (``grpc-status-details-bin``).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
from google.rpc import error_details_pb2, status_pb2

from .access import call_fields, record, trace_fields
from .metrics import LIVE_STREAMS

GAME_SERVICE = "/cardroom.v1.GameService/"
#: calls of machines, not players: their access lines are DEBUG
QUIET_PREFIXES = ("/grpc.health.", "/grpc.reflection.")
STATUS_DETAILS = "grpc-status-details-bin"


def method_label(full_method: str) -> str:
    """``SubmitAction`` for the GameService (as on the HTTP side), ``service/Method`` for the others."""
    return full_method.removeprefix(GAME_SERVICE).lstrip("/")


def _outcome(context: grpc.aio.ServicerContext, error: BaseException | None) -> tuple[str, str]:
    code = context.code()
    if isinstance(code, grpc.StatusCode):
        name = code.name
    elif isinstance(error, asyncio.CancelledError):
        name = "CANCELLED"
    elif error is not None and not isinstance(error, grpc.aio.AbortError):
        name = "UNKNOWN"
    else:
        name = "OK"
    return name, _reason(context) if name != "OK" else ""


def _reason(context: grpc.aio.ServicerContext) -> str:
    for key, value in context.trailing_metadata() or ():
        if key == STATUS_DETAILS:
            status = status_pb2.Status.FromString(value)
            for detail in status.details:
                if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                    info = error_details_pb2.ErrorInfo()
                    detail.Unpack(info)
                    return info.reason
    return ""


def _traceparent(context: grpc.aio.ServicerContext) -> str | None:
    return dict(context.invocation_metadata() or ()).get("traceparent")


class AccessInterceptor(grpc.aio.ServerInterceptor):
    def __init__(self) -> None:
        #: the observed handler of each method, wrapped once: a method's registered handler never changes
        self._observed: dict[str, grpc.RpcMethodHandler] = {}

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        observed = self._observed.get(details.method)
        if observed is None:
            handler = await continuation(details)
            if handler is None:
                return handler
            observed = self._observed[details.method] = _observe(handler, details.method)
        return observed


def _observe(handler: grpc.RpcMethodHandler, full_method: str) -> grpc.RpcMethodHandler:
    method = method_label(full_method)
    quiet = full_method.startswith(QUIET_PREFIXES)
    if handler.unary_unary is not None:
        return grpc.unary_unary_rpc_method_handler(
            _unary(handler.unary_unary, method, quiet),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
    if handler.unary_stream is not None:
        return grpc.unary_stream_rpc_method_handler(
            _stream(handler.unary_stream, method, quiet),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
    if handler.stream_stream is not None:  # Play: its request is the stream of the client's messages
        return grpc.stream_stream_rpc_method_handler(
            _stream(handler.stream_stream, method, quiet),
            request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer,
        )
    return handler


def _record(
    method: str, context: grpc.aio.ServicerContext, error: BaseException | None, start: float, request: Any,
    answer: Any, quiet: bool,
) -> None:
    """One call's access observation; its fields (``answer``: the reply, or a stream's last message) are built
    only when the line is written."""
    code, reason = _outcome(context, error)
    record(
        "grpc",
        method,
        code,
        reason,
        time.perf_counter() - start,
        lambda: {**call_fields(request, answer), **trace_fields(_traceparent(context))},
        quiet=quiet,
    )


def _unary(behaviour: Callable[..., Awaitable[Any]], method: str, quiet: bool):
    async def observed(request: Any, context: grpc.aio.ServicerContext) -> Any:
        start = time.perf_counter()
        answer = error = None
        try:
            answer = await behaviour(request, context)
            return answer
        except BaseException as raised:
            error = raised
            raise
        finally:
            _record(method, context, error, start, request, answer, quiet)

    return observed


async def _sent(context: grpc.aio.ServicerContext, message: Any) -> bool:
    """Write one message; False when the send failed. grpc fails a send only for a call that is over (the client
    cancelled it, or its connection dropped), with an exception type of its own and before it cancels the
    handler: the stream then ends as cancelled, not as a server error."""
    try:
        await context.write(message)
    except asyncio.CancelledError:
        raise
    except Exception:
        return False
    return True


def _stream(behaviour: Callable[..., AsyncIterator[Any]], method: str, quiet: bool):
    """The stream written with ``context.write`` (grpc's reader/writer form), not yielded: grpc drops a handler's
    generator unclosed when the call ends while a message waits to be sent (a client gone mid-write), so the
    session behind it would end only when the garbage collector finds it (its seat still counted as connected,
    its tasks running); a cancelled ``write`` here closes the whole chain at once."""

    async def observed(request: Any, context: grpc.aio.ServicerContext) -> None:
        start = time.perf_counter()
        last = error = None
        LIVE_STREAMS.labels("grpc").inc()
        try:
            async with contextlib.aclosing(behaviour(request, context)) as messages:
                async for last in messages:  # the last update names the seat
                    if not await _sent(context, last):
                        error = asyncio.CancelledError("the client left while a message was being sent")
                        return
        except BaseException as raised:
            error = raised
            raise
        finally:
            _record(method, context, error, start, request, last, quiet)
            LIVE_STREAMS.labels("grpc").dec()  # after its access line: a stream gone from the gauge is logged

    return observed
