"""The match documents this worker committed last: a guess the next commit checks.

A change used to read the match from the store first (one Redis round trip and a decode) even when this very
worker had just written or read it, as it has in most turns: a seat's client calls the worker its connection
is on. The change now starts from the document kept here, and the commit's compare-and-set on the version
validates the guess atomically: when another replica committed since, the commit finds another version and the
change runs again from a fresh read (``MatchService._commit_change``), as after any lost race. Nothing is ever
committed from a stale document, so a cached document can only cost a retry, never a wrong answer.

Each document is kept with the log record that committed it, so GetMatch's ``last_events`` (app/last_events.py)
need not read back from the log the record this worker just wrote: a document read from the store at the same
match creation time and version as the one kept is that document (a version is committed once).

Only documents this worker committed, or received live on a watch as they were committed (the Play sessions and
watches it serves: every seat's session may be on another worker), are kept (a commit renews the match's expiry),
each at most ``max_age`` seconds, well below the shortest time a match sits in the store after a commit before it
expires (a quarter of ``--finished-ttl`` and ``--idle-ttl``): an id freed by expiry and reused by a new match at
the same version is then never mistaken for the old one. Hand-written plumbing: the entries are in the bounded map
of every cache here (lru.py), each with its age, which functools' caches do not have.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from . import documents as docs
from .lru import Lru

#: documents kept per worker (a few KB each)
SIZE = 4096
#: seconds an entry is trusted as a guess
MAX_AGE = 30.0


class RecentDocs:
    def __init__(self, clock: Callable[[], float] = time.monotonic, size: int = SIZE, max_age: float = MAX_AGE):
        self._clock = clock
        self._max_age = max_age
        self._docs: Lru[str, tuple[docs.MatchDoc, float, docs.LogRecord]] = Lru(size)

    def get(self, match_id: str, game: str) -> docs.MatchDoc | None:
        found = self._docs.get(match_id)
        if found is None:
            return None
        doc, kept, _ = found
        if doc.game != game or self._clock() - kept > self._max_age:
            del self._docs[match_id]
            return None
        return doc

    def record_of(self, doc: docs.MatchDoc) -> docs.LogRecord | None:
        """The record that committed ``doc`` (a document read from the store), when this worker committed it."""
        found = self._docs.get(doc.match_id)
        if found is None or found[0].create_time != doc.create_time or found[0].version != doc.version:
            return None
        return found[2]

    def keep(self, doc: docs.MatchDoc, record: docs.LogRecord) -> None:
        """Remember ``doc``, committed by ``record``, unless a newer version of the same match is kept already."""
        found = self._docs.pop(doc.match_id, None)
        if found is not None and found[0].create_time == doc.create_time and found[0].version > doc.version:
            self._docs[doc.match_id] = found
            return
        self._docs.keep(doc.match_id, (doc, self._clock(), record))

    def forget(self, match_id: str) -> None:
        self._docs.pop(match_id, None)
