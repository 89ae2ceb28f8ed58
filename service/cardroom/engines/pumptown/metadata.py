"""Pumptown's cards, phases and decision kinds for the catalog (engines/metadata.py), from the engine's
card tables (cards.py): every number card and every pump card id any ``pump_mix`` can deal."""

from __future__ import annotations

from ..metadata import CardSpec, GameMetadata, PhaseSpec
from .cards import KIND_OF, NUMBER_CARDS, VALUE

#: pump kind -> (display name, when it is played, what it does when it resolves)
_PUMPS = {
    "PEEK": ("Peek", "RS_WINDOW", "see all four of your cards in PEEK, not only the bottom two"),
    "DOUB": ("Double", "RS_WINDOW", "a chosen seat's round score (yourself allowed) is doubled, last of all"),
    "SWAP": ("Swap", "TURN_START", "exchange any two grid cards of two different seats, face down"),
    "STEAL": ("Steal", "TURN_START", "exchange a card of another seat's grid with one of yours, face down"),
    "BLOCK": ("Block a Knock", "AK_WINDOW", "cancels the knock just made; the knocker may not knock again this round"),
    "SWIPE": ("Swipe", "TB_WINDOW", "take the discard top into one of your slots; it counts as your turn"),
    "NOPE": ("Nope", "NOPE_WINDOW", "cancels the pump card on top of the chain (a Nope too)"),
    "REARR": ("Rearrange", "RE_WINDOW", "permute your own four slots"),
    "DUEL": ("Duel", "RE_WINDOW", "challenge a seat to a duel after scoring: the winner scores 0, the loser both"),
    "ELIM": ("Eliminate", "RE_WINDOW", "set one of your cards aside; it no longer counts"),
    "REDIS": ("Redistribute", "RE_WINDOW", "after shooting the moon, hand your raw sum out to other seats as points"),
}


def _pump(code: str) -> CardSpec:
    kind = KIND_OF[code]
    name, window, effect = _PUMPS[kind]
    return CardSpec(code, "pump", kind, name, effect=f"played in {window}: {effect}")


_WINDOW_ACTIONS = ("play", "pass")
_PHASES = (
    PhaseSpec(
        "RS_WINDOW", "Round-start window: the polled seat may play a Peek or a Double, or pass.", _WINDOW_ACTIONS
    ),
    PhaseSpec("PEEK", "Every seat not yet acknowledged looks at its bottom two cards, in any order.", ("ack_peek",)),
    PhaseSpec("TB_WINDOW", "Before a turn: the polled seat may play a Swipe, or pass.", _WINDOW_ACTIONS),
    PhaseSpec(
        "TURN_START",
        "The `scheduled` seat's turn: it draws from the pile or the discard, or plays a Swap or a Steal.",
        ("draw", "play"),
    ),
    PhaseSpec(
        "TURN_PLACE",
        "The same seat places the drawn card (`pending`) in a grid slot, or discards a card drawn from the pile.",
        ("place", "discard_drawn"),
    ),
    PhaseSpec(
        "KNOCK_DECISION",
        "After a completed turn (NORMAL mode, not blocked): that seat knocks or ends its turn.",
        ("knock", "end_turn"),
    ),
    PhaseSpec("AK_WINDOW", "After a knock: the polled seat may play a Block a Knock, or pass.", _WINDOW_ACTIONS),
    PhaseSpec(
        "RE_WINDOW",
        "After REVEAL: the polled seat may play a Rearrange, Eliminate, Redistribute or Duel, or pass.",
        _WINDOW_ACTIONS,
    ),
    PhaseSpec(
        "REDIS_ALLOC",
        "A Redistribute's player allots its moon sum to the other seats, one `allot` at a time (deprecated: send "
        "the allocation with the play).",
        ("allot",),
    ),
    PhaseSpec("DUEL_TURN", "A duellist's turn: it draws.", ("draw",)),
    PhaseSpec(
        "DUEL_PLACE",
        "The duellist places its draw (L or R), or discards a pile draw (`duel_may_discard`).",
        ("place", "discard_drawn"),
    ),
    PhaseSpec("PUMP_LIMIT", "A seat holds more than `pump_hand_limit` pump cards and discards one.", ("discard_pump",)),
    PhaseSpec("GAME_OVER", "The game has ended. Nobody acts."),
)
_NOPE = PhaseSpec(
    "NOPE_WINDOW",
    "A pump card was just played (it is on `chain`): the polled seat may play a Nope on it, or pass. A decision "
    "kind only: `phase` keeps the phase it interrupts.",
    _WINDOW_ACTIONS,
)

METADATA = GameMetadata(
    cards=(
        *(CardSpec(code, "number", code[:-1], str(VALUE[code]), value=VALUE[code]) for code in NUMBER_CARDS),
        *(_pump(code) for code in KIND_OF),
    ),
    phases=_PHASES,
    # ``decision.kind``: the phase, or NOPE_WINDOW while a chain is answered
    decision_kinds=(*_PHASES, _NOPE),
)
