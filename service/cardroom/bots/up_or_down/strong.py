"""Up or Down? ``strong`` bot: information-set Monte Carlo over one round of turns.

Strategy
* At the start of its turn the bot lists every whole turn (card to play, card to
  take, best placement) with the standard valuation (``planning.py``) and keeps
  the ``CANDIDATES`` best.
* It samples ``SAMPLES`` hidden states consistent with its view only
  (``determinize.py``: the cards it has not seen dealt at random into the
  face-down pile, the face-up pile below its top and the rivals' unknown hand
  cards). For each candidate and sample the engine plays the turn (the draw by
  the standard policy), then every rival's turn by the standard policy, up to
  the bot's next turn. What the rivals took from the display, what the bot's
  played card gave them and what it drew are now played out.
* A sample's outcome is the bot's position then, valued with its best next turn,
  less the best rival's position value (so denying a rival its colour counts).
  The candidate with the best mean outcome is played; the same samples serve
  every candidate (common random numbers).
* The take and place steps follow the plan kept in the bot's memory (nothing is
  revealed between the steps); the draw is the standard policy's.
  The work is bounded by counts, not by the clock, so decisions are reproducible
  from the rng; the counts keep p99 under 500 ms (docs/benchmarks.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engines import get_engine
from ...engines.up_or_down.state import UpOrDownState
from ..contract import Bot, Decision, Observation
from .determinize import determinize
from .planning import Planner
from .standard import choose

CANDIDATES = 3
SAMPLES = 4
#: the face-down draw of simulated seats is valued on this many sampled cards
ROLLOUT_DOWN_SAMPLES = 1


def _position(state: UpOrDownState, seat: int, options: Mapping[str, Any]) -> float:
    """The seat's position value less the best rival's, in the seat's own view of ``state``."""
    engine = get_engine("up-or-down")
    view = engine.view(state, seat)
    planner = Planner(view, options, state.seats)
    free = options["give_up_with_free_slot"]

    def value(player: Mapping[str, Any]) -> float:
        columns = [column["cards"] for column in player["columns"]]
        return planner.position_value(columns, len(player["discard"]), None)

    me = view["players"][seat]
    mine = value(me)
    if view["hand"] and view["current"] == seat and view["phase"] == "PLAY":
        columns = [column["cards"] for column in me["columns"]]
        mine = max(mine, planner.best_turn(view["hand"], view["display"], columns, len(me["discard"]), free)[0])
    return mine - max(value(player) for player in view["players"] if player["seat"] != seat)


def _play_out(state: UpOrDownState, seat: int, options: Mapping[str, Any], rng: random.Random) -> UpOrDownState:
    """Play on with the standard policy until ``seat`` is to play again (or the game ends)."""
    engine = get_engine("up-or-down")
    while not engine.is_over(state):
        actor = state.current
        if actor == seat and state.phase == "PLAY":
            break
        view = engine.view(state, actor)
        action = choose(view, engine.legal_actions(state, actor), options, rng, down_samples=ROLLOUT_DOWN_SAMPLES)
        state = engine.apply(state, actor, action).state
    return state


class UpOrDownStrongBot(Bot):
    game = "up-or-down"
    level = "strong"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        view, legal, options = observation.view, observation.legal_actions, observation.options
        kind = legal[0]["type"]
        plan = observation.memory
        if kind in ("take", "place") and plan:
            planned = {"type": "take", "card": plan["take"]} if kind == "take" else plan["place"]
            if planned in legal:
                return Decision(action=dict(planned), memory=plan if kind == "take" else None)
        if kind != "play" or len(legal) == 1:
            return Decision(action=choose(view, legal, options, rng))
        return self._search(view, options, rng)

    @staticmethod
    def _search(view: Mapping[str, Any], options: Mapping[str, Any], rng: random.Random) -> Decision:
        engine = get_engine("up-or-down")
        seat = view["you"]
        me = view["players"][seat]
        planner = Planner(view, options, len(view["players"]))
        columns = [column["cards"] for column in me["columns"]]
        turns = planner.turns(
            view["hand"], view["display"], columns, len(me["discard"]), options["give_up_with_free_slot"]
        )
        turns.sort(key=lambda turn: -turn[0])  # stable: equal values keep the listing order
        candidates = turns[:CANDIDATES]
        totals = [0.0] * len(candidates)
        for _ in range(SAMPLES):
            sample = determinize(view, options, rng)
            rollout_seed = rng.getrandbits(32)
            for i, (_, card, take, place) in enumerate(candidates):
                state = sample
                for action in ({"type": "play", "card": card}, {"type": "take", "card": take}, place):
                    state = engine.apply(state, seat, action).state
                totals[i] += _position(_play_out(state, seat, options, random.Random(rollout_seed)), seat, options)
        _, card, take, place = candidates[totals.index(max(totals))]
        return Decision(action={"type": "play", "card": card}, memory={"take": take, "place": place})
