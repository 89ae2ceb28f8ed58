"""Presence: which seats someone follows live, agreed by every replica through the store.

Each open WatchMatch stream (gRPC or SSE) of a seat keeps one entry in the match's
presence set, refreshed every third of ``presence_ttl`` by the worker serving the
stream and removed when the stream ends. A seat is ``connected`` while any of its
entries is fresh, so a second device keeps it connected when the first hangs up,
and the streams of a crashed replica stop counting within ``presence_ttl``.
Presence is not part of the match document: it never changes the version.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable

from ..cancelling import cancel_and_wait
from ..store.contract import MatchStore, StoreUnavailable
from . import documents as docs
from .config import Settings

log = logging.getLogger(__name__)

#: seconds a worker reuses a match's presence read (watch updates of busy matches come in bursts). Each watched
#: match is read once per this interval while it commits: at 0.5 s that was 200 reads/s for 100 busy matches, more
#: Redis calls than their commits (docs/benchmarks.md, "CPU per action, second pass"); a stream that starts or ends
#: on this worker is seen at once, one on another replica within this time (presence itself lags by its TTL)
CACHE_SECONDS = 2.0


class Presence:
    def __init__(self, store: MatchStore, settings: Settings, clock: Callable[[], float] = time.time):
        self.store = store
        self.ttl = settings.presence_ttl
        self.clock = clock
        self._cache: dict[str, tuple[float, frozenset[str]]] = {}
        self._reading: dict[str, asyncio.Future[frozenset[str] | None]] = {}

    async def connected(self, doc: docs.MatchDoc) -> frozenset[int]:
        """The seats of ``doc`` someone holds a live stream for; empty when the store cannot say.

        Every watcher of a match asks at each update. An answer older than ``CACHE_SECONDS`` is still served
        while one read renews it (they used to read it all at once, a burst that filled the store's
        connection pool); only a match this worker has no answer for (a stream of it came or went here, or
        the store failed) waits for the read, one read however many ask."""
        cached = self._cache.get(doc.match_id)
        if cached is None:
            players = await asyncio.shield(self._reading_of(doc.match_id))
            if players is None:
                return frozenset()
        else:
            if cached[0] < self.clock():
                self._reading_of(doc.match_id)
            players = cached[1]
        return frozenset(p.seat for p in doc.players if p.player_id in players)

    def _reading_of(self, match_id: str) -> asyncio.Future[frozenset[str] | None]:
        reading = self._reading.get(match_id)
        if reading is None:
            reading = self._reading[match_id] = asyncio.ensure_future(self._read(match_id))
        return reading

    async def _read(self, match_id: str) -> frozenset[str] | None:
        now = self.clock()
        members: list[str] | None = None
        try:
            members = await self.store.present(match_id, now)
        except StoreUnavailable:
            pass
        finally:
            # a stream that came or went meanwhile (_forget) makes this answer too old to keep
            current = self._reading.get(match_id) is asyncio.current_task()
            if current:
                del self._reading[match_id]
        if members is None:
            if current:
                self._cache.pop(match_id, None)  # not served stale while the store cannot say
            return None
        players = frozenset(member.rpartition(":")[0] for member in members)
        if current:
            if len(self._cache) > 10_000:
                self._cache.clear()
            self._cache[match_id] = (now + CACHE_SECONDS, players)
        return players

    @contextlib.asynccontextmanager
    async def holding(self, match_id: str, player_id: str) -> AsyncIterator[None]:
        """Count ``player_id``'s seat as connected while the body runs (one stream)."""
        member = f"{player_id}:{secrets.token_hex(6)}"
        await self._touch(match_id, member)
        beat = asyncio.create_task(self._beat(match_id, member))
        self._forget(match_id)
        try:
            yield
        finally:
            await cancel_and_wait(beat)
            with contextlib.suppress(StoreUnavailable):
                await self.store.drop_presence(match_id, member)
            self._forget(match_id)

    def _forget(self, match_id: str) -> None:
        """A stream came or went: the next answer is read afresh (a read under way may predate the change)."""
        self._cache.pop(match_id, None)
        self._reading.pop(match_id, None)

    async def _beat(self, match_id: str, member: str) -> None:
        while True:
            await asyncio.sleep(self.ttl / 3)
            await self._touch(match_id, member)

    async def _touch(self, match_id: str, member: str) -> None:
        try:
            await self.store.touch_presence(match_id, member, self.clock(), self.ttl)
        except StoreUnavailable as error:  # presence is best effort: the stream itself goes on
            log.info("presence of match %s not refreshed: %s", match_id, error)
