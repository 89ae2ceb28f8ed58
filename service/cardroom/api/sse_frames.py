"""WatchMatch's Server-Sent Events as bytes made once per shared update and written as they are.

A watched version reaches every stream of a viewer class as the same ``MatchUpdate`` (api/watch_wire.py), so
its whole event (``id:`` and ``data:`` lines) is the same bytes on all of them: ``sse_frame`` makes them once.
aiohttp-sse's ``send`` formats every call anew (a buffer, a regex split of the data, an encode) and arms a
timeout for each write; with thousands of streams that was a good part of a delivery's CPU (docs/benchmarks.md,
"Watchers, fourth pass"). ``SharedFrames.send_frame`` writes the bytes through the response as they are, and
arms the send timeout only when the peer is behind (its transport holds unsent bytes): only then can the write
wait, because aiohttp waits for a drain only while the transport is above its high-water mark.

A frame is exactly what ``EventSourceResponse.send(json_text(update), id=str(update.version))`` writes: the
JSON of a message has no line break (``indent=None``; line breaks inside strings are escaped), so it is one
``data:`` line, and the line separator is aiohttp-sse's (CRLF).
"""

from __future__ import annotations

import asyncio

from aiohttp_sse import EventSourceResponse
from google.protobuf import message

from .watch_wire import IdentityMemo, json_text

SEPARATOR = EventSourceResponse.DEFAULT_SEPARATOR.encode()


def _frame(update: message.Message) -> bytes:
    version = update.version  # type: ignore[attr-defined]
    return b"id: %d%sdata: %s%s%s" % (version, SEPARATOR, json_text(update).encode(), SEPARATOR, SEPARATOR)


#: a streamed MatchUpdate as its Server-Sent Event's bytes, made once for all the streams that send it
sse_frame: IdentityMemo[message.Message, bytes] = IdentityMemo(_frame)


class SharedFrames(EventSourceResponse):
    """aiohttp-sse's response (headers, heartbeats, ``send`` for the rare events) that also writes whole
    pre-made events."""

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
