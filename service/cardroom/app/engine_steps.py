"""The next state of each action a worker just applied, so the lean log's check does not apply it again.

Every commit of an action applies it (``moves.apply_action``: decode, apply, encode), and then the lean log asks
whether replaying the record gives the committed bytes (``lean_log.replay_state``), to leave the state out of the
stored record: the same decode, apply and encode a second time (8-35 µs per action on early states, more
later). The engines are deterministic: the same state bytes, seat and action always give the same next bytes.
So a step is keyed by exactly those (the action by its msgpack encoding, which is the value exactly) and a hit
can never be a different step; a miss (an old record rebuilt for a replay, an entry evicted) only costs the computation.

``noted`` also puts the next state in the worker's decoded-state cache under its bytes (decoded_states.py): the
first view of the new version would otherwise decode the bytes just encoded from it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from ..engines.contract import Engine
from .decoded_states import decoded
from .decoded_states import shared as decoded_states
from .lru import Lru

#: steps kept per worker: the commits between an apply and its lean log record are few
SIZE = 256

_encode = msgspec.msgpack.Encoder().encode


class EngineSteps:
    def __init__(self, size: int = SIZE) -> None:
        self._next: Lru[tuple[str, bytes, int, bytes], bytes] = Lru(size)

    def noted(self, engine: Engine, before: bytes, seat: int, action: Mapping[str, Any], after: Any) -> bytes:
        """The bytes of ``after``, the state ``seat`` playing ``action`` on the state ``before`` encodes led to,
        kept for ``next_state``; ``after`` is shared from here on (never to be changed)."""
        encoded = engine.encode(after)
        self._next.keep((engine.info.id, before, seat, _encode(action)), encoded)
        decoded_states.keep(engine, encoded, after)
        return encoded

    def next_state(self, engine: Engine, before: bytes, seat: int, action: Mapping[str, Any]) -> bytes:
        """The bytes of the state after ``seat`` plays ``action`` on the state ``before`` encodes."""
        found = self._next.find((engine.info.id, before, seat, _encode(action)))
        if found is not None:
            return found
        return engine.encode(engine.apply(decoded(engine, before), seat, action).state)


#: the worker's steps
shared = EngineSteps()
