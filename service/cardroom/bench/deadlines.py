"""``cardroom bench deadlines``: how late turn deadlines fire, and what the due index costs in Redis.

A real redis-server (started here unless ``--redis-url``), ``--replicas`` processes
each running the service's turn scheduler on it, and ``--matches`` two-seat
matches with a ``--turn-seconds`` clock where nobody ever acts: every decision
times out, so the replicas fire deadlines back to back for ``--duration`` seconds.
Each replica records, for every deadline it fired, the lag from the due time to
the commit; the report gives p50/p99/max over all of them, the deadlines fired
per second, the claims that lost the race (another replica or an earlier claim
fired first) and the due index's Redis bytes per indexed match (``MEMORY USAGE``
of its buckets). Times are wall-clock, one machine.
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


def _replica(bench: DeadlinesBench, redis_url: str, prefix: str, stop_at: float, results: Any) -> None:
    results.put(asyncio.run(_run_replica(bench, redis_url, prefix, stop_at)))


async def _run_replica(bench: DeadlinesBench, redis_url: str, prefix: str, stop_at: float) -> dict[str, Any]:
    settings = _settings(bench, redis_url)
    store = RedisStore(redis_url, 600, 600, key_prefix=prefix, due_buckets=bench.due_buckets, timeout=5.0)
    scheduler = TurnScheduler(MatchService(store, settings, TokenSigner("bench")))
    lags: list[float] = []
    lost = 0
    play_due = scheduler.play_due

    async def measured(match_id: str) -> float | None:
        nonlocal lost
        lag = await play_due(match_id)
        if lag is None:
            lost += 1
        else:
            lags.append(lag)
        return lag

    scheduler.play_due = measured  # type: ignore[method-assign]
    task = asyncio.create_task(scheduler.run())
    await asyncio.sleep(max(0.0, stop_at - time.time()))
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    await store.close()
    return {"lags": lags, "lost": lost}


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
    # the replicas run from before the first match starts until the end of the measured window
    setup_allowance = 5.0 + bench.matches / 100
    stop_at = setup_start + setup_allowance + bench.duration
    arguments = (bench, url, prefix, stop_at, results)
    processes = [context.Process(target=_replica, args=arguments) for _ in range(bench.replicas)]
    for process in processes:
        process.start()
    asyncio.run(_create_matches(bench, url, prefix))
    setup_seconds = time.time() - setup_start
    client = redis.Redis.from_url(url)
    index_keys = [f"{prefix}{{due:{n}}}" for n in range(bench.due_buckets)]
    time.sleep(max(0.0, min(stop_at - time.time(), bench.duration / 2)))
    indexed = sum(client.zcard(key) for key in index_keys)
    index_bytes = sum(client.memory_usage(key) or 0 for key in index_keys)
    reports = [results.get(timeout=bench.duration + setup_allowance + 60) for _ in processes]
    for process in processes:
        process.join(30)
    lags = [lag for report in reports for lag in report["lags"]]
    client.close()
    return {
        "bench": "deadlines",
        "matches": bench.matches,
        "replicas": bench.replicas,
        "turn_seconds": bench.turn_seconds,
        "setup_seconds": round(setup_seconds, 2),
        "window_seconds": round(stop_at - setup_start, 2),
        "deadlines_fired": len(lags),
        "fired_per_second": round(len(lags) / (stop_at - setup_start), 1),
        "claims_lost": sum(report["lost"] for report in reports),
        "lag_ms": {
            "p50": round(_percentile(lags, 0.50) * 1000, 1),
            "p99": round(_percentile(lags, 0.99) * 1000, 1),
            "max": round(max(lags, default=float("nan")) * 1000, 1),
        },
        "due_index": {
            "buckets": bench.due_buckets,
            "indexed_matches": indexed,
            "bytes": index_bytes,
            "bytes_per_match": round(index_bytes / indexed, 1) if indexed else None,
        },
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }
