"""What an absent seat plays in Pumba (docs/rules/pumba.md, "Timeouts and absent seats").

The absent seat never plays a card: on a penalty turn it takes the penalty (it does not
pass the debt on with a Two), on a normal turn it draws and then passes (passing at once
where the rules allow it). Out of turn its only possible decision is the Pumba! challenge
of an open window, the only action the rules give it there.
"""

from __future__ import annotations

from typing import Any

#: the action types the default takes, best first; each seat in ``to_act`` has one of them
PREFERENCE = ("take_penalty", "pass", "draw", "challenge_pumba")


def default_action(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The default among ``legal`` (the seat's non-empty legal actions)."""
    by_type = {action["type"]: action for action in legal if action["type"] != "play"}
    return next(by_type[kind] for kind in PREFERENCE if kind in by_type)
