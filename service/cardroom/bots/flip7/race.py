"""The Flip 7 score race as the strong bot sees it: a seat's chance to win, from the totals expected at the end of
the round.

A game is won by the highest total once some total reaches the target at a round's end (rules §4.4), so what a
decision is worth depends on the standing, not on round points alone: a seat far behind late in the game must
take risks, a leader near the end must not. The model is deliberately small:

* **Expected finals.** Each seat's total at the end of this round is taken as its total plus its line (a
  banked line is certain; an active seat's line counts as it stands, plus what one more card is worth to it
  when that is positive, ``knowledge.hit_value``).
* **Beat the best rival.** The chance to win is the chance of finishing ahead of the best rival's expected
  final, under a normal spread: ``Phi((mine - best rival) / (sd * sqrt 2))``. The spread is what is left to
  play: ``END_SD`` when the round ends the game (some final reaches the target), else it grows with the rounds
  still to come (``ROUND_SD`` per round, the rounds counted from the leader's distance to the target at
  ``ROUND_MEAN`` points a round). Comparing with the best rival only, not with each rival independently, keeps
  the value from rewarding risk at an even standing (three independent comparisons make the value convex
  there, and a bot that followed it gambled and lost more: 26.5% against 28.0-29.75% over 400 games,
  docs/benchmarks.md).

The constants are rough figures of standard play in four-player games (about 23 points banked per round,
spread about 18).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .knowledge import ACTIVE, hit_value

#: points a seat banks in a round on average, and their spread (standard play, four seats)
ROUND_MEAN = 23.0
ROUND_SD = 18.0
#: spread left when the round ends the game: what the seats still active may yet gain or lose
END_SD = 6.0


def expected_finals(view: Mapping[str, Any], kinds: Counter[str], bonus: int) -> list[float]:
    """Every seat's expected total at the end of this round (index = seat)."""
    finals = []
    for player in view["players"]:
        final = float(player["total"] + player["line_value"])
        if player["status"] == ACTIVE:
            final += max(0.0, hit_value(player, kinds, bonus))
        finals.append(final)
    return finals


def win_chance(finals: Sequence[float], seat: int, target: int) -> float:
    """The chance that ``seat`` wins the game, given the expected totals at the end of this round."""
    top = max(finals)
    if top >= target:
        spread = END_SD
    else:
        rounds = (target - top) / ROUND_MEAN
        spread = math.sqrt(END_SD**2 + ROUND_SD**2 * (rounds + 1))
    best_rival = max(final for other, final in enumerate(finals) if other != seat)
    return 0.5 * (1 + math.erf((finals[seat] - best_rival) / (2 * spread)))
