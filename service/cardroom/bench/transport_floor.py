"""``cardroom bench transport-floor``: what the transports alone cost the server per move, with no cardroom code.

Issue 19's CPU target (0.6 ms of server CPU per move) was set against "a no-op grpcio call is ~0.37 ms here".
This command measures that floor on the machine it runs on, so a run of ``bench service`` or ``bench peer``
can be read against it: a bare ``grpc.aio`` server answering an empty unary call, a bare ``grpc.aio``
bidirectional stream and a bare aiohttp WebSocket each answering one client message with two messages (a
two-seat move on a Play session: the action in, one update out per seat; here both go back on the mover's
stream). Each server runs in a process of its own on 127.0.0.1 (started and stopped here, by handle); its
CPU time (``/proc/PID/stat``) over the measured calls is the figure. Hand-written: no library measures a
transport's own server CPU per message.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import aiohttp
import grpc
from aiohttp import web

from .process_clock import cpu_seconds, load_average
from .spawned import free_port

_SERVICE = "cardroom.bench.Floor"


@dataclass(frozen=True)
class FloorBench:
    moves: int = 6000
    streams: int = 20
    #: bytes of each pushed message: about a two-seat update's MatchUpdate
    payload_bytes: int = 1500
    warmup_moves: int = 400


def _grpc_server(port: int, payload: bytes, ready: Any) -> None:
    async def serve() -> None:
        async def unary(request: bytes, context: grpc.aio.ServicerContext) -> bytes:
            return b""

        async def stream(requests: Any, context: grpc.aio.ServicerContext) -> Any:
            async for _ in requests:
                yield payload
                yield payload

        server = grpc.aio.server()
        handlers = {
            "Unary": grpc.unary_unary_rpc_method_handler(unary),
            "Stream": grpc.stream_stream_rpc_method_handler(stream),
        }
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(_SERVICE, handlers),))
        server.add_insecure_port(f"127.0.0.1:{port}")
        await server.start()
        ready.set()
        await server.wait_for_termination()

    asyncio.run(serve())


def _ws_server(port: int, payload: bytes, ready: Any) -> None:
    async def socket(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for _ in ws:
            await ws.send_bytes(payload)
            await ws.send_bytes(payload)
        return ws

    async def serve() -> None:
        app = web.Application()
        app.router.add_get("/ws", socket)
        runner = web.AppRunner(app)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", port).start()
        ready.set()
        await asyncio.Event().wait()

    asyncio.run(serve())


async def _unary_load(port: int, moves: int, streams: int) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        call = channel.unary_unary(f"/{_SERVICE}/Unary")

        async def caller() -> None:
            for _ in range(moves // streams):
                await call(b"")

        await asyncio.gather(*(caller() for _ in range(streams)))


async def _stream_load(port: int, moves: int, streams: int) -> None:
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        method = channel.stream_stream(f"/{_SERVICE}/Stream")

        async def player() -> None:
            call = method()
            for _ in range(moves // streams):
                await call.write(b"a" * 60)
                await call.read()
                await call.read()
            await call.done_writing()

        await asyncio.gather(*(player() for _ in range(streams)))


async def _ws_load(port: int, moves: int, streams: int) -> None:
    async with aiohttp.ClientSession() as session:

        async def player() -> None:
            async with session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
                for _ in range(moves // streams):
                    await ws.send_bytes(b"a" * 60)
                    await ws.receive()
                    await ws.receive()

        await asyncio.gather(*(player() for _ in range(streams)))


def _measure(
    bench: FloorBench, server: Callable[[int, bytes, Any], None], load: Callable[[int, int, int], Awaitable[None]]
) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")  # grpc's threads do not survive a fork
    port, ready = free_port(), context.Event()
    process = context.Process(target=server, args=(port, b"u" * bench.payload_bytes, ready), daemon=True)
    process.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the floor's server did not start")
        asyncio.run(load(port, bench.warmup_moves, bench.streams))
        load_before, cpu_before, start = load_average(), cpu_seconds(process.pid), time.monotonic()
        asyncio.run(load(port, bench.moves, bench.streams))
        seconds, cpu = time.monotonic() - start, cpu_seconds(process.pid) - cpu_before
    finally:
        process.terminate()
        process.join(10)
    moves = bench.moves // bench.streams * bench.streams
    return {
        "per_s": round(moves / seconds, 1),
        "server_cpu_ms_each": round(cpu * 1000 / moves, 3),
        "load_average_before": load_before,
        "load_average_after": load_average(),
    }


def bench_transport_floor(bench: FloorBench) -> dict[str, Any]:
    return {
        "bench": "transport-floor",
        "cores": os.cpu_count(),
        "moves": bench.moves,
        "streams": bench.streams,
        "payload_bytes": bench.payload_bytes,
        "grpc_unary_noop_call": _measure(bench, _grpc_server, _unary_load),
        "grpc_stream_move_1_in_2_out": _measure(bench, _grpc_server, _stream_load),
        "websocket_move_1_in_2_out": _measure(bench, _ws_server, _ws_load),
    }
