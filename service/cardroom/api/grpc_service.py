"""The gRPC servicer: metadata and deadlines in, ``GameHandlers`` call, rich status out.

Every method body lives in handlers.py, shared with the REST gateway; this
adapter only reads the seat token from metadata, bounds the call by the
client's and the server's deadline, and turns an ``AppError`` into a
``google.rpc.Status``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc

from ..app.errors import AppError
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc as pb_grpc
from .client_identity import ClientIdentity
from .errors import to_grpc_status
from .handlers import GameHandlers, parse_authorization

UNARY_METHODS = [
    method.name for method in pb.DESCRIPTOR.services_by_name["GameService"].methods if not method.server_streaming
]


def bearer_token(context: grpc.aio.ServicerContext) -> str | None:
    metadata = dict(context.invocation_metadata() or ())
    return parse_authorization(metadata.get("authorization"))


class GameService(pb_grpc.GameServiceServicer):
    def __init__(self, handlers: GameHandlers, call_timeout: float, identity: ClientIdentity | None = None):
        self.handlers = handlers
        self.call_timeout = call_timeout
        self.identity = identity or ClientIdentity(None)

    def _client(self, context: grpc.aio.ServicerContext) -> str:
        return self.identity.grpc_client(context.peer(), context.invocation_metadata() or ())

    async def _unary(self, method: str, request: Any, context: grpc.aio.ServicerContext) -> Any:
        remaining = context.time_remaining()
        timeout = self.call_timeout if remaining is None else min(self.call_timeout, remaining)
        try:
            return await self.handlers.call(
                method, request, bearer_token(context), timeout, client=self._client(context)
            )
        except AppError as error:
            await context.abort_with_status(to_grpc_status(error))
            raise AssertionError("unreachable") from error  # abort_with_status raises

    async def WatchMatch(self, request: pb.WatchMatchRequest, context) -> AsyncIterator[pb.MatchUpdate]:
        try:
            updates = await self.handlers.WatchMatch(request, bearer_token(context), self._client(context))
            if updates is None:
                return  # the match is over and the caller saw all of it: an empty, finished stream
            async for update in updates:
                yield update
        except AppError as error:
            await context.abort_with_status(to_grpc_status(error))


def _unary_method(name: str):
    async def method(self: GameService, request: Any, context: grpc.aio.ServicerContext) -> Any:
        return await self._unary(name, request, context)

    method.__name__ = name
    return method


# the unary methods differ only in their name: one generic adapter bound under each
for _name in UNARY_METHODS:
    setattr(GameService, _name, _unary_method(_name))
