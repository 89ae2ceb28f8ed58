"""Past versions of a match, rebuilt from the lean log: the nearest snapshot, then replay.

The commit path stores a snapshot (the whole document) every ``SNAPSHOT_EVERY`` versions; a document of any
past version is that snapshot with the records after it replayed (``replay.restore``), at most
``SNAPSHOT_EVERY - 1`` of them. Rebuilt documents are kept in a small per-worker LRU, so paging a log or a
watcher catching up costs one replay per version, not one per page or per entry. Live watchers do not come
here: their updates carry the committed document.
"""

from __future__ import annotations

import asyncio

from ..store.contract import LogEntry, MatchStore
from . import documents as docs
from .lean_log import restore
from .lru import Lru

#: versions between two snapshots: bounds a rebuild's replay (at most 127 engine steps, a few ms) and
#: costs one document in Redis each; 128 keeps a finished 5-seat Pumptown under 100 KB (docs/benchmarks.md)
SNAPSHOT_EVERY = 128
#: rebuilt documents kept per worker
CACHE_SIZE = 4096


class History:
    def __init__(self, store: MatchStore, cache_size: int = CACHE_SIZE) -> None:
        self._store = store
        self._cache: Lru[tuple[str, int], docs.MatchDoc] = Lru(cache_size)
        self._rebuilding: dict[tuple[str, int, float | None], asyncio.Future[docs.MatchDoc | None]] = {}

    @staticmethod
    def wants_snapshot(version: int) -> bool:
        return version % SNAPSHOT_EVERY == 0

    async def doc_at(self, match_id: str, version: int, created: float | None) -> docs.MatchDoc | None:
        """The document right after ``version`` (None for version 0: before creation) of the match created
        at ``created`` (an id freed by expiry may name a new match: its cached past is not this one's);
        ``created`` None when the caller does not know it: then the cache is not read."""
        if version <= 0:
            return None
        cached = self._get(match_id, version, created)
        if cached is not None:
            return cached
        # one rebuild at a time per version: many watchers resume from the same one at once (a restart)
        key = (match_id, version, created)
        rebuilding = self._rebuilding.get(key)
        if rebuilding is None:
            rebuilding = self._rebuilding[key] = asyncio.ensure_future(self._rebuild(match_id, version))
            rebuilding.add_done_callback(lambda done: self._rebuilt(key, done))
        return await asyncio.shield(rebuilding)

    def _rebuilt(self, key: tuple[str, int, float | None], done: asyncio.Future[docs.MatchDoc | None]) -> None:
        if self._rebuilding.get(key) is done:
            del self._rebuilding[key]
        if not done.cancelled():
            done.exception()  # retrieved: every caller that waited has it, and none may be left

    async def _rebuild(self, match_id: str, version: int) -> docs.MatchDoc | None:
        snapshot = await self._store.snapshot_at(match_id, version)
        base_version, doc = (snapshot[0], docs.decode_doc(snapshot[1])) if snapshot else (0, None)
        while base_version < version:
            entries = await self._store.log(match_id, base_version, min(version - base_version, 1000))
            if not entries:
                raise LookupError(f"version {base_version + 1} of {match_id} is not in the log")
            for entry in entries:
                doc = restore(doc, entry.payload).doc
                self.remember(match_id, doc)
                base_version = entry.version
        return doc

    async def records(self, match_id: str, entries: list[LogEntry], created: float | None) -> list[docs.LogRecord]:
        """``entries`` (consecutive log entries) as records with their documents."""
        if not entries:
            return []
        prev = await self.doc_at(match_id, entries[0].version - 1, created)
        records = []
        for entry in entries:
            record = self.record(match_id, prev, entry, created)
            records.append(record)
            prev = record.doc
        return records

    def record(
        self, match_id: str, prev: docs.MatchDoc | None, entry: LogEntry, created: float | None
    ) -> docs.LogRecord:
        """One entry as a record: its own document when it carries one (live), else replayed onto ``prev``."""
        if entry.data is not None:
            return restore(prev, entry.payload, docs.decode_doc(entry.data))
        known = self._get(match_id, entry.version, created)
        record = restore(prev, entry.payload, known)
        self.remember(match_id, record.doc)
        return record

    def remember(self, match_id: str, doc: docs.MatchDoc) -> None:
        self._cache.keep((match_id, doc.version), doc)

    def _get(self, match_id: str, version: int, created: float | None) -> docs.MatchDoc | None:
        doc = self._cache.find((match_id, version)) if created is not None else None
        return doc if doc is not None and doc.create_time == created else None
