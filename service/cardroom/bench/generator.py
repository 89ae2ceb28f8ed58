"""One load-generator process: a phase of ``bench service`` run by ``clients`` concurrent gRPC clients.

The parent hands each process a :class:`Job` through a multiprocessing pool, so
the generator never shares a Python interpreter (or its GIL) with the
orchestrating process; each client has its own ``grpc.aio`` channel and
connection. Phases: ``baseline`` (GetGame back to back), ``views`` (GetMatch
of one seat of a started match back to back), ``play`` (whole
matches, one per client at a time), ``contention`` (every client on the same
match) and ``check`` (the consistency check of the matches played).
"""

from __future__ import annotations

import asyncio
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import grpc

from ..api.event_loops import run_on
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc as pb_grpc
from .calls import CHANNEL_OPTIONS, Meter
from .consistency import check_match
from .players import MatchRecord, Tally, call_repeatedly, contend, play_match, seat_table
from .sessions import play_in_sessions

BASELINE, VIEWS, PLAY, CONTENTION, CHECK = "baseline", "views", "play", "contention", "check"
#: the method whose latencies a phase records
TIMED_METHODS = {BASELINE: "GetGame", VIEWS: "GetMatch"}


@dataclass
class Job:
    phase: str
    target: str
    clients: int
    seconds: float = 0.0
    #: (game, seats) of each match this process plays, in order; matches past the deadline are not
    #: started. The baseline and views phases use the first one's game.
    tables: list[tuple[str, int]] = field(default_factory=list)
    first_seed: int = 1
    records: list[MatchRecord] = field(default_factory=list)
    #: the REST gateway's base URL: the calls go over REST/JSON (rest_stub.py) instead of gRPC
    rest_url: str | None = None
    #: play: every seat on its own Play session (sessions.py) instead of unary SubmitAction/GetMatch
    sessions: bool = False
    #: the HTTP port's base URL: the Play sessions go over its WebSocket (ws_play.py) instead of gRPC
    ws_url: str | None = None
    #: with ``ws_url``: the binary protobuf subprotocol instead of proto3 JSON
    ws_binary: bool = False


def run_job(job: Job) -> dict[str, Any]:
    """The pool's entry point: run one phase and return its figures (plain, picklable data). On uvloop, as the
    server's workers by default: the generator shares the machine's cores with the server it measures (with the
    sessions' waits without extra tasks and one action converted per decision, its CPU per session move fell from
    0.35-0.39 to 0.25-0.28 ms: docs/benchmarks.md, "Sixteenth pass")."""
    return run_on("uvloop", _run(job))


async def _run(job: Job) -> dict[str, Any]:
    channels: list[Any] = []
    if job.rest_url:
        from .rest_stub import RestStub

        # one connection per client, as each gRPC client has its own channel
        channels = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=1)) for _ in range(job.clients)]
        stubs = [RestStub(job.rest_url, session) for session in channels]
    else:
        channels = [grpc.aio.insecure_channel(job.target, options=CHANNEL_OPTIONS) for _ in range(job.clients)]
        stubs = [pb_grpc.GameServiceStub(channel) for channel in channels]
        if job.ws_url:
            from .ws_play import WsPlayStub

            # one HTTP client per generator client; each session has its own socket, as each seat is a browser
            sockets = [aiohttp.ClientSession() for _ in range(job.clients)]
            stubs = [
                WsPlayStub(stub, job.ws_url, http, job.ws_binary) for stub, http in zip(stubs, sockets, strict=True)
            ]
            channels += sockets
    meter = Meter(timed_method=TIMED_METHODS.get(job.phase, "SubmitAction"))
    tally = Tally()
    records: list[MatchRecord] = []
    problems: list[str] = []
    started, cpu_started = time.monotonic(), time.process_time()
    deadline = started + job.seconds
    tables = iter(enumerate(job.tables))  # shared by the clients: each takes the next table

    async def player(stub: Any) -> None:
        for index, (game, seats) in tables:
            if time.monotonic() >= deadline:
                return
            try:
                play = play_in_sessions if job.sessions else play_match
                records.append(await play(meter, stub, tally, game, seats, job.first_seed + index, deadline))
            except grpc.aio.AioRpcError:
                continue  # the table could not be set up; the meter counted the error

    async def checker(stub: Any, queue: itertools.count) -> None:
        while (index := next(queue)) < len(job.records):
            record = job.records[index]
            try:
                problems.extend(await check_match(meter, stub, record))
            except grpc.aio.AioRpcError as error:
                problems.append(f"{record.name}: the check's call failed: {error.code().name} {error.details()}")

    try:
        if job.phase in TIMED_METHODS:
            game, seats = job.tables[0]
            request, token = pb.GetGameRequest(name=f"games/{game}"), None
            if job.phase == VIEWS:
                record, _ = await seat_table(meter, stubs[0], game, seats, job.first_seed)
                request, token = pb.GetMatchRequest(name=record.name), record.tokens[0]
                started, cpu_started = time.monotonic(), time.process_time()
                deadline = started + job.seconds
            name = meter.timed_method
            await asyncio.gather(*(call_repeatedly(meter, stub, name, request, token, deadline) for stub in stubs))
        elif job.phase == PLAY:
            await asyncio.gather(*(player(stub) for stub in stubs))
        elif job.phase == CONTENTION:
            for index, (game, seats) in enumerate(job.tables):
                if time.monotonic() >= deadline:
                    break
                records.append(await contend(meter, stubs, tally, game, seats, job.first_seed + index, deadline))
        elif job.phase == CHECK:
            queue = itertools.count()
            await asyncio.gather(*(checker(stub, queue) for stub in stubs))
        else:
            raise ValueError(f"unknown phase {job.phase!r}")
    finally:
        ended, cpu = time.monotonic(), time.process_time() - cpu_started
        await asyncio.gather(*(channel.close() for channel in channels))
    return meter.figures() | {
        "started": started,
        "ended": ended,
        "cpu_s": cpu,  # this load generator's own CPU (every thread), the cost of the clients
        "committed": tally.committed,
        "conflicts_retried": tally.conflicts_retried,
        "records": records,
        "problems": problems,
    }
