"""One action applied to a match document (pure): shared by players (SubmitAction) and the server's turns."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import msgspec

from ..engines import get_engine
from ..engines.contract import RuleError
from ..observability import metrics
from ..store.contract import ABANDONED, ACTIVE, FINISHED, WAITING
from . import documents as docs
from . import engine_steps, seats
from .clock import decision_start
from .config import Settings
from .decoded_states import decoded
from .errors import FAILED_PRECONDITION, AppError


def apply_action(
    doc: docs.MatchDoc,
    seat: int,
    action: Mapping[str, Any],
    now: float,
    settings: Settings,
    *,
    timed_out: bool = False,
    by_bot: bool = False,
) -> tuple[docs.MatchDoc, docs.LogRecord]:
    """The next version after ``seat`` plays ``action``, and its log record.

    The turn clock restarts with every decision, except that a timed-out default
    action leaves the rest of the same decision on the running clock (the other
    seats of a response window, the next step of a multi-step default such as
    Pumba's draw then pass): those seats were already due."""
    if doc.status == WAITING:
        raise AppError(FAILED_PRECONDITION, "MATCH_NOT_STARTED", "the match has not started")
    if doc.status == ABANDONED:
        raise AppError(FAILED_PRECONDITION, "MATCH_ABANDONED", "the match was abandoned")
    engine = get_engine(doc.game)
    state = decoded(engine, doc.state)  # apply never changes its input state
    before = set(engine.to_act(state))
    try:
        with metrics.child(metrics.ENGINE_APPLY_SECONDS, doc.game).time():
            transition = engine.apply(state, seat, action)
    except RuleError as error:
        raise AppError.from_rule(error) from None
    status = FINISHED if engine.is_over(transition.state) else ACTIVE
    same_decision = timed_out and set(engine.to_act(transition.state)) <= before
    new = msgspec.structs.replace(
        doc,
        version=doc.version + 1,
        update_time=now,
        status=status,
        state=engine_steps.shared.noted(engine, doc.state, seat, action, transition.state),
        players=seats.after_decision(doc, seat, now, settings, timed_out=timed_out),
        turn_start=decision_start(doc) if same_decision else None,
    )
    events = [docs.StoredEvent.of(event) for event in transition.events]
    record = docs.LogRecord(new.version, "action", seat, dict(action), events, new, timed_out=timed_out, by_bot=by_bot)
    return new, record
