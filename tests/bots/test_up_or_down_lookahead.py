"""The Up or Down? strong bot's look-ahead (bots/up_or_down/lookahead.py) against the real thing: its restated
turn of a seat is the best of every turn the planner lists (``Planner.turns``), the card to play and the card to
take are the standard bot's, and the display it leaves is the engine's."""

from __future__ import annotations

import random

from cardroom.bots import get_bot, observe
from cardroom.bots.up_or_down.lookahead import SeatPlans, after_turn
from cardroom.bots.up_or_down.planning import Planner
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options

GAMES = 2
ENGINE = get_engine("up-or-down")
OPTIONS = validate_options(ENGINE.info.options, {})
STANDARD = get_bot("up-or-down", "standard")


def _act(state, seat: int):
    observation = observe(ENGINE, state, seat, (), None, OPTIONS)
    action = STANDARD.decide(observation, random.Random(0)).action
    return observation, action, ENGINE.apply(state, seat, action).state


def test_the_restated_turn_plays_takes_and_leaves_the_display_as_the_standard_bot() -> None:
    turns = 0
    for seed in range(GAMES):
        state = ENGINE.start(4, OPTIONS, seed).state
        while not ENGINE.is_over(state):
            seat = ENGINE.to_act(state)[0]
            observation, played, state = _act(state, seat)
            if played["type"] != "play":
                continue
            view = observation.view
            me = view["players"][seat]
            plans = SeatPlans(
                Planner(view, OPTIONS, 4),
                [column["cards"] for column in me["columns"]],
                len(me["discard"]),
                OPTIONS["give_up_with_free_slot"],
            )
            _, card, take = plans.best_turn(view["hand"], view["display"])
            turns_listed = plans.planner.turns(view["hand"], view["display"], plans.columns, plans.discards, plans.free)
            _, taken, state = _act(state, seat)
            assert (card, take) == max(turns_listed, key=lambda turn: turn[0])[1:3] == (played["card"], taken["card"])
            assert after_turn(view["display"], card, take) == state.display
            turns += 1
    assert turns == GAMES * 120
