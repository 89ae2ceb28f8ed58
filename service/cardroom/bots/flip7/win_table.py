"""A learnt table of Flip 7 win chances at a round's end: the strong bot's value of a round end that does not end
the game.

``win_chances.json`` holds, per seat count, a seat's chance to win the game when a round ends with its own total
``mine`` and the best rival's total ``rival`` (both below the target, so the game goes on), on a grid of
``STEP``-point buckets, learnt from games of ``standard`` bots by ``learn_win_table.py`` (how, and how to
rebuild it, is said there). A lookup interpolates bilinearly between bucket centres.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path

PATH = Path(__file__).with_name("win_chances.json")
#: the target the table was learnt for (the default); under another target the race model is used
TARGET = 200
#: points per bucket
STEP = 5


@cache
def _tables() -> dict[int, list[list[float]]]:
    data = json.loads(PATH.read_text())
    assert data["target"] == TARGET and data["step"] == STEP
    return {int(seats): table for seats, table in data["tables"].items()}


def covers(seats: int, target: int) -> bool:
    """Whether the table knows games of ``seats`` seats to ``target``."""
    return target == TARGET and seats in _tables()


def round_end_chance(totals: Sequence[int], seat: int) -> float:
    """``seat``'s chance to win from these round-end totals (all below the target; ``covers`` their seat count)."""
    table = _tables()[len(totals)]
    rival = max(total for other, total in enumerate(totals) if other != seat)
    return _interpolate(table, totals[seat], rival)


def _interpolate(table: list[list[float]], mine: float, rival: float) -> float:
    last = len(table) - 1
    # bucket b's centre is at b * STEP + (STEP - 1) / 2 (totals are integers)
    x = min(max((mine - (STEP - 1) / 2) / STEP, 0.0), float(last))
    y = min(max((rival - (STEP - 1) / 2) / STEP, 0.0), float(last))
    i, j = min(int(x), last - 1), min(int(y), last - 1)
    fx, fy = x - i, y - j
    return (
        table[i][j] * (1 - fx) * (1 - fy)
        + table[i + 1][j] * fx * (1 - fy)
        + table[i][j + 1] * (1 - fx) * fy
        + table[i + 1][j + 1] * fx * fy
    )
