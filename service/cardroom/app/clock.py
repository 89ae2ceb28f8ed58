"""When the server plays a seat: turn clocks, time reserves, bots and absent seats (pure rules).

A seat of ``to_act`` is *due* at a time the match document determines:

* a player's seat, when the table has a turn clock: when its decision began
  (``turn_start``, else the commit that opened it, ``update_time``) plus
  ``turn_seconds`` plus what is left of its reserve;
* a bot's seat: ``bot_think_seconds`` after the last commit;
* an away or left seat without a bot: at once (the last commit's time);
* a waiting table: at once when it is full and starts by itself, else when it
  expires (``lobby.py``).

The match is due at the earliest of these. Nothing of this is stored as a
``deadline`` field: it follows from the document, so a commit that only moves
the game on changes nothing beyond (version, update_time, status, state) and the
lean log stays lean. The due index of the store is written from it after each
commit (``MatchService._committed``).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..store.contract import ACTIVE, WAITING
from . import documents as docs
from . import lobby
from .config import Settings


def decision_start(doc: docs.MatchDoc) -> float:
    """When the pending decision began."""
    return doc.turn_start if doc.turn_start is not None else doc.update_time


def reserve_left(doc: docs.MatchDoc, player: docs.Player) -> float:
    return max(0.0, doc.table.reserve_seconds - player.reserve_used)


def clock_deadline(doc: docs.MatchDoc, player: docs.Player) -> float | None:
    """When the decision of a player's seat times out; None without a turn clock."""
    if doc.table.turn_seconds <= 0:
        return None
    return decision_start(doc) + doc.table.turn_seconds + reserve_left(doc, player)


def seat_due(doc: docs.MatchDoc, seat: int, settings: Settings) -> float | None:
    """When the server plays ``seat``'s pending decision; None if it waits for the player."""
    player = doc.seat_holder(seat)
    if player is None:
        return None
    if player.controller == docs.BOT:
        return doc.update_time + settings.bot_think_seconds
    if player.controller == docs.AWAY:
        return doc.update_time
    return clock_deadline(doc, player)


def due_time(doc: docs.MatchDoc, to_act: Iterable[int], settings: Settings) -> float | None:
    """When the server acts in the match next (the due index's score); None: it waits for players."""
    if doc.status == WAITING:
        return lobby.due_time(doc, settings)
    if doc.status != ACTIVE:
        return None
    times = [due for seat in to_act if (due := seat_due(doc, seat, settings)) is not None]
    return min(times, default=None)


def due_seat(doc: docs.MatchDoc, to_act: Iterable[int], settings: Settings, now: float) -> int | None:
    """The seat the server plays now: the earliest due seat of ``to_act`` (lowest seat on a tie)."""
    due = sorted((when, seat) for seat in to_act if (when := seat_due(doc, seat, settings)) is not None)
    return due[0][1] if due and due[0][0] <= now else None


def view_deadline(doc: docs.MatchDoc, to_act: Iterable[int]) -> float | None:
    """The deadline a frontend counts down: the earliest turn clock of a seat of ``to_act``
    that a player decides for; None without a clock or when no player is to act."""
    if doc.status != ACTIVE:
        return None
    times = []
    for seat in to_act:
        player = doc.seat_holder(seat)
        if player is not None and player.controller == docs.PLAYER:
            deadline = clock_deadline(doc, player)
            if deadline is not None:
                times.append(deadline)
    return min(times, default=None)
