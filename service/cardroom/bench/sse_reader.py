"""A lean Server-Sent Events watcher for ``bench watch --transport sse``: one asyncio Protocol per stream.

The bench's watcher processes share the machine with the server they measure, so what a watcher costs per
received event bounds the rate the bench can show (grpcio's client took ~210 µs of CPU per received update).
This reader does the least a correct SSE client must: one plain HTTP/1.1 GET per stream, the response's
chunked transfer coding undone by hand, events split on the blank line, and per event only its ``id:`` (the
match version: the missed/duplicated count) and the ``updateTime`` of its data (the latency), found by
position rather than by decoding the JSON. Lines end in CRLF, as cardroom's server (aiohttp-sse's separator)
writes them. Hand-written plumbing on purpose: aiohttp's client (or any
general one) costs several times more per event, which would measure the client instead of the server.

What it reads: ``id: <version>`` and ``data: <MatchUpdate JSON>`` events, ``: ping`` heartbeat comments
(skipped), an ``event: error`` (the stream fails with its status), an ``event: reconnect`` (the server shutting
down: the stream ends as failed, the bench's server never shuts down mid-run), a 204 (the match was over: the
stream ends, not failed).
"""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from typing import Protocol


class SseFailed(Exception):
    """A stream that ended otherwise than by the match's end: ``str()`` is what the bench counts it as."""


class Watched(Protocol):
    """What the bench keeps of one stream (bench/watch.py's ``_Stream``)."""

    name: str
    after: int
    first: asyncio.Event
    versions: list[int]
    latencies: list[float]


_UPDATE_TIME = b'"updateTime":"'


class _Reader(asyncio.Protocol):
    def __init__(self, stream: Watched, request: bytes, closed: asyncio.Future[None]) -> None:
        self.stream = stream
        self.request = request
        self.closed = closed
        self.transport: asyncio.Transport | None = None
        self.head = True  # still reading the status line and headers
        self.chunked = False
        self.framed = b""  # received bytes not yet de-chunked
        self.text = b""  # event-stream bytes not yet split into events
        self.minutes: dict[bytes, float] = {}  # "YYYY-MM-DDTHH:MM" -> its epoch seconds

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        self._end(SseFailed("connection closed") if exc is None else exc)

    def data_received(self, data: bytes) -> None:
        received = time.time()
        framed = self.framed + data
        if self.head:
            end = framed.find(b"\r\n\r\n")
            if end < 0:
                self.framed = framed
                return
            head, framed = framed[:end].lower(), framed[end + 4 :]
            self.head = False
            status = head[9:12]
            if status == b"204":  # the match is over and was seen whole
                self._end(None)
                return
            if status != b"200":
                self._end(SseFailed(f"HTTP_{status.decode()}"))
                return
            self.chunked = b"transfer-encoding: chunked" in head
        if self.chunked:
            framed, payload = dechunk(framed)
            if payload is None:
                self._end(None)
                return
        else:
            framed, payload = b"", framed
        self.framed = framed
        *events, self.text = (self.text + payload).split(b"\r\n\r\n")
        for event in events:
            self._event(event, received)

    def _event(self, event: bytes, received: float) -> None:
        if event.startswith(b":"):
            return  # a heartbeat comment
        fields = dict(line.split(b": ", 1) for line in event.split(b"\r\n") if b": " in line)
        kind = fields.get(b"event")
        if kind is not None:
            if kind == b"error":
                self._end(SseFailed(json.loads(fields.get(b"data", b"{}")).get("error", {}).get("status", "error")))
            else:
                self._end(SseFailed(kind.decode()))
            return
        version = int(fields[b"id"])
        stream = self.stream
        if version <= stream.after:  # the readiness update: committed before the stream opened
            stream.first.set()
            return
        stream.versions.append(version)
        stream.latencies.append(received - self._stamp(fields[b"data"]))

    def _stamp(self, data: bytes) -> float:
        """The ``updateTime`` of a MatchUpdate's JSON (the only field of that name it has: the match's)."""
        start = data.index(_UPDATE_TIME) + len(_UPDATE_TIME)
        minute, seconds = data[start : start + 16], data[start + 17 : data.index(b'"', start) - 1]
        base = self.minutes.get(minute)
        if base is None:
            moment = datetime.datetime.fromisoformat(minute.decode() + ":00+00:00")
            base = self.minutes[minute] = moment.timestamp()
        return base + float(seconds)

    def _end(self, error: BaseException | None) -> None:
        self.stream.first.set()  # a failed stream does not hold the others up; it is counted as failed
        if not self.closed.done():
            if error is None:
                self.closed.set_result(None)
            else:
                self.closed.set_exception(error)
        if self.transport is not None:
            self.transport.close()


def dechunk(framed: bytes) -> tuple[bytes, bytes | None]:
    """The complete chunks of ``framed`` joined, and what is left of it; None for the payload at the last
    chunk (the response's end)."""
    parts = []
    position = 0
    while True:
        line_end = framed.find(b"\r\n", position)
        if line_end < 0:
            break
        size = int(framed[position:line_end].split(b";", 1)[0], 16)
        if size == 0:
            return b"", None
        end = line_end + 2 + size
        if len(framed) < end + 2:
            break
        parts.append(framed[line_end + 2 : end])
        position = end + 2
    return framed[position:], b"".join(parts)


async def follow_sse(host: str, port: int, stream: Watched, token: str | None = None) -> None:
    """Watch ``stream.name`` from the version before ``stream.after`` until the stream ends (as the seat of
    ``token``; a spectator without): returns when the match was over, raises ``SseFailed`` (or the connection's
    error) otherwise."""
    loop = asyncio.get_running_loop()
    closed: asyncio.Future[None] = loop.create_future()
    path = f"/v1/{stream.name}:watch?afterVersion={stream.after - 1}"
    authorization = f"Authorization: Bearer {token}\r\n" if token else ""
    request = f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nAccept: text/event-stream\r\n{authorization}\r\n"
    transport, _ = await loop.create_connection(lambda: _Reader(stream, request.encode(), closed), host, port)
    try:
        await closed
    finally:
        transport.close()
