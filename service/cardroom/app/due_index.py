"""Writing the due index around a commit, so that no committed decision the server should play is lost.

The index lives in other Redis slots than the match, so its writes cannot be part
of the commit's script. Each commit writes it twice at most:

* **before the commit**, when the entry the index holds may come too late for the
  new document: the match had no due time (or a later one) and now has one. The
  entry is added or moved earlier, never later and never away
  (``MatchStore.schedule_at_latest``). If the commit then fails, the entry is only
  early: the scheduler reads the match, finds nothing due and writes the real time.
* **after the commit**, the exact due time (or none), as of the new document.

If the write after the commit is lost (Redis unreachable, the worker killed), the
index still holds an entry due no later than the new document's due time, or the
previous document's entry when that one was not later: every document written
keeps this true, so the table is late at worst, never stalled. The one bound on
"late" is the lease: a replica that claimed the entry and lost its own write after
its commit leaves the entry at its lease end, when it is claimed again.
Each write names the document it comes from, so writes arriving out of order never
undo a newer one (``DocVersion``). An entry written before a commit that never
happened names that version: until a commit reaches it, the scheduler cannot tell
that commit from one still in flight, so it leaves the entry at its lease end and
looks again then (one read per lease, until the match's next commit or expiry).

Tables where the server never acts (no clock, no bot, nobody away) skip both writes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from ..engines import get_engine
from ..store.contract import ACTIVE, WAITING, DocVersion, MatchStore, StoreUnavailable
from . import clock
from . import documents as docs
from .config import Settings
from .decoded_states import decoded

log = logging.getLogger(__name__)


def may_be_due(doc: docs.MatchDoc) -> bool:
    """Whether the server may ever act on ``doc`` as it is (cheap: no engine state decoded)."""
    if doc.status == WAITING:
        return True  # it starts by itself or expires
    if doc.status != ACTIVE:
        return False
    return doc.table.turn_seconds > 0 or any(p.controller != docs.PLAYER for p in doc.players)


def due_of(doc: docs.MatchDoc, settings: Settings) -> float | None:
    """When the server acts on ``doc`` next (``clock.due_time``); None: it waits for players."""
    if not may_be_due(doc):
        return None
    engine = get_engine(doc.game)
    to_act = engine.to_act(decoded(engine, doc.state)) if doc.state else []
    return clock.due_time(doc, to_act, settings)


def version_of(doc: docs.MatchDoc) -> DocVersion:
    return DocVersion(doc.create_time, doc.version)


@dataclass(frozen=True, slots=True)
class PendingWrite:
    """The write due after a commit of ``doc``."""

    doc: docs.MatchDoc
    due: float | None


class DueIndex:
    def __init__(self, store: MatchStore, settings: Settings, wall_clock: Callable[[], float]):
        self.store = store
        self.settings = settings
        self.clock = wall_clock
        #: called after a commit that leaves the match due within a poll interval (the scheduler's wake-up)
        self.on_due: Callable[[], None] | None = None

    async def before_commit(self, old: docs.MatchDoc | None, new: docs.MatchDoc) -> PendingWrite | None:
        """What to write after committing ``new`` over ``old`` (None: a new match); written now, before the
        commit, when the index may otherwise have no entry in time. Raises StoreUnavailable when that write
        fails: then the commit must not happen."""
        if not may_be_due(new) and (old is None or not may_be_due(old)):
            return None
        due = due_of(new, self.settings)
        # not for a new match: its create may turn out to be a retry of one that exists, whose entry must not
        # be rewritten with the creation time of a document that is never stored; after_commit indexes it
        if due is not None and old is not None:
            previous = due_of(old, self.settings)
            if previous is None or due < previous:
                await self.store.schedule_at_latest(new.match_id, due, version_of(new))
        return PendingWrite(new, due)

    async def after_commit(self, pending: PendingWrite | None) -> None:
        """The exact due time of the committed document. A failure is logged, not raised: the commit is
        durable, and the entry written before it (or the previous document's) still fires in time."""
        if pending is None:
            return
        try:
            await self.store.schedule(pending.doc.match_id, pending.due, version_of(pending.doc))
        except StoreUnavailable as error:
            log.warning("due index of match %s not updated after its commit: %s", pending.doc.match_id, error)
            return
        soon = self.clock() + self.settings.turn_poll_interval
        if pending.due is not None and pending.due <= soon and self.on_due is not None:
            self.on_due()

    async def repair(self, doc: docs.MatchDoc) -> None:
        """Write the due time of ``doc`` as read (an entry found not due, or stale)."""
        await self.store.schedule(doc.match_id, due_of(doc, self.settings), version_of(doc))
