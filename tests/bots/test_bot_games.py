"""Every level of every game plays seeded tournaments (``cardroom.tournament``, the loop of
``cardroom bench bots``) with every invariant checked at every step: 0 violations, 0 refused actions.

Each level sits at one seat against the next weaker level (random against random), at 3 and 4
seats. Sized for CI, where checking every step of every viewer is what costs (a Flip 7 game is
~100 steps, an Up or Down? or Pumba game ~500-1,500): about a hundred and fifty games in all.
``CARDROOM_BOT_GAMES=N`` multiplies the counts for a longer run (N=20: thousands).
"""

from __future__ import annotations

import os

import pytest

from cardroom.bots import LEVELS, levels_of
from cardroom.engines import game_ids
from cardroom.tournament import tournament

SCALE = int(os.environ.get("CARDROOM_BOT_GAMES", "1"))
#: games per (game, level, seat count)
GAMES = {"flip-7": 20, "up-or-down": 3, "pumba": 1, "pumptown": 3}


def _cases() -> list[tuple[str, str, int]]:
    return [
        (game, level, seats)
        for game in game_ids()
        for level in levels_of(game)
        for seats in (3, 4)
    ]


@pytest.mark.parametrize(("game", "level", "seats"), _cases())
def test_every_level_plays_seeded_games_without_violations_or_refusals(game: str, level: str, seats: int) -> None:
    opponent = LEVELS[max(0, LEVELS.index(level) - 1)]
    games = GAMES[game] * SCALE
    report = tournament(game, [level, *[opponent] * (seats - 1)], games, seed=seats, check=True)
    assert report["finished_games"] == games
    assert report["invariant_violations"] == 0, report["violation_samples"]
    assert report["refused_actions"] == 0, report["refused_samples"]
    assert report["decision_ms"][level]["decisions"] > 0
