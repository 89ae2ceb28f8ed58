"""The events of the change that produced a match's current version, as one viewer may see them.

GetMatch answers them so that a client connecting late (or reloading) can show "what just happened" without
a watch. They are the log record's events served like any record (``Replay``: ``Event.for_viewer`` and the
engine's re-redaction), so a viewer never gets more than WatchMatch would have sent it.
"""

from __future__ import annotations

from typing import Any

from ..store.contract import MatchStore
from . import documents as docs
from .lean_log import restore
from .replay import Replay


async def last_events(store: MatchStore, doc: docs.MatchDoc, seat: int | None) -> list[dict[str, Any]]:
    """The events of the record of ``doc.version`` for ``seat`` (a spectator: None); none when the log no
    longer holds it. One log read; the record is restored onto ``doc`` itself (no replay of the state)."""
    entries = await store.log(doc.match_id, doc.version - 1, 1)
    if not entries or entries[0].version != doc.version:
        return []
    record = restore(None, entries[0].payload, doc)
    return Replay(doc).events(record, seat)
