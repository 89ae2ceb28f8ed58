"""Matches stored by schema-1 code (whole documents in every log record) still load, watch and play.

``golden/v1-matches.json.gz`` was written by ``make_golden.py`` against the code before the lean log: the raw
Redis values of eight matches (every game; waiting, mid-game and finished) and what that code answered for
their logs. Today's code must answer the same, page by page, then play on, writing lean records after the
old ones in the same log.
"""

from __future__ import annotations

import base64
import gzip
import json
import random
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
import pytest_asyncio
import redis.asyncio as aioredis

from cardroom.app import documents as docs
from cardroom.app.config import Settings
from cardroom.app.matches import MatchService
from cardroom.app.tokens import TokenSigner
from cardroom.store.redis import RedisStore
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

with gzip.open(Path(__file__).parent / "golden" / "v1-matches.json.gz", "rt") as _fixture:
    FIXTURE = json.load(_fixture)


async def load_fixture(url: str, prefix: str) -> None:
    """Write the fixture's raw values under ``prefix`` (the lobby's set of sets names keys: renamed too)."""
    old = FIXTURE["prefix"]
    client = aioredis.Redis.from_url(url)
    try:
        for key in FIXTURE["keys"]:
            name, value = prefix + key["key"], key["value"]
            if key["type"] == "hash":
                await client.hset(name, mapping={k: base64.b64decode(v) for k, v in value.items()})
            elif key["type"] == "stream":
                for stream_id, fields in value:
                    await client.xadd(name, {k: base64.b64decode(v) for k, v in fields.items()}, id=stream_id)
            elif key["type"] == "zset":
                await client.zadd(name, dict(value))
            elif key["type"] == "set":
                await client.sadd(name, *(prefix + member[len(old) :] for member in value))
            else:
                await client.set(name, base64.b64decode(value))
    finally:
        await client.aclose()


@pytest_asyncio.fixture
async def service(redis_server: RedisProcess) -> AsyncIterator[MatchService]:
    prefix = f"golden:{uuid.uuid4().hex}:"
    await load_fixture(redis_server.url, prefix)
    store = RedisStore(redis_server.url, finished_ttl=3600, idle_ttl=86400, key_prefix=prefix)
    yield MatchService(store, Settings(allow_fixed_decks=True), TokenSigner(FIXTURE["secret"]))
    await store.close()


def comparable(value: Any) -> Any:
    """An answer as builtins, without the document's schema number (the only field the upgrade adds)."""
    if isinstance(value, dict):
        return {k: comparable(v) for k, v in value.items() if k != "schema"}
    if isinstance(value, list):
        return [comparable(v) for v in value]
    return value


def stored(updates: list[Any]) -> list[Any]:
    """What the store decides in each answer: the version, its action, and the whole document rebuilt at it
    (engine state bytes included). Redaction (events, views, seats shown) is policy that later releases
    change on purpose (e.g. what becomes public at game end), so it is not compared with the old answers."""
    return [
        {k: u[k] for k in ("version", "kind", "action")}
        | {"doc": u["snapshot"]["doc"], "to_act": u["snapshot"]["to_act"]}
        for u in comparable(updates)
    ]


def same(got: list[Any], expected: list[Any]) -> bool:
    """``stored`` parts equal; fields later releases added to the document (with defaults) are not compared."""
    got_parts, expected_parts = stored(got), stored(expected)
    if len(got_parts) != len(expected_parts):
        return False
    return [project(mine, theirs) for mine, theirs in zip(got_parts, expected_parts, strict=True)] == expected_parts


def project(got: Any, expected: Any) -> Any:
    """``got`` reduced to the fields ``expected`` has, at every depth."""
    if isinstance(got, dict) and isinstance(expected, dict):
        return {k: project(got[k], expected[k]) for k in expected if k in got}
    if isinstance(got, list) and isinstance(expected, list) and len(got) == len(expected):
        return [project(g, e) for g, e in zip(got, expected, strict=True)]
    return got


async def tokens_of(service: MatchService, game: str, match_id: str) -> dict[str, str | None]:
    doc = (await service.get_match(game, match_id, None)).doc
    tokens: dict[str, str | None] = {"spectator": None}
    for player in doc.players:
        tokens[str(player.seat)] = service.signer.issue(match_id, player.player_id)
    return tokens


async def log_as(service: MatchService, game: str, match_id: str, token: str | None, page: int) -> list[Any]:
    updates, after = [], 0
    while True:
        found, last = await service.match_log(game, match_id, token, after, page)
        if not found:
            return updates
        updates += [comparable(msgspec.to_builtins(update)) for update in found]
        after = last


async def test_every_old_log_reads_as_the_old_code_served_it(service: MatchService) -> None:
    for match in FIXTURE["matches"]:
        tokens = await tokens_of(service, match["game"], match["match_id"])
        for viewer, expected in match["log"].items():
            # another page size than the fixture's: pages start at other versions
            got = await log_as(service, match["game"], match["match_id"], tokens[viewer], 11)
            assert same(got, expected), f"{match['game']} {match['status']} as {viewer}"


async def test_old_matches_are_watched_then_played_on(service: MatchService) -> None:
    rng = random.Random(3)
    for match in FIXTURE["matches"]:
        if match["status"] != "active":
            continue
        game, match_id = match["game"], match["match_id"]
        tokens = await tokens_of(service, game, match_id)
        # a watcher from the start, over the old records, then live over the new ones
        stream = await service.watch(game, match_id, None, 0)
        assert stream is not None
        old = [comparable(msgspec.to_builtins(await anext(stream))) for _ in range(match["version"])]
        assert same(old, match["log"]["spectator"])

        played, lives = [], []
        for _ in range(5):
            snapshot = await service.get_match(game, match_id, None)
            if snapshot.doc.status != "active":
                break
            seat = rng.choice(snapshot.to_act)
            mine = await service.get_match(game, match_id, tokens[str(seat)])
            action = rng.choice(mine.legal_actions)
            answer = await service.submit_action(game, match_id, tokens[str(seat)], action, None, "", str(uuid.uuid4()))
            played.append(answer)
            live = await anext(stream)
            assert live.version == answer.version
            lives.append(comparable(msgspec.to_builtins(live)))
        await stream.aclose()
        assert played, f"{game}: nothing to play"
        # the mixed log (old records, then lean ones) pages like one log, and the old part is unchanged
        full = await log_as(service, game, match_id, None, 4)
        assert same(full[: match["version"]], match["log"]["spectator"])
        assert [u["version"] for u in full] == list(range(1, played[-1].version + 1))
        if full[-1]["snapshot"]["doc"]["status"] == "active":  # (a finished log reveals what watchers did not see)
            assert full[match["version"] :] == lives
        # the document was rewritten in the new schema by the first commit
        doc = (await service.get_match(game, match_id, None)).doc
        assert doc.schema == docs.SCHEMA


async def test_old_waiting_match_starts_and_plays(service: MatchService) -> None:
    (match,) = [m for m in FIXTURE["matches"] if m["status"] == "waiting"]
    game, match_id = match["game"], match["match_id"]
    tokens = await tokens_of(service, game, match_id)
    request_id = str(uuid.uuid4())
    started = await service.start_match(game, match_id, tokens["0"], request_id)
    assert started.doc.status == "active"
    again = await service.start_match(game, match_id, tokens["0"], request_id)  # retried: the first answer
    assert again.view == started.view and again.doc.version == started.doc.version
    log = await log_as(service, game, match_id, tokens["0"], 100)
    assert [u["kind"] for u in log] == ["created", "joined", "started"]
    assert log[-1]["snapshot"]["view"] == comparable(msgspec.to_builtins(started.view))
