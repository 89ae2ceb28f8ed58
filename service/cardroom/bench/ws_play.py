"""The load generator's WebSocket sessions: ``Play`` over ``/v1/play`` (api/play_ws.py), called like the gRPC stub.

``WsPlayStub(stub, http_base, session).Play(requests)`` opens the WebSocket a browser would open (the
``cardroom.v1`` subprotocol, proto3 JSON text messages), sends each ``PlayRequest`` of ``requests`` and yields
each ``PlayResponse`` the server sends, so the session player (bench/sessions.py) runs unchanged over either
transport. The URL names the match of the first request (``?match=``), as the SDKs do, so with ``--workers N`` the
worker owning the match serves every session of it (api/worker_handoff.py). Every other method is the gRPC stub's
(the tables are set up with unary calls in both). A failure closing the socket ends the iteration as the end of a
gRPC stream does; the error text is not needed here.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import quote

import aiohttp
from google.protobuf import json_format

from ..api.play_ws import BINARY_SUBPROTOCOL, PATH, SUBPROTOCOL
from ..api.worker_handoff import QUERY
from ..v1 import game_service_pb2 as pb


class WsPlayStub:
    def __init__(self, stub: Any, http_base: str, session: aiohttp.ClientSession, binary: bool = False) -> None:
        self._stub = stub
        self._url = http_base.rstrip("/") + PATH
        self._session = session
        self._binary = binary

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stub, name)

    def Play(self, requests: AsyncIterator[pb.PlayRequest], metadata: Any = None) -> _WsCall:
        """The session's socket; ``metadata`` (the gRPC call's) is not sent: the URL names the match."""
        return _WsCall(self._session, self._url, requests, self._binary)


class _WsCall:
    """One session's socket: iterate it once for the server's messages; ``cancel`` closes it."""

    def __init__(
        self, session: aiohttp.ClientSession, url: str, requests: AsyncIterator[pb.PlayRequest], binary: bool
    ) -> None:
        self._binary = binary
        self._session = session
        self._url = url
        self._requests = requests
        self._writer: asyncio.Task[None] | None = None

    async def __aiter__(self) -> AsyncIterator[pb.PlayResponse]:
        protocol = BINARY_SUBPROTOCOL if self._binary else SUBPROTOCOL
        opening = await anext(self._requests)
        url = f"{self._url}?{QUERY}={quote(opening.open.name, safe='')}"
        async with self._session.ws_connect(url, protocols=(protocol,), autoping=True) as socket:
            self._writer = asyncio.ensure_future(self._write(socket, opening))
            try:
                async for message in socket:
                    if message.type == aiohttp.WSMsgType.BINARY and self._binary:
                        yield pb.PlayResponse.FromString(message.data)
                        continue
                    if message.type != aiohttp.WSMsgType.TEXT or message.data.startswith('{"error"'):
                        break  # the session failed (its JSON error; the server closes next) or closed
                    yield json_format.Parse(message.data, pb.PlayResponse(), ignore_unknown_fields=True)
            finally:
                self._writer.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await self._writer

    async def _write(self, socket: aiohttp.ClientWebSocketResponse, opening: pb.PlayRequest) -> None:
        await self._send(socket, opening)
        async for request in self._requests:
            await self._send(socket, request)

    async def _send(self, socket: aiohttp.ClientWebSocketResponse, request: pb.PlayRequest) -> None:
        if self._binary:
            await socket.send_bytes(request.SerializeToString())
        else:
            await socket.send_str(json_format.MessageToJson(request, indent=None))

    def cancel(self) -> None:
        """Stop sending; the socket closes when its reader stops iterating (the ``async with`` above)."""
        if self._writer is not None:
            self._writer.cancel()
