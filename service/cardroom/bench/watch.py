"""``cardroom bench watch``: W WatchMatch streams over M matches being played, one worker, as JSON.

A redis-server and one ``cardroom serve`` worker are started on 127.0.0.1 (or ``--redis-url`` is used).
M two-seat Pumba matches (long games) are created and started; W spectator streams are opened over them
(round robin, in batches: gRPC's server cancels calls beyond its queue of not yet accepted ones), each from
the version its match is at; then players commit actions at up to ``rate`` per second for ``duration``
seconds. Reported: commits and commits/s, updates expected (every version committed after a stream opened),
delivered, missed and duplicated; delivery latency p50/p99 from the commit (the version's ``update_time``,
the server's clock on this machine) to receipt; the Redis connections held (CLIENT LIST, without this
bench's own); the server's RSS per open stream (RSS growth while opening the streams, divided by W).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import redis

from ..api import convert
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc, match_pb2

BATCH = 200
CHANNELS_PER_STREAMS = 100  # one HTTP/2 connection per this many streams


@dataclass(frozen=True)
class WatchBench:
    redis_url: str | None
    watchers: int
    matches: int
    rate: float
    duration: float
    seed: int


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class _Stream:
    __slots__ = ("after", "latencies", "match", "versions")

    def __init__(self, match: int, after: int) -> None:
        self.match, self.after = match, after
        self.versions: list[int] = []
        self.latencies: list[float] = []


async def _follow(stub: Any, name: str, stream: _Stream) -> None:
    async for update in stub.WatchMatch(pb.WatchMatchRequest(name=name, after_version=stream.after)):
        now = time.time()
        stream.versions.append(update.version)
        stream.latencies.append(now - update.state.match.update_time.ToDatetime().timestamp())


def _percentile(values: list[float], fraction: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


async def _setup(stub: Any, count: int, seed: int) -> list[tuple[str, list[str], int]]:
    tables = []
    for i in range(count):
        created = await stub.CreateMatch(
            pb.CreateMatchRequest(
                parent="games/pumba", seat_count=2, player_name="a", request_id=str(uuid.uuid4()), seed=str(seed + i)
            )
        )
        name = created.state.match.name
        joined = await stub.JoinMatch(pb.JoinMatchRequest(name=name, player_name="b", request_id=str(uuid.uuid4())))
        tokens = [created.seat_token, joined.seat_token]
        started = await stub.StartMatch(
            pb.StartMatchRequest(name=name, request_id=str(uuid.uuid4())),
            metadata=(("authorization", f"Bearer {tokens[0]}"),),
        )
        tables.append((name, tokens, started.match.version))
    return tables


async def _player(stub: Any, table: tuple[str, list[str], int], rng: random.Random, pace: float, stop: float) -> int:
    """Plays one match: a seat to act picks one of its legal actions; returns the last version."""
    name, tokens, version = table
    while time.monotonic() < stop:
        started = time.monotonic()
        state = await stub.GetMatch(pb.GetMatchRequest(name=name))
        if state.match.status != match_pb2.MATCH_STATUS_ACTIVE:
            break
        seat = rng.choice(list(state.to_act))
        auth = (("authorization", f"Bearer {tokens[seat]}"),)
        mine = await stub.GetMatch(pb.GetMatchRequest(name=name), metadata=auth)
        action = convert.action_from_proto("pumba", rng.choice(list(mine.legal_actions)))
        request = pb.SubmitActionRequest(
            name=name,
            action=convert.action_to_proto("pumba", action),
            request_id=str(uuid.uuid4()),
            expected_version=mine.match.version,
        )
        with contextlib.suppress(grpc.aio.AioRpcError):  # a stale version: decide again
            version = (await stub.SubmitAction(request, metadata=auth)).state.match.version
        await asyncio.sleep(max(0.0, pace - (time.monotonic() - started)))
    return version


async def _run(config: WatchBench, address: str, redis_url: str, server_pid: int) -> dict[str, Any]:
    channel_count = max(1, config.watchers // CHANNELS_PER_STREAMS)
    options = [("grpc.use_local_subchannel_pool", 1)]
    channels = [grpc.aio.insecure_channel(address, options=options) for _ in range(channel_count + 1)]
    stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
    control = stubs[-1]
    try:
        tables = await _setup(control, config.matches, config.seed)
        rss_before = _rss_kb(server_pid)
        streams = [_Stream(i % config.matches, tables[i % config.matches][2]) for i in range(config.watchers)]
        tasks = []
        for i, stream in enumerate(streams):
            tasks.append(asyncio.create_task(_follow(stubs[i % channel_count], tables[stream.match][0], stream)))
            if i % BATCH == BATCH - 1:
                await asyncio.sleep(0.5)  # let the server accept this batch
        await asyncio.sleep(2.0)
        rss_after = _rss_kb(server_pid)
        admin = redis.Redis.from_url(redis_url)
        connections = len(admin.client_list()) - 1  # all but this one are the server's
        # the commit rate is spread over the matches: each player paces itself
        pace = config.matches / config.rate if config.rate > 0 else 0.0
        rng = random.Random(config.seed)
        started = time.monotonic()
        finals = await asyncio.gather(
            *(_player(control, table, random.Random(rng.random()), pace, started + config.duration) for table in tables)
        )
        played_for = time.monotonic() - started
        # bounded drain: deliveries still in flight when play stops
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(
            (s.versions[-1] if s.versions else s.after) < finals[s.match] for s in streams
        ):
            await asyncio.sleep(0.2)
        connections = max(connections, len(admin.client_list()) - 1)
        admin.close()
        failed = [t for t in tasks if t.done() and t.exception() is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        for c in channels:
            await c.close()
    commits = sum(final - table[2] for final, table in zip(finals, tables, strict=True))
    expected = sum(finals[s.match] - s.after for s in streams)
    unique = sum(len(set(s.versions)) for s in streams)
    delivered = sum(len(s.versions) for s in streams)
    latencies = [value for s in streams for value in s.latencies]
    return {
        "watchers": config.watchers,
        "matches": config.matches,
        "commits": commits,
        "commits_per_s": round(commits / played_for, 1),
        "updates_expected": expected,
        "updates_delivered": delivered,
        "missed": expected - unique,
        "duplicated": delivered - unique,
        "streams_failed": len(failed),
        "latency_p50_ms": round(_percentile(latencies, 0.5) * 1000, 1),
        "latency_p99_ms": round(_percentile(latencies, 0.99) * 1000, 1),
        "redis_connections": connections,
        "server_rss_per_stream_kb": round((rss_after - rss_before) / config.watchers, 2),
    }


def bench_watch(config: WatchBench) -> dict[str, Any]:
    from .spawned import cardroom_server, redis_server

    with contextlib.ExitStack() as stack:
        url = config.redis_url or stack.enter_context(redis_server())[0]
        address, server_pid = stack.enter_context(cardroom_server(url, 1))
        # with one worker the server process serves the streams itself (no master process)
        report = asyncio.run(_run(config, address, url, server_pid))
    return {"bench": "watch", **report}
