"""Flip 7 (rules: ../shared/rules/flip-7.md; decisions: docs/rules/flip-7.md).

Card ids are the rules' §1.2 ids (``N7_3``, ``FRZ_1``, ``P10_1``, ``X2_1``);
statuses, phases, round-end reasons and ``via`` are the rules' UPPER codes.

Actions (canonical order: hit, stay, assign by ascending target)
    ``{"type": "hit"}``
    ``{"type": "stay"}``
    ``{"type": "assign", "target": <seat>}``

Error codes, checked in this order: GAME_OVER, NOT_A_PLAYER, INVALID_ARGUMENT
(malformed action), DECISION_PENDING, NO_DECISION, NOT_YOUR_DECISION,
NOT_YOUR_TURN, ILLEGAL_TARGET, STAY_EMPTY_LINE. Match creation: INVALID_OPTION,
INVALID_SEAT_COUNT, INVALID_ARGUMENT (bad fixture or seed).

Events (all public; ``private`` is never used: Flip 7 has no private information)
    ``round_start{round, dealer}``
    ``deal{seat, card}``
    ``draw{seat, card, via}``                 via: HIT | FLIP3
    ``set_aside{seat, card}``
    ``assign_required{decider, card, legal}``
    ``assign{decider, card, target, auto}``
    ``discard_no_target{card}``
    ``frozen{seat}``
    ``flip3_start{target}``
    ``flip3_end{target}``
    ``sc_used{seat, sc, duplicate}``
    ``bust{seat, card}``
    ``stay{seat}``
    ``flip7{seat}``
    ``reshuffle{count}``
    ``round_end{reason, scores[], totals[]}``  reason: FLIP7 | NO_ACTIVE | DECK_EXHAUSTED
    ``tiebreak{seats[]}``
    ``game_over{winners[], totals[]}``

View (same shape for every viewer)::

    {"you": seat | null, "phase": "DEAL" | "TURN" | "GAME_OVER", "round": int,
     "dealer": seat, "current": seat | null (set in TURN only), "turn_open": bool,
     "pending": null | {"decider", "card", "legal_targets": [seat]},
     "stack": [{"target", "draws_left", "set_aside": [card]}]   (innermost last),
     "players": [{"seat", "status", "numbers": [card], "mods": [card], "sc": card | null,
                  "total", "line_value"}],
     "draw_count": int, "discard": [card],
     "remaining": [{"kind", "count"}]   (every kind in canonical order; [] unless
                                         show_remaining_counts),
     "winners": [seat], "legal_actions": [action]   ([] for a spectator)}

Fixture (the §6 test hook, never an option, never in a view); every key optional
    ``stacked_deck``: [card id or bare kind], the initial draw pile top first (§1.2
        shorthand: a kind is its lowest unlisted copy; unlisted cards follow in
        canonical order). Replaces R2.
    ``shuffle``: "identity" (R3 keeps canonical order) or "seeded" (default).
    ``totals``: [int] per seat, the starting game totals.
    ``table``: a round in progress, phase TURN (not combined with stacked_deck):
        ``{"dealer": seat, "current": seat (ACTIVE), "round": int (default 1),
        "draw": [card] (top first), "discard": [card],
        "lines": [{"status": ACTIVE|STAYED|FROZEN|BUSTED|OUT, "numbers": [card],
        "mods": [card], "sc": card | null}] one per seat}``. The match's card set
        is then exactly the cards named.
"""

from .engine import Flip7Engine

__all__ = ["Flip7Engine"]
