"""The match-store contract: versioned match documents with an atomic commit.

The store knows nothing about games. A match is an opaque ``data`` blob (the
application's match document, engine state inside) plus the few fields the
store itself needs: its id, game, status (for the lobby) and ``version``.
Every change is one :meth:`MatchStore.commit`: a compare-and-set on the
version that, all or nothing, replaces the document, appends one log entry
(the events of that version, opaque bytes) and records the request's answer
under its ``request_id`` so a retry gets the first answer back.

Implementations: ``memory.MemoryStore`` (one process, the embedded default)
and ``redis.RedisStore`` (production, any number of replicas). Both pass
``tests/store/test_store_contract.py``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field

#: lobby statuses; finished and abandoned matches expire after ``finished_ttl``
WAITING, ACTIVE, FINISHED, ABANDONED = "waiting", "active", "finished", "abandoned"
STATUSES = (WAITING, ACTIVE, FINISHED, ABANDONED)


class StoreError(Exception):
    """Base of store failures the application maps to API errors."""


class StoreUnavailable(StoreError):
    """The backing service cannot be reached (maps to UNAVAILABLE)."""


class MatchExists(StoreError):
    """``create`` found a match with that id already (and no matching request_id)."""


class MatchNotFound(StoreError):
    """No match with that id (never existed, or expired)."""


class VersionConflict(StoreError):
    """``commit`` saw another version than expected; nothing was written. ``current``: the match as stored
    when the commit saw it (every store here answers it, read in the same atomic step), so the caller
    that lost a race goes on from it without reading the match again; None from a store that cannot."""

    def __init__(self, current_version: int, current: StoredMatch | None = None):
        super().__init__(f"current version is {current_version}")
        self.current_version = current_version
        self.current = current


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """One match as stored: ``data`` is opaque to the store."""

    match_id: str
    game: str
    version: int
    status: str
    data: bytes


@dataclass(frozen=True, slots=True)
class LogEntry:
    """The log entry written by the commit that produced ``version``.

    ``data`` is the match document stored by that commit when the store has it at hand (live updates of
    ``watch``), else None; it is not part of the entry's identity."""

    version: int
    payload: bytes
    data: bytes | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Replayed:
    """A request_id seen before: its first answer, nothing applied again."""

    answer: bytes


@dataclass(frozen=True, slots=True)
class DueClaim:
    """A due-index entry taken by :meth:`MatchStore.claim_due`, held until ``lease_until``."""

    match_id: str
    #: the due time the entry had when it was claimed (epoch seconds)
    due: float
    #: the entry's score while claimed; :meth:`MatchStore.release` removes it only if still so
    lease_until: float


@dataclass(frozen=True, slots=True, order=True)
class DocVersion:
    """The match document a due-index write was computed from. Writes from an older document than the
    entry's are ignored, so writes that arrive out of order cannot undo a newer one. The creation time
    tells apart two matches of one id (an expired match's id may be created again)."""

    created: float
    version: int


@dataclass(frozen=True, slots=True)
class Page:
    matches: list[StoredMatch]
    next_page_token: str


class MatchStore(ABC):
    """Async store of matches; see the module docstring for the guarantees."""

    @abstractmethod
    async def create(
        self, match: StoredMatch, log_entry: bytes, request_id: str | None, answer: bytes | None
    ) -> Replayed | None:
        """Store a new match at ``match.version`` with its first log entry.

        Returns ``Replayed`` if ``request_id`` already created this match;
        raises MatchExists if the id is taken otherwise."""

    @abstractmethod
    async def get(self, match_id: str) -> StoredMatch:
        """The current match; raises MatchNotFound."""

    @abstractmethod
    async def get_many(self, match_ids: Sequence[str]) -> list[StoredMatch | None]:
        """The current matches, in the order asked, None for each one not found: one round trip for
        the lot (the turn scheduler reads the matches of a batch of claims at once)."""

    @abstractmethod
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
        """Atomically: if ``request_id`` was already answered for this match return
        ``Replayed``; else if the stored version is not ``expected_version`` raise
        VersionConflict(current version, the stored match); else store ``match`` (whose version must be
        ``expected_version + 1``), append ``log_entry`` as that version's entry,
        record ``answer`` under ``request_id`` (and with ``snapshot``, keep ``match.data``
        as the snapshot of that version) and return None. Finished and
        abandoned matches get the finished TTL, others the idle TTL."""

    @abstractmethod
    async def snapshot_at(self, match_id: str, version: int) -> tuple[int, bytes] | None:
        """The newest snapshot at or below ``version`` as (its version, its data), if any."""

    @abstractmethod
    async def answer_for(self, match_id: str, request_id: str) -> bytes | None:
        """The recorded answer of ``request_id`` on this match, if any."""

    @abstractmethod
    async def log(self, match_id: str, after_version: int, limit: int = 1000) -> list[LogEntry]:
        """Log entries with version > ``after_version``, ascending, at most ``limit``."""

    @abstractmethod
    def watch(self, match_id: str, after_version: int) -> AsyncIterator[LogEntry]:
        """Every log entry after ``after_version``, then each new one as it is committed
        (by any process). Runs until the caller stops iterating."""

    @abstractmethod
    async def list_matches(self, game: str, status: str, page_size: int, page_token: str) -> Page:
        """Matches of ``game`` in ``status`` (lobby: WAITING), oldest first, paginated."""

    # -- the due index: matches with a pending decision the server may play ----------
    # A hint like the lobby: the application reads the match and checks its version before acting on an
    # entry, so a stale entry costs one read and a rewrite. What must never happen is a committed decision
    # the server should play without an entry due at the latest when it should be played (a stalled table):
    # app/due_index.py writes an entry before the commit when none may be there in time, and the exact due
    # time after it; every write names the document it comes from (DocVersion).

    @abstractmethod
    async def schedule(self, match_id: str, due: float | None, of: DocVersion) -> None:
        """Index ``match_id`` as due at ``due`` (epoch seconds), replacing any entry (a claimed one
        too); None removes it. Ignored when the entry was last written from a newer document than ``of``."""

    @abstractmethod
    async def schedule_at_latest(self, match_id: str, due: float, of: DocVersion) -> None:
        """Make ``match_id`` due at ``due`` or earlier: add the entry, or move it earlier, never later and
        never away, and record ``of`` as its document (ignored, like :meth:`schedule`, for an older one).
        Written before the commit of ``of``: if that commit never happens the entry is only early."""

    @abstractmethod
    async def claim_due(self, now: float, lease: float, limit: int) -> list[DueClaim]:
        """Entries due at ``now`` or earlier (at most ``limit`` from each bucket of the
        index), each taken for ``lease`` seconds: until then no other claim returns
        it; after, it is due again (the claimer died). Costs O(due), not O(indexed)."""

    @abstractmethod
    async def release(self, claim: DueClaim) -> None:
        """Remove the claimed entry, unless it was rescheduled since the claim."""

    @abstractmethod
    async def due_time(self, match_id: str) -> float | None:
        """The indexed due time (or lease end) of ``match_id``; None when not indexed."""

    @abstractmethod
    async def next_due(self) -> float | None:
        """The earliest score of the whole index (a due time or a lease end); None when it is empty."""

    # -- presence: live streams per match, never part of the document -------------

    @abstractmethod
    async def touch_presence(self, match_id: str, member: str, now: float, ttl: float) -> None:
        """Keep ``member`` (one live stream) present until ``now + ttl``; entries older than
        ``now`` are dropped on the way."""

    @abstractmethod
    async def drop_presence(self, match_id: str, member: str) -> None:
        """``member``'s stream ended."""

    @abstractmethod
    async def present(self, match_id: str, now: float) -> list[str]:
        """The members still present at ``now``."""

    # -- server-private side data of a match (bot memory) --------------------------

    @abstractmethod
    async def put_private(self, match_id: str, key: str, value: bytes) -> None:
        """Keep ``value`` under ``key`` with the match, never in its document or log;
        it expires with the match. MatchNotFound if the match is gone."""

    @abstractmethod
    async def get_private(self, match_id: str, key: str) -> bytes | None:
        """What :meth:`put_private` kept under ``key``; None if nothing (or expired)."""

    @abstractmethod
    async def count_matches(self) -> dict[tuple[str, str], int]:
        """How many matches each (game, status) lobby index holds, for metrics: approximate, since
        an expired match stays counted until the index drops it."""

    @abstractmethod
    async def ping(self) -> bool:
        """True when the backing service answers (readiness)."""

    @abstractmethod
    async def close(self) -> None:
        """Release connections."""
