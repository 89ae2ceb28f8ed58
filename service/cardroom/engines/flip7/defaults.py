"""What an absent seat plays in Flip 7 (docs/rules/flip-7.md, "Timeouts and absent seats").

The turn: STAY when the rules allow it, else HIT (the only other action). An action card
the seat must give away lands on the seat itself when it is a legal recipient (Freeze on
oneself banks the line like a STAY, Flip Three on oneself risks only the absent seat's own
line, a Second Chance is kept as a careful player keeps it); otherwise it goes to the first
legal recipient clockwise from the seat, a fixed rule that looks at nobody's score.
"""

from __future__ import annotations

from typing import Any

from .state import Flip7State


def default_action(state: Flip7State, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The default among ``legal`` (the seat's non-empty legal actions)."""
    pending = state.pending
    if pending is not None:
        return {"type": "assign", "target": _recipient(pending.legal_targets, seat, len(state.players))}
    stay = {"type": "stay"}
    return stay if stay in legal else {"type": "hit"}


def _recipient(targets: list[int], seat: int, seats: int) -> int:
    """The seat itself if it may receive the card, else the first legal target clockwise from it."""
    return min(targets, key=lambda target: (target - seat) % seats)
