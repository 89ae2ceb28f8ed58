"""Flip 7 ``strong`` bot: information-set Monte Carlo over the rest of the round.

Strategy
* Decisions the standard policy finds clear-cut are left to it (a single legal
  action, a hit or stay whose expected value is far from zero while nobody is
  near the target score, anything during the opening deal).
* Otherwise the bot samples ``SAMPLES`` hidden states consistent with its view
  only (``determinize.py``: the unseen cards shuffled into a draw pile), and for
  each legal action plays the sample on with the engine to the end of the round,
  every seat (itself included) following the standard policy. The same samples
  serve every action (common random numbers), so the comparison is not drowned
  in the luck of the draw.
* A sample's outcome is the bot's chance of winning: its share of the winners
  when the game ended, else a softmax of the totals (temperature ``TEMPERATURE``
  points), so pushing luck pays when behind and caution when ahead, and a game
  about to end is played for the win, not for points.
* The action with the best mean outcome is played; ties go to the standard choice.
  The work is bounded by sample counts, not by the clock, so decisions are
  reproducible from the rng; the counts keep p99 under 500 ms (docs/benchmarks.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...engines import get_engine
from ...engines.flip7.state import TURN, Flip7State
from ..contract import Bot, Decision, Observation
from .determinize import determinize
from .knowledge import hit_value, next_card_kinds
from .standard import choose

SAMPLES = 24
#: a hit or stay is left to the standard policy when its expected value is further than this from zero
CLEAR_CUT = 6.0
#: ... unless some seat's total plus line is this close to the target score
ENDGAME = 40
TEMPERATURE = 30.0
#: a simulated round still running after this many actions is cut short and valued as it stands
MAX_ROLLOUT_ACTIONS = 400


def _outcome(state: Flip7State, seat: int) -> float:
    if state.winners:
        return 1 / len(state.winners) if seat in state.winners else 0.0
    totals = [p.total for p in state.players]
    top = max(totals)
    weights = [math.exp((total - top) / TEMPERATURE) for total in totals]
    return weights[seat] / sum(weights)


def rollout(state: Flip7State, seat: int, options: Mapping[str, Any]) -> float:
    """Play the round on with the standard policy at every seat; the bot's outcome at its end."""
    engine = get_engine("flip-7")
    start_round = state.round
    for _ in range(MAX_ROLLOUT_ACTIONS):
        if state.winners or state.round != start_round:
            break
        actor = engine.to_act(state)[0]
        legal = engine.legal_actions(state, actor)
        state = engine.apply(state, actor, choose(engine.view(state, actor), legal, options)).state
    return _outcome(state, seat)


class Flip7StrongBot(Bot):
    game = "flip-7"
    level = "strong"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        view, legal, options = observation.view, observation.legal_actions, observation.options
        fallback = choose(view, legal, options)
        if len(legal) == 1 or view["phase"] != TURN or self._clear_cut(view, legal, options):
            return Decision(action=fallback)
        return Decision(action=self._search(view, legal, options, fallback, rng))

    @staticmethod
    def _clear_cut(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> bool:
        if legal[0]["type"] == "assign":
            return False
        near = options["target_score"] - ENDGAME
        if any(p["total"] + p["line_value"] >= near for p in view["players"]):
            return False
        me = view["players"][view["you"]]
        return abs(hit_value(me, next_card_kinds(view), options["flip7_bonus"])) > CLEAR_CUT

    @staticmethod
    def _search(
        view: Mapping[str, Any],
        legal: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        fallback: dict[str, Any],
        rng: random.Random,
    ) -> dict[str, Any]:
        engine = get_engine("flip-7")
        seat = view["you"]
        totals = [0.0] * len(legal)
        for _ in range(SAMPLES):
            sample = determinize(view, options, rng)
            for i, action in enumerate(legal):
                totals[i] += rollout(engine.apply(sample, seat, action).state, seat, options)
        best = max(totals)
        if totals[legal.index(fallback)] >= best - 1e-9:
            return fallback
        return dict(legal[totals.index(best)])
