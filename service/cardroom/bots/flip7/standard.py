"""Flip 7 ``standard`` bot: push-your-luck odds counted from the view.

Strategy (rules: docs/rules/flip-7.md)
* **Hit or stay.** The draw pile's composition is known exactly (every card that
  left it was seen, ``knowledge.py``). The bot hits while one more card is worth
  it on average: the expected points of a non-duplicate (new number, x2 when
  held, +15 for a seventh number, modifiers, a rough worth for action cards)
  against the chance of a duplicate times the points at risk (the whole line, or
  only the Second Chance it holds, priced at a quarter of the line). The stop
  threshold so falls out of the odds: with few numbers or a low line it hits,
  with a line of ~25+ and several numbers it stays.
* **End of the game.** If a rival has banked a total at or past the target that
  beats the bot's total plus line, staying loses for sure: it hits. If the bot
  would end the game ahead of everyone with no rival still active, it stays.
* **Freeze** goes to the rival who gains most from going on (the largest positive
  hit value), weighted by standing (a rival's total); the bot freezes itself only
  when no rival gains from going on and its own next card is a losing bet.
* **Flip Three** goes to the rival who loses most from three forced cards (bust
  odds over three draws times the line, less the points three good cards bring),
  weighted by standing; the bot takes it itself when three cards are worth more
  to it than the damage to any rival.
* **Second Chance** is kept when the bot may hold it; otherwise it goes to the
  weakest rival (the lowest total plus line).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ...engines.flip7.cards import KIND
from ..contract import Bot, Decision, Observation
from .knowledge import ACTIVE, duplicate_chance, hit_gain, hit_value, next_card_kinds

BANKED = ("STAYED", "FROZEN", "FLIP7")
HIT, STAY = {"type": "hit"}, {"type": "stay"}


def choose(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> dict[str, Any]:
    """The standard choice among ``legal`` for the viewing seat."""
    if legal[0]["type"] == "assign":
        return {"type": "assign", "target": assign_target(view, options)}
    if len(legal) == 1:
        return dict(legal[0])
    return dict(HIT if should_hit(view, options) else STAY)


def should_hit(view: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
    seat = view["you"]
    players = view["players"]
    me = players[seat]
    mine = me["total"] + me["line_value"]
    target = options["target_score"]
    rivals = [p for p in players if p["seat"] != seat]
    banked = [p["total"] + p["line_value"] for p in rivals if p["status"] in BANKED]
    best_banked = max(banked, default=0)
    if best_banked >= target and mine < best_banked:
        return True  # staying loses for sure
    alone = not any(p["status"] == ACTIVE for p in rivals)
    if alone and mine >= target and mine > max(p["total"] + p["line_value"] for p in rivals):
        return False  # staying wins
    return hit_value(me, next_card_kinds(view), options["flip7_bonus"]) > 0


def assign_target(view: Mapping[str, Any], options: Mapping[str, Any]) -> int:
    seat = view["you"]
    pending = view["pending"]
    targets = pending["legal_targets"]
    kind = KIND[pending["card"]]
    players = view["players"]
    rivals = [t for t in targets if t != seat]
    if kind == "SC":
        if seat in targets or not rivals:
            return seat if seat in targets else targets[0]
        return min(rivals, key=lambda t: (players[t]["total"] + players[t]["line_value"], t))
    kinds = next_card_kinds(view)
    bonus = options["flip7_bonus"]
    target_score = options["target_score"]

    def standing(t: int) -> float:
        return 1 + players[t]["total"] / target_score

    if kind == "FRZ":
        harm = {t: max(0.0, hit_value(players[t], kinds, bonus)) * standing(t) for t in rivals}
        best = max(rivals, key=lambda t: (harm[t], players[t]["total"], -t), default=None)
        if seat in targets and (best is None or (harm[best] < 0.5 and hit_value(players[seat], kinds, bonus) < 0)):
            return seat
        return best if best is not None else targets[0]
    # Flip Three
    damage = {t: flip_three_loss(players[t], kinds, bonus) * standing(t) for t in rivals}
    best = max(rivals, key=lambda t: (damage[t], players[t]["total"], -t), default=None)
    if seat in targets and (best is None or -flip_three_loss(players[seat], kinds, bonus) > damage[best]):
        return seat
    return best if best is not None else targets[0]


def flip_three_bust(player: Mapping[str, Any], kinds: Counter[str]) -> float:
    """Rough chance that three forced cards bust ``player``."""
    risk = duplicate_chance(player, kinds)
    if player["sc"] is not None:
        return min(1.0, 3 * risk * risk)  # the first duplicate only costs the SC
    survive = 1.0
    for extra in (0.0, 0.07, 0.14):  # each new number makes the next duplicate likelier
        survive *= max(0.0, 1 - risk - extra)
    return 1 - survive


def flip_three_loss(player: Mapping[str, Any], kinds: Counter[str], bonus: int) -> float:
    """Rough expected round points ``player`` loses to three forced cards (negative: it gains)."""
    bust = flip_three_bust(player, kinds)
    return bust * player["line_value"] - (1 - bust) * 3 * hit_gain(player, kinds, bonus)


class Flip7StandardBot(Bot):
    game = "flip-7"
    level = "standard"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        return Decision(action=choose(observation.view, observation.legal_actions, observation.options))
