"""WatchMatch's Server-Sent Events as bytes made once per shared update and written as they are.

A watched version reaches every stream of a viewer class as the same ``MatchUpdate`` (api/watch_wire.py), so
its whole event (``id:`` and ``data:`` lines) is the same bytes on all of them: ``sse_frame`` makes them once.
aiohttp-sse's ``send`` formats every call anew (a buffer, a regex split of the data, an encode) and arms a
timeout for each write; with thousands of streams that was a good part of a delivery's CPU (docs/benchmarks.md,
"Watchers, fourth pass"). ``SharedFrames.send_frame`` writes the bytes through the response as they are, and
arms the send timeout only when the peer is behind (its transport holds unsent bytes): only then can the write
wait, because aiohttp waits for a drain only while the transport is above its high-water mark.

Live updates go further (``FrameSink``): a stream that has caught up joins its match's feed
(app/watch_feeds.py), whose one task hands each new update to every joined stream of a viewer class in one pass,
and the sink writes the shared bytes to the stream's transport at once: no task woken per stream, no chain of
generators, no coroutine per write. The response is chunked (aiohttp-sse enables it: no Content-Length), and
aiohttp has no public synchronous write (``StreamResponse.write`` is a coroutine, its writer's ``_write`` is
private), so the sink writes each event as one whole chunk of the HTTP/1.1 chunked transfer coding
(``sse_chunk``: the size in hex, CRLF, the frame, CRLF; made once per shared message like the frame), the
framing aiohttp writes itself for ``write``; heartbeats and the rare events still go through aiohttp, and
since every write is one whole chunk written synchronously, they interleave whole. A sink is only made for a
response whose headers went out (after its first event: aiohttp holds them back until a body write), chunked
and not compressed; a peer whose transport holds more than its high-water mark unsent makes the sink leave
its feed (the stream goes on from its own task, which waits for the peer as before).

A frame is exactly what ``EventSourceResponse.send(json_text(update), id=str(update.version))`` writes: the
JSON of a message has no line break (``indent=None``; line breaks inside strings are escaped), so it is one
``data:`` line, and the line separator is aiohttp-sse's (CRLF).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from aiohttp_sse import EventSourceResponse
from google.protobuf import message

from ..app.matches import Update
from .watch_wire import IdentityMemo, json_text

SEPARATOR = EventSourceResponse.DEFAULT_SEPARATOR.encode()


def _frame(update: message.Message) -> bytes:
    version = update.version  # type: ignore[attr-defined]
    return b"id: %d%sdata: %s%s%s" % (version, SEPARATOR, json_text(update).encode(), SEPARATOR, SEPARATOR)


#: a streamed MatchUpdate as its Server-Sent Event's bytes, made once for all the streams that send it
sse_frame: IdentityMemo[message.Message, bytes] = IdentityMemo(_frame)


def _chunk(update: message.Message) -> bytes:
    frame = sse_frame(update)
    return b"%x\r\n%s\r\n" % (len(frame), frame)


#: the same event as one chunk of the chunked transfer coding, for the sinks that write it to the transport
sse_chunk: IdentityMemo[message.Message, bytes] = IdentityMemo(_chunk)


class FrameSink:
    """A joined SSE stream's end of its match's feed (app/watch_feeds.py's ``Sink``): each live update
    converted by ``to_message`` (shared per viewer class and form), written as its shared chunk."""

    def __init__(self, transport: asyncio.WriteTransport, to_message: Callable[[Update], message.Message]) -> None:
        self._transport = transport
        self._to_message = to_message
        self._low, self._high = transport.get_write_buffer_limits()
        #: the last message written here (its version is the stream's at a shutdown)
        self.last: message.Message | None = None

    def ready(self) -> bool:
        transport = self._transport
        return not transport.is_closing() and transport.get_write_buffer_size() <= self._low

    def send(self, update: Update) -> bool:
        transport = self._transport
        if transport.is_closing() or transport.get_write_buffer_size() > self._high:
            return False
        message = self._to_message(update)
        transport.write(sse_chunk(message))
        self.last = message
        return True


class SharedFrames(EventSourceResponse):
    """aiohttp-sse's response (headers, heartbeats, ``send`` for the rare events) that also writes whole
    pre-made events."""

    def sink(self, to_message: Callable[[Update], message.Message]) -> FrameSink | None:
        """A sink writing to this response's transport, or None when it may not (module docstring): call it
        after a first event."""
        transport = self._req.transport if self._req is not None else None
        if transport is None or not self.chunked or self.compression or transport.is_closing():
            return None
        return FrameSink(transport, to_message)

    async def send_frame(self, frame: bytes) -> None:
        """Write one event made by ``sse_frame``; the failures are ``send``'s: ConnectionResetError when the
        peer went away, TimeoutError (and the connection aborted) when it stalled past the send timeout."""
        transport = self._req.transport if self._req is not None else None
        try:
            if transport is None or not transport.get_write_buffer_size() or self._send_timeout is None:
                await self.write(frame)
            else:
                async with asyncio.timeout(self._send_timeout):
                    await self.write(frame)
        except ConnectionResetError:
            self.stop_streaming()
            raise
        except TimeoutError:
            self.stop_streaming()
            self._abort_transport()
            raise
