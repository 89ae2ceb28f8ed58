"""Streams opening together share their match's read (app/watch_opens.py), and a document too old for a request
costs a fresh read, never a wrong refusal.

Two MatchServices on one store are two workers: ``watcher`` only opens watches, ``player`` commits, so the
watcher's shared document goes stale as the players play.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any

import pytest
from store_fixtures import StoreFactory
from test_recent_docs import CountedReads

from cardroom.app.config import Settings
from cardroom.app.matches import MatchService
from cardroom.app.tokens import TokenSigner
from cardroom.app.watch_opens import WatchOpens

pytestmark = pytest.mark.asyncio

GAME = "up-or-down"
STREAMS = 20


async def _first_version(updates: Any) -> int:
    try:
        return (await anext(updates)).version
    finally:
        await updates.aclose()


async def test_openings_share_one_read_and_a_stale_one_reads_again(stores: StoreFactory) -> None:
    shared = stores.open()
    counted = CountedReads(stores.open() if stores.shared else shared)
    signer = TokenSigner("watch-opens-test")
    player = MatchService(shared, Settings(), signer)
    watcher = MatchService(counted, Settings(), signer)  # type: ignore[arg-type]
    # a clock that stands still: a loaded machine's slow steps must not age the shared document out
    watcher.watch_opens = WatchOpens(watcher.watch_opens._load, clock=lambda: 0.0)

    created = await player.create_match(GAME, 2, {}, "ann", str(uuid.uuid4()))
    match_id = created.snapshot.doc.match_id
    # STREAMS spectators open at once on the watcher: one read of the match for all
    streams = await asyncio.gather(*(watcher.watch(GAME, match_id, None, 0) for _ in range(STREAMS)))
    assert counted.gets == 1
    assert await asyncio.gather(*(_first_version(stream) for stream in streams)) == [1] * STREAMS

    # bob joins through the other worker: his token is one the shared document does not know yet
    joined = await player.join_match(GAME, match_id, "bob", str(uuid.uuid4()), None)
    assert await _first_version(await watcher.watch(GAME, match_id, joined.seat_token, 1)) == 2
    assert counted.gets == 2
    # a client that saw version 3 (the start) asks for what follows: beyond the shared document (version 1),
    # so the match is read again rather than the request refused as FIELD_OUT_OF_RANGE
    await player.start_match(GAME, match_id, created.seat_token, str(uuid.uuid4()))
    following = await watcher.watch(GAME, match_id, None, 3)
    assert following is not None and counted.gets == 3
    await following.aclose()
    # within the shared document's versions a watch still opens without a read, and misses nothing after it
    versions = []
    async for update in await watcher.watch(GAME, match_id, None, 0):
        versions.append(update.version)
        if update.version == 3:
            break
    assert versions == [1, 2, 3] and counted.gets == 3
