"""Flip 7 ``strong`` bot: the standard bot's play, with the end of the game played by rollouts for the win.

Strategy
* **Far from the end** (no seat's total and line within ``NEAR_END`` points of the target) it plays as the
  standard bot (``standard.choose``): with the draw pile's composition known exactly, the standard bot's
  one-card rule is close to the points-maximising stop, and points are what count while the game is far from
  its end. (Bots that rolled out every decision won no more than this one: 25.8% of 600 games with the race
  model below, 29.0-29.5% with a recalibrated race model or the learnt table, docs/benchmarks.md.)
* **Near the end** every hit-or-stay is decided by rollouts (``rollout.py``): ``ROLLOUTS`` shuffles of the known
  draw pile (from the bot's ``rng``), on each the rest of the round played with the bot staying, and with the
  bot hitting and then following each of a few plans (``plans``: the standard bot's rules at once, or hitting at
  least until its total and line have grown by ``PLAN_EXTRAS`` points or passed the best rival's, then the
  standard rules); every other seat plays the standard bot's rules (which the other seats really do against
  this bot in a benchmark). It hits when the best plan's rollouts beat staying's. Each end of round is valued
  as the bot's chance to win the game: exact when the round ends the game (the highest total wins,
  ``race.game_chance``), else the learnt table's chance for its own total and the best rival's
  (``win_table.py``, learnt from games of standard bots; for a seat count or target the table does not cover,
  the normal race model ``race.game_chance``). The same shuffles serve every branch, so the comparison is not
  drowned in the deck's noise. So it gambles when staying loses the game, banks when staying wins it, and
  weighs what the seats still to play will do.
* **Freeze, Flip Three and Second Chance** near the end go, the same way, to the recipient whose rollouts give
  the best chance, the round played on from the assignment (``rollout.Pending``: the rest of the Flip Threes on
  the stack, the rest of the deal, then the turns), whether the card was revealed in the deal, on a hit or set
  aside in a Flip Three during a turn. The one case a view does not say how the round goes on, a card set
  aside in a Flip Three during the deal, keeps the second pass's choice: the recipient that leaves the best win
  chance in the race model (``race.win_chance``: a frozen seat keeps its line; a seat given Flip Three busts
  with ``standard.flip_three_bust``, else gains three cards' worth) for Freeze and Flip Three, the standard
  bot's for Second Chance.

Only the view goes in (the pile's composition, never its order), so the bot is as honest as the standard one.
A rolled-out decision costs a few tens of milliseconds of CPU (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ...engines.flip7.cards import KIND
from ..contract import Bot, Decision, Observation
from .knowledge import ACTION_WORTH, ACTIVE, duplicate_chance, hit_gain, next_card_kinds
from .race import expected_finals, game_chance, win_chance
from .rollout import Pending, Table, rollout_finals, sample_piles
from .standard import HIT, STAY, choose, flip_three_bust
from .win_table import covers, round_end_chance

#: rollouts of the rest of the round for each choice (on the same shuffles)
ROLLOUTS = 64
#: points from the target within which the bot plays by rollouts (measured: 60 better than 100, docs/benchmarks.md)
NEAR_END = 60
#: the plans tried after a hit, besides the standard rules at once: hit at least until the total and line have
#: grown by these points
PLAN_EXTRAS = (10, 20)


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


def should_hit(view: Mapping[str, Any], options: Mapping[str, Any], rng: random.Random) -> bool:
    """HIT when the rollouts of hitting (then playing on by the best of a few plans) give a better chance to win
    the game than those of staying."""
    seat = view["you"]
    target = options["target_score"]
    table = Table(view, options)
    piles = sample_piles(table, ROLLOUTS, rng)
    chance = _chances(seat, target, len(view["players"]))
    stayed = rollout_finals(table, piles, rng, lambda play: play.play_round(seat, False))
    stay = sum(chance(totals) for totals in stayed)
    best_hit = -1.0
    for until in plans(view, seat):
        table.planner, table.until = seat, until
        finals = rollout_finals(table, piles, rng, lambda play: play.play_round(seat, True))
        best_hit = max(best_hit, sum(chance(totals) for totals in finals))
    return best_hit > stay


def plans(view: Mapping[str, Any], seat: int) -> list[int]:
    """The totals the bot tries hitting at least until after this hit (0: the standard rules at once): its total
    and line grown by each of ``PLAN_EXTRAS``, and one more than the best rival's total and line."""
    players = view["players"]
    mine = players[seat]["total"] + players[seat]["line_value"]
    rival = max(p["total"] + p["line_value"] for p in players if p["seat"] != seat)
    untils = {0, *(mine + extra for extra in PLAN_EXTRAS)}
    if rival >= mine:
        untils.add(rival + 1)
    return sorted(untils)


def _chances(seat: int, target: int, seats: int) -> Callable[[list[int]], float]:
    """``seat``'s chance to win from a round's end totals, remembered by totals (rollouts often end on the same
    totals): exact when the round ends the game (``race.game_chance``), else the learnt table's
    (``win_table``) when it covers the game, else the race model's."""
    known: dict[tuple[int, ...], float] = {}
    learnt = covers(seats, target)

    def chance(totals: list[int]) -> float:
        key = tuple(totals)
        if key not in known:
            if learnt and max(totals) < target:
                known[key] = round_end_chance(totals, seat)
            else:
                known[key] = game_chance(totals, seat, target)
        return known[key]

    return chance


def rollout_target(view: Mapping[str, Any], options: Mapping[str, Any], rng: random.Random, pending: Pending) -> int:
    """The recipient of the pending card whose rollouts give the best chance."""
    seat = view["you"]
    target = options["target_score"]
    table = Table(view, options)
    piles = sample_piles(table, ROLLOUTS, rng)
    chance = _chances(seat, target, len(view["players"]))
    chances = {}
    for recipient in view["pending"]["legal_targets"]:
        finals = rollout_finals(
            table, piles, rng, lambda play, recipient=recipient: play.play_assignment(pending, recipient)
        )
        chances[recipient] = sum(chance(totals) for totals in finals)
    # the first of equals in seat order, so the choice is deterministic
    return max(chances, key=lambda recipient: (chances[recipient], -recipient))


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


def near_end(view: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
    """Whether some seat's total and line are within ``NEAR_END`` points of the target."""
    top = max(player["total"] + player["line_value"] for player in view["players"])
    return top >= options["target_score"] - NEAR_END


class Flip7StrongBot(Bot):
    game = "flip-7"
    level = "strong"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        view, legal, options = observation.view, observation.legal_actions, observation.options
        if len(legal) == 1:
            return Decision(action=dict(legal[0]))
        if not near_end(view, options):
            return Decision(action=choose(view, legal, options))
        if legal[0]["type"] == "assign":
            pending = Pending.of(view)
            if pending is None and KIND[view["pending"]["card"]] == "SC":
                return Decision(action=choose(view, legal, options))
            # set-aside cards in the deal: the race model's choice (a rollout cannot tell how that deal goes on)
            chosen = assign_target(view, options) if pending is None else rollout_target(view, options, rng, pending)
            return Decision(action={"type": "assign", "target": chosen})
        return Decision(action=dict(HIT if should_hit(view, options, rng) else STAY))
