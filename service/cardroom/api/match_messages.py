"""A watched version's ``Match`` message, built once for all its viewer classes.

The watch and Play updates of one committed version are built once per viewer class (app/watch_updates.py,
api/watch_wire.py), and each viewer class's ``MatchState`` holds the same ``Match``: the match's name, status,
seats, options and times do not depend on who views them. Building it in Python (a ``SeatInfo`` per seat,
timestamps, options) was the largest part of converting a Play session's update (profile in
docs/benchmarks.md, "CPU per move, third pass"); copying a built one is C code.

The key is the document object (the updates of one version share the record's document) and the other inputs
of ``match_to_proto``; an entry holds its document, so no other object can take its id while the entry lives.
Hand-written plumbing: ``functools.lru_cache`` keys by equality, and documents compare (and hash) by value only
at the cost of comparing whole states.
"""

from __future__ import annotations

from collections.abc import Callable

from ..app import documents as docs
from ..app.lru import Lru
from ..v1 import match_pb2

#: versions in flight across the watched matches of a worker; a miss only costs a build
SIZE = 512

Build = Callable[..., match_pb2.Match]


class SharedMatches:
    def __init__(self, build: Build, size: int = SIZE) -> None:
        self._build = build
        self._entries: Lru[
            tuple[int, frozenset[int], float | None, frozenset[int]], tuple[docs.MatchDoc, match_pb2.Match]
        ] = Lru(size)

    def __call__(
        self, doc: docs.MatchDoc, connected: frozenset[int], expire_time: float | None, held: frozenset[int]
    ) -> match_pb2.Match:
        """The ``Match`` of ``doc`` as ``match_to_proto`` builds it: shared, so copy it, never change it."""
        key = (id(doc), connected, expire_time, held)
        entry = self._entries.find(key)
        if entry is not None and entry[0] is doc:
            return entry[1]
        built = self._build(doc, connected=connected, expire_time=expire_time, held=held)
        return self._entries.keep(key, (doc, built))[1]
