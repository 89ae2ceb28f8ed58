"""Engine states decoded once per worker, keyed by their encoded bytes.

Each committed version of a match used to be decoded again for every answer built from it: the SubmitAction
answer, the next seat's GetMatch, and on a watch or Play session one snapshot per viewer class (a seat's view
and legal actions each need the state). The same bytes always decode to the same state (the codecs are
deterministic), so the bytes themselves are the key: a hit can never be a wrong state, whichever version,
match or replica the bytes came from, and an uncommitted document cannot poison it. ``keep`` adds the state an
action just produced under its bytes (engine_steps.py), so the new version's first view does not decode what was
just encoded: the engine contract suite plays every random game's twin from its decoded bytes at every step, so
a state and what its bytes decode to play the same.

The decoded states handed out are shared, so they go only to engine calls that never change their input:
views, legal actions, ``to_act``, results, and ``apply`` itself (the engine contract suite checks that
``apply`` leaves its input state as it was). One cache per worker process (``shared``), like the watch memos
(api/watch_wire.py). Hand-written plumbing: ``functools.lru_cache`` on a function of (engine, bytes) would do,
but cannot be sized or emptied per instance for tests.
"""

from __future__ import annotations

from typing import Any

from ..engines.contract import Engine
from .lru import Lru

#: states kept per worker: every viewer class of the versions in flight, a few KB each
SIZE = 2048


class DecodedStates:
    def __init__(self, size: int = SIZE) -> None:
        self._states: Lru[tuple[str, bytes], Any] = Lru(size)

    def decode(self, engine: Engine, data: bytes) -> Any:
        """``engine.decode(data)``, shared with every caller of the same bytes: never to be changed."""
        found = self._states.find((engine.info.id, data))
        return found if found is not None else self.keep(engine, data, engine.decode(data))

    def keep(self, engine: Engine, data: bytes, state: Any) -> Any:
        """Hand out ``state`` for ``data`` from here on: it must be what ``data`` decodes to (engine states are
        equal to what their encoding decodes to), and is never to be changed."""
        return self._states.keep((engine.info.id, data), state)


#: the worker's cache
shared = DecodedStates()


def decoded(engine: Engine, data: bytes) -> Any:
    """The state ``data`` encodes, from the worker's cache: read it, never change it."""
    return shared.decode(engine, data)
