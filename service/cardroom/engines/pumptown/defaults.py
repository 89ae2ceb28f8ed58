"""What an absent seat plays in Pumptown (docs/rules/pumptown.md, "Timeouts and absent seats").

The absent seat plays no pump card and answers every response window with ``pass``. It
acknowledges the peek, draws from the pile and throws the drawn card away (its grid stays as
dealt), placing only when the rules forbid the discard, in a fixed slot. It ends its turns
without knocking until the round has lasted ``KNOCK_AFTER_LAPS`` laps of the table, so that a
table of absent seats still ends its rounds. A Redistribute it had started is finished by an
even split in seat order; a pump card over the hand limit is the one it received last.
"""

from __future__ import annotations

from typing import Any

from .actions import context, legal_actions
from .rounds import WINDOWS
from .state import PumptownState

#: completed turns per seat after which the absent seat knocks (real rounds end far sooner)
KNOCK_AFTER_LAPS = 6


def default_action(st: PumptownState, seat: int) -> dict[str, Any]:
    """The default for ``seat``, which has the pending decision."""
    ctx = context(st)
    if ctx in WINDOWS or ctx == "NOPE_WINDOW":
        return {"type": "pass"}  # a new dict each time: callers own what they get
    if ctx == "PEEK":
        return {"type": "ack_peek"}
    if ctx in ("TURN_START", "DUEL_TURN"):
        return {"type": "draw", "source": "pile"}
    if ctx in ("TURN_PLACE", "DUEL_PLACE"):
        discard = {"type": "discard_drawn"}
        if discard in legal_actions(st, seat):
            return discard
        return {"type": "place", "pos": "TL" if ctx == "TURN_PLACE" else "L"}
    if ctx == "KNOCK_DECISION":
        return {"type": "knock" if st.turns_done + 1 >= KNOCK_AFTER_LAPS * st.n else "end_turn"}
    if ctx == "REDIS_ALLOC":
        return _even_share(legal_actions(st, seat))
    if ctx == "PUMP_LIMIT":
        return {"type": "discard_pump", "card": st.hands[seat][-1]}
    raise AssertionError(f"no default for decision {ctx}")


def _even_share(allotments: list[dict[str, Any]]) -> dict[str, Any]:
    """The first open recipient's even share of what remains: the listed amounts run 1..remaining
    (or are exactly the remainder for the last open recipient), one run per open recipient."""
    recipient = allotments[0]["recipient"]
    open_count = len({a["recipient"] for a in allotments})
    remaining = max(a["amount"] for a in allotments)
    return {"type": "allot", "recipient": recipient, "amount": -(-remaining // open_count)}
