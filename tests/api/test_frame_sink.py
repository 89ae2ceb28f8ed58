"""A joined SSE stream's sink (api/sse_frames.py's FrameSink) over a real loopback socket whose peer reads nothing.

The sink writes each update as one whole chunk of the chunked transfer coding to the transport. When the peer is
behind (the transport holds more than its high-water mark unsent) it takes nothing more and says so, so that
its feed goes on without it; it is ready to join again only once the peer has read (the buffer at its
low-water mark). What it wrote must be exactly the chunks of the events it took, in order. Small buffers on
both sides (SO_SNDBUF, SO_RCVBUF, an 8 KiB high-water mark) make the peer fall behind within a few writes.
"""

from __future__ import annotations

import asyncio
import re
import socket

import pytest

from cardroom.api.sse_frames import FrameSink, sse_chunk, sse_frame
from cardroom.bench.sse_reader import dechunk
from cardroom.v1 import game_service_pb2 as pb

pytestmark = pytest.mark.asyncio

HIGH_WATER = 8192
EVENT_ID = re.compile(rb"^id: (\d+)\r\n", re.MULTILINE)


def _update(version: int) -> pb.MatchUpdate:
    update = pb.MatchUpdate(version=version)
    update.state.match.name = "games/pumba/matches/" + "x" * 1000  # ~1 KB events, as a real match's
    return update


class _Accepted(asyncio.Protocol):
    def __init__(self, transports: asyncio.Queue[asyncio.Transport]) -> None:
        self._transports = transports

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        transport.set_write_buffer_limits(high=HIGH_WATER)
        self._transports.put_nowait(transport)


async def test_a_sink_leaves_when_its_peer_is_behind_and_is_ready_once_it_reads() -> None:
    loop = asyncio.get_running_loop()
    transports: asyncio.Queue[asyncio.Transport] = asyncio.Queue()
    server = await loop.create_server(lambda: _Accepted(transports), "127.0.0.1", 0)
    peer = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    peer.setblocking(False)
    try:
        await loop.sock_connect(peer, server.sockets[0].getsockname())
        transport = await transports.get()
        sink = FrameSink(transport, lambda update: update)  # the updates here are the messages already
        assert sink.ready()
        taken = 0
        while sink.send(_update(taken + 1)):
            taken += 1
            assert taken < 10_000, "the peer never fell behind"
        assert transport.get_write_buffer_size() > HIGH_WATER
        assert not sink.ready()
        assert sink.last is not None and sink.last.version == taken

        received = b""
        async with asyncio.timeout(10):  # the peer reads: the transport drains, the sink is ready again
            while not sink.ready() or len(received) < sum(len(sse_chunk(_update(v))) for v in range(1, taken + 1)):
                received += await loop.sock_recv(peer, 1 << 16)
        rest, body = dechunk(received)
        assert rest == b"" and body is not None
        assert [int(version) for version in EVENT_ID.findall(body)] == list(range(1, taken + 1))
        assert body == b"".join(sse_frame(_update(version)) for version in range(1, taken + 1))
    finally:
        peer.close()
        server.close()
        await server.wait_closed()
