"""What a Flip 7 seat can work out from its view: the draw pile's composition and the odds of the next card.

Flip 7 hides only the order of the draw pile (rules §5): every card that left it
was seen face up. So the pile holds exactly the cards of the deck that are not
on the table (lines, held Second Chances, set-aside cards, the pending card) or
in the discard pile; when it is empty the next draw reshuffles the discard pile.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ...engines.flip7.cards import CANONICAL, KIND, VALUE

ACTIVE = "ACTIVE"
#: what an action card is worth to the seat that reveals it, in round points (rough; it may also hurt a rival)
ACTION_WORTH = {"FRZ": 3.0, "FL3": 2.0, "SC": 4.0}


def seen_cards(view: Mapping[str, Any]) -> list[str]:
    """Every card out of the draw pile: lines, held SCs, set-aside cards, the pending card, the discard pile."""
    seen = list(view["discard"])
    for player in view["players"]:
        seen += player["numbers"]
        seen += player["mods"]
        if player["sc"] is not None:
            seen.append(player["sc"])
    for frame in view["stack"]:
        seen += frame["set_aside"]
    if view["pending"] is not None:
        seen.append(view["pending"]["card"])
    return seen


def draw_pile(view: Mapping[str, Any]) -> list[str]:
    """The cards of the draw pile (in canonical order: their order is the secret)."""
    seen = set(seen_cards(view))
    return [card for card in CANONICAL if card not in seen]


def next_card_kinds(view: Mapping[str, Any]) -> Counter[str]:
    """Counts by kind of the cards the next draw comes from (the discard pile if the draw pile is empty)."""
    source = draw_pile(view) if view["draw_count"] else view["discard"]
    return Counter(KIND[card] for card in source)


def number_kinds(player: Mapping[str, Any]) -> set[str]:
    return {KIND[card] for card in player["numbers"]}


def duplicate_chance(player: Mapping[str, Any], kinds: Counter[str]) -> float:
    """The chance that the next card duplicates one of ``player``'s numbers."""
    total = sum(kinds.values())
    if not total:
        return 0.0
    return sum(kinds[kind] for kind in number_kinds(player)) / total


def hit_gain(player: Mapping[str, Any], kinds: Counter[str], bonus: int) -> float:
    """Expected round points one more card adds when it is not a duplicate (weighted by its chance)."""
    total = sum(kinds.values())
    if not total:
        return 0.0
    held = number_kinds(player)
    doubled = "X2_1" in player["mods"]
    base = sum(VALUE[card] for card in player["numbers"])
    seventh = bonus if len(held) == 6 else 0
    gain = 0.0
    for kind, count in kinds.items():
        if kind[0] == "N":
            if kind not in held:
                gain += count * ((2 if doubled else 1) * int(kind[1:]) + seventh)
        elif kind[0] == "P":
            gain += count * int(kind[1:])
        elif kind == "X2":
            gain += count * base
        else:
            gain += count * ACTION_WORTH[kind]
    return gain / total


def hit_value(player: Mapping[str, Any], kinds: Counter[str], bonus: int) -> float:
    """Expected change of the round score from one more card: the gain against the line put at risk.

    With a Second Chance held a duplicate costs the SC, not the line: priced at a quarter of the line
    (what it protects later)."""
    risk = duplicate_chance(player, kinds)
    line = player["line_value"]
    loss = 0.25 * line if player["sc"] is not None else line
    return hit_gain(player, kinds, bonus) - risk * loss
