"""Column planning for Up or Down?, from a seat's view only (shared by the standard and strong bots).

A position is valued as its score plus the *potential* of each column: the
cards of the column's best colour still reachable in its direction (higher than
its last card when rising, lower when falling, the better side while it has one
card), times what one more such card adds (length + colour count + 1), times the
share of the remaining cards this seat can expect to take. Reachable cards are
those not yet in any column or discard pile (the display, both piles and every
hand): every one of them may still pass through the display. So a placement that
jumps far along a column pays for the cards it makes unreachable, a new column
is worth its room, and giving a column up is worth its discards plus the room of
the fresh one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ...engines.up_or_down.setup import RANGE_TOP

COLOURS = 6
MAX_COLUMNS = 3
#: how much more than its plain share of the cards a seat gets of the cards it wants
PREFERENCE = 1.5


def colour(card: int) -> int:
    return (card - 1) % COLOURS


def column_score(column: Sequence[int]) -> int:
    counts = [0] * COLOURS
    for card in column:
        counts[colour(card)] += 1
    return len(column) * max(counts)


def neighbours(display: Sequence[int], card: int) -> tuple[int, int]:
    """(lower, upper) of ``card`` once inserted into the ring ``display`` (rules §3.1)."""
    below = [c for c in display if c < card]
    above = [c for c in display if c > card]
    return (max(below) if below else max(display)), (min(above) if above else min(display))


def placed_columns(
    columns: Sequence[Sequence[int]], discards: int, card: int, place: Mapping[str, Any]
) -> tuple[list[list[int]], int]:
    """The columns and discard count after placing ``card`` by ``place``."""
    after = [list(column) for column in columns]
    if place["target"] == "col":
        after[place["index"]].append(card)
    elif place["target"] == "new":
        after.append([card])
    else:
        discards += len(after[place["index"]])
        after[place["index"]] = [card]
    return after, discards


class Planner:
    """Values the positions of one seat, given what is still reachable.

    A card being placed (``without``) is left out of the reach of every column: once placed it is gone."""

    def __init__(self, view: Mapping[str, Any], options: Mapping[str, Any], seats: int):
        self.top = RANGE_TOP[options["card_range"]][seats]
        gone: set[int] = set()
        for player in view["players"]:
            for column in player["columns"]:
                gone.update(column["cards"])
            gone.update(player["discard"])
        self.total_turns = self.top - 6
        self.seats = seats
        # prefix[c][n] = reachable cards of colour c numbered <= n
        self.prefix = [[0] * (self.top + 2) for _ in range(COLOURS)]
        for n in range(1, self.top + 1):
            for c in range(COLOURS):
                self.prefix[c][n] = self.prefix[c][n - 1]
            if n not in gone:
                self.prefix[colour(n)][n] += 1
        reachable = self.top - len(gone)
        turns_left = max(0, self.total_turns - (view["turn"] - 1))
        my_turns = turns_left / seats
        self.share = min(1.0, PREFERENCE * my_turns / reachable) if reachable else 0.0

    def reach(self, c: int, low: int, high: int, without: int | None) -> int:
        """Reachable cards of colour ``c`` numbered in [low, high], not counting ``without``."""
        low, high = max(low, 1), min(high, self.top)
        if low > high:
            return 0
        count = self.prefix[c][high] - self.prefix[c][low - 1]
        if without is not None and low <= without <= high and colour(without) == c:
            count -= 1
        return count

    def column_value(self, column: Sequence[int], without: int | None = None) -> float:
        counts = [0] * COLOURS
        for card in column:
            counts[colour(card)] += 1
        best = max(counts)
        length = len(column)
        last = column[-1]
        if length == 1:
            low, high = (1, last - 1), (last + 1, self.top)
            room = max(self.reach(colour(last), *low, without), self.reach(colour(last), *high, without))
        else:
            span = (last + 1, self.top) if column[1] > column[0] else (1, last - 1)
            room = max(self.reach(c, *span, without) for c in range(COLOURS) if counts[c] == best)
        return length * best + self.share * room * (length + best + 1)

    def position_value(self, columns: Iterable[Sequence[int]], discards: int, without: int | None) -> float:
        return discards + sum(self.column_value(column, without) for column in columns)

    def placements(self, columns: Sequence[Sequence[int]], card: int, give_up_free: bool) -> list[dict[str, Any]]:
        """Every legal placement of ``card`` (the engine's action shapes)."""
        actions: list[dict[str, Any]] = []
        for i, column in enumerate(columns):
            if len(column) < 2 or (card > column[-1]) == (column[1] > column[0]):
                actions.append({"type": "place", "target": "col", "index": i})
        if len(columns) < MAX_COLUMNS:
            actions.append({"type": "place", "target": "new"})
        if len(columns) == MAX_COLUMNS or (columns and give_up_free):
            actions += [{"type": "place", "target": "give_up", "index": i} for i in range(len(columns))]
        return actions

    def placed_value(
        self, columns: Sequence[Sequence[int]], discards: int, card: int, place: Mapping[str, Any]
    ) -> float:
        """The position value after placing ``card`` by ``place``."""
        return self.position_value(*placed_columns(columns, discards, card, place), card)

    def best_placement(
        self, columns: Sequence[Sequence[int]], discards: int, card: int, give_up_free: bool
    ) -> tuple[float, dict[str, Any]]:
        return max(
            (
                (self.placed_value(columns, discards, card, place), place)
                for place in self.placements(columns, card, give_up_free)
            ),
            key=lambda pair: pair[0],
        )

    def turns(
        self,
        hand: Sequence[int],
        display: Sequence[int],
        columns: Sequence[Sequence[int]],
        discards: int,
        give_up_free: bool,
    ) -> list[tuple[float, int, int, dict[str, Any]]]:
        """(value, card to play, card to take, best placement) of every play and take on this display."""
        found = []
        for card in hand:
            for take in sorted(set(neighbours(display, card))):
                value, place = self.best_placement(columns, discards, take, give_up_free)
                found.append((value, card, take, place))
        return found
