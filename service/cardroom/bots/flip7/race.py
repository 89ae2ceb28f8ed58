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


#: a grid over a standard normal (every deviation to 4) with its weights: the expectation in ``game_chance`` (the
#: trapezoid rule, very accurate for a smooth integrand under a normal)
_NODES = tuple(float(step) for step in range(-4, 5))
_WEIGHTS = tuple(math.exp(-node * node / 2) for node in _NODES)
_WEIGHTS = tuple(weight / sum(_WEIGHTS) for weight in _WEIGHTS)


def game_chance(totals: Sequence[float], seat: int, target: int) -> float:
    """``seat``'s chance to win the game from the totals at the end of a round.

    If the round ends the game (some total at the target) the highest total wins (a tie at the top shares the
    chance: the tied seats play on alone, rules §4.4). Otherwise every seat's total moves on by the same normal
    spread per round left (``ROUND_SD``, the rounds counted from the leader's distance at ``ROUND_MEAN``), each
    seat independently, and the chance is that of finishing highest."""
    top = max(totals)
    mine = totals[seat]
    rivals = [total for other, total in enumerate(totals) if other != seat]
    if top >= target:
        if mine < top:
            return 0.0
        return 1.0 / (1 + sum(total == top for total in rivals))
    spread = ROUND_SD * math.sqrt(max(1.0, (target - top) / ROUND_MEAN))
    # in units of the spread of a difference of two seats' gains
    scale = 1 / (spread * math.sqrt(2))
    gaps = [(mine - total) * scale for total in rivals]
    chance = 0.0
    for node, weight in zip(_NODES, _WEIGHTS, strict=True):
        at = node / math.sqrt(2)
        beaten = 1.0
        for gap in gaps:
            beaten *= 0.5 * (1 + math.erf(gap + at))
        chance += weight * beaten
    return chance
