"""What the service stores per match: the match document and its log records.

Both are server-side only: they hold the engine state (deck order, seed) and
unredacted events, so nothing here is ever sent to a client as is; the match
service builds per-viewer answers from them.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..engines.contract import Event


class Player(msgspec.Struct):
    """A joined player. ``seat`` is its place at the table (fixed when the match starts)."""

    player_id: str
    name: str
    seat: int
    #: the joining client as app/limits.py counts it (a keyed hash, never an address); "" when unknown
    client: str = ""


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
    """The log entry of one version: what happened and the document right after it."""

    version: int
    kind: str  # created | joined | left | started | action
    seat: int | None
    action: dict[str, Any] | None
    events: list[StoredEvent]
    doc: MatchDoc


class Answer(msgspec.Struct, array_like=True):
    """What a request_id is remembered with: the version it produced, who asked (the joined
    player, for a join) and the fingerprint of the request (app/idempotency.py)."""

    version: int
    player_id: str | None
    fingerprint: str = ""


_encoder = msgspec.msgpack.Encoder()
_doc_decoder = msgspec.msgpack.Decoder(MatchDoc)
_record_decoder = msgspec.msgpack.Decoder(LogRecord)
_answer_decoder = msgspec.msgpack.Decoder(Answer)

encode = _encoder.encode


def decode_doc(data: bytes) -> MatchDoc:
    return _doc_decoder.decode(data)


def decode_record(data: bytes) -> LogRecord:
    return _record_decoder.decode(data)


def decode_answer(data: bytes) -> Answer:
    return _answer_decoder.decode(data)
