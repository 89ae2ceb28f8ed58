"""``cardroom bench storage --cost``: how the cost of play grows (issue 14 part 5), as JSON.

The match service runs in this process against a real redis-server, or a Redis Cluster (``redis+cluster://``:
figures summed over its primaries), that nothing else uses (Redis CPU is read from ``INFO cpu``, so another
client's commands would be counted too). Two measurements:

* ``long_match``: one Pumba game with default options (the longest game: thousands of actions), played to its
  end by seeded random legal play. For every window of ``window`` actions: service CPU per action, Redis CPU per
  action, and the match's Redis bytes at the window's end (``MEMORY USAGE`` of its keys); ``early``, ``mid`` and
  ``late`` name the first, middle and last windows.
* ``concurrent``: for each N of ``levels``, N Pumba matches at 4 seats with default options, half waiting
  (created, one seat taken) and half active (started), then ``actions`` actions played over the active ones by
  ``concurrency`` players at once. Reported: service and Redis CPU per action over that play, Redis
  ``used_memory`` growth and bytes per match (``MEMORY USAGE`` of every key the level wrote, the lobby, due index
  and sequence included, over N).

Service CPU is this process's CPU time (``time.process_time``): the application layer, the engine, the store's
Redis client and the two GetMatch reads a player makes before each action (its view, then its legal actions),
not the gRPC or REST transport (``bench service`` measures the whole server). Redis CPU is the delta of
``used_cpu_user + used_cpu_sys``.
"""

from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from redis.asyncio.cluster import RedisCluster

from ..app.config import Settings
from ..app.matches import MatchService
from ..app.tokens import TokenSigner
from ..store.redis import RedisStore
from ..store.redis_client import Client, open_client, ready
from .storage import PREFIX, match_bytes

GAME, SEATS = "pumba", 4


@dataclass(frozen=True)
class CostBench:
    redis_url: str
    seed: int
    window: int  # actions per window of the long match
    levels: Sequence[int]  # concurrent matches, waiting + active
    actions: int  # actions played at each level
    concurrency: int  # players acting at once at each level
    long_actions: int | None = None  # stop the long match after this many actions (None: play it to its end)


async def _info(client: Client, section: str, field: str, *more: str) -> float:
    """A field of ``INFO section`` (plus ``more`` fields), summed over a cluster's primaries."""
    if isinstance(client, RedisCluster):
        replies = list((await client.info(section, target_nodes=RedisCluster.PRIMARIES)).values())
    else:
        replies = [await client.info(section)]
    return sum(float(reply[name]) for reply in replies for name in (field, *more))


class _Meter:
    """CPU of this process and of the redis-server (every primary of a cluster) between two readings."""

    def __init__(self, client: Client) -> None:
        self._client = client
        self._service = 0.0
        self._redis = 0.0

    async def _redis_cpu(self) -> float:
        return await _info(self._client, "cpu", "used_cpu_user", "used_cpu_sys")

    async def start(self) -> None:
        self._service, self._redis = time.process_time(), await self._redis_cpu()

    async def per_action(self, actions: int) -> dict[str, float]:
        service, redis_cpu = time.process_time() - self._service, await self._redis_cpu() - self._redis
        await self.start()
        per = max(1, actions)
        return {
            "service_cpu_ms_per_action": round(service * 1000 / per, 3),
            "redis_cpu_ms_per_action": round(redis_cpu * 1000 / per, 3),
        }


class _Table:
    """One match and its seat tokens, played by seeded random legal play through the match service."""

    def __init__(self, service: MatchService, match_id: str, tokens: list[str]) -> None:
        self.service, self.match_id, self.tokens = service, match_id, tokens

    @classmethod
    async def open(cls, service: MatchService, seed: int, seats: int, start: bool) -> _Table:
        created = await service.create_match(GAME, SEATS, {}, "P0", "", seed=seed)
        table = cls(service, created.snapshot.doc.match_id, [created.seat_token])
        for seat in range(1, seats):
            joined = await service.join_match(GAME, table.match_id, f"P{seat}", "", None)
            table.tokens.append(joined.seat_token)
        if start:
            await service.start_match(GAME, table.match_id, table.tokens[0], "")
        return table

    async def act(self, rng: random.Random) -> bool:
        """One action by a seat to act; False once the match is over."""
        snapshot = await self.service.get_match(GAME, self.match_id, None)
        if snapshot.doc.status != "active":
            return False
        seat = rng.choice(snapshot.to_act)
        mine = await self.service.get_match(GAME, self.match_id, self.tokens[seat])
        action = rng.choice(mine.legal_actions)
        await self.service.submit_action(GAME, self.match_id, self.tokens[seat], action, None, "", str(uuid.uuid4()))
        return True


def _service(url: str, prefix: str) -> tuple[RedisStore, MatchService]:
    store = RedisStore(url, finished_ttl=3600, idle_ttl=3600, key_prefix=prefix)
    return store, MatchService(store, Settings(allow_fixed_decks=True), TokenSigner("bench-cost"))


async def _long_match(config: CostBench, client: Client) -> dict[str, Any]:
    store, service = _service(config.redis_url, PREFIX)
    try:
        table = await _Table.open(service, config.seed, SEATS, start=True)
        rng, meter, windows, actions, playing = random.Random(config.seed), _Meter(client), [], 0, True
        await meter.start()
        limit = config.long_actions or float("inf")
        while playing and actions < limit:
            done = 0
            while done < min(config.window, limit - actions) and (playing := await table.act(rng)):
                done += 1
            if done:
                actions += done
                figures = await meter.per_action(done)
                windows.append({"actions": actions, **figures, "bytes": (await match_bytes(client, table.match_id))[0]})
    finally:
        await store.close()
    named = {"early": windows[0], "mid": windows[len(windows) // 2], "late": windows[-1]} if windows else {}
    figures = {"actions": actions, "finished": not playing, "windows": windows, **named}
    return {"game": GAME, "players": SEATS, "options": "default", **figures}


async def _level(config: CostBench, client: Client, matches: int) -> dict[str, Any]:
    prefix = f"{PREFIX}cost-{matches}-{uuid.uuid4().hex[:8]}:"
    store, service = _service(config.redis_url, prefix)
    try:
        memory_before = int(await _info(client, "memory", "used_memory"))
        active = (matches + 1) // 2
        tables = [await _Table.open(service, config.seed + n, SEATS, start=True) for n in range(active)]
        waiting = [
            await _Table.open(service, config.seed + active + n, 1, start=False) for n in range(matches - active)
        ]
        meter = _Meter(client)
        await meter.start()
        players = max(1, min(config.concurrency, len(tables)))
        share = [config.actions // players + (1 if n < config.actions % players else 0) for n in range(players)]

        async def player(n: int) -> int:
            rng, played, turn = random.Random(config.seed * 7919 + n), 0, 0
            mine = tables[n::players]
            while played < share[n] and mine:
                table = mine[turn % len(mine)]
                if await table.act(rng):
                    played += 1
                    turn += 1
                else:  # finished: its seats leave the rotation
                    mine.remove(table)
            return played

        played = sum(await asyncio.gather(*(player(n) for n in range(players))))
        figures = await meter.per_action(played)
        used = int(await _info(client, "memory", "used_memory")) - memory_before
        sizes = await _sizes_by_match(client, prefix)
    finally:
        await store.close()
    waiting_bytes = sum(sizes.get(table.match_id, 0) for table in waiting)
    active_bytes = sum(sizes.get(table.match_id, 0) for table in tables)
    total = sum(sizes.values())
    return {
        "matches": matches,
        "waiting": len(waiting),
        "active": active,
        "actions": played,
        "actions_per_active_match": round(played / max(1, active), 1),
        "players_at_once": players,
        **figures,
        "redis_used_memory_growth": used,
        "redis_bytes_of_keys": total,
        "bytes_per_match": round(total / matches),
        "bytes_per_waiting_match": round(waiting_bytes / max(1, len(waiting))),
        "bytes_per_active_match": round(active_bytes / max(1, active)),
        "global_bytes": sizes.get("", 0),  # lobby sets, due index, sequence: what no single match owns
    }


async def _sizes_by_match(client: Client, prefix: str) -> dict[str, int]:
    """``MEMORY USAGE`` of every key under ``prefix``, summed per match id (its hash tag); "" for the others."""
    keys = [key.decode() async for key in client.scan_iter(match=f"{prefix}*", count=1000)]
    sizes: dict[str, int] = {}
    for start in range(0, len(keys), 500):
        batch = keys[start : start + 500]
        async with client.pipeline(transaction=False) as pipe:
            for key in batch:
                pipe.memory_usage(key, samples=0)
            for key, size in zip(batch, await pipe.execute(), strict=True):
                name = key[len(prefix) :]
                owner = name[1 : name.index("}")] if name.startswith("{") and not name.startswith("{due:") else ""
                sizes[owner] = sizes.get(owner, 0) + int(size or 0)
    return sizes


async def _bench(config: CostBench) -> dict[str, Any]:
    client = open_client(config.redis_url, pool_size=32, timeout=5.0)
    await ready(client)
    load_before = os.getloadavg()
    primaries = len(client.get_primaries()) if isinstance(client, RedisCluster) else 1
    try:
        long_match = await _long_match(config, client)
        levels = [await _level(config, client, matches) for matches in config.levels]
    finally:
        await client.aclose()
    return {
        "bench": "storage-cost",
        "long_match": long_match,
        "concurrent": levels,
        "load_average": {"before": [round(x, 2) for x in load_before], "after": [round(x, 2) for x in os.getloadavg()]},
        "cpus": os.cpu_count(),
        "redis_primaries": primaries,
    }


def bench_cost(config: CostBench) -> dict[str, Any]:
    return asyncio.run(_bench(config))
