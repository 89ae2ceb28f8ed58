"""One writer per watched match and viewer class: live updates handed to every joined stream in one pass.

A watch stream used to be a task per stream, woken at every committed version to run its own chain (the
store's iterator, the app's follow, the handlers' conversion, the transport's write): with W streams over M
matches, W task wake-ups and generator chains per round of commits, which bounded a worker's fan-out more than
the writes themselves (docs/benchmarks.md, "Watchers, fifth pass"). A ``MatchFeed`` is one task per match
followed live on this worker: it takes each new version once, builds its update once per viewer class (the
player followed, None for a spectator; ``SharedUpdates``, so the object is the one a per-stream watch gets),
and hands it synchronously to every joined ``Sink`` of that class (the SSE handler's writes the shared frame
bytes to the stream's transport: api/sse_frames.py; a Play session's queues it for its transport:
app/play_sessions.py). The joined streams' own tasks sleep until their feed ends.

A stream always starts on its own (``WatchStream``): it reads its backlog as before, served as of the version
it opened at. Once it is live (its last update served as of itself, as the feed serves every update) and its
sink is ready, it offers the feed the version ``v`` it has sent:

* the feed is at ``v`` (it has handed out ``v`` and nothing after): the stream joins and gets ``v + 1`` on;
* the feed is behind ``v`` (it has not taken the newest versions yet): the stream waits in the feed's queue
  and joins right before the feed hands out ``v + 1``;
* the feed is past ``v``: the stream goes on on its own (the hub holds what it lacks) and offers again after
  its next update; no gap, no duplicate either way, since the feed and the stream see the same versions.

A sink that cannot take an update (its peer is behind: a transport buffer over its bound, or gone) leaves the
feed without it; the stream's own task goes on from the version the sink last took, on its own (waiting for
its peer as an unshared stream does), so a slow peer never holds up the others, and may join again later.
When the match ends the feed hands out the last version and every joined stream ends; when the store fails
every joined stream raises what its own watch would have raised. A feed stops when its last sink leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

from ..store.contract import ABANDONED, FINISHED
from . import documents as docs
from .replay import Replay
from .watch_updates import SharedUpdates

if TYPE_CHECKING:
    from ..store.contract import LogEntry
    from .matches import Update

log = logging.getLogger(__name__)

FINISHED_STATUSES = (FINISHED, ABANDONED)


class Sink(Protocol):
    """Where a joined stream's live updates go, synchronously (the API layer writes them out)."""

    def ready(self) -> bool:
        """Whether it may join now (its peer keeps up)."""

    def send(self, update: Update) -> bool:
        """Take ``update``; False (and nothing taken) when it cannot: the stream then goes on on its own."""


#: what a joined stream's own task waits for: None when the match ended (after its last version), the
#: document of the last version the sink took when the sink left, or the store's error
Ending = asyncio.Future[docs.MatchDoc | None]


class MatchFeed:
    """The live updates of one match on this worker, handed to every joined sink (module docstring)."""

    def __init__(
        self,
        feeds: WatchFeeds,
        doc: docs.MatchDoc,
        entries: AsyncIterator[LogEntry],
    ) -> None:
        self._feeds = feeds
        self.doc = doc  # the newest version handed out
        self._replay = Replay(doc)
        self._entries = entries
        self._groups: dict[str | None, list[Sink]] = {}  # by player followed, None: spectators
        self._endings: dict[Sink, tuple[str | None, Ending]] = {}
        self._queue: list[tuple[int, str | None, Sink]] = []  # joining once the feed reaches their version
        self._task = asyncio.ensure_future(self._run())

    def join(self, version: int, player_id: str | None, sink: Sink) -> Ending | None:
        """``sink`` takes over after ``version``, already sent; None when the feed is past it."""
        if version < self.doc.version:
            return None
        ending: Ending = asyncio.get_running_loop().create_future()
        self._endings[sink] = (player_id, ending)
        if version == self.doc.version:
            self._groups.setdefault(player_id, []).append(sink)
        else:
            self._queue.append((version, player_id, sink))
        return ending

    def leave(self, sink: Sink) -> None:
        """``sink`` stops (its stream was cancelled): nothing more is sent to it."""
        found = self._endings.pop(sink, None)
        if found is None:
            return
        group = self._groups.get(found[0])
        if group is not None and sink in group:
            group.remove(sink)
            if not group:
                del self._groups[found[0]]
        self._queue = [queued for queued in self._queue if queued[2] is not sink]
        if not self._endings:
            self._feeds.forget(self)
            self._task.cancel()

    async def _run(self) -> None:
        try:
            async with contextlib.aclosing(self._entries) as entries:
                async for entry in entries:
                    await self._hand_out(entry)
                    if self.doc.status in FINISHED_STATUSES:
                        self._end_all(None)
                        return
                    if not self._endings:  # every sink left while taking this version
                        return
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the store's (StoreUnavailable, MatchNotFound): each stream raises it
            self._end_all(error)
        finally:
            self._feeds.forget(self)

    async def _hand_out(self, entry: LogEntry) -> None:
        """One version to every sink."""
        feeds, before = self._feeds, self.doc
        record = feeds.updates.record(before.match_id, before, entry, before.create_time)
        if entry.data is not None:  # a live update: just committed, a guess like our own commits
            feeds.keep_recent(record)
        connected = await feeds.connected(record.doc)
        self._replay.advance(record.doc)
        if self._queue:  # queued at a version this one follows (a stream joined during the wait above)
            joining = [queued for queued in self._queue if queued[0] < record.version]
            self._queue = [queued for queued in self._queue if queued[0] >= record.version]
            for _version, player_id, sink in joining:
                self._groups.setdefault(player_id, []).append(sink)
        for player_id, group in list(self._groups.items()):
            viewer = record.doc.player(player_id) if player_id is not None else None
            update = feeds.updates.update(record, viewer, self._replay, connected)
            left = [sink for sink in group if not sink.send(update)]
            for sink in left:
                group.remove(sink)
                _player, ending = self._endings.pop(sink)
                if not ending.done():
                    ending.set_result(before)
            if not group:
                del self._groups[player_id]
        self.doc = record.doc

    def _end_all(self, error: Exception | None) -> None:
        endings, self._endings = self._endings, {}
        self._groups.clear()
        self._queue.clear()
        for _player, ending in endings.values():
            if ending.done():  # cancelled with its stream, which leaves next
                continue
            if error is None:
                ending.set_result(None)
            else:
                ending.set_exception(error)


class WatchFeeds:
    """The feeds of one worker, by match (and creation time: an id freed by expiry may name a new match)."""

    def __init__(
        self,
        updates: SharedUpdates,
        entries_after: Callable[[str, int], AsyncIterator[LogEntry]],
        connected: Callable[[docs.MatchDoc], Awaitable[frozenset[int]]],
        keep_recent: Callable[[docs.LogRecord], None],
    ) -> None:
        self.updates = updates
        self.entries_after = entries_after
        self.connected = connected
        self.keep_recent = keep_recent
        self._feeds: dict[tuple[str, float], MatchFeed] = {}

    @property
    def live(self) -> int:
        """Matches fed on this worker now (tests read it)."""
        return len(self._feeds)

    def join(self, doc: docs.MatchDoc, player_id: str | None, sink: Sink) -> tuple[MatchFeed, Ending] | None:
        """``sink`` takes over the stream of ``player_id`` (None: a spectator) after ``doc``'s version, which
        the stream has sent as of itself; None when the match's feed is past it (module docstring)."""
        key = (doc.match_id, doc.create_time)
        feed = self._feeds.get(key)
        if feed is None:
            feed = self._feeds[key] = MatchFeed(self, doc, self.entries_after(doc.match_id, doc.version))
        ending = feed.join(doc.version, player_id, sink)
        return None if ending is None else (feed, ending)

    def forget(self, feed: MatchFeed) -> None:
        key = (feed.doc.match_id, feed.doc.create_time)
        if self._feeds.get(key) is feed:
            del self._feeds[key]


class WatchStream:
    """One viewer's watch: its updates one by one (async iteration) from its own task, until its consumer's
    ``share`` sink may join the match's feed (``MatchService._follow`` offers it after each live update)."""

    def __init__(self, run: Callable[[WatchStream], AsyncIterator[Update]]) -> None:
        #: where the stream's live updates may go instead of its own iteration; None: never shared
        self.sink: Sink | None = None
        self._updates = run(self)

    def share(self, sink: Sink) -> None:
        self.sink = sink

    def __aiter__(self) -> WatchStream:
        return self

    def __anext__(self) -> Awaitable[Update]:
        return self._updates.__anext__()

    async def aclose(self) -> None:
        await self._updates.aclose()
