"""The Spanish 40-card deck of Pumba (rules §1): ids, canonical order, points."""

from __future__ import annotations

SUITS = "oceb"
RANKS = "1234567SCR"

#: every card id in canonical order: suits o, c, e, b; inside a suit 1 2 3 4 5 6 7 S C R
CARDS: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS)
INDEX: dict[str, int] = {card: index for index, card in enumerate(CARDS)}
SUIT_INDEX: dict[str, int] = {suit: index for index, suit in enumerate(SUITS)}

_RANK_POINTS = {"1": 1, "2": 10, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "S": 10, "C": 9, "R": 10}
POINTS: dict[str, int] = {card: _RANK_POINTS[card[0]] for card in CARDS}

ACE, TWO, SEVEN, SOTA, CABALLO, REY = "1", "2", "7", "S", "C", "R"

#: sort key keeping hands in canonical order
canonical = INDEX.__getitem__


def hand_points(hand: list[str]) -> int:
    return sum(POINTS[card] for card in hand)
