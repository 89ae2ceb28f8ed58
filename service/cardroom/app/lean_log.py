"""The lean log's two directions: a committed change as what changed (``lean``), and back (``restore``).

Generic by construction: the commit path hands every change function's ``(new document, LogRecord)`` to
``lean``, which stores only what cannot be rebuilt. The new engine state is left out only when
``replay_state`` (the one rule used here and when rebuilding) gives exactly the committed bytes: replaying
the record's action for its seat, or the engine's start for a ``started`` record. Any other change of the
state (a timeout playing several steps, a seat leaving a started match...) is kept in the record as is, so
a new kind of change is persisted correctly without code here. Engines are deterministic (same state, same
action, same bytes), which is what makes the replay exact, and what lets the check reuse the step the commit
just computed instead of applying the action again (engine_steps.py).
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..engines import get_engine
from . import documents as docs
from . import engine_steps

_BASE_FIELDS = ("version", "kind", "seat", "action", "events", "doc")
#: LogRecord's further fields (flags added by other change functions) and their defaults
_FLAG_DEFAULTS = {
    field.name: field.default for field in msgspec.structs.fields(docs.LogRecord) if field.name not in _BASE_FIELDS
}


def _meta(doc: docs.MatchDoc) -> docs.MatchDoc:
    """What a record must carry when it differs: everything but version, update time, status and state."""
    return msgspec.structs.replace(doc, version=0, update_time=0.0, status="", state=None, schema=0)


def replay_state(prev: docs.MatchDoc | None, record: docs.StoredRecord, meta: docs.MatchDoc) -> bytes | None:
    """The engine state after ``record`` as replay rebuilds it from the document before it."""
    if prev is None:
        return None
    engine = get_engine(prev.game)
    if record.kind == "started":
        return engine.encode(engine.start(len(meta.players), prev.options, prev.seed, prev.fixture).state)
    if record.action is not None and record.seat is not None and prev.state is not None:
        return engine_steps.shared.next_state(engine, prev.state, record.seat, record.action)
    return prev.state


def lean(old: docs.MatchDoc | None, new: docs.MatchDoc, record: docs.LogRecord) -> bytes:
    """The bytes to store for ``record``, the change from ``old`` (None at creation) to ``new``."""
    flags = {name: getattr(record, name) for name, unset in _FLAG_DEFAULTS.items() if getattr(record, name) != unset}
    stored = docs.StoredRecord(
        record.version, record.kind, record.seat, record.action, record.events, new.update_time, flags=flags or None
    )
    if old is None or new.status != old.status:
        stored.status = new.status
    if old is None or _meta(new) != _meta(old):
        stored.doc = msgspec.structs.replace(new, state=None)
    if new.state is not None and replay_state(old, stored, new) != new.state:
        stored.state = new.state
    return docs.encode(stored)


def restore(prev: docs.MatchDoc | None, payload: bytes, doc: docs.MatchDoc | None = None) -> docs.LogRecord:
    """The record of ``payload`` with the document right after it: ``doc`` when the caller has it (a live
    update carries it), else rebuilt from ``prev``, the document of the version before."""
    stored = docs.decode_stored(payload)
    if isinstance(stored, docs.LogRecord):  # schema 1: the whole document is in the record
        return stored
    if doc is None:
        base = stored.doc if stored.doc is not None else prev
        if base is None:
            raise ValueError(f"version {stored.version} needs the document before it")
        state = stored.state if stored.state is not None else replay_state(prev, stored, base)
        doc = msgspec.structs.replace(
            base,
            version=stored.version,
            update_time=stored.time,
            status=stored.status or base.status,
            state=state,
        )
    flags: dict[str, Any] = stored.flags or {}
    return docs.LogRecord(stored.version, stored.kind, stored.seat, stored.action, stored.events, doc, **flags)
