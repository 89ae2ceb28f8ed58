"""The Play RPC over gRPC: a bidirectional stream of ``PlayRequest`` in, ``PlayResponse`` bytes out.

The first message opens the session (an ``AppError`` then aborts the call with its rich status, as
WatchMatch does before its first update); a task reads every later message into the session while the
call sends what the session yields, already encoded (play_wire.py). The client hanging up cancels the
call, which stops the reader and the session.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import grpc

from ..app.errors import AppError
from ..v1 import game_service_pb2 as pb
from .errors import to_grpc_status
from .handlers import GameHandlers
from .play_wire import PlayChannel, frame


async def play(
    handlers: GameHandlers,
    requests: AsyncIterator[object],
    context: grpc.aio.ServicerContext,
    token: str | None,
    client: str,
    timeout: float,
) -> AsyncIterator[bytes]:
    reader: asyncio.Task[None] | None = None
    try:
        first = await anext(aiter(requests), None)
        if first is None:
            return  # the client closed its side without opening anything
        channel = await PlayChannel.open(handlers, _readable(first), token, timeout, client, "grpc")
        reader = asyncio.ensure_future(_read(requests, channel))
        async with contextlib.aclosing(aiter(channel)) as items:
            async for item in items:
                yield frame(item)
    except AppError as error:
        await context.abort_with_status(to_grpc_status(error))
    finally:
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader


def _readable(message: object) -> pb.PlayRequest | None:
    """The message, or None for bytes that did not decode (grpc_service.Malformed)."""
    return message if isinstance(message, pb.PlayRequest) else None


async def _read(requests: AsyncIterator[object], channel: PlayChannel) -> None:
    async for message in requests:
        await channel.receive(_readable(message))
