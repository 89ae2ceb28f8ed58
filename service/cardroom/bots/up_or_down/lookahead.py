"""One round of look-ahead for Up or Down?: the other seats' turns by the standard bot's rule, on sampled hands.

A compact restatement of a turn for the strong bot's samples: the standard bot plays the turn of highest
position value (``planning.Planner.best_turn``), which depends only on the seat's hand, the display and the
seat's public columns, so with a hand dealt from the cards the viewer has not seen it can be replayed without
the engine. ``SeatPlans`` caches, for one seat's columns, the best placement value of each card it is asked
about, so the many samples of one decision share that work. ``tests/bots/test_up_or_down_lookahead.py`` holds
``SeatPlans.best_turn`` to the standard bot's own choice in real games.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence

from .planning import Planner, neighbours


class SeatPlans:
    """The standard bot's valuation of one seat's turns, for fixed columns and discards."""

    def __init__(self, planner: Planner, columns: Sequence[Sequence[int]], discards: int, give_up_free: bool):
        self.planner = planner
        self.columns = [list(column) for column in columns]
        self.discards = discards
        self.free = give_up_free
        self.now = planner.position_value(self.columns, discards, None)
        self._best: dict[int, float] = {}

    def placed(self, card: int) -> float:
        """The position value after the best placement of ``card``."""
        value = self._best.get(card)
        if value is None:
            value = self.planner.best_placement(self.columns, self.discards, card, self.free)[0]
            self._best[card] = value
        return value

    def best_turn(self, hand: Sequence[int], display: Sequence[int]) -> tuple[float, int, int]:
        """(value, card to play, card to take) as ``Planner.best_turn`` chooses (the first listed among equals)."""
        best: tuple[float, int, int] | None = None
        for card in hand:
            for take in sorted(set(neighbours(display, card))):
                value = self.placed(take)
                if best is None or value > best[0]:
                    best = (value, card, take)
        assert best is not None, "a turn needs a hand card"
        return best


def after_turn(display: Sequence[int], played: int, taken: int) -> list[int]:
    """The display (ascending) once ``played`` went in and ``taken`` came out."""
    left = [card for card in display if card != taken]
    insort(left, played)
    return left
