"""Scoring and the result (rules §4)."""

from __future__ import annotations

from ..contract import GameResult, competition_ranks
from .state import UpOrDownState


def column_score(column: list[int]) -> int:
    """Cards in the column times the count of its most frequent colour (a tie counts once)."""
    counts = [0] * 6
    for card in column:
        counts[(card - 1) % 6] += 1
    return len(column) * max(counts)


def seat_score(columns: list[list[int]], discard: list[int]) -> int:
    """All existing columns plus one point per discarded card."""
    return sum(column_score(column) for column in columns) + len(discard)


def scores(state: UpOrDownState) -> list[int]:
    return [seat_score(columns, discard) for columns, discard in zip(state.columns, state.discards, strict=True)]


def result(state: UpOrDownState) -> GameResult:
    totals = scores(state)
    best = max(totals)
    return GameResult(
        scores=totals,
        winners=[seat for seat, total in enumerate(totals) if total == best],
        ranks=competition_ranks(totals),
    )
