"""The compound turn (rules §3.2): ``turn {play, take, place, draw?}`` as one atomic action.

The rules allow a server to accept a whole turn at once, "validated as the exact sequence and applied atomically
(all or nothing)", since nothing is revealed between its steps. It is the sequence of the step actions applied in
order, each checked as on its own; the first refusal refuses the whole turn and nothing changes (the steps work on
copies). ``draw`` is given exactly when the turn reaches the DRAW phase (both piles hold cards after the place);
a forced or impossible draw is the engine's, as in step-by-step play (docs/rules/up-or-down.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..contract import Event, RuleError, Transition
from .state import DRAW, PLAY, UpOrDownState

#: the steps of a compound turn, in play order; ``draw`` may be absent
STEPS: tuple[str, ...] = ("play", "take", "place", "draw")


def apply_turn(
    state: UpOrDownState,
    seat: int,
    action: Mapping[str, Any],
    apply_step: Callable[[UpOrDownState, int, Mapping[str, Any]], Transition[UpOrDownState]],
) -> Transition[UpOrDownState]:
    """Apply ``action`` (``{"type": "turn", "play": {...}, ...}``) with ``apply_step`` (the engine's one-step apply),
    checked after GAME_OVER and NOT_YOUR_TURN by the caller."""
    if state.phase != PLAY:
        raise RuleError("WRONG_PHASE", f"a whole turn starts in phase PLAY, not {state.phase}")
    steps = [key for key in action if key != "type"]
    if not {"play", "take", "place"} <= set(steps) or not set(steps) <= set(STEPS):
        raise RuleError("INVALID_ARGUMENT", "a turn has play, take and place, and draw when both piles hold cards")
    events: list[Event] = []
    for step in STEPS:
        if state.phase == DRAW and step == "draw" and step not in action:
            raise RuleError("INVALID_ARGUMENT", "both piles hold cards: the turn needs its draw")
        if step not in action:
            continue
        if step == "draw" and state.phase != DRAW:
            raise RuleError("INVALID_ARGUMENT", "this turn has no draw to choose (a forced draw, or none)")
        params = action[step]
        if not isinstance(params, Mapping) or "type" in params:
            raise RuleError("INVALID_ARGUMENT", f"{step} must be the parameters of a {step} action")
        transition = apply_step(state, seat, {"type": step, **params})
        state = transition.state
        events += transition.events
    return Transition(state, events)
