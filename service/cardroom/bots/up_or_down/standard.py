"""Up or Down? ``standard`` bot: column planning (``planning.py``).

Strategy (rules: docs/rules/up-or-down.md)
* **Play, take, place** are chosen together: for every hand card the bot works
  out the two display cards it would sit between and, for each, the best
  placement; the whole turn with the highest position value wins. The value of a
  position is its score plus each column's potential: the reachable cards of the
  column's best colour in its direction, times what one more such card adds,
  times the share of the remaining cards the seat can expect to take. So the
  bot extends long one-colour columns, avoids jumps that strand cards of its
  colour, starts a column where it has room on one side, and gives a column up
  only when its discards and a fresh start beat keeping it.
* The take and place steps re-run the same valuation on what is left of the turn
  (nothing new is revealed between the steps, so they follow the plan).
* **Draw**: the face-up card is taken when the best next turn on the current
  display is better with it in hand than the average over a few cards the
  face-down pile may hold (sampled from the cards this seat has not seen).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..contract import Bot, Decision, Observation
from .lookahead import SeatPlans
from .planning import Planner

#: face-down cards sampled to value the face-down draw
DOWN_SAMPLES = 6


def choose(
    view: Mapping[str, Any],
    legal: Sequence[Mapping[str, Any]],
    options: Mapping[str, Any],
    rng: random.Random,
) -> dict[str, Any]:
    """The standard choice among ``legal`` for the viewing seat (also the strong bot's draw)."""
    if len(legal) == 1:
        return dict(legal[0])
    seat = view["you"]
    me = view["players"][seat]
    planner = Planner(view, options, len(view["players"]))
    columns = [column["cards"] for column in me["columns"]]
    discards = len(me["discard"])
    free = options["give_up_with_free_slot"]
    kind = legal[0]["type"]
    if kind == "play":
        _, card, _ = SeatPlans(planner, columns, discards, free).best_turn(view["hand"], view["display"])
        return {"type": "play", "card": card}
    if kind == "take":
        card = max(
            (action["card"] for action in legal),
            key=lambda take: planner.best_placement(columns, discards, take, free)[0],
        )
        return {"type": "take", "card": card}
    if kind == "place":
        taken = view["taken"]
        return dict(max(legal, key=lambda place: planner.placed_value(columns, discards, taken, place)))
    return {"type": "draw", "pile": draw_pile(view, planner, columns, discards, free, rng)}


def draw_pile(
    view: Mapping[str, Any],
    planner: Planner,
    columns: Sequence[Sequence[int]],
    discards: int,
    free: bool,
    rng: random.Random,
) -> str:
    hand, display = list(view["hand"]), view["display"]
    unseen = unseen_cards(view, planner.top)
    if not unseen:
        return "up"
    plans = SeatPlans(planner, columns, discards, free)  # the hand's own turns are valued once, not per sample
    up = plans.best_turn([*hand, view["pile_up_top"]], display)[0]
    samples = rng.sample(unseen, min(DOWN_SAMPLES, len(unseen)))
    down = sum(plans.best_turn([*hand, card], display)[0] for card in samples)
    return "up" if up >= down / len(samples) else "down"


def unseen_cards(view: Mapping[str, Any], top: int) -> list[int]:
    """Cards this seat has not seen where they are: the face-down pile, the face-up pile below its top,
    rivals' hand cards not drawn face up."""
    seen = set(view["display"]) | set(view["hand"])
    for player in view["players"]:
        seen.update(player["known"])
        seen.update(player["discard"])
        for column in player["columns"]:
            seen.update(column["cards"])
    for card in (view["pile_up_top"], view["taken"]):
        if card is not None:
            seen.add(card)
    return [card for card in range(1, top + 1) if card not in seen]


class UpOrDownStandardBot(Bot):
    game = "up-or-down"
    level = "standard"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        return Decision(action=choose(observation.view, observation.legal_actions, observation.options, rng))
