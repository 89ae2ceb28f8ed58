"""Flip 7's cards and phases for the catalog (engines/metadata.py), from the engine's deck (cards.py)."""

from __future__ import annotations

from ..metadata import CardSpec, GameMetadata, PhaseSpec
from .cards import ACTION, CANONICAL, CATEGORY, KIND, NUMBER, VALUE

_ACTIONS = {
    "FRZ": ("Freeze", "the recipient banks its line and is out of the round (like a stay)"),
    "FL3": ("Flip Three", "the recipient draws three cards; action cards drawn wait until the three are done"),
    "SC": ("Second Chance", "kept face up; the holder's next duplicate number is discarded with it instead of busting"),
}
_MODIFIER_EFFECTS = {"X2": "doubles the sum of the number cards in the line (not the +N bonuses nor the Flip 7 bonus)"}


def _card(code: str) -> CardSpec:
    kind = KIND[code]
    if CATEGORY[code] == NUMBER:
        return CardSpec(code, "number", kind, str(VALUE[code]), value=VALUE[code])
    if CATEGORY[code] == ACTION:
        name, effect = _ACTIONS[kind]
        return CardSpec(code, "action", kind, name, effect=effect)
    if kind == "X2":
        return CardSpec(code, "modifier", kind, "x2", effect=_MODIFIER_EFFECTS[kind])
    bonus = VALUE[code]
    return CardSpec(code, "modifier", kind, f"+{bonus}", value=bonus, effect=f"adds {bonus} to the line's score")


METADATA = GameMetadata(
    cards=tuple(_card(code) for code in CANONICAL),
    phases=(
        PhaseSpec(
            "DEAL",
            "The round's initial deal is paused on an action card dealt face up: `pending.decider` chooses its "
            "recipient among `pending.legal_targets`.",
            ("assign",),
        ),
        PhaseSpec(
            "TURN",
            "Players take turns: `current` hits or stays; while `pending` is set, `pending.decider` assigns the "
            "action card first.",
            ("hit", "stay", "assign"),
        ),
        PhaseSpec("GAME_OVER", "The game has ended; `winners` names the winners. Nobody acts."),
    ),
)
