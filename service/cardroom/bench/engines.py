"""``cardroom bench engines``: the random-play simulation of every engine, in one JSON report.

Each engine is timed with :func:`cardroom.simulation.simulate` (the ``simulate``
command's loop, unchanged): a short calibration run sizes the measured run so
it lasts about ``seconds``. An engine that cannot be imported fails the whole
report: a benchmark that silently skips a game would read as complete.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from ..engines import game_ids, get_engine
from ..simulation import simulate

#: players per game unless told otherwise (every engine seats 4; clamped to its range)
DEFAULT_PLAYERS = 4
#: the calibration run plays games until it has lasted this share of the budget
CALIBRATION_SHARE = 0.1


class EngineMissing(RuntimeError):
    """An engine of the catalog could not be imported."""


def bench_engines(
    seconds: float, games: Sequence[str] | None = None, players: int = DEFAULT_PLAYERS, seed: int = 1
) -> dict[str, Any]:
    """Time every engine (or ``games``) for about ``seconds`` each; raise EngineMissing if one won't import."""
    chosen = list(games or game_ids())
    for game in chosen:  # all importable before any is timed: fail fast, not after minutes
        try:
            get_engine(game)
        except (ImportError, AttributeError) as error:
            raise EngineMissing(f"engine {game!r} is not importable: {error!r}") from error
    report = {game: _timed(game, seats_for(game, players), seed, seconds) for game in chosen}
    return {"seconds_per_engine": seconds, "cores": os.cpu_count(), "engines": report}


def seats_for(game: str, players: int) -> int:
    """``players`` clamped to the seat counts ``game`` allows."""
    info = get_engine(game).info
    return min(max(players, info.min_players), info.max_players)


def _timed(game: str, players: int, seed: int, seconds: float) -> dict[str, Any]:
    games = 1
    while True:  # double until a run lasts long enough to extrapolate from
        probe = simulate(game, games, players, seed, check=False)
        if probe["play_seconds"] >= seconds * CALIBRATION_SHARE:
            break
        games *= 2
    sized = max(games, math.ceil(seconds * games / probe["play_seconds"])) if probe["play_seconds"] else games
    return probe if sized == games else simulate(game, sized, players, seed, check=False)
