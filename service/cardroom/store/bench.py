"""Commit throughput of a match store, as JSON: ``python -m cardroom.store.bench``.

Three figures: sequential commits on one match (latency-bound), the same with
many matches written in parallel (throughput-bound), and writers contending for
one match where each loser re-reads and tries again (the worst case the
application's bounded retries guard against).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid

from cardroom.store import WAITING, MatchStore, StoredMatch, VersionConflict, open_store


def _doc(match_id: str, version: int, size: int) -> StoredMatch:
    return StoredMatch(match_id, "bench", version, WAITING, b"x" * size)


async def _sequential(store: MatchStore, commits: int, size: int) -> dict[str, float]:
    match_id = uuid.uuid4().hex
    await store.create(_doc(match_id, 1, size), b"e", None, None)
    latencies = []
    started = time.perf_counter()
    for version in range(2, commits + 2):
        t0 = time.perf_counter()
        await store.commit(_doc(match_id, version, size), version - 1, b"e", uuid.uuid4().hex, b"ok")
        latencies.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "commits": commits,
        "commits_per_s": round(commits / elapsed),
        "p50_ms": round(statistics.median(latencies) * 1000, 3),
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 3),
    }


async def _parallel_matches(store: MatchStore, writers: int, commits: int, size: int) -> dict[str, float]:
    per_writer = commits // writers

    async def writer() -> None:
        match_id = uuid.uuid4().hex
        await store.create(_doc(match_id, 1, size), b"e", None, None)
        for version in range(2, per_writer + 2):
            await store.commit(_doc(match_id, version, size), version - 1, b"e", uuid.uuid4().hex, b"ok")

    started = time.perf_counter()
    await asyncio.gather(*(writer() for _ in range(writers)))
    elapsed = time.perf_counter() - started
    return {"writers": writers, "commits": per_writer * writers, "commits_per_s": round(per_writer * writers / elapsed)}


async def _contended(store: MatchStore, writers: int, commits: int, size: int) -> dict[str, float]:
    match_id = uuid.uuid4().hex
    await store.create(_doc(match_id, 1, size), b"e", None, None)
    done = 0
    conflicts = 0

    async def writer() -> None:
        nonlocal done, conflicts
        while done < commits:
            current = (await store.get(match_id)).version
            try:
                await store.commit(_doc(match_id, current + 1, size), current, b"e", uuid.uuid4().hex, b"ok")
                done += 1
            except VersionConflict:
                conflicts += 1

    started = time.perf_counter()
    await asyncio.gather(*(writer() for _ in range(writers)))
    elapsed = time.perf_counter() - started
    return {
        "writers": writers,
        "commits": done,
        "commits_per_s": round(done / elapsed),
        "conflicts_per_commit": round(conflicts / done, 2),
    }


async def run(redis_url: str | None, commits: int, writers: int, size: int) -> dict[str, object]:
    store = open_store(redis_url, finished_ttl=60, idle_ttl=300)
    try:
        return {
            "store": "redis" if redis_url else "memory",
            "document_bytes": size,
            "sequential": await _sequential(store, commits, size),
            "parallel_matches": await _parallel_matches(store, writers, commits, size),
            "one_match_contended": await _contended(store, writers, commits, size),
        }
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redis-url", help="benchmark the Redis store (default: the memory store)")
    parser.add_argument("--commits", type=int, default=2000)
    parser.add_argument("--writers", type=int, default=32)
    parser.add_argument("--document-bytes", type=int, default=2048)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(run(args.redis_url, args.commits, args.writers, args.document_bytes)), indent=2))


if __name__ == "__main__":
    main()
