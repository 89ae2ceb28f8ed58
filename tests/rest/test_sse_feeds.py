"""SSE streams sharing their match's feed on a real server (app/watch_feeds.py, api/sse_frames.py's FrameSink).

A Pumba match is played over REST on a real server and redis-server. Mid-play, streams open for a spectator and
both seats: live ones (from the version committed last) and catching-up ones (from version 0 and from mid-play);
each must get every version after the one it asked for, once and in order, while the match's feed writes its
live updates. One more stream's reader reads nothing (a small receive buffer) while a hundred versions are
committed: the other streams must get every version meanwhile, and once it reads it must get every version
too. (On loopback the server's kernel send buffer grows to hold those versions, so this sink need not leave
the feed; tests/api/test_frame_sink.py makes one leave over a socket with small buffers.) And at a shutdown a
stream whose live events its sink wrote ends with the ``reconnect`` event naming the last of them.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import signal
import socket
from urllib.parse import urlsplit

import httpx
import pytest
from rest_table import RestTable, bearer, ok, play_async

from cardroom.bench.sse_reader import follow_sse
from support.processes import ServerProcess, wait_until_async

VIEWERS = (None, 0, 1)
EVENT_ID = re.compile(rb"id: (\d+)\r\n")
#: a whole reconnect event (its lines up to the blank one), the data line captured
RECONNECT_EVENT = re.compile(rb"event: reconnect\r\n(?:[^\r\n]+\r\n)*?data: ([^\r\n]*)\r\n(?:[^\r\n]+\r\n)*\r\n")


class _Lean:
    """What the lean reader keeps of one stream (bench/sse_reader.py's ``Watched``): from after ``after``."""

    def __init__(self, name: str, after: int) -> None:
        self.name, self.after = name, after + 1  # the reader opens after ``after``: ``after + 1`` is ready
        self.asked = after
        self.first = asyncio.Event()
        self.versions: list[int] = []
        self.latencies: list[float] = []


async def _stalled_reader(
    host: str, port: int, name: str, after: int
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """An SSE connection with a small receive buffer whose response is not read until asked."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, port))
    reader, writer = await asyncio.open_connection(sock=sock, limit=1 << 24)
    request = f"GET /v1/{name}:watch?afterVersion={after} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n"
    writer.write(request.encode())
    await writer.drain()
    return reader, writer


async def _play(client: httpx.AsyncClient, table: RestTable, rng: random.Random, actions: int) -> int:
    """``actions`` random legal actions (fewer if the match ends); the version committed last."""
    return int((await play_async(client, table, rng, actions))["match"]["version"])


@pytest.mark.asyncio
async def test_streams_joining_mid_play_and_a_stalled_one_get_every_version_once(server, http):
    table = RestTable(http, "pumba", 2, seed=29)
    tokens = [None if viewer is None else table.tokens[viewer] for viewer in VIEWERS]
    host = urlsplit(server.http_url)
    rng = random.Random(11)
    async with httpx.AsyncClient(base_url=server.http_url, timeout=60) as client:
        ok(await client.post(f"/v1/{table.name}:start", json={}, headers=bearer(table.tokens[0])))
        middle = await _play(client, table, rng, 8)
        now = await _play(client, table, rng, 8)
        leans = [_Lean(table.name, after) for after in (now - 1, 0, middle) for _ in VIEWERS]
        tasks = [
            asyncio.create_task(follow_sse(host.hostname, host.port, lean, token))
            for lean, token in zip(leans, tokens * 3, strict=True)
        ]
        for lean in leans:  # every stream has its readiness version: the live ones are live
            await lean.first.wait()
        stalled, connection = await _stalled_reader(host.hostname, host.port, table.name, now)

        # the stalled stream's buffers fill up (its sink leaves the feed) while the play goes on
        last = await _play(client, table, rng, 120)
        await wait_until_async(lambda: all((lean.versions or [0])[-1] >= last for lean in leans), 60, "the streams")
        for lean in leans:
            assert [lean.after, *lean.versions] == list(range(lean.asked + 1, last + 1)), lean.asked

        # it reads again: every version after the one it asked for, once, in order
        received = b""
        async with asyncio.timeout(60):
            while not received.endswith(b"\r\n\r\n\r\n") or int(EVENT_ID.findall(received)[-1]) < last:
                received += await stalled.read(1 << 16)
        assert [int(version) for version in EVENT_ID.findall(received)] == list(range(now + 1, last + 1))
        connection.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


@pytest.mark.asyncio
async def test_a_shared_stream_ends_at_shutdown_with_the_last_version_its_sink_wrote(redis_process):
    server = ServerProcess(redis_process.url, "--allow-fixed-decks", "--shutdown-grace", "20")
    server.start()
    try:
        with httpx.Client(base_url=server.http_url, timeout=30) as http:
            table = RestTable(http, "pumba", 2, seed=31)
        host = urlsplit(server.http_url)
        async with httpx.AsyncClient(base_url=server.http_url, timeout=60) as client:
            ok(await client.post(f"/v1/{table.name}:start", json={}, headers=bearer(table.tokens[0])))
            now = await _play(client, table, random.Random(2), 2)
            reader, connection = await asyncio.open_connection(host.hostname, host.port)
            request = f"GET /v1/{table.name}:watch?afterVersion={now} HTTP/1.1\r\nHost: {host.netloc}\r\n\r\n"
            connection.write(request.encode())
            last = await _play(client, table, random.Random(3), 10)  # the first live event, then the sink's
            received = b""
            async with asyncio.timeout(30):
                while not EVENT_ID.findall(received) or int(EVENT_ID.findall(received)[-1]) < last:
                    received += await reader.read(1 << 16)
            server.process.send_signal(signal.SIGTERM)
            # until the whole reconnect event is in (it may come in one read with the response's last chunk)
            async with asyncio.timeout(30):
                while (closing := RECONNECT_EVENT.search(received)) is None:
                    chunk = await reader.read(1 << 16)
                    assert chunk, f"the stream closed without its reconnect event: {received[-400:]!r}"
                    received += chunk
            connection.close()
        assert [int(version) for version in EVENT_ID.findall(received)] == list(range(now + 1, last + 1))
        assert json.loads(closing.group(1)) == {"reason": "SERVER_SHUTTING_DOWN", "lastEventId": str(last)}
    finally:
        server.stop()
