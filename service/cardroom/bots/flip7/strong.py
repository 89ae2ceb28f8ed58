"""Flip 7 ``strong`` bot: the standard bot's exact deck odds, played for the win instead of for points.

Strategy
* **What is known.** Only the order of the draw pile is hidden (rules §5), so the composition of the next card
  is known exactly from the view (``knowledge.next_card_kinds``); nothing is sampled.
* **What a decision is worth** is the bot's chance to win the game (``race.py``): its expected total at the end
  of the round against the best rival's, with the spread of what is left to play. Early in the game this is
  close to maximising points (the standard bot's rule); near the target it rewards a gamble when the bot is
  behind the leader and punishes one when it leads, and when the round ends the game it plays to finish ahead,
  not to score.
* **Hit or stay** compares the win chance of staying with the expected win chance of hitting, looking
  ``DEPTH`` cards ahead on the bot's own draws from the known composition (each card taken out of it as it is
  drawn): a new number, a modifier (x2 doubles the numbers), a seventh number (the bonus, the round ends), a
  duplicate (bust: the line is lost, or the Second Chance is spent), an action card (its rough worth to the
  revealer, ``knowledge.ACTION_WORTH``; a Second Chance is kept). After each card the better of staying and
  hitting again counts.
* **Freeze and Flip Three** go to the seat whose result gives the bot the best win chance: a frozen seat's
  final is its line as it stands (it loses what it would gain by going on); a seat given Flip Three busts with
  the chance of a duplicate in three draws (``standard.flip_three_bust``) and otherwise gains three cards'
  worth. The bot itself is one of the candidates (a Freeze on itself banks its line; Flip Three on itself is
  three forced cards).
* **Second Chance** is the standard bot's choice (kept when it may be held, else to the weakest rival).

Everything is computed, not simulated, so a decision takes a few milliseconds (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...engines.flip7.cards import KIND
from ..contract import Bot, Decision, Observation
from .knowledge import ACTION_WORTH, ACTIVE, duplicate_chance, hit_gain, next_card_kinds
from .race import expected_finals, win_chance
from .standard import HIT, STAY, choose, flip_three_bust

#: own draws looked ahead when deciding to hit
DEPTH = 2


@dataclass(frozen=True, slots=True)
class Line:
    """The parts of a line that its value depends on."""

    numbers: frozenset[str]  # number kinds held
    base: int  # sum of the numbers
    plus: float  # +N modifiers (and the rough worth of action cards revealed on the way)
    doubled: bool  # x2 held
    second_chance: bool

    @classmethod
    def of(cls, player: Mapping[str, Any]) -> Line:
        kinds = [KIND[card] for card in player["numbers"]]
        mods = [KIND[card] for card in player["mods"]]
        return cls(
            numbers=frozenset(kinds),
            base=sum(int(kind[1:]) for kind in kinds),
            plus=sum(int(kind[1:]) for kind in mods if kind[0] == "P"),
            doubled="X2" in mods,
            second_chance=player["sc"] is not None,
        )

    def value(self, bonus: int) -> float:
        seventh = bonus if len(self.numbers) >= 7 else 0
        return self.base * (2 if self.doubled else 1) + self.plus + seventh


class _Race:
    """One seat's hit-or-stay valuation against fixed expected finals of the rivals."""

    def __init__(self, seat: int, total: int, finals: list[float], target: int, bonus: int):
        self.seat, self.total, self.finals, self.target, self.bonus = seat, total, finals, target, bonus

    def chance(self, mine: float) -> float:
        finals = list(self.finals)
        finals[self.seat] = mine
        return win_chance(finals, self.seat, self.target)

    def best(self, line: Line, kinds: Counter[str], depth: int) -> float:
        """The win chance of the better of staying and hitting with ``line``."""
        stay = self.chance(self.total + line.value(self.bonus))
        if depth == 0 or len(line.numbers) >= 7:
            return stay
        return max(stay, self.hit(line, kinds, depth))

    def hit(self, line: Line, kinds: Counter[str], depth: int) -> float:
        """The expected win chance of drawing one card, then playing on as well as ``depth - 1`` allows."""
        left = sum(kinds.values())
        if not left:
            return self.chance(self.total + line.value(self.bonus))
        expected = 0.0
        for kind, count in kinds.items():
            if not count:
                continue
            rest = kinds.copy()
            rest[kind] -= 1
            if kind[0] == "N" and kind in line.numbers:
                if line.second_chance:
                    outcome = self.best(replace(line, second_chance=False), rest, depth - 1)
                else:
                    outcome = self.chance(self.total)  # bust
            else:
                outcome = self.best(_receive(line, kind), rest, depth - 1)
            expected += count * outcome
        return expected / left


def _receive(line: Line, kind: str) -> Line:
    """``line`` after a card of ``kind`` that is not a duplicate."""
    if kind[0] == "N":
        return replace(line, numbers=line.numbers | {kind}, base=line.base + int(kind[1:]))
    if kind[0] == "P":
        return replace(line, plus=line.plus + int(kind[1:]))
    if kind == "X2":
        return replace(line, doubled=True)
    return replace(line, plus=line.plus + ACTION_WORTH[kind], second_chance=line.second_chance or kind == "SC")


def should_hit(view: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
    seat = view["you"]
    me = view["players"][seat]
    kinds = next_card_kinds(view)
    bonus = options["flip7_bonus"]
    race = _Race(seat, me["total"], expected_finals(view, kinds, bonus), options["target_score"], bonus)
    stay = race.chance(me["total"] + me["line_value"])
    return race.hit(Line.of(me), kinds, DEPTH) > stay


def assign_target(view: Mapping[str, Any], options: Mapping[str, Any]) -> int:
    """The Freeze or Flip Three recipient that leaves the bot the best win chance."""
    seat = view["you"]
    players = view["players"]
    card = KIND[view["pending"]["card"]]
    kinds = next_card_kinds(view)
    bonus, target = options["flip7_bonus"], options["target_score"]
    finals = expected_finals(view, kinds, bonus)
    me = players[seat]

    def mine(finals: list[float]) -> float:
        """The bot's win chance with these finals, hitting on as well as it can if it is still active."""
        race = _Race(seat, me["total"], finals, target, bonus)
        if me["status"] != ACTIVE:
            return race.chance(finals[seat])
        return race.best(Line.of(me), kinds, 1)

    def outcome(recipient: int) -> float:
        player = players[recipient]
        banked = player["total"] + player["line_value"]
        if card == "FRZ":
            frozen = [*finals[:recipient], banked, *finals[recipient + 1 :]]
            return win_chance(frozen, seat, target) if recipient == seat else mine(frozen)
        bust = flip_three_bust(player, kinds)
        risk = duplicate_chance(player, kinds)
        per_card = hit_gain(player, kinds, bonus) / (1 - risk) if risk < 1 else 0.0
        busted = [*finals[:recipient], float(player["total"]), *finals[recipient + 1 :]]
        survived = [*finals[:recipient], banked + 3 * per_card, *finals[recipient + 1 :]]
        if recipient == seat:
            return bust * win_chance(busted, seat, target) + (1 - bust) * win_chance(survived, seat, target)
        return bust * mine(busted) + (1 - bust) * mine(survived)

    # the first of equals in seat order, so the choice is deterministic
    return max(view["pending"]["legal_targets"], key=lambda recipient: (outcome(recipient), -recipient))


class Flip7StrongBot(Bot):
    game = "flip-7"
    level = "strong"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        view, legal, options = observation.view, observation.legal_actions, observation.options
        if len(legal) == 1:
            return Decision(action=dict(legal[0]))
        if legal[0]["type"] == "assign":
            if KIND[view["pending"]["card"]] == "SC":
                return Decision(action=choose(view, legal, options))
            return Decision(action={"type": "assign", "target": assign_target(view, options)})
        return Decision(action=dict(HIT if should_hit(view, options) else STAY))
