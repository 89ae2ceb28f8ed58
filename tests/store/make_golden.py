"""Write ``tests/store/golden/v1-matches.json.gz``: matches stored in the format of document schema 1.

Schema 1 (cardroom up to the lean log) kept the whole match document, engine state included, in every log
record. This script was run once against that code (commit 54111b9 of main) to produce the committed fixture;
``test_golden_compat.py`` loads it into a redis-server and checks that today's code still serves those matches
(watch, log pages, play on) exactly as the old code did.

The fixture holds the raw Redis values of every key (hashes, streams, sorted sets, strings: portable across
redis-server versions, unlike ``DUMP``) and, per match, what the old code answered: every log entry as each seat
and a spectator saw it. Run it (only ever against schema-1 code) with::

    python tests/store/make_golden.py tests/store/golden/v1-matches.json.gz
"""

from __future__ import annotations

import asyncio
import base64
import gzip
import json
import random
import sys
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardroom.app.config import Settings
from cardroom.app.matches import MatchService
from cardroom.app.tokens import TokenSigner
from cardroom.store.redis import RedisStore
from support.processes import RedisProcess

SECRET = "golden-secret"
PREFIX = "golden:"
#: (game, players, actions to play: None = to the end, 0 = not started)
MATCHES = [
    ("flip-7", 4, None),
    ("flip-7", 3, 25),
    ("up-or-down", 3, None),
    ("up-or-down", 4, 30),
    ("pumptown", 3, None),
    ("pumptown", 5, 40),
    ("pumba", 4, 60),
    ("pumba", 2, 0),
]


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


class Clock:
    """A clock that advances a second per call: the fixture's times are reproducible."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


async def play(service: MatchService, game: str, players: int, actions: int | None, seed: int) -> dict[str, Any]:
    created = await service.create_match(game, players, {}, "Ann", f"golden-{game}-{players}-{seed}", seed=seed)
    match_id = created.snapshot.doc.match_id
    tokens = [created.seat_token]
    for seat in range(1, players):
        tokens.append((await service.join_match(game, match_id, f"P{seat}", "", None)).seat_token)
    if actions == 0:
        return {"match_id": match_id, "tokens": tokens}
    await service.start_match(game, match_id, tokens[0], "")
    rng = random.Random(seed)
    played = 0
    while actions is None or played < actions:
        snapshot = await service.get_match(game, match_id, None)
        if snapshot.doc.status != "active":
            break
        seat = rng.choice(snapshot.to_act)
        mine = await service.get_match(game, match_id, tokens[seat])
        legal = [a for a in mine.legal_actions if a.get("type") != "set_autopass"] or mine.legal_actions
        await service.submit_action(game, match_id, tokens[seat], rng.choice(legal), None, "", f"req-{seed}-{played}")
        played += 1
    return {"match_id": match_id, "tokens": tokens}


async def seen_by(service: MatchService, game: str, match_id: str, token: str | None) -> list[Any]:
    updates, after = [], 0
    while True:
        page, last = await service.match_log(game, match_id, token, after, 7)
        if not page:
            return updates
        updates += [msgspec.to_builtins(update) for update in page]
        after = last


async def dump_keys(store: RedisStore) -> list[dict[str, Any]]:
    client = store._redis
    keys = []
    async for key in client.scan_iter(match=f"{PREFIX}*", count=500):
        kind = (await client.type(key)).decode()
        name = key.decode()[len(PREFIX) :]
        if kind == "hash":
            value: Any = {k.decode(): b64(v) for k, v in (await client.hgetall(key)).items()}
        elif kind == "stream":
            value = [[sid.decode(), {k.decode(): b64(v) for k, v in f.items()}] for sid, f in await client.xrange(key)]
        elif kind == "zset":
            value = [[m.decode(), s] for m, s in await client.zrange(key, 0, -1, withscores=True)]
        elif kind == "set":
            value = sorted(m.decode() for m in await client.smembers(key))
        else:
            value = b64(await client.get(key))
        keys.append({"key": name, "type": kind, "value": value})
    return sorted(keys, key=lambda k: k["key"])


async def main(out: Path) -> None:
    redis = RedisProcess()
    redis.start()
    try:
        store = RedisStore(redis.url, finished_ttl=3600, idle_ttl=86400, key_prefix=PREFIX)
        service = MatchService(store, Settings(allow_fixed_decks=True), TokenSigner(SECRET), clock=Clock())
        matches = []
        for index, (game, players, actions) in enumerate(MATCHES):
            played = await play(service, game, players, actions, seed=100 + index)
            doc = (await service.get_match(game, played["match_id"], None)).doc
            # a spectator, the creator and the last seat: enough viewers to check redaction, a small fixture
            tokens = played["tokens"]
            viewers = {"spectator": None, "0": tokens[0], str(len(tokens) - 1): tokens[-1]}
            seen = {name: await seen_by(service, game, doc.match_id, token) for name, token in viewers.items()}
            matches.append(
                {"game": game, "match_id": doc.match_id, "status": doc.status, "version": doc.version, "log": seen}
            )
        fixture = {"schema": 1, "secret": SECRET, "prefix": PREFIX, "keys": await dump_keys(store), "matches": matches}
        await store.close()
    finally:
        redis.close()
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt") as handle:
        json.dump(fixture, handle, sort_keys=True)
    print(json.dumps([{k: m[k] for k in ("game", "status", "version")} for m in matches]))


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1])))
