"""The gRPC servicer: metadata and deadlines in, ``GameHandlers`` call, rich status out.

Every method body lives in handlers.py, shared with the REST gateway; this
adapter only reads the seat token from metadata, bounds the call by the
client's and the server's deadline, and turns an ``AppError`` into a
``google.rpc.Status``.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

import grpc
from google.protobuf.message import DecodeError, Message
from google.protobuf.message_factory import GetMessageClass

from ..app.errors import INVALID_ARGUMENT, AppError
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc as pb_grpc
from .client_identity import ClientIdentity
from .errors import to_grpc_status
from .handlers import MALFORMED_REQUEST, GameHandlers, parse_authorization
from .play_grpc import play
from .watch_wire import wire_bytes

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
UNARY_METHODS = [method.name for method in SERVICE.methods if not method.server_streaming]


class Malformed:
    """Request bytes that are not a message of the method's type (bad UTF-8 in a string, truncated,
    nested beyond the parser's recursion limit). gRPC answers a deserializer's exception with
    UNKNOWN and a traceback in the log; decoding to this instead lets the method refuse the call
    with INVALID_ARGUMENT like any other bad input."""

    def __init__(self, type_name: str):
        self.type_name = type_name

    def error(self) -> AppError:
        return AppError(INVALID_ARGUMENT, MALFORMED_REQUEST, f"the request is not a valid {self.type_name} message")


def _decoder(message_class: type[Message]) -> Callable[[bytes], Message | Malformed]:
    def decode(data: bytes) -> Message | Malformed:
        try:
            return message_class.FromString(data)
        except (DecodeError, RecursionError, ValueError):
            return Malformed(message_class.DESCRIPTOR.full_name)

    return decode


def add_to_server(servicer: GameService, server: grpc.aio.Server) -> None:
    """Serve ``servicer`` as the generated ``add_GameServiceServicer_to_server`` would, but with
    request decoders that turn malformed bytes into ``Malformed`` rather than an UNKNOWN error."""
    handlers = {}
    for method in SERVICE.methods:
        streaming = method.server_streaming
        if method.client_streaming:  # Play: its messages are encoded by the session (play_wire.py)
            factory, serializer = grpc.stream_stream_rpc_method_handler, _encoded
        elif streaming:  # a streamed update is shared by the streams of its viewer class: serialised once
            factory, serializer = grpc.unary_stream_rpc_method_handler, wire_bytes
        else:
            factory = grpc.unary_unary_rpc_method_handler
            serializer = GetMessageClass(method.output_type).SerializeToString
        handlers[method.name] = factory(
            getattr(servicer, method.name),
            request_deserializer=_decoder(GetMessageClass(method.input_type)),
            response_serializer=serializer,
        )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE.full_name, handlers),))


def _encoded(data: bytes) -> bytes:
    return data


def bearer_token(context: grpc.aio.ServicerContext) -> str | None:
    return token_of(context.invocation_metadata() or ())


def token_of(metadata: Sequence[tuple[str, Any]]) -> str | None:
    """The seat token in a call's metadata (None for a spectator)."""
    value = None
    for key, given in metadata:  # the last one, as a dict of the metadata would keep
        if key == "authorization":
            value = given
    return parse_authorization(value)


class GameService(pb_grpc.GameServiceServicer):
    def __init__(self, handlers: GameHandlers, call_timeout: float, identity: ClientIdentity | None = None):
        self.handlers = handlers
        self.call_timeout = call_timeout
        self.identity = identity or ClientIdentity(None)

    def _client(self, context: grpc.aio.ServicerContext) -> str:
        return self.identity.grpc_client(context.peer(), context.invocation_metadata() or ())

    def _caller(self, context: grpc.aio.ServicerContext) -> tuple[str | None, str]:
        """The seat token and the client of a call. grpc builds the metadata tuple anew on every
        ``invocation_metadata()``, so it is read once per call (it showed in the profile)."""
        metadata = context.invocation_metadata() or ()
        return token_of(metadata), self.identity.grpc_client(context.peer(), metadata)

    async def _unary(self, method: str, request: Any, context: grpc.aio.ServicerContext) -> Any:
        remaining = context.time_remaining()
        timeout = self.call_timeout if remaining is None else min(self.call_timeout, remaining)
        try:
            if isinstance(request, Malformed):
                raise request.error()
            token, client = self._caller(context)
            return await self.handlers.call(method, request, token, timeout, client=client)
        except AppError as error:
            await context.abort_with_status(to_grpc_status(error))
            raise AssertionError("unreachable") from error  # abort_with_status raises

    async def WatchMatch(self, request: pb.WatchMatchRequest, context) -> AsyncIterator[pb.MatchUpdate]:
        try:
            if isinstance(request, Malformed):
                raise request.error()
            updates = await self.handlers.WatchMatch(request, *self._caller(context))
            if updates is None:
                return  # the match is over and the caller saw all of it: an empty, finished stream
            async with contextlib.aclosing(updates):
                async for update in updates:
                    yield update
        except AppError as error:
            await context.abort_with_status(to_grpc_status(error))

    async def Play(self, requests: AsyncIterator[Any], context: grpc.aio.ServicerContext) -> AsyncIterator[bytes]:
        try:
            token = bearer_token(context)
        except AppError as error:
            await context.abort_with_status(to_grpc_status(error))
            return
        session = play(self.handlers, requests, context, token, self._client(context), self.call_timeout)
        async with contextlib.aclosing(session):
            async for data in session:
                yield data


def _unary_method(name: str):
    async def method(self: GameService, request: Any, context: grpc.aio.ServicerContext) -> Any:
        return await self._unary(name, request, context)

    method.__name__ = name
    return method


# the unary methods differ only in their name: one generic adapter bound under each
for _name in UNARY_METHODS:
    setattr(GameService, _name, _unary_method(_name))
