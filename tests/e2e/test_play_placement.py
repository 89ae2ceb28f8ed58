"""Placement of Play WebSockets with ``--workers 2`` (api/worker_handoff.py), against a live server and a real Redis:
a socket naming its match (``/v1/play?match=NAME``) is served by the worker owning the match, whichever worker the
kernel gave the connection to, and whole matches play over such sockets with nothing lost or doubled."""

from __future__ import annotations

import random
import re
import zlib
from urllib.parse import quote

import aiohttp
import grpc
import httpx
import pytest
from play_sessions import gather_all
from play_sockets import play_url, socket_seat
from table import Table

from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import ServerProcess, wait_until

OPTIONS = {"card_range": "SHORT", "show_known_cards": False}
MATCHES = 6
WORKERS = 2


def _handoffs(metrics: str, result: str) -> float:
    found = re.search(rf'^cardroom_play_handoffs_total{{result="{result}"}} (\S+)$', metrics, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def _serving_workers(server: ServerProcess) -> bool:
    """Every worker serving: /readyz says DEGRADED while one is not."""
    return httpx.get(f"{server.http_url}/readyz", timeout=10).json()["status"] == "SERVING"


@pytest.fixture
def two_workers(redis_server):
    server = ServerProcess(redis_server.url, "--workers", str(WORKERS))
    server.start()
    try:
        wait_until(lambda: _serving_workers(server), 60, "both workers serving")
        yield server
    finally:
        server.stop()


@pytest.mark.asyncio
async def test_every_session_of_a_match_is_served_by_its_owner_and_whole_matches_play(two_workers):
    served: list[tuple[str, str]] = []  # (match named in the URL, worker the handshake says serves it)

    async def on_request_end(_session, _context, params: aiohttp.TraceRequestEndParams) -> None:
        served.append((params.url.query["match"], params.response.headers["Cardroom-Worker"]))

    tracing = aiohttp.TraceConfig()
    tracing.on_request_end.append(on_request_end)
    with grpc.insecure_channel(two_workers.address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        tables = [Table(stub, "up-or-down", 2, options=OPTIONS) for _ in range(MATCHES)]
        starts = [table.start().match.version for table in tables]
        played = [{} for _ in tables]
        async with aiohttp.ClientSession(trace_configs=[tracing]) as http:
            seats = [
                socket_seat(
                    http,
                    [f"{play_url(two_workers.http_url)}?match={quote(table.name, safe='')}"],
                    table.name,
                    token,
                    seat,
                    "up-or-down",
                    random.Random(index * 10 + seat),
                    played[index],
                )
                for index, table in enumerate(tables)
                for seat, token in [*enumerate(table.tokens), (-1, None)]
            ]
            seen = await gather_all(*seats)
        finals = [table.get(None).match for table in tables]
    assert all(final.status == match_pb2.MATCH_STATUS_FINISHED for final in finals)
    for index, final in enumerate(finals):
        # every accepted action once, in version order, and every viewer saw every version once (socket_seat
        # fails on a repeated or skipped version)
        assert sorted(played[index]) == list(range(starts[index] + 1, final.version + 1))
        for viewer in seen[index * 3 : index * 3 + 3]:
            assert viewer.close_codes == [1000] and viewer.last_version == final.version
    assert len(served) == MATCHES * 3
    assert all(worker == str(zlib.crc32(match.encode()) % WORKERS) for match, worker in served), served
    metrics = httpx.get(f"{two_workers.http_url}/metrics", timeout=10).text
    # 18 connections spread by the kernel: some arrived at the worker not owning their match and were passed on
    assert _handoffs(metrics, "passed") > 0 and _handoffs(metrics, "kept") == 0, metrics


@pytest.mark.asyncio
async def test_a_socket_without_the_hint_is_served_where_it_arrives(two_workers):
    workers = set()

    async def on_request_end(_session, _context, params: aiohttp.TraceRequestEndParams) -> None:
        workers.add(params.response.headers["Cardroom-Worker"])

    tracing = aiohttp.TraceConfig()
    tracing.on_request_end.append(on_request_end)
    with grpc.insecure_channel(two_workers.address) as channel:
        table = Table(game_service_pb2_grpc.GameServiceStub(channel), "up-or-down", 2, options=OPTIONS)
    async with aiohttp.ClientSession(trace_configs=[tracing]) as http:
        for _ in range(40):  # the kernel spreads connections over both workers: 40 all on one is 2^-39
            async with http.ws_connect(play_url(two_workers.http_url), protocols=("cardroom.v1",)) as socket:
                await socket.send_json({"open": {"name": table.name}})
                assert (await socket.receive_json())["update"]["version"] >= 1
            if len(workers) == WORKERS:
                break
    assert workers == {"0", "1"}
