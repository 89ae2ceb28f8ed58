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


async def last_events(
    store: MatchStore, doc: docs.MatchDoc, seat: int | None, known: docs.LogRecord | None = None
) -> list[dict[str, Any]]:
    """The events of the record of ``doc.version`` for ``seat`` (a spectator: None); none when the log no
    longer holds it. ``known``: that record, when the caller has it (this worker committed it:
    app/recent_docs.py); otherwise one log read, the record restored onto ``doc`` itself (no replay)."""
    if known is None:
        entries = await store.log(doc.match_id, doc.version - 1, 1)
        if not entries or entries[0].version != doc.version:
            return []
        known = restore(None, entries[0].payload, doc)
    return Replay(doc).events(known, seat)
