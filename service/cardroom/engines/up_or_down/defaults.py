"""What an absent seat plays in Up or Down? (docs/rules/up-or-down.md, "Timeouts and absent seats").

One fixed rule per step of the turn, blind to colours and to what others collect: play the
lowest card in hand, take the lower-numbered neighbour, put it on the first column it
continues (else a new column, else in place of the column whose loss is smallest), draw face down.
"""

from __future__ import annotations

from typing import Any

from .scoring import column_score
from .state import DRAW, PLACE, PLAY, TAKE, UpOrDownState


def default_action(state: UpOrDownState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The default among ``legal`` (the current seat's non-empty legal actions)."""
    phase = state.phase
    if phase == PLAY:
        return {"type": "play", "card": min(state.hands[seat])}
    if phase == TAKE:
        return {"type": "take", "card": min(state.lower, state.upper)}
    if phase == PLACE:
        return _place(state, seat, legal)
    if phase == DRAW:
        return {"type": "draw", "pile": "down"}
    raise AssertionError(f"no decision in phase {phase}")


def _place(state: UpOrDownState, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    # legal lists fitting columns first, then a new column, then the give-ups (canonical order)
    first = legal[0]
    if first["target"] != "give_up":
        return first
    columns = state.columns[seat]
    # a given-up column's score becomes one point per card: give up the one that loses least
    # (then the shorter, then the lower index)
    index = min(range(len(columns)), key=lambda i: (column_score(columns[i]) - len(columns[i]), len(columns[i]), i))
    return {"type": "place", "target": "give_up", "index": index}
