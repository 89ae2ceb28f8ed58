"""What a seat or a spectator sees (rules §5): everything but the draw pile's order
and contents. The shape is documented in the package docstring."""

from __future__ import annotations

from typing import Any

from .cards import KIND, KINDS, line_value
from .state import BUSTED, FLIP7, OUT, TURN, Flip7State


def build_view(s: Flip7State, seat: int | None, legal_actions: list[dict[str, Any]]) -> dict[str, Any]:
    bonus = s.options.flip7_bonus
    players = []
    for i, p in enumerate(s.players):
        status = p.status
        value = (
            0 if status in (BUSTED, OUT) else line_value(p.numbers, p.mods, bonus if status == FLIP7 else 0)
        )
        players.append(
            {
                "seat": i,
                "status": status,
                "numbers": p.numbers.copy(),
                "mods": p.mods.copy(),
                "sc": p.sc,
                "total": p.total,
                "line_value": value,
            }
        )
    pending = s.pending
    return {
        "you": seat,
        "phase": s.phase,
        "round": s.round,
        "dealer": s.dealer,
        "current": s.current if s.phase == TURN else None,
        "turn_open": s.turn_open,
        "pending": None
        if pending is None
        else {"decider": pending.decider, "card": pending.card, "legal_targets": pending.legal_targets.copy()},
        "stack": [{"target": f.target, "draws_left": f.draws_left, "set_aside": f.set_aside.copy()} for f in s.stack],
        "players": players,
        "draw_count": len(s.draw),
        "discard": s.discard.copy(),
        "remaining": _remaining(s.draw) if s.options.show_remaining_counts else [],
        "winners": s.winners.copy(),
        "legal_actions": legal_actions,
    }


def _remaining(draw: list[str]) -> list[dict[str, Any]]:
    """The draw pile's count per kind, in canonical kind order, kinds with 0 left included."""
    counts = dict.fromkeys(KINDS, 0)
    for card in draw:
        counts[KIND[card]] += 1
    return [{"kind": kind, "count": count} for kind, count in counts.items()]
