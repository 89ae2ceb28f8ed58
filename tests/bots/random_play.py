"""Random play that asks a bot along the way, for the bot tests.

The game advances by uniform random legal play (seeded), so the states are those
random play reaches; at every ``every``-th decision the acting seat's bot is asked
too, handed that seat's events since the bot was last asked for it and the memory
it returned then (as the service does for a seat a bot takes over).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from cardroom.bots import Bot, Decision, Observation, observe
from cardroom.engines.contract import Engine


@dataclass
class Turn:
    """A decision point: the state, the acting seat, what its bot was handed and the rng seed it used."""

    state: Any
    seat: int
    events: list[Any]
    memory: Any
    observation: Observation
    rng_seed: str
    decision: Decision


def play(
    engine: Engine,
    bot: Bot,
    seats: int,
    options: Mapping[str, Any],
    seed: int,
    inspect: Callable[[Turn], None],
    *,
    every: int = 1,
    asked_at_most: int | None = None,
) -> int:
    """Play one game by random play, asking ``bot`` (and calling ``inspect``) as described above.
    Stops once the bot was asked ``asked_at_most`` times; returns how often it was asked."""
    chooser = random.Random(seed)
    opening = engine.start(seats, options, seed)
    state = opening.state
    unseen: list[list[Any]] = [list(opening.events) for _ in range(seats)]
    memories: list[Any] = [None] * seats
    step = asked = 0
    while not engine.is_over(state) and (asked_at_most is None or asked < asked_at_most):
        seat = chooser.choice(engine.to_act(state))
        if step % every == 0:
            observation = observe(engine, state, seat, unseen[seat], memories[seat], options)
            rng_seed = f"{seed}/{step}"
            decision = bot.decide(observation, random.Random(rng_seed))
            inspect(Turn(state, seat, unseen[seat], memories[seat], observation, rng_seed, decision))
            unseen[seat], memories[seat] = [], decision.memory
            asked += 1
        transition = engine.apply(state, seat, chooser.choice(engine.legal_actions(state, seat)))
        state = transition.state
        for pending in unseen:
            pending.extend(transition.events)
        step += 1
    return asked
