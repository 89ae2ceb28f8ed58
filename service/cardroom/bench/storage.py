"""``cardroom bench storage``: Redis bytes one match costs, as JSON.

Each game is played to its end at the given seat count with default options (seeded random legal play,
through the match service against a real redis-server), then ``MEMORY USAGE`` is summed over every key of
the match. Reported per game: bytes of the finished match, log entries, bytes per logged action, and the
growth of a long match sampled at points of its life (early, mid, late). The targets of issue 14 are
checked and reported (``within_target``): at most 8 KB per match plus 300 bytes per logged action.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import redis.asyncio as aioredis

from ..app.config import Settings
from ..app.matches import MatchService
from ..app.tokens import TokenSigner
from ..store.redis import RedisStore
from .engines import seats_for

PER_MATCH_TARGET, PER_ACTION_TARGET = 8 * 1024, 300
PREFIX = "bench-storage:"


@dataclass(frozen=True)
class StorageBench:
    redis_url: str
    games: Sequence[str]
    players: int
    seed: int
    samples: int


async def match_bytes(client: aioredis.Redis, match_id: str) -> tuple[int, dict[str, int]]:
    by_key = {}
    async for key in client.scan_iter(match=f"{PREFIX}{{{match_id}}}*", count=100):
        by_key[key.decode().rsplit(":", 1)[-1]] = int(await client.memory_usage(key, samples=0) or 0)
    return sum(by_key.values()), by_key


async def _play(
    service: MatchService, client: aioredis.Redis, game: str, players: int, seed: int, samples: int
) -> dict[str, Any]:
    created = await service.create_match(game, players, {}, "P0", "", seed=seed)
    match_id = created.snapshot.doc.match_id
    tokens = [created.seat_token]
    for seat in range(1, players):
        tokens.append((await service.join_match(game, match_id, f"P{seat}", "", None)).seat_token)
    await service.start_match(game, match_id, tokens[0], "")
    rng = random.Random(seed)
    actions, growth = 0, []
    while True:
        snapshot = await service.get_match(game, match_id, None)
        if snapshot.doc.status != "active":
            break
        seat = rng.choice(snapshot.to_act)
        mine = await service.get_match(game, match_id, tokens[seat])
        # request ids are UUIDs, as clients send them (AIP-155); standing preferences (Pumptown's
        # autopass) are not turns: random play would send them forever
        legal = [a for a in mine.legal_actions if a.get("type") != "set_autopass"] or mine.legal_actions
        await service.submit_action(game, match_id, tokens[seat], rng.choice(legal), None, "", str(uuid.uuid4()))
        actions += 1
        if samples and actions % samples == 0:
            growth.append({"actions": actions, "bytes": (await match_bytes(client, match_id))[0]})
    total, by_key = await match_bytes(client, match_id)
    entries = snapshot.doc.version
    return {
        "game": game,
        "players": players,
        "log_entries": entries,
        "actions": actions,
        "bytes_per_match": total,
        "bytes_by_key": by_key,
        "bytes_per_logged_action": round(total / entries, 1),
        "within_target": total <= PER_MATCH_TARGET + PER_ACTION_TARGET * entries,
        "growth": growth,
    }


def _tables(config: StorageBench) -> list[tuple[str, int]]:
    """Each game at the asked seat count, plus issue 14's 5-seat Pumptown (once)."""
    tables = [(game, seats_for(game, config.players)) for game in config.games]
    return tables if ("pumptown", 5) in tables else [*tables, ("pumptown", 5)]


async def _bench(config: StorageBench) -> dict[str, Any]:
    store = RedisStore(config.redis_url, finished_ttl=3600, idle_ttl=3600, key_prefix=PREFIX)
    client = aioredis.Redis.from_url(config.redis_url)
    service = MatchService(store, Settings(allow_fixed_decks=True), TokenSigner("bench-storage"))
    try:
        results = [
            await _play(service, client, game, players, config.seed, config.samples if game == "pumba" else 0)
            for game, players in _tables(config)
        ]
    finally:
        await store.close()
        await client.aclose()
    return {
        "bench": "storage",
        "targets": {"bytes_per_match": PER_MATCH_TARGET, "bytes_per_logged_action": PER_ACTION_TARGET},
        "matches": results,
    }


def bench_storage(config: StorageBench) -> dict[str, Any]:
    return asyncio.run(_bench(config))
