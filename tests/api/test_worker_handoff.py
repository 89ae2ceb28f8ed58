"""api/worker_handoff.py in one process: two aiohttp servers on loopback standing for two workers, each answering a
WebSocket with its slot, so which one serves a connection shows, and with the owner gone the sender keeps it."""

from __future__ import annotations

import zlib
from contextlib import asynccontextmanager

import aiohttp
import pytest
from aiohttp import web

from cardroom.api.worker_handoff import WORKER_HEADER, HandedOff, Handoff, Placement


def _owned_by(slot: int) -> str:
    """A match name worker ``slot`` of 2 owns."""
    names = (f"games/pumba/matches/m{n}" for n in range(100))
    return next(name for name in names if zlib.crc32(name.encode()) % 2 == slot)


OWNED_BY_1 = _owned_by(1)


@asynccontextmanager
async def worker(directory: str, slot: int):
    """A worker's HTTP server: WebSockets echo ``slot:text:X-Test header:query``, after the handoff's chance."""
    handoff = Handoff(Placement(directory, 2, slot))

    async def handle(http: web.Request) -> web.StreamResponse:
        if handoff.pass_on(http):
            return web.Response(status=101)
        socket = web.WebSocketResponse()
        socket.headers[WORKER_HEADER] = str(slot)
        await socket.prepare(http)
        async for message in socket:
            await socket.send_str(f"{slot}:{message.data}:{http.headers.get('X-Test')}:{http.query_string}")
        return socket

    runner = web.ServerRunner(web.Server(handle))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    handed_off = HandedOff(handoff.placement, runner.server)
    try:
        yield f"http://127.0.0.1:{runner.addresses[0][1]}", handed_off
    finally:
        handed_off.close()
        handoff.close()
        await runner.cleanup()


async def _echo(url: str) -> tuple[str, str]:
    """(the worker the handshake names, the echo of "hello")."""
    handshakes = []

    async def on_request_end(_session, _context, params: aiohttp.TraceRequestEndParams) -> None:
        handshakes.append(params.response.headers[WORKER_HEADER])

    tracing = aiohttp.TraceConfig()
    tracing.on_request_end.append(on_request_end)
    async with (
        aiohttp.ClientSession(trace_configs=[tracing]) as http,
        http.ws_connect(url, headers={"X-Test": "kept"}) as socket,
    ):
        await socket.send_str("hello")
        return handshakes[0], (await socket.receive()).data


@pytest.mark.asyncio
async def test_a_socket_naming_a_match_is_served_by_its_owner_with_the_request_intact(tmp_path):
    async with worker(str(tmp_path), 0) as (first, _), worker(str(tmp_path), 1):
        query = f"match={OWNED_BY_1}&x=1"
        assert await _echo(f"{first}/v1/play?{query}") == ("1", f"1:hello:kept:{query}")


@pytest.mark.asyncio
async def test_a_socket_for_its_own_match_or_without_the_hint_stays(tmp_path):
    owned_by_0 = _owned_by(0)
    async with worker(str(tmp_path), 0) as (first, _), worker(str(tmp_path), 1):
        assert await _echo(f"{first}/v1/play?match={owned_by_0}") == ("0", f"0:hello:kept:match={owned_by_0}")
        assert await _echo(f"{first}/v1/play") == ("0", "0:hello:kept:")


@pytest.mark.asyncio
async def test_when_the_owner_does_not_take_it_the_worker_it_reached_serves_it(tmp_path):
    async with worker(str(tmp_path), 0) as (first, _), worker(str(tmp_path), 1) as (_, owner):
        owner.close()  # a worker stopping, or dead and not yet replaced
        assert await _echo(f"{first}/v1/play?match={OWNED_BY_1}") == ("0", f"0:hello:kept:match={OWNED_BY_1}")
    alone = tmp_path / "alone"
    alone.mkdir()
    async with worker(str(alone), 0) as (first, _):  # worker 1 never started: no socket there
        assert await _echo(f"{first}/v1/play?match={OWNED_BY_1}") == ("0", f"0:hello:kept:match={OWNED_BY_1}")
