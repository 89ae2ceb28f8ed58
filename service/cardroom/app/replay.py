"""What one viewer may be served of a log record: its events as that viewer saw them, re-served now.

A record is served live (the version just committed: an action's answer, a watcher
that is up to date) or again later (GetMatchLog, a watch resumed from an older
version). Either way a viewer gets only what it saw when it happened
(``Event.for_viewer``), never more because the match has ended; what the rules make
public at the end is in the public events that end it (reveals, round results).
Served again, the engine may redact further what the view no longer shows
(``Engine.replay_event``: Pumptown's ``memory_assist=false``), judged against the
match *now*. The seat and action of a record are named to every viewer, except to
the others when the engine says the actor is secret (``Engine.hides_actor``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engines import get_engine
from ..engines.contract import Engine
from . import documents as docs
from .decoded_states import decoded


@dataclass
class Replay:
    """Serves records of one match as of the match ``now``; a viewer is a seat, or None for a spectator."""

    now: docs.MatchDoc
    engine: Engine = field(init=False)
    _state: Any = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.engine = get_engine(self.now.game)

    def advance(self, doc: docs.MatchDoc) -> None:
        """A newer version was committed (a live watcher): it is now."""
        if doc.version > self.now.version:
            self.now, self._state = doc, None

    def events(self, record: docs.LogRecord, seat: int | None) -> list[dict[str, Any]]:
        shown = []
        for stored in record.events:
            event = stored.as_event()
            if event.private and seat in event.private and self.now.state is not None:
                event = self.engine.replay_event(self._now_state(), seat, event)
            shown.append(event.for_viewer(seat))
        return shown

    def actor(self, record: docs.LogRecord, seat: int | None) -> tuple[int | None, dict[str, Any] | None]:
        """The record's seat and action as ``seat`` may know them."""
        if record.action is None or record.seat == seat or record.doc.state is None:
            return record.seat, record.action
        if self.engine.hides_actor(decoded(self.engine, record.doc.state), record.action):
            return None, None
        return record.seat, record.action

    def _now_state(self) -> Any:
        if self._state is None:
            self._state = decoded(self.engine, self.now.state)
        return self._state
