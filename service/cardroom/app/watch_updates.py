"""Watch updates built once per worker: each committed version of a watched match, once per viewer class.

Every WatchMatch/SSE stream used to decode each committed document and build the view, legal actions, events
and result of each update for its own viewer: with W streams over M matches, W/M builds of the same thing per
commit, which bounded a worker's fan-out (profile in docs/benchmarks.md, "Watchers"). Here a version's record is
decoded once per worker, and its update is built once per viewer class (a seat gets that seat's view; every
spectator gets the one spectator view), then the same ``Update`` object goes to every stream of that class,
so the transports convert and serialise it once too (api/watch_wire.py).

An update depends on exactly what the cache key names, so sharing it changes nothing a viewer receives:

* the match: its id and creation time (an id freed by expiry may name a new match);
* the version, and the version it is served as of (``Replay.now``: a backlog is served as of the version
  the watch started at, which may redact a replayed private event further; live updates are served as of
  themselves);
* the viewer's seat, None for a spectator (``MatchService._update`` reads nothing else of the viewer);
* the seats connected (presence), which each stream reads for itself as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..store.contract import LogEntry
from . import documents as docs
from .history import History
from .lru import Lru
from .replay import Replay

if TYPE_CHECKING:
    from .matches import Update

#: records and updates kept per worker: enough for every viewer class of every match a worker streams to
#: catch up with the versions in flight; a miss only costs a rebuild
CACHE_SIZE = 4096

class SharedUpdates:
    """The per-worker cache of watch updates; ``build`` makes one update (``MatchService._update``)."""

    def __init__(
        self,
        history: History,
        build: Callable[[docs.LogRecord, docs.Player | None, Replay, frozenset[int]], Update],
        size: int = CACHE_SIZE,
    ) -> None:
        self._history = history
        self._build = build
        self._records: Lru[tuple[str, float, int], docs.LogRecord] = Lru(size)
        self._updates: Lru[tuple[str, float, int, int, int | None, frozenset[int]], Update] = Lru(size)
        #: updates built rather than served from the cache (tests count them)
        self.builds = 0

    def record(
        self, match_id: str, prev: docs.MatchDoc | None, entry: LogEntry, created: float
    ) -> docs.LogRecord:
        """``entry`` as a record with its document, decoded once per worker (``History.record``)."""
        key = (match_id, created, entry.version)
        found = self._records.find(key)
        if found is not None:
            return found
        return self._records.keep(key, self._history.record(match_id, prev, entry, created))

    def update(
        self, record: docs.LogRecord, player: docs.Player | None, replay: Replay, connected: frozenset[int]
    ) -> Update:
        """``record`` for ``player`` (None: a spectator) served as of ``replay``, with ``connected`` seats:
        the same object for every stream that asks the same."""
        doc = record.doc
        seat = player.seat if player else None
        key = (doc.match_id, doc.create_time, record.version, replay.now.version, seat, connected)
        found = self._updates.find(key)
        if found is not None:
            return found
        self.builds += 1
        return self._updates.keep(key, self._build(record, player, replay, connected))
