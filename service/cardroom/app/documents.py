"""What the service stores per match: the match document and its log records.

Both are server-side only: they hold the engine state (deck order, seed) and
unredacted events, so nothing here is ever sent to a client as is; the match
service builds per-viewer answers from them.

Schema 2 (``SCHEMA``) keeps the log lean: a stored record (``StoredRecord``) holds what changed, not the
document; ``app.lean_log`` turns a ``LogRecord`` (what change functions build, with the whole new document)
into one and back. Schema 1 records (a ``LogRecord`` with the whole document, engine state included) are
still read: ``decode_stored`` tells them apart (a msgpack map, where schema 2 records are arrays).
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..engines.contract import Event

#: who decides for a seat (``Player.controller``)
PLAYER, AWAY, BOT = "player", "away", "bot"


class Player(msgspec.Struct):
    """A joined player (or a bot). ``seat`` is its place at the table (fixed when the match starts).

    The fields after ``seat`` change rarely (a timeout, going away, leaving), so
    most commits leave the players untouched and the lean log stays lean."""

    player_id: str
    name: str
    seat: int
    #: the joining client as app/limits.py counts it (a keyed hash, never an address); "" when unknown
    client: str = ""
    #: who decides for the seat: the player, nobody (default actions) or a bot
    controller: str = PLAYER
    #: the bot's level while ``controller`` is BOT
    bot_level: str | None = None
    #: the player left the started match: its token is revoked, the server plays the seat
    left: bool = False
    #: when the player went away (too many timeouts) or left
    away_since: float | None = None
    #: consecutive decisions that timed out
    timeouts: int = 0
    #: seconds of the table's time reserve this seat has used
    reserve_used: float = 0.0

    @property
    def is_bot_seat(self) -> bool:
        """A seat created for a bot (no token was ever issued for it)."""
        return self.player_id.startswith(BOT_ID_PREFIX)


#: player ids of bot seats start with this; people's ids never hold a colon (tokens.new_player_id)
BOT_ID_PREFIX = "bot:"


class TableSettings(msgspec.Struct, frozen=True):
    """Settings common to every game, chosen at creation (all off by default)."""

    #: seconds per decision; 0: no turn clock
    turn_seconds: float = 0.0
    #: a time bank per seat used beyond ``turn_seconds``; 0: none
    reserve_seconds: float = 0.0
    #: level of the bot taking over an away or left seat; None: default actions
    absent_bot_level: str | None = None
    #: the server starts the match as soon as every seat is taken
    auto_start_when_full: bool = False


class MatchDoc(msgspec.Struct):
    match_id: str
    game: str
    status: str
    version: int
    seat_count: int
    options: dict[str, Any]
    players: list[Player]
    creator_player_id: str
    seed: int
    create_time: float
    update_time: float
    #: the rules files' §6 test hook; kept until the match starts
    fixture: dict[str, Any] | None = None
    #: engine codec bytes once started
    state: bytes | None = None
    table: TableSettings = msgspec.field(default_factory=TableSettings)
    #: when the pending decision began, if earlier than ``update_time`` (a window whose
    #: other seats timed out keeps its clock); None: at ``update_time``
    turn_start: float | None = None
    #: the finished match this table is the rematch of (app/rematch.py)
    rematch_of: str | None = None
    #: seats of a rematch table held for the finished match's players (seat -> their old player id)
    held: dict[int, str] | None = None
    held_until: float | None = None
    #: the document schema it was written with (absent, so 1, before the lean log)
    schema: int = 1

    def player(self, player_id: str) -> Player | None:
        return next((p for p in self.players if p.player_id == player_id), None)

    def seat_holder(self, seat: int) -> Player | None:
        return next((p for p in self.players if p.seat == seat), None)


class StoredEvent(msgspec.Struct, array_like=True):
    type: str
    data: dict[str, Any]
    private: dict[int, dict[str, Any]] | None = None

    @classmethod
    def of(cls, event: Event) -> StoredEvent:
        private = {seat: dict(extra) for seat, extra in event.private.items()} if event.private else None
        return cls(event.type, dict(event.data), private)

    def as_event(self) -> Event:
        return Event(self.type, self.data, self.private)


class LogRecord(msgspec.Struct):
    """The log entry of one version: what happened and the document right after it.

    Fields added after ``doc`` (flags such as ``timed_out``) need defaults; the lean log keeps any that
    differ from their default (``StoredRecord.flags``)."""

    version: int
    kind: str  # created | joined | left | started | action | returned
    seat: int | None
    action: dict[str, Any] | None
    events: list[StoredEvent]
    doc: MatchDoc
    #: the server played the seat's default action (clock ran out, seat away or left)
    timed_out: bool = False
    #: a bot of the server decided the action
    by_bot: bool = False


class StoredRecord(msgspec.Struct, array_like=True, omit_defaults=True):
    """A log record as schema 2 stores it: what changed at ``version``, not the document.

    ``status`` is there when the status changed; ``doc`` (the new document without its engine state) when
    anything else than version, update time, status and state changed; ``state`` when replaying the record
    (``app.lean_log.replay_state``) would not give the new state; ``flags`` are the record's further fields."""

    version: int
    kind: str
    seat: int | None
    action: dict[str, Any] | None
    events: list[StoredEvent]
    time: float
    status: str | None = None
    doc: MatchDoc | None = None
    state: bytes | None = None
    flags: dict[str, Any] | None = None


class Answer(msgspec.Struct, array_like=True):
    """What a request_id is remembered with: the version it produced, who asked (the joined
    player, for a join) and the fingerprint of the request (app/idempotency.py)."""

    version: int
    player_id: str | None
    fingerprint: str = ""


_encoder = msgspec.msgpack.Encoder()
_doc_decoder = msgspec.msgpack.Decoder(MatchDoc)
_record_decoder = msgspec.msgpack.Decoder(LogRecord)
_stored_decoder = msgspec.msgpack.Decoder(StoredRecord)
_answer_decoder = msgspec.msgpack.Decoder(Answer)

encode = _encoder.encode


def decode_doc(data: bytes) -> MatchDoc:
    return _doc_decoder.decode(data)


#: the document schema this code writes
SCHEMA = 2


def decode_stored(data: bytes) -> LogRecord | StoredRecord:
    """A log entry: a schema-1 ``LogRecord`` (a msgpack map) or a schema-2 ``StoredRecord`` (an array)."""
    first = data[0]
    if 0x80 <= first <= 0x8F or first in (0xDE, 0xDF):
        return _record_decoder.decode(data)
    return _stored_decoder.decode(data)


def decode_answer(data: bytes) -> Answer:
    return _answer_decoder.decode(data)


def decode_record(data: bytes) -> LogRecord | StoredRecord:
    """A log entry's record for what both schemas hold alike (kind, seat, action, events); its document at
    that version is rebuilt by ``app.history``."""
    return decode_stored(data)
