"""``cardroom bench watch``: W WatchMatch streams over M matches being played, one worker, as JSON.

A redis-server and one ``cardroom serve`` worker are started on 127.0.0.1 (or ``--redis-url`` is used).
M two-seat Pumba matches (long games) are created and started; W spectator streams are opened over them
(round robin) by ``--watcher-processes`` processes, and the players' commits are driven by
``--driver-processes`` more (the matches split between them, so one client process's share of the machine
does not bound the commit rate); neither the watchers' nor the drivers' CPU is taken from the other (the
server has its own process).

No fixed sleeps: each stream opens from the version before its match's current one, so its first update
proves it is subscribed and following; the streams open in batches (gRPC's server cancels calls beyond its
queue of not yet accepted ones), the next batch once every stream of the last one has its first update. Once
all W have theirs, the server's RSS is read, and the driver starts: players commit actions at up to ``rate``
per second for ``duration`` seconds, each seat acting from the state its last call answered; when they stop,
the watchers wait (at most 30 s) until every stream has the last version of its match.

Reported: commits and commits/s; updates expected (every version committed after a stream was following),
delivered, missed and duplicated; delivery latency p50/p99 from the commit (the version's ``update_time``,
the server's clock on this machine) to receipt; the Redis connections the server held (CLIENT LIST, sampled
through the run, without this bench's own); the server's RSS per open stream (RSS growth while opening the
streams, divided by W); the server's CPU seconds during play and per delivered update (which depends far
less on the machine's load than latency does); the watcher processes' and the driver's CPU seconds; the load
average before and after.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import multiprocessing
import os
import random
import time
import uuid
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import grpc
import redis

from ..api import convert
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc, match_pb2

#: streams a watcher process opens at once: a burst of opens queues on the server's small command pool
BATCH = 50
CHANNELS_PER_STREAMS = 100  # one HTTP/2 connection per this many streams
DRAIN_SECONDS = 30.0
OPEN_SECONDS = 120.0  # at most, for every stream to have its first update


@dataclass(frozen=True)
class WatchBench:
    redis_url: str | None
    watchers: int
    matches: int
    rate: float
    duration: float
    seed: int
    watcher_processes: int = 2
    pool_size: int | None = None
    #: processes driving the commits, the matches split between them (one process was what bounded the rate)
    driver_processes: int = 2


@dataclass(frozen=True)
class _Table:
    name: str
    tokens: tuple[str, str]
    version: int  # after the start


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def _channels(address: str, count: int) -> list[grpc.aio.Channel]:
    options = [("grpc.use_local_subchannel_pool", 1)]
    return [grpc.aio.insecure_channel(address, options=options) for _ in range(count)]


# -- the watchers' processes ------------------------------------------------------------


class _Stream:
    __slots__ = ("after", "first", "latencies", "name", "versions")

    def __init__(self, name: str, after: int) -> None:
        self.name, self.after = name, after
        self.first = asyncio.Event()
        self.versions: list[int] = []
        self.latencies: list[float] = []


async def _follow(stub: Any, stream: _Stream) -> None:
    try:
        async for update in stub.WatchMatch(pb.WatchMatchRequest(name=stream.name, after_version=stream.after - 1)):
            received = time.time()
            if update.version <= stream.after:  # the readiness update: committed before the stream opened
                stream.first.set()
                continue
            stamp = update.state.match.update_time
            stream.versions.append(update.version)
            stream.latencies.append(received - (stamp.seconds + stamp.nanos / 1e9))
    finally:
        stream.first.set()  # a failed stream does not hold the others up; it is counted as failed


async def _watch(address: str, streams: list[_Stream], control: Connection) -> None:
    channels = _channels(address, max(1, len(streams) // CHANNELS_PER_STREAMS))
    stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
    tasks: list[asyncio.Task[None]] = []
    loop = asyncio.get_running_loop()
    try:
        for start in range(0, len(streams), BATCH):
            batch = streams[start : start + BATCH]
            tasks += [asyncio.create_task(_follow(stubs[(start + i) % len(stubs)], s)) for i, s in enumerate(batch)]
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(OPEN_SECONDS):
                    await asyncio.gather(*(s.first.wait() for s in batch))
        control.send(("ready", sum(not t.done() for t in tasks)))
        finals: dict[str, int] = await loop.run_in_executor(None, control.recv)
        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline and any(
            (s.versions[-1] if s.versions else s.after) < finals[s.name] and not t.done()
            for s, t in zip(streams, tasks, strict=True)
        ):
            await asyncio.sleep(0.1)  # a bounded poll for deliveries still in flight
        failed = collections.Counter(
            _error_name(t.exception()) for t in tasks if t.done() and not t.cancelled() and t.exception() is not None
        )
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for channel in channels:
            await channel.close()
    expected = sum(finals[s.name] - s.after for s in streams)
    unique = sum(len(set(s.versions)) for s in streams)
    delivered = sum(len(s.versions) for s in streams)
    latencies = [value for s in streams for value in s.latencies]
    control.send(("done", expected, unique, delivered, dict(failed), latencies, time.process_time()))


def _error_name(error: BaseException | None) -> str:
    if isinstance(error, grpc.aio.AioRpcError):
        return error.code().name
    return type(error).__name__


def _watcher_process(address: str, assigned: list[tuple[str, int]], control: Connection) -> None:
    asyncio.run(_watch(address, [_Stream(name, after) for name, after in assigned], control))


# -- the commit driver's process ----------------------------------------------------------


async def _player(
    stub: Any, table: _Table, rng: random.Random, pace: float, stop: float, errors: collections.Counter[str]
) -> int:
    """Plays one match as its seats' clients would: each seat acts from the last state it was answered (a
    SubmitAction answers the new state), reading the match (GetMatch) only when that state is older than the
    newest one known; a seat to act picks one of its legal actions. Returns the last version. A failed call
    is counted in ``errors`` and the seats read afresh (a stale version, or an overloaded server)."""
    version = table.version
    states: dict[int, Any] = {}  # by seat: the last MatchState the seat was answered
    while time.monotonic() < stop:
        started = time.monotonic()
        try:
            newest = max(states.values(), key=lambda state: state.match.version, default=None)
            if newest is None:
                newest = await stub.GetMatch(pb.GetMatchRequest(name=table.name))
            if newest.match.status != match_pb2.MATCH_STATUS_ACTIVE:
                break
            seat = rng.choice(list(newest.to_act))
            auth = (("authorization", f"Bearer {table.tokens[seat]}"),)
            mine = states.get(seat)
            if mine is None or mine.match.version != newest.match.version:
                mine = states[seat] = await stub.GetMatch(pb.GetMatchRequest(name=table.name), metadata=auth)
            if mine.match.status != match_pb2.MATCH_STATUS_ACTIVE:
                break
            action = convert.action_from_proto("pumba", rng.choice(list(mine.legal_actions)))
            request = pb.SubmitActionRequest(
                name=table.name,
                action=convert.action_to_proto("pumba", action),
                request_id=str(uuid.uuid4()),
                expected_version=mine.match.version,
            )
            states[seat] = (await stub.SubmitAction(request, metadata=auth)).state
            version = states[seat].match.version
        except grpc.aio.AioRpcError as error:
            errors[error.code().name] += 1
            states.clear()
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - started)))
    # the last committed version, whichever call saw it (a SubmitAction whose answer was lost committed too)
    for _ in range(10):
        with contextlib.suppress(grpc.aio.AioRpcError):
            return max(version, (await stub.GetMatch(pb.GetMatchRequest(name=table.name))).match.version)
    return version


async def _drive(address: str, tables: list[_Table], rate: float, duration: float, seed: int) -> dict[str, Any]:
    channels = _channels(address, max(1, len(tables) // 25))
    stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
    # the commit rate is spread over the matches: each player paces itself
    pace = len(tables) / rate if rate > 0 else 0.0
    rng = random.Random(seed)
    errors: collections.Counter[str] = collections.Counter()
    started = time.monotonic()
    stop = started + duration
    try:
        finals = await asyncio.gather(
            *(
                _player(stubs[i % len(stubs)], table, random.Random(rng.random()), pace, stop, errors)
                for i, table in enumerate(tables)
            )
        )
    finally:
        for channel in channels:
            await channel.close()
    return {
        "finals": dict(zip((t.name for t in tables), finals, strict=True)),
        "played_for": min(time.monotonic(), stop) - started,
        "cpu_s": time.process_time(),
        "errors": dict(errors),
    }


def _driver_process(
    address: str, tables: list[_Table], rate: float, duration: float, seed: int, *, control: Connection
) -> None:
    control.recv()  # go: every stream is following
    control.send(asyncio.run(_drive(address, tables, rate, duration, seed)))


# -- the bench -------------------------------------------------------------------------


def _setup(address: str, count: int, seed: int) -> list[_Table]:
    tables = []
    with grpc.insecure_channel(address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        for i in range(count):
            request_id = str(uuid.uuid4())
            created = stub.CreateMatch(
                pb.CreateMatchRequest(
                    parent="games/pumba", seat_count=2, player_name="a", request_id=request_id, seed=str(seed + i)
                )
            )
            name = created.state.match.name
            joined = stub.JoinMatch(pb.JoinMatchRequest(name=name, player_name="b", request_id=str(uuid.uuid4())))
            started = stub.StartMatch(
                pb.StartMatchRequest(name=name, request_id=str(uuid.uuid4())),
                metadata=(("authorization", f"Bearer {created.seat_token}"),),
            )
            tables.append(_Table(name, (created.seat_token, joined.seat_token), started.match.version))
    return tables


def _server_connections(admin: redis.Redis) -> int:
    return len(admin.client_list()) - 1  # all but this one are the server's


def _answer(control: Connection, process: multiprocessing.process.BaseProcess, admin: redis.Redis) -> tuple[Any, int]:
    """What ``process`` sends next, and the most Redis connections the server held while waiting for it."""
    connections = 0
    while not control.poll(0.5):
        if not process.is_alive():
            raise RuntimeError(f"bench process {process.name} exited with {process.exitcode}")
        connections = max(connections, _server_connections(admin))
    return control.recv(), connections


def _run(config: WatchBench, address: str, redis_url: str, server_pid: int) -> dict[str, Any]:
    load_before = os.getloadavg()
    tables = _setup(address, config.matches, config.seed)
    context = multiprocessing.get_context("spawn")
    processes = max(1, config.watcher_processes)
    assigned: list[list[tuple[str, int]]] = [[] for _ in range(processes)]
    for i in range(config.watchers):
        table = tables[i % len(tables)]
        assigned[i % processes].append((table.name, table.version))
    admin = redis.Redis.from_url(redis_url)
    children = []
    try:
        drivers = []
        shares = max(1, min(config.driver_processes, len(tables)))
        for index in range(shares):
            share = tables[index::shares]
            driver_end, driver_control = context.Pipe()
            driver = context.Process(
                target=_driver_process,
                # each player paces itself at len(tables) / rate: the same for every share
                args=(address, share, config.rate * len(share) / len(tables), config.duration, config.seed + index),
                kwargs={"control": driver_end},
                daemon=True,
            )
            driver.start()
            children.append(driver)
            drivers.append((driver_control, driver))
        watcher_processes = []
        watchers = []
        connections = 0
        rss_before = _rss_kb(server_pid)
        for share in assigned:
            end, control = context.Pipe()
            process = context.Process(target=_watcher_process, args=(address, share, end), daemon=True)
            process.start()
            children.append(process)
            watcher_processes.append(process)
            watchers.append(control)
        following = 0
        for control, process in zip(watchers, watcher_processes, strict=True):
            (_, ready), held = _answer(control, process, admin)
            following, connections = following + ready, max(connections, held)
        rss_after = _rss_kb(server_pid)
        connections = max(connections, _server_connections(admin))
        cpu_before = _cpu_seconds(server_pid)
        for driver_control, _ in drivers:
            driver_control.send("go")
        plays = []
        for driver_control, driver in drivers:
            answer, held = _answer(driver_control, driver, admin)
            plays.append(answer)
            connections = max(connections, held)
        played = {
            "finals": {name: version for play in plays for name, version in play["finals"].items()},
            "played_for": max(play["played_for"] for play in plays),
            "cpu_s": sum(play["cpu_s"] for play in plays),
            "errors": dict(sum((collections.Counter(play["errors"]) for play in plays), collections.Counter())),
        }
        for control in watchers:
            control.send(played["finals"])
        results = []
        for control, process in zip(watchers, watcher_processes, strict=True):
            result, held = _answer(control, process, admin)
            connections = max(connections, held)
            results.append(result)
        cpu = _cpu_seconds(server_pid) - cpu_before
    finally:
        admin.close()
        for child in children:
            child.join(10)
            if child.is_alive():
                child.kill()
    finals = played["finals"]
    commits = sum(finals[t.name] - t.version for t in tables)
    expected = sum(r[1] for r in results)
    unique = sum(r[2] for r in results)
    delivered = sum(r[3] for r in results)
    latencies = [value for r in results for value in r[5]]
    return {
        "watchers": config.watchers,
        "streams_following": following,
        "matches": config.matches,
        "watcher_processes": processes,
        "driver_processes": len(plays),
        "commits": commits,
        "commits_per_s": round(commits / played["played_for"], 1),
        "updates_expected": expected,
        "updates_delivered": delivered,
        "missed": expected - unique,
        "duplicated": delivered - unique,
        "driver_errors": played["errors"],
        "streams_failed": sum(sum(r[4].values()) for r in results),
        "stream_errors": dict(sum((collections.Counter(r[4]) for r in results), collections.Counter())),
        "latency_p50_ms": round(_percentile(latencies, 0.5) * 1000, 1),
        "latency_p99_ms": round(_percentile(latencies, 0.99) * 1000, 1),
        "redis_connections": connections,
        "server_rss_per_stream_kb": round((rss_after - rss_before) / max(1, config.watchers), 2),
        "server_cpu_s": round(cpu, 2),
        "server_cpu_per_update_us": round(cpu / max(1, delivered) * 1e6, 1),
        # the clients' CPU (the whole run of their processes): what the machine gave them, not the server
        "watchers_cpu_s": round(sum(r[6] for r in results), 2),
        "driver_cpu_s": round(played["cpu_s"], 2),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }


def bench_watch(config: WatchBench) -> dict[str, Any]:
    from .spawned import cardroom_server, redis_server

    with contextlib.ExitStack() as stack:
        url = config.redis_url or stack.enter_context(redis_server())[0]
        # all the streams come from one client (this machine): no per-client stream cap
        extra = ("--max-streams-per-client", "0")
        extra += ("--redis-pool-size", str(config.pool_size)) if config.pool_size else ()
        address, server_pid = stack.enter_context(cardroom_server(url, 1, extra))
        # with one worker the server process serves the streams itself (no master process)
        report = _run(config, address, url, server_pid)
    return {"bench": "watch", **report}
