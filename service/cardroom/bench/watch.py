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
from collections.abc import AsyncIterator, Coroutine
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import grpc
import redis
from cardroom_client import random_legal_action

from ..api import convert
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc, match_pb2
from .process_clock import cpu_seconds
from .sse_reader import SseFailed, follow_sse

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
    #: after the run, the same streams from a bare grpc.aio server that only pushes (``_floor``)
    floor: bool = False
    #: how the watchers watch: "grpc" (WatchMatch) or "sse" (the REST gateway's Server-Sent Events)
    transport: str = "grpc"


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


async def _watch(address: str, streams: list[_Stream], control: Connection, transport: str) -> None:
    channels = _channels(address, max(1, len(streams) // CHANNELS_PER_STREAMS)) if transport == "grpc" else []
    stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
    host, _, port = address.rpartition(":")

    def follow(index: int, stream: _Stream) -> Coroutine[Any, Any, None]:
        if transport == "sse":  # one HTTP/1.1 connection per stream, as browsers' EventSources have
            return follow_sse(host, int(port), stream)
        return _follow(stubs[index % len(stubs)], stream)

    tasks: list[asyncio.Task[None]] = []
    loop = asyncio.get_running_loop()
    try:
        for start in range(0, len(streams), BATCH):
            batch = streams[start : start + BATCH]
            tasks += [asyncio.create_task(follow(start + i, s)) for i, s in enumerate(batch)]
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
    if isinstance(error, SseFailed):
        return str(error)
    return type(error).__name__


def _watcher_process(address: str, assigned: list[tuple[str, int]], control: Connection, transport: str) -> None:
    asyncio.run(_watch(address, [_Stream(name, after) for name, after in assigned], control, transport))


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
            action = convert.action_from_proto("pumba", random_legal_action(mine, rng))
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


def _answer(
    control: Connection, process: multiprocessing.process.BaseProcess, admin: redis.Redis | None
) -> tuple[Any, int]:
    """What ``process`` sends next, and the most Redis connections the server held while waiting for it."""
    connections = 0
    while not control.poll(0.5):
        if not process.is_alive():
            raise RuntimeError(f"bench process {process.name} exited with {process.exitcode}")
        if admin is not None:
            connections = max(connections, _server_connections(admin))
    return control.recv(), connections


_Watchers = list[tuple[Connection, multiprocessing.process.BaseProcess]]


def _open_watchers(
    context: Any,
    address: str,
    assigned: list[list[tuple[str, int]]],
    children: list[Any],
    admin: redis.Redis | None,
    transport: str = "grpc",
) -> tuple[_Watchers, int, int]:
    """One process per share of the streams, each opening its streams; returns them once every stream has its
    first update, with the streams following and the most Redis connections held meanwhile."""
    watchers: _Watchers = []
    for share in assigned:
        end, control = context.Pipe()
        process = context.Process(target=_watcher_process, args=(address, share, end, transport), daemon=True)
        process.start()
        children.append(process)
        watchers.append((control, process))
    following = connections = 0
    for control, process in watchers:
        (_, ready), held = _answer(control, process, admin)
        following, connections = following + ready, max(connections, held)
    return watchers, following, connections


def _collect(watchers: _Watchers, finals: dict[str, int], admin: redis.Redis | None) -> tuple[list[Any], int]:
    """Each watcher process's counts once its streams have every final version (or the drain timed out)."""
    for control, _ in watchers:
        control.send(finals)
    results, connections = [], 0
    for control, process in watchers:
        result, held = _answer(control, process, admin)
        connections = max(connections, held)
        results.append(result)
    return results, connections


def _counts(results: list[Any]) -> dict[str, Any]:
    """What every stream got, summed over the watcher processes."""
    expected = sum(r[1] for r in results)
    unique = sum(r[2] for r in results)
    delivered = sum(r[3] for r in results)
    latencies = [value for r in results for value in r[5]]
    return {
        "updates_expected": expected,
        "updates_delivered": delivered,
        "missed": expected - unique,
        "duplicated": delivered - unique,
        "streams_failed": sum(sum(r[4].values()) for r in results),
        "stream_errors": dict(sum((collections.Counter(r[4]) for r in results), collections.Counter())),
        "latency_p50_ms": round(_percentile(latencies, 0.5) * 1000, 1),
        "latency_p99_ms": round(_percentile(latencies, 0.99) * 1000, 1),
        "watchers_cpu_s": round(sum(r[6] for r in results), 2),
    }


def _sample_update(address: str, name: str, version: int) -> bytes:
    """The bytes of one real update: the spectator's last update of match ``name``, as WatchMatch sends it."""
    with grpc.insecure_channel(address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        for update in stub.WatchMatch(pb.WatchMatchRequest(name=name, after_version=version - 1), timeout=30):
            return update.SerializeToString()
    raise RuntimeError(f"no update of {name} after version {version - 1}")


def _run(
    config: WatchBench, address: str, redis_url: str, server_pid: int, watch_address: str
) -> tuple[dict[str, Any], tuple[list[list[tuple[str, int]]], bytes]]:
    """The report, and what the floor run needs: the streams of each watcher process and a real update."""
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
        rss_before = _rss_kb(server_pid)
        watchers, following, connections = _open_watchers(
            context, watch_address, assigned, children, admin, config.transport
        )
        rss_after = _rss_kb(server_pid)
        connections = max(connections, _server_connections(admin))
        cpu_before = cpu_seconds(server_pid)
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
        results, held = _collect(watchers, played["finals"], admin)
        connections = max(connections, held)
        cpu = cpu_seconds(server_pid) - cpu_before
        sample = _sample_update(address, tables[0].name, played["finals"][tables[0].name]) if config.floor else b""
    finally:
        admin.close()
        for child in children:
            child.join(10)
            if child.is_alive():
                child.kill()
    finals = played["finals"]
    commits = sum(finals[t.name] - t.version for t in tables)
    counts = _counts(results)
    delivered = counts["updates_delivered"]
    report = {
        "watchers": config.watchers,
        "transport": config.transport,
        "streams_following": following,
        "matches": config.matches,
        "watcher_processes": processes,
        "driver_processes": len(plays),
        "commits": commits,
        "commits_per_s": round(commits / played["played_for"], 1),
        **counts,
        "driver_errors": played["errors"],
        "redis_connections": connections,
        "server_rss_per_stream_kb": round((rss_after - rss_before) / max(1, config.watchers), 2),
        "server_cpu_s": round(cpu, 2),
        "server_cpu_per_update_us": round(cpu / max(1, delivered) * 1e6, 1),
        # the clients' CPU (the whole run of their processes, watchers_cpu_s too): what the machine gave them
        "driver_cpu_s": round(played["cpu_s"], 2),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
    }
    return report, (assigned, sample)


def bench_watch(config: WatchBench) -> dict[str, Any]:
    from .spawned import cardroom_server, free_port, redis_server

    if config.floor and config.transport != "grpc":
        raise SystemExit("--floor measures a bare grpc.aio server: it goes with --transport grpc")
    with contextlib.ExitStack() as stack:
        url = config.redis_url or stack.enter_context(redis_server())[0]
        # all the streams come from one client (this machine): no per-client stream cap
        extra = ("--max-streams-per-client", "0")
        extra += ("--redis-pool-size", str(config.pool_size)) if config.pool_size else ()
        http_port = free_port()
        address, server_pid = stack.enter_context(cardroom_server(url, 1, extra, http_port=http_port))
        # the commits always go over gRPC; the streams over the transport measured
        watch_address = address if config.transport == "grpc" else f"127.0.0.1:{http_port}"
        # with one worker the server process serves the streams itself (no master process)
        report, (assigned, sample) = _run(config, address, url, server_pid, watch_address)
    if config.floor:  # once the server and its Redis are gone: nothing else of this bench runs beside it
        report["floor"] = _floor(config, assigned, sample, report["commits_per_s"])
    return {"bench": "watch", **report}


# -- the floor: what gRPC itself costs per pushed update -----------------------------------


class _Feed:
    """One match of the bare server: the bytes of each version, in order, and a wake-up per new one."""

    def __init__(self, first: int) -> None:
        self.first = first  # the version of versions[0]
        self.versions: list[bytes] = []
        self.changed = asyncio.Event()

    def add(self, data: bytes) -> None:
        self.versions.append(data)
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()


async def _serve_bare(port: int, heads: dict[str, int], template: bytes, control: Connection) -> None:
    """A grpc.aio server whose WatchMatch only pushes: each match's versions, serialised once each and sent as
    the same bytes to every stream (the best case of cardroom's fan-out), paced like the bench's commits."""
    message = pb.MatchUpdate.FromString(template)
    feeds = {name: _Feed(head) for name, head in heads.items()}
    for name, feed in feeds.items():
        feed.add(_stamped(message, name, feed.first))

    async def watch(request: pb.WatchMatchRequest, _context: Any) -> AsyncIterator[bytes]:
        feed = feeds[request.name]
        index = max(0, request.after_version + 1 - feed.first)
        while True:
            changed = feed.changed
            if index < len(feed.versions):
                yield feed.versions[index]
                index += 1
            else:
                await changed.wait()

    server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
    method = grpc.unary_stream_rpc_method_handler(
        watch, request_deserializer=pb.WatchMatchRequest.FromString, response_serializer=bytes
    )
    service = pb.DESCRIPTOR.services_by_name["GameService"].full_name
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(service, {"WatchMatch": method}),))
    server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    loop = asyncio.get_running_loop()
    control.send("up")
    rate, duration = await loop.run_in_executor(None, control.recv)
    names = list(feeds)
    started = time.monotonic()
    commits = 0
    while time.monotonic() - started < duration:
        feed = feeds[names[commits % len(names)]]
        feed.add(_stamped(message, names[commits % len(names)], feed.first + len(feed.versions)))
        commits += 1
        await asyncio.sleep(max(0.0, started + commits / rate - time.monotonic()))
    control.send({name: feed.first + len(feed.versions) - 1 for name, feed in feeds.items()})
    await loop.run_in_executor(None, control.recv)
    await server.stop(None)


def _stamped(message: pb.MatchUpdate, name: str, version: int) -> bytes:
    message.version = version
    message.state.match.name = name
    message.state.match.version = version
    message.state.match.update_time.FromNanoseconds(time.time_ns())
    return message.SerializeToString()


def _bare_process(port: int, heads: dict[str, int], template: bytes, control: Connection) -> None:
    asyncio.run(_serve_bare(port, heads, template, control))


def _floor(config: WatchBench, assigned: list[list[tuple[str, int]]], template: bytes, rate: float) -> dict[str, Any]:
    """The same streams over the same matches, from a bare grpc.aio server that pushes the bytes of a real
    update at the commit rate the run reached: its CPU per delivered update is what grpcio alone costs, the
    floor under cardroom's figure on this machine at this moment."""
    from .spawned import free_port

    context = multiprocessing.get_context("spawn")
    port = free_port()
    address = f"127.0.0.1:{port}"
    heads = {name: after for share in assigned for name, after in share}
    end, control = context.Pipe()
    server = context.Process(target=_bare_process, args=(port, heads, template, end), daemon=True)
    server.start()
    children: list[Any] = [server]
    try:
        control.recv()
        assert server.pid is not None
        watchers, following, _ = _open_watchers(context, address, assigned, children, None)
        cpu_before = cpu_seconds(server.pid)
        control.send((max(rate, 1.0), config.duration))
        finals, _ = _answer(control, server, None)
        cpu = cpu_seconds(server.pid) - cpu_before
        results, _ = _collect(watchers, finals, None)
        control.send("stop")
    finally:
        for child in children:
            child.join(10)
            if child.is_alive():
                child.kill()
    counts = _counts(results)
    commits = sum(finals[name] - head for name, head in heads.items())
    return {
        "streams_following": following,
        "update_bytes": len(template),
        "commits": commits,
        "commits_per_s": round(commits / config.duration, 1),
        **counts,
        "server_cpu_s": round(cpu, 2),
        "server_cpu_per_update_us": round(cpu / max(1, counts["updates_delivered"]) * 1e6, 1),
    }
