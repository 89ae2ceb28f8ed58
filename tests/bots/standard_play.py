"""Games of four standard bots, decision by decision, for the tests that hold a bot's restatement of the rules or of
the standard bot to the engine (the states are read by the tests, never by a bot)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardroom.bots import Observation, get_bot, observe
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options


def standard_decisions(game: str, seed: int) -> Iterator[tuple[Any, Observation]]:
    """(state, the acting seat's observation) at every decision of a four-seat game of ``game``'s standard bots,
    default options, each bot deciding with ``random.Random(0)``."""
    engine = get_engine(game)
    options = validate_options(engine.info.options, {})
    bot = get_bot(game, "standard")
    state = engine.start(4, options, seed).state
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        observation = observe(engine, state, seat, (), None, options)
        yield state, observation
        state = engine.apply(state, seat, bot.decide(observation, random.Random(0)).action).state
