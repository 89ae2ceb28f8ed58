"""``cardroom bench deadlines``: how late turn deadlines fire, what one firing costs, and what the due index
costs in Redis.

A real redis-server (started here unless ``--redis-url``), ``--replicas`` processes
each running the service's turn scheduler on it, and ``--matches`` two-seat
matches with a ``--turn-seconds`` clock where nobody ever acts: every decision
times out, so the replicas fire deadlines back to back. The replicas run from the
start; the measured window opens once every match is set up and a warm-up
(``--turn-seconds`` + 2 s) has passed, and lasts ``--duration`` seconds. For
every deadline committed in the window the report has the lag from its due time
to its commit (p50/p99/max), the deadlines fired (commits) per second beside the
clocks expiring per second (``matches / turn_seconds``; an expired turn is played
to its end at once, one commit per step), the replicas' CPU (user + system,
all replicas) and redis-server's CPU per fired deadline, the claims that found
nothing to do (another replica or an earlier claim fired first), the due index's
Redis bytes per indexed match (``MEMORY USAGE`` of its keys) and the load
average at the window's start and end. Times are wall-clock, one machine; the
CPU figures do not depend on the load.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
import uuid
from dataclasses import dataclass, replace
from typing import Any

import redis

from ..app.config import Settings
from ..app.documents import TableSettings
from ..app.matches import MatchService
from ..app.tokens import TokenSigner
from ..app.turns import TurnScheduler
from ..store.contract import DueClaim, StoredMatch
from ..store.redis import RedisStore
from .spawned import redis_server

GAME = "up-or-down"


@dataclass(frozen=True)
class DeadlinesBench:
    matches: int = 1000
    turn_seconds: float = 1.0
    replicas: int = 2
    duration: float = 20.0
    redis_url: str | None = None
    due_buckets: int = 16


def _settings(bench: DeadlinesBench, redis_url: str) -> Settings:
    # seats never go away: every firing is a turn clock's
    return Settings(redis_url=redis_url, away_after_timeouts=10**9, due_buckets=bench.due_buckets)


def _replica(bench: DeadlinesBench, redis_url: str, prefix: str, window: Any, results: Any) -> None:
    asyncio.run(_run_replica(bench, redis_url, prefix, window, results))


async def _run_replica(bench: DeadlinesBench, redis_url: str, prefix: str, window: Any, results: Any) -> None:
    """Fire deadlines until the window (``(start, end)`` from the parent, once the matches are set up) ends;
    the lags of the deadlines committed in the window and the process's CPU seconds over it."""
    settings = _settings(bench, redis_url)
    store = RedisStore(redis_url, 600, 600, key_prefix=prefix, due_buckets=bench.due_buckets, timeout=5.0)
    scheduler = TurnScheduler(MatchService(store, settings, TokenSigner("bench")))
    lags: list[float] = []
    lost = 0
    measuring = False
    play_due = scheduler.play_due

    async def measured(
        match_id: str, claim: DueClaim | None = None, stored: StoredMatch | None = None
    ) -> float | None:
        nonlocal lost
        lag = await play_due(match_id, claim, stored)
        if measuring:
            if lag is None:
                lost += 1
            else:
                lags.append(lag)
        return lag

    scheduler.play_due = measured  # type: ignore[method-assign]
    task = asyncio.create_task(scheduler.run())
    start, end = await asyncio.to_thread(window.get)
    await asyncio.sleep(max(0.0, start - time.time()))
    measuring, cpu = True, time.process_time()
    await asyncio.sleep(max(0.0, end - time.time()))
    measuring, cpu = False, time.process_time() - cpu
    # reported before the scheduler stops: the parent ends a replica that does not stop in time
    results.put({"lags": lags, "lost": lost, "cpu_seconds": cpu})
    task.cancel()
    await asyncio.wait({task}, timeout=10)
    await store.close()


def _redis_cpu(client: redis.Redis) -> float:
    info = client.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


async def _create_matches(bench: DeadlinesBench, redis_url: str, prefix: str) -> None:
    store = RedisStore(redis_url, 600, 600, key_prefix=prefix, due_buckets=bench.due_buckets, timeout=5.0)
    matches = MatchService(store, _settings(bench, redis_url), TokenSigner("bench"))
    table = TableSettings(turn_seconds=bench.turn_seconds)

    async def one() -> None:
        seated = await matches.create_match(GAME, 2, {}, "a", str(uuid.uuid4()), table=table)
        match_id = seated.snapshot.doc.match_id
        await matches.join_match(GAME, match_id, "b", str(uuid.uuid4()), None)
        await matches.start_match(GAME, match_id, seated.seat_token, str(uuid.uuid4()))

    for start in range(0, bench.matches, 20):
        await asyncio.gather(*(one() for _ in range(start, min(start + 20, bench.matches))))
    await store.close()


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def bench_deadlines(bench: DeadlinesBench) -> dict[str, Any]:
    if bench.redis_url is None:
        with redis_server() as (url, _pid):
            return bench_deadlines(replace(bench, redis_url=url))
    url = bench.redis_url
    prefix = f"bench:{uuid.uuid4().hex[:8]}:"
    setup_start = time.time()
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    windows = [context.Queue() for _ in range(bench.replicas)]
    processes = [
        context.Process(target=_replica, args=(bench, url, prefix, window, results)) for window in windows
    ]
    for process in processes:
        process.start()
    asyncio.run(_create_matches(bench, url, prefix))
    setup_seconds = time.time() - setup_start
    start = time.time() + bench.turn_seconds + 2.0  # every match is on its clock, fired at least once
    end = start + bench.duration
    for window in windows:
        window.put((start, end))
    client = redis.Redis.from_url(url)
    index_keys = [f"{prefix}{{due:{n}}}{suffix}" for n in range(bench.due_buckets) for suffix in ("", ":v")]
    time.sleep(max(0.0, start - time.time()))
    load_start, redis_cpu = os.getloadavg(), _redis_cpu(client)
    time.sleep(max(0.0, start + bench.duration / 2 - time.time()))
    indexed = sum(client.zcard(key) for key in index_keys[::2])
    index_bytes = sum(client.memory_usage(key) or 0 for key in index_keys)
    time.sleep(max(0.0, end - time.time()))
    load_end, redis_cpu = os.getloadavg(), _redis_cpu(client) - redis_cpu
    reports = [results.get(timeout=bench.duration + 120) for _ in processes]
    for process in processes:
        process.join(15)
        if process.is_alive():
            process.terminate()
    lags = [lag for report in reports for lag in report["lags"]]
    client.close()
    fired = len(lags)
    return {
        "bench": "deadlines",
        "matches": bench.matches,
        "replicas": bench.replicas,
        "turn_seconds": bench.turn_seconds,
        "setup_seconds": round(setup_seconds, 2),
        "window_seconds": bench.duration,
        "deadlines_fired": fired,
        "fired_per_second": round(fired / bench.duration, 1),
        # each expiry plays the whole timed-out turn, one commit per step (Up or Down?: about 4)
        "clock_expiries_per_second": round(bench.matches / bench.turn_seconds, 1),
        "claims_lost": sum(report["lost"] for report in reports),
        "lag_ms": {
            "p50": round(_percentile(lags, 0.50) * 1000, 1),
            "p99": round(_percentile(lags, 0.99) * 1000, 1),
            "max": round(max(lags, default=float("nan")) * 1000, 1),
        },
        "cpu_ms_per_fired": {
            "replicas": round(sum(r["cpu_seconds"] for r in reports) * 1000 / fired, 3) if fired else None,
            "redis": round(redis_cpu * 1000 / fired, 3) if fired else None,
        },
        "due_index": {
            "buckets": bench.due_buckets,
            "indexed_matches": indexed,
            "bytes": index_bytes,
            "bytes_per_match": round(index_bytes / indexed, 1) if indexed else None,
        },
        "load_average": {
            "window_start": [round(value, 2) for value in load_start],
            "window_end": [round(value, 2) for value in load_end],
        },
    }
