"""The 94-card Flip 7 deck (rules §1): card ids, kinds, canonical order, scoring.

Per-card facts are looked up in dicts built once at import, because the engine
loop asks them for every card it draws.
"""

from __future__ import annotations

from collections.abc import Sequence

#: category of a kind
NUMBER, MODIFIER, ACTION = 0, 1, 2

ACTION_KINDS = ("FRZ", "FL3", "SC")
BONUS_KINDS = ("P2", "P4", "P6", "P8", "P10")

#: (kind, copies) in canonical order (§1.2)
_KIND_COPIES: tuple[tuple[str, int], ...] = (
    ("N0", 1),
    *((f"N{v}", v) for v in range(1, 13)),
    *((kind, 3) for kind in ACTION_KINDS),
    *((kind, 1) for kind in (*BONUS_KINDS, "X2")),
)
KINDS: tuple[str, ...] = tuple(kind for kind, _ in _KIND_COPIES)

#: the full deck in canonical order
CANONICAL: tuple[str, ...] = tuple(f"{kind}_{k}" for kind, copies in _KIND_COPIES for k in range(1, copies + 1))
#: card id -> position in canonical order (sort key before every shuffle, §6)
ORDER: dict[str, int] = {card: i for i, card in enumerate(CANONICAL)}
#: card id -> kind code
KIND: dict[str, str] = {card: card.rsplit("_", 1)[0] for card in CANONICAL}
#: card id -> NUMBER / MODIFIER / ACTION
CATEGORY: dict[str, int] = {
    card: NUMBER if kind[0] == "N" else ACTION if kind in ACTION_KINDS else MODIFIER for card, kind in KIND.items()
}
#: card id -> face value of a number card, or the bonus of a +N modifier (0 for X2 and actions)
VALUE: dict[str, int] = {card: int(kind[1:]) if kind[0] in "NP" else 0 for card, kind in KIND.items()}

assert len(CANONICAL) == 94
assert sum(CATEGORY[c] == NUMBER for c in CANONICAL) == 79
assert sum(CATEGORY[c] == ACTION for c in CANONICAL) == 9
assert sum(CATEGORY[c] == MODIFIER for c in CANONICAL) == 6


def expand_stacked(listed: Sequence[str]) -> list[str] | str:
    """The initial draw pile for a stacked deck (§1.2 shorthand), or an error message.

    Each entry is a card id or a bare kind, meaning the lowest-indexed copy of that
    kind not yet listed; every unlisted card follows in canonical order.
    """
    taken: set[str] = set()
    top: list[str] = []
    for entry in listed:
        if not isinstance(entry, str):
            return f"stacked_deck entry {entry!r} is not a card"
        if entry in ORDER:
            card = entry
        elif entry in KINDS:
            card = next((c for c in CANONICAL if KIND[c] == entry and c not in taken), "")
            if not card:
                return f"stacked_deck lists more copies of {entry} than exist"
        else:
            return f"stacked_deck entry {entry!r} is not a card id or kind"
        if card in taken:
            return f"stacked_deck lists {card} twice"
        taken.add(card)
        top.append(card)
    return top + [card for card in CANONICAL if card not in taken]


def line_value(numbers: Sequence[str], mods: Sequence[str], bonus: int) -> int:
    """Round score of an unbusted line (§4.3): numbers (x2 first), then +N, then the Flip 7 bonus."""
    base = sum(VALUE[c] for c in numbers)
    plus = 0
    for card in mods:
        if card == "X2_1":
            base *= 2
        else:
            plus += VALUE[card]
    return base + plus + bonus
