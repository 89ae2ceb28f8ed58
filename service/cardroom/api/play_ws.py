"""The Play session on a WebSocket of the HTTP port (``GET /v1/play``): the Play RPC's messages as proto3 JSON.

Each text message of the client is a ``PlayRequest`` in JSON (the first one ``{"open": {...}}``, then
``{"action": {...}}``), each text message of the server a ``PlayResponse`` (``{"update": ...}`` or
``{"outcome": ...}``), driven by the same ``PlayChannel`` as the gRPC stream (play_wire.py). Browsers cannot
set headers on a WebSocket, so the seat token comes in ``open.seatToken`` or as a subprotocol offered
beside ``cardroom.v1`` (``new WebSocket(url, ["cardroom.v1", "cardroom.seat-token." + token])``): the server
selects ``cardroom.v1``, as a browser requires one offered protocol to be selected.

A client offering ``cardroom.v1.proto`` (before ``cardroom.v1``, if it offers both) gets the same messages as
binary protobuf instead, one per binary WebSocket message: the bytes of the gRPC stream's messages, which the
server already holds for every update (play_wire.py's shared frames), so no JSON is made or parsed per
message; SDKs and browsers with a protobuf runtime take it as the cheap path. Failures are the same JSON text.

Once the session is open, its items are written as they are made (``DirectFrames``, given to the session as its
``deliver_to`` writer): each one a whole WebSocket frame written to the connection's transport at once, from the
task that made it (the match's feed, the session's actor), instead of being queued for this handler's task to
take through the session's iterator and aiohttp's coroutine ``send_bytes``: one task wake-up and one pass down
three async generators less per item. aiohttp writes an uncompressed frame synchronously (header and payload, no
suspension between), so these frames and aiohttp's own (pings, the close) never interleave inside a frame; a
connection that negotiated permessage-deflate keeps aiohttp's writer for everything (its compressor has state),
and an item the peer is behind for (its transport above its high-water mark) waits for this handler's task,
which waits for the peer as before. The header is RFC 6455's for an unmasked server frame (FIN, the opcode, the
length in 7, 16 or 64 bits): written here because aiohttp's only synchronous frame writer is private.

A failure is one last text message, Google's JSON error (``{"error": {...}}`` as every REST error), then a
close whose code is 4000 + the error's HTTP status (4404 for an unknown match, 4401 for a bad token, 4429 for
a rate limit, 4503 when the store is unreachable); a session that ends with its match closes with 1000; a
server shutting down closes every session with 1012 (service restart) and the client reconnects, through
the load balancer, after the last version it received. aiohttp's ``heartbeat`` pings every
``--sse-heartbeat`` seconds, which keeps proxies from closing an idle session and drops a dead client.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import struct
from collections.abc import Callable

from aiohttp import WSMessage, WSMsgType, web
from google.protobuf import json_format
from google.protobuf.message import DecodeError

from ..app.config import Settings
from ..app.errors import DEADLINE_EXCEEDED, AppError
from ..observability.http_access import note_call
from ..v1 import game_service_pb2 as pb
from .handlers import GameHandlers
from .http_errors import HTTP_STATUS, error_body
from .play_wire import PlayChannel, frame, json_frame
from .streams import ShutdownSignal
from .worker_handoff import WORKER_HEADER, Handoff

PATH = "/v1/play"
SUBPROTOCOL = "cardroom.v1"
#: the same messages as binary protobuf (aiohttp selects the first protocol the client offers that it serves)
BINARY_SUBPROTOCOL = "cardroom.v1.proto"
TOKEN_PROTOCOL = "cardroom.seat-token."
#: the close codes of a session that ended with its match, and of a server going away (RFC 6455 §7.4)
NORMAL_CLOSE = 1000
SERVICE_RESTART = 1012
ERROR_CLOSE_BASE = 4000


#: RFC 6455 §5.2: the first byte of a final frame of each opcode, and the header's length forms
_TEXT_FRAME, _BINARY_FRAME = 0x80 | WSMsgType.TEXT, 0x80 | WSMsgType.BINARY
_SHORT, _MEDIUM, _LONG = struct.Struct("!BB"), struct.Struct("!BBH"), struct.Struct("!BBQ")


def frame_header(first: int, length: int) -> bytes:
    """The header of an unmasked (server) frame of ``length`` payload bytes; ``first``: FIN and the opcode."""
    if length < 126:
        return _SHORT.pack(first, length)
    if length < 1 << 16:
        return _MEDIUM.pack(first, 126, length)
    return _LONG.pack(first, 127, length)


class DirectFrames:
    """A session's writer of whole frames straight to the connection's transport (module docstring)."""

    def __init__(self, transport: asyncio.WriteTransport, binary: bool, call) -> None:
        self._transport = transport
        self._binary = binary
        self._call = call
        self._high = transport.get_write_buffer_limits()[1]
        #: False once the handler stops writing (a close frame is next): every later item goes its way
        self.open = True

    def __call__(self, item: object) -> bool:
        transport = self._transport
        if not self.open or transport.is_closing() or transport.get_write_buffer_size() > self._high:
            return False
        try:
            if self._binary:
                payload, first = frame(item), _BINARY_FRAME
            else:
                payload, first = json_frame(item).encode(), _TEXT_FRAME
        except Exception:  # the caller is the match's feed: this item goes the handler's way, where the same
            self.open = False  # failure ends this session alone, loudly
            return False
        transport.write(frame_header(first, len(payload)) + payload)
        self._call.answer = item
        return True


def _offered_token(http: web.Request) -> str | None:
    offered = (part.strip() for part in http.headers.get("Sec-WebSocket-Protocol", "").split(","))
    return next((part.removeprefix(TOKEN_PROTOCOL) for part in offered if part.startswith(TOKEN_PROTOCOL)), None)


def _parsed(data: object) -> pb.PlayRequest | None:
    """A client text message as a PlayRequest; None when it is not one (refused in the session)."""
    if not isinstance(data, str):
        return None
    try:
        return json_format.Parse(data, pb.PlayRequest())
    except (json_format.ParseError, RecursionError, ValueError):
        return None


def _parsed_binary(data: object) -> pb.PlayRequest | None:
    """A client binary message as a PlayRequest (the binary subprotocol); None when it is not one."""
    if not isinstance(data, bytes):
        return None
    try:
        return pb.PlayRequest.FromString(data)
    except (DecodeError, RecursionError):
        return None


Parse = Callable[[WSMessage], "pb.PlayRequest | None"]


def _reader(binary: bool) -> Parse:
    """The client message parser of the selected subprotocol: a message of the other kind is not a PlayRequest."""
    if binary:
        return lambda message: _parsed_binary(message.data if message.type == WSMsgType.BINARY else None)
    return lambda message: _parsed(message.data if message.type == WSMsgType.TEXT else None)


class PlaySockets:
    """The ``/v1/play`` handler of one HTTP server."""

    def __init__(
        self,
        handlers: GameHandlers,
        settings: Settings,
        shutdown: ShutdownSignal,
        client,
        handoff: Handoff | None = None,
    ) -> None:
        self.handlers = handlers
        self.settings = settings
        self.shutdown = shutdown
        self._client = client
        self._handoff = handoff

    async def handle(self, http: web.Request) -> web.StreamResponse:
        if self._handoff is not None and self._handoff.pass_on(http):
            return web.Response(status=101)  # never written: the connection is the owner's now, which answers it
        call = note_call(http, "Play", streaming=True)
        socket = web.WebSocketResponse(
            protocols=(SUBPROTOCOL, BINARY_SUBPROTOCOL),
            heartbeat=self.settings.sse_heartbeat,
            max_msg_size=self.settings.max_message_bytes,
        )
        if self._handoff is not None:
            socket.headers[WORKER_HEADER] = str(self._handoff.placement.slot)
        await socket.prepare(http)
        binary = socket.ws_protocol == BINARY_SUBPROTOCOL
        parse = _reader(binary)
        try:
            channel = await self._open(socket, http, call, parse)
        except AppError as error:
            await _fail(socket, error)
            return socket
        if channel is None:
            return socket
        direct = None
        if not socket.compress and http.transport is not None:
            direct = DirectFrames(http.transport, binary, call)
            channel.deliver_to(direct)
        reader = asyncio.ensure_future(_read(socket, channel, parse))
        try:
            try:
                # closed however the loop ends: a send cancelled mid-write (the client gone) leaves no session
                # running until the garbage collector finds it
                async with contextlib.aclosing(self.shutdown.until_closing(channel)) as items:
                    async for item in items:
                        call.answer = item
                        if binary:
                            await socket.send_bytes(frame(item))
                        else:
                            await socket.send_str(json_frame(item))
            finally:  # however the items end, no direct frame may follow: a close frame (or nothing) is next
                if direct is not None:
                    direct.open = False
            closing = self.shutdown.closing.is_set()
            await _stop(reader)  # before the close: close() then reads the client's last messages up to its close
            await socket.close(
                code=SERVICE_RESTART if closing else NORMAL_CLOSE,
                message=b"SERVER_SHUTTING_DOWN" if closing else b"",
            )
        except AppError as error:
            await _fail(socket, error)
        except ConnectionResetError:
            pass  # the client went away between two messages
        finally:
            await _stop(reader)
        return socket

    async def _open(self, socket: web.WebSocketResponse, http: web.Request, call, parse: Parse) -> PlayChannel | None:
        """The session of the first message; None when the client left before sending one."""
        try:
            message = await socket.receive(timeout=self.settings.call_timeout)
        except TimeoutError:
            raise AppError(DEADLINE_EXCEEDED, "DEADLINE_EXCEEDED", "no open message in time") from None
        if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
            return None
        first = parse(message)
        call.request = first.open if first is not None else None
        return await PlayChannel.open(
            self.handlers, first, _offered_token(http), self.settings.call_timeout, self._client(http), "http"
        )


async def _read(socket: web.WebSocketResponse, channel: PlayChannel, parse: Parse) -> None:
    async for message in socket:
        if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
            await channel.receive(parse(message))


async def _stop(reader: asyncio.Future) -> None:
    """Cancel the reader once and wait for it. Not ``cancel_and_wait`` (cardroom/cancelling.py): with it here and
    in play_grpc.py and app/play_sessions.py, a TypeScript WebSocket session test run hung (1 run in 3 on 3
    December 2026, after 1 in 8 before the close fix); the cause is not known."""
    reader.cancel()
    with contextlib.suppress(asyncio.CancelledError, Exception):
        await reader


async def _fail(socket: web.WebSocketResponse, error: AppError) -> None:
    with contextlib.suppress(ConnectionResetError):
        await socket.send_str(json.dumps(error_body(error)))
        await socket.close(code=ERROR_CLOSE_BASE + HTTP_STATUS.get(error.code, 500), message=error.reason.encode())
