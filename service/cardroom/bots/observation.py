"""``observe``: the only code that turns an engine state into what a bot gets.

Simulation, ``cardroom bench bots`` and the service all build a bot's input
here, so the honesty of every bot rests on this one function: it reads the
state only through ``engine.view`` and ``engine.legal_actions`` (both checked
by the engine contract not to depend on cards hidden from the seat) and the
events only through ``Event.for_viewer``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engines.contract import Engine, Event
from .contract import Observation


def observe(
    engine: Engine,
    state: Any,
    seat: int,
    events: Iterable[Event],
    memory: Any,
    options: Mapping[str, Any],
) -> Observation:
    """The Observation of ``seat`` in ``state``.

    ``events`` are the engine events since this bot's previous decision for the
    seat (all events since the start at first); each is reduced to what the
    seat saw. ``options`` are the match's effective options. Raises ValueError
    when the seat has no decision to take (no legal action): asking a bot then
    is the caller's mistake.
    """
    legal = engine.legal_actions(state, seat)
    if not legal:
        raise ValueError(f"seat {seat} has no legal action: nothing for a bot to decide")
    return Observation(
        game=engine.info.id,
        seat=seat,
        seat_count=engine.seat_count(state),
        options=dict(options),
        view=engine.view(state, seat),
        legal_actions=tuple(legal),
        events=tuple(event.for_viewer(seat) for event in events),
        memory=memory,
    )
