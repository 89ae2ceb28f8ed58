"""The match documents read to open watches, shared by the streams that open together.

Opening a stream reads its match (the token is checked and the request bounded against it before anything is
streamed). Thousands of streams opening at once over a few hundred matches made thousands of reads of the same
few documents, each taking one of the worker's few pooled Redis connections: under load some waited past the
call deadline, and their opening failed UNAVAILABLE (docs/benchmarks.md, "Watchers, second pass"). Here the
streams of one match opening together share one read, and the next ones reuse it for ``max_age`` seconds.

A document up to ``max_age`` old is a valid start for a watch: following from it is following from a moment
earlier (every version after it is served as a live watcher gets it), and the caller checks a request against
it that the document may be too old for (``after_version`` beyond its version, a seat taken since) by reading
the match afresh. Hand-written plumbing: the read is shared while under way (a future), which no memoizing
decorator of the standard library does for coroutines.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

from . import documents as docs
from .lru import Lru

#: seconds a document read to open a watch serves the next openings
MAX_AGE = 2.0
#: documents kept per worker
SIZE = 4096


class WatchOpens:
    """``load(game, match_id)`` once for the openings that ask at the same time or within ``max_age``."""

    def __init__(
        self,
        load: Callable[[str, str], Awaitable[docs.MatchDoc]],
        max_age: float = MAX_AGE,
        clock: Callable[[], float] = time.monotonic,
        size: int = SIZE,
    ) -> None:
        self._load = load
        self._max_age = max_age
        self._clock = clock
        self._docs: Lru[tuple[str, str], tuple[docs.MatchDoc, float]] = Lru(size)
        self._reading: dict[tuple[str, str], asyncio.Future[docs.MatchDoc]] = {}
        #: reads made rather than shared (tests count them)
        self.reads = 0

    async def doc(self, game: str, match_id: str) -> docs.MatchDoc:
        key = (game, match_id)
        found = self._docs.get(key)
        if found is not None and self._clock() - found[1] <= self._max_age:
            return found[0]
        reading = self._reading.get(key)
        if reading is None:
            self.reads += 1
            reading = self._reading[key] = asyncio.ensure_future(self._read(key))
            reading.add_done_callback(lambda done: self._forget(key, done))
        return await asyncio.shield(reading)

    async def _read(self, key: tuple[str, str]) -> docs.MatchDoc:
        doc = await self._load(*key)
        self._docs.keep(key, (doc, self._clock()))
        return doc

    def _forget(self, key: tuple[str, str], done: asyncio.Future[docs.MatchDoc]) -> None:
        if self._reading.get(key) is done:
            del self._reading[key]
        if not done.cancelled():
            done.exception()  # retrieved: every opening that waited has it
