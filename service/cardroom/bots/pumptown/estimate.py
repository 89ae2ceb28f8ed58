"""Tallies of partly known Pumptown grids (rules §4.1 E2), exact or in expectation.

A grid is four values, ``None`` where the seat does not know the card. Unknown cards are taken as
independent draws from the values the seat has not seen (``Knowledge.unseen``); that ignores the few
cards already spoken for, which is close enough for decisions and keeps every estimate a sum of
two row expectations.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

Grid = Sequence[int | None]


def row_score(a: int | None, b: int | None) -> int:
    """A fully known row: 0 for a pair, else the sum (an emptied slot, ``None`` here, never pairs)."""
    if a is None or b is None:
        return (a or 0) + (b or 0)
    return 0 if a == b else a + b


def tally(grid: Grid, threshold: int) -> int:
    """E2 on a fully known grid (``None`` = a slot emptied by Eliminate)."""
    if sum(v or 0 for v in grid) >= threshold:
        return 0
    return row_score(grid[0], grid[1]) + row_score(grid[2], grid[3])


class Estimator:
    """Expected tallies under the distribution of the values not seen yet."""

    __slots__ = ("mean", "p", "pair_two", "threshold")

    def __init__(self, unseen: Sequence[int], threshold: int) -> None:
        counts = [0] * 13
        for v in unseen:
            counts[v] += 1
        total = max(len(unseen), 1)
        self.p = [c / total for c in counts]
        self.mean = sum(v * p for v, p in enumerate(self.p)) if unseen else 6.0
        # E[a+b] lost to pairs when both cards of a row are unknown
        self.pair_two = sum(2 * v * p * p for v, p in enumerate(self.p))
        self.threshold = threshold

    def row(self, a: int | None, b: int | None) -> float:
        if a is not None and b is not None:
            return row_score(a, b)
        if a is None and b is None:
            return 2 * self.mean - self.pair_two
        known = a if a is not None else b
        return known + self.mean - 2 * known * self.p[known]

    def grid(self, grid: Grid) -> float:
        if None not in grid:
            return tally(grid, self.threshold)
        return self.row(grid[0], grid[1]) + self.row(grid[2], grid[3])

    def placed(self, grid: Grid, pos: int, v: int) -> float:
        new = list(grid)
        new[pos] = v
        return self.grid(new)

    def best_place(self, grid: Grid, v: int) -> tuple[float, int]:
        """The lowest expected tally after placing ``v`` (a known value), and where.

        Replacing an unknown card is preferred a little at equal estimate: the seat learns it."""
        options = [(self.placed(grid, pos, v) - (0.3 if grid[pos] is None else 0.0), pos) for pos in range(4)]
        return min(options)

    def pile_draw(self, grid: Grid, may_discard: bool = True) -> float:
        """Expected tally after drawing from the pile and placing (or discarding) the card well."""
        keep = self.grid(grid)
        total = 0.0
        for v, p in enumerate(self.p):
            if p:
                best = self.best_place(grid, v)[0]
                total += p * (min(best, keep) if may_discard else best)
        return total


def sample_tallies(
    grids: Sequence[Grid], unseen: Sequence[int], threshold: int, rng: random.Random, samples: int
) -> list[list[int]]:
    """``samples`` draws of every seat's tally, the unknown cards dealt from ``unseen`` without
    replacement (a hidden state consistent with what the seat knows)."""
    holes = [(seat, pos) for seat, grid in enumerate(grids) for pos in range(4) if grid[pos] is None]
    pool = list(unseen)
    if len(pool) < len(holes):  # never with a real deck; keeps the sampler total
        pool += [6] * (len(holes) - len(pool))
    base = [list(g) for g in grids]
    out = []
    for _ in range(samples):
        for (seat, pos), v in zip(holes, rng.sample(pool, len(holes)), strict=True):
            base[seat][pos] = v
        row = []
        for a, b, c, d in base:
            if a + b + c + d >= threshold:
                row.append(0)
            else:
                row.append((0 if a == b else a + b) + (0 if c == d else c + d))
        out.append(row)
    return out
