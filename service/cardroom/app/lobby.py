"""Waiting tables (pure): start when full, expire when nobody comes, seats held for a rematch."""

from __future__ import annotations

import msgspec

from ..store.contract import ABANDONED, WAITING
from . import documents as docs
from .config import Settings


def is_full(doc: docs.MatchDoc) -> bool:
    return len(doc.players) >= doc.seat_count


def expire_time(doc: docs.MatchDoc, settings: Settings) -> float | None:
    """When a waiting table is abandoned if it has not started: ``lobby_ttl`` after its last join."""
    return doc.update_time + settings.lobby_ttl if doc.status == WAITING else None


def due_time(doc: docs.MatchDoc, settings: Settings) -> float | None:
    """When the server acts on a waiting table: at once to start it (full, ``auto_start_when_full``),
    else at its expiry."""
    if doc.status != WAITING:
        return None
    if doc.table.auto_start_when_full and is_full(doc):
        return doc.update_time
    return expire_time(doc, settings)


def expired(doc: docs.MatchDoc, now: float) -> tuple[docs.MatchDoc, docs.LogRecord]:
    """The table nobody started in time: abandoned (it leaves the lobby and expires after the finished TTL)."""
    new = msgspec.structs.replace(doc, version=doc.version + 1, update_time=now, status=ABANDONED)
    return new, docs.LogRecord(new.version, "expired", None, None, [], new)


def held_seats(doc: docs.MatchDoc, now: float) -> set[int]:
    """Seats of a rematch table still held for the players of the finished match."""
    if not doc.held or doc.held_until is None or now >= doc.held_until:
        return set()
    return set(doc.held) - {p.seat for p in doc.players}
