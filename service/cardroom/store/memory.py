"""The single-process match store: the embedded default of ``cardroom serve``.

Every method does all of its reads and writes without awaiting in between, so on
one event loop each call is atomic with respect to every other coroutine: no
locks are needed for the compare-and-set.
"""

from __future__ import annotations

import asyncio
import bisect
import dataclasses
import heapq
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field

from cardroom.cancelling import cancel_and_wait
from cardroom.store.common import (
    check_commit,
    check_new,
    decode_page_token,
    encode_page_token,
    page_size_or_default,
    ttl_for,
)
from cardroom.store.contract import (
    DocVersion,
    DueClaim,
    LogEntry,
    MatchExists,
    MatchNotFound,
    MatchStore,
    Page,
    Replayed,
    StoredMatch,
    VersionConflict,
)


@dataclass(slots=True)
class _Record:
    match: StoredMatch
    seq: int
    first_version: int
    log: list[LogEntry]
    answers: dict[str, bytes]
    expires_at: float
    private: dict[str, bytes] = field(default_factory=dict)
    snapshots: list[tuple[int, bytes]] = field(default_factory=list)
    # Replaced on every write and set once: a watcher keeps the one it saw, so it
    # cannot miss a commit that lands between its log read and its wait.
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class MemoryStore(MatchStore):
    """Matches in a dict; expiry is applied on access and by a periodic sweep."""

    def __init__(self, finished_ttl: float, idle_ttl: float, clock: Callable[[], float] = time.monotonic):
        self._finished_ttl = finished_ttl
        self._idle_ttl = idle_ttl
        self._clock = clock
        self._records: dict[str, _Record] = {}
        # (game, status) -> creation sequences in order, and sequence -> match id
        self._lobby: dict[tuple[str, str], list[int]] = {}
        self._by_seq: dict[int, str] = {}
        self._next_seq = 1
        # the due index: match id -> score (due time or lease end), and a heap of
        # (score, match id) whose entries that no longer match the dict are skipped
        self._due: dict[str, float] = {}
        self._due_heap: list[tuple[float, str]] = []
        # the document each entry was written from (writes from older ones are ignored)
        self._due_of: dict[str, DocVersion] = {}
        # presence: match id -> member -> until (epoch seconds)
        self._presence: dict[str, dict[str, float]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        # The sweep only frees memory (access already hides expired matches), so a
        # coarse interval is enough.
        self._sweep_interval = min(max(min(finished_ttl, idle_ttl) / 2, 0.05), 30.0)

    # -- contract ---------------------------------------------------------------

    async def create(
        self, match: StoredMatch, log_entry: bytes, request_id: str | None, answer: bytes | None
    ) -> Replayed | None:
        check_new(match)
        self._start_sweeper()
        record = self._live(match.match_id)
        if record is not None:
            if request_id and request_id in record.answers:
                return Replayed(record.answers[request_id])
            raise MatchExists(match.match_id)
        seq, self._next_seq = self._next_seq, self._next_seq + 1
        record = _Record(
            match=match,
            seq=seq,
            first_version=match.version,
            log=[LogEntry(match.version, log_entry)],
            answers={request_id: answer or b""} if request_id else {},
            expires_at=self._expiry(match.status),
        )
        self._records[match.match_id] = record
        self._by_seq[seq] = match.match_id
        bisect.insort(self._lobby.setdefault((match.game, match.status), []), seq)
        return None

    async def get(self, match_id: str) -> StoredMatch:
        return self._require(match_id).match

    async def get_many(self, match_ids: Sequence[str]) -> list[StoredMatch | None]:
        return [record.match if (record := self._live(match_id)) else None for match_id in match_ids]

    async def commit(
        self,
        match: StoredMatch,
        expected_version: int,
        log_entry: bytes,
        request_id: str | None,
        answer: bytes | None,
        *,
        snapshot: bool = False,
    ) -> Replayed | None:
        check_commit(match, expected_version)
        self._start_sweeper()
        record = self._require(match.match_id)
        if request_id and request_id in record.answers:
            return Replayed(record.answers[request_id])
        if record.match.version != expected_version:
            raise VersionConflict(record.match.version, record.match)
        old = record.match
        # the game is fixed at creation, as in the Redis store which never rewrites it
        record.match = match if match.game == old.game else dataclasses.replace(match, game=old.game)
        # watchers of the newest entry get its document with it; older entries drop theirs
        last = record.log[-1]
        record.log[-1] = LogEntry(last.version, last.payload)
        record.log.append(LogEntry(match.version, log_entry, match.data))
        if snapshot:
            record.snapshots.append((match.version, match.data))
        if request_id:
            record.answers[request_id] = answer or b""
        record.expires_at = self._expiry(match.status)
        if old.status != match.status:
            self._unindex(old.game, old.status, record.seq)
            bisect.insort(self._lobby.setdefault((old.game, match.status), []), record.seq)
        self._wake(record)
        return None

    async def answer_for(self, match_id: str, request_id: str) -> bytes | None:
        record = self._live(match_id)
        return None if record is None else record.answers.get(request_id)

    async def log(self, match_id: str, after_version: int, limit: int = 1000) -> list[LogEntry]:
        return self._entries_after(self._require(match_id), after_version, limit)

    async def snapshot_at(self, match_id: str, version: int) -> tuple[int, bytes] | None:
        snapshots = self._require(match_id).snapshots
        index = bisect.bisect_right(snapshots, version, key=lambda taken: taken[0])
        return snapshots[index - 1] if index else None

    async def watch(self, match_id: str, after_version: int) -> AsyncIterator[LogEntry]:
        while True:
            record = self._require(match_id)
            # read together with the log, before any await: a commit after this sets it
            changed = record.changed
            entries = self._entries_after(record, after_version, limit=1000)
            if not entries:
                await changed.wait()
                continue
            for entry in entries:
                yield entry
                after_version = entry.version

    async def list_matches(self, game: str, status: str, page_size: int, page_token: str) -> Page:
        size = page_size_or_default(page_size)
        after = decode_page_token(page_token)
        seqs = self._lobby.get((game, status), [])
        found: list[StoredMatch] = []
        last = after
        i = bisect.bisect_right(seqs, after)
        while i < len(seqs) and len(found) < size:
            record = self._live(self._by_seq[seqs[i]])
            if record is None:
                continue  # expired: _live removed it from ``seqs``, so ``i`` now names the next one
            found.append(record.match)
            last = seqs[i]
            i += 1
        # a token only when a live match follows, so the last page says it is the last
        while i < len(seqs) and self._live(self._by_seq[seqs[i]]) is None:
            pass
        return Page(found, encode_page_token(last) if found and i < len(seqs) else "")

    async def count_matches(self) -> dict[tuple[str, str], int]:
        return {key: len(seqs) for key, seqs in self._lobby.items()}

    async def schedule(self, match_id: str, due: float | None, of: DocVersion) -> None:
        if self._older_than_entry(match_id, of):
            return
        if due is None:
            self._due.pop(match_id, None)
            self._due_of.pop(match_id, None)
            return
        self._set_due(match_id, due, of)

    async def schedule_at_latest(self, match_id: str, due: float, of: DocVersion) -> None:
        if self._older_than_entry(match_id, of):
            return
        current = self._due.get(match_id)
        self._set_due(match_id, due if current is None else min(current, due), of)

    def _older_than_entry(self, match_id: str, of: DocVersion) -> bool:
        seen = self._due_of.get(match_id)
        return seen is not None and seen > of

    def _set_due(self, match_id: str, due: float, of: DocVersion) -> None:
        self._due_of[match_id] = of
        if self._due.get(match_id) == due:
            return
        self._due[match_id] = due
        heapq.heappush(self._due_heap, (due, match_id))
        if len(self._due_heap) > 2 * len(self._due) + 64:  # drop the skipped entries now and then
            self._due_heap = [(score, m) for m, score in self._due.items()]
            heapq.heapify(self._due_heap)

    async def claim_due(self, now: float, lease: float, limit: int) -> list[DueClaim]:
        claims: list[DueClaim] = []
        heap = self._due_heap
        while heap and heap[0][0] <= now and len(claims) < limit:
            score, match_id = heapq.heappop(heap)
            if self._due.get(match_id) != score:
                continue  # rescheduled or removed since this heap entry was pushed
            until = now + lease
            self._due[match_id] = until
            heapq.heappush(heap, (until, match_id))
            claims.append(DueClaim(match_id, score, until))
        return claims

    async def release(self, claim: DueClaim) -> None:
        if self._due.get(claim.match_id) == claim.lease_until:
            del self._due[claim.match_id]
            self._due_of.pop(claim.match_id, None)

    async def due_time(self, match_id: str) -> float | None:
        return self._due.get(match_id)

    async def next_due(self) -> float | None:
        heap = self._due_heap
        while heap and self._due.get(heap[0][1]) != heap[0][0]:
            heapq.heappop(heap)  # rescheduled or removed since it was pushed
        return heap[0][0] if heap else None

    async def touch_presence(self, match_id: str, member: str, now: float, ttl: float) -> None:
        members = self._presence.setdefault(match_id, {})
        for stale in [m for m, until in members.items() if until <= now]:
            del members[stale]
        members[member] = now + ttl

    async def drop_presence(self, match_id: str, member: str) -> None:
        members = self._presence.get(match_id, {})
        members.pop(member, None)
        if not members:
            self._presence.pop(match_id, None)

    async def present(self, match_id: str, now: float) -> list[str]:
        return sorted(m for m, until in self._presence.get(match_id, {}).items() if until > now)

    async def put_private(self, match_id: str, key: str, value: bytes) -> None:
        self._require(match_id).private[key] = value

    async def get_private(self, match_id: str, key: str) -> bytes | None:
        record = self._live(match_id)
        return None if record is None else record.private.get(key)

    async def ping(self) -> bool:
        return True

    async def close(self) -> None:
        if self._sweeper is not None:
            await cancel_and_wait(self._sweeper)
            self._sweeper = None

    # -- internals --------------------------------------------------------------

    def _expiry(self, status: str) -> float:
        return self._clock() + ttl_for(status, self._finished_ttl, self._idle_ttl)

    def _live(self, match_id: str) -> _Record | None:
        """The record if it has not expired; an expired one is dropped on the spot."""
        record = self._records.get(match_id)
        if record is not None and record.expires_at <= self._clock():
            self._drop(match_id, record)
            return None
        return record

    def _require(self, match_id: str) -> _Record:
        record = self._live(match_id)
        if record is None:
            raise MatchNotFound(match_id)
        return record

    def _drop(self, match_id: str, record: _Record) -> None:
        del self._records[match_id]
        del self._by_seq[record.seq]
        self._due.pop(match_id, None)
        self._due_of.pop(match_id, None)
        self._presence.pop(match_id, None)
        self._unindex(record.match.game, record.match.status, record.seq)
        self._wake(record)  # watchers find the match gone and end with MatchNotFound

    def _unindex(self, game: str, status: str, seq: int) -> None:
        seqs = self._lobby[(game, status)]
        del seqs[bisect.bisect_left(seqs, seq)]
        if not seqs:
            del self._lobby[(game, status)]

    @staticmethod
    def _wake(record: _Record) -> None:
        changed, record.changed = record.changed, asyncio.Event()
        changed.set()

    @staticmethod
    def _entries_after(record: _Record, after_version: int, limit: int) -> list[LogEntry]:
        start = max(0, after_version + 1 - record.first_version)
        return record.log[start : start + limit]

    def _start_sweeper(self) -> None:
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self._sweep_interval)
            for match_id in list(self._records):
                self._live(match_id)
