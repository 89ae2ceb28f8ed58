"""Seeded games played by bots through ``observe``, checked at every step (shared by the per-game bot tests).

A step asks one seat of ``to_act`` (drawn with the game's seeded rng, as ``simulate`` does) for its
decision, with the events that seat received since its previous decision and the memory its bot
kept. It checks what the bot tests promise: the action is one of the legal actions, the engine
accepts it (no refused action), the memory is JSON-able, and the engine's invariants hold
(conservation of cards, codec round trip, no hidden card in an event).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardroom.bots import get_bot, observe
from cardroom.engines import get_engine, invariants
from cardroom.engines.contract import RuleError, validate_options

#: a bot game still running after this many steps counts as non-terminating
MAX_STEPS = 50_000


@dataclass
class BotGame:
    steps: int = 0
    winners: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def play(
    game: str,
    levels: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    after_step: Callable[[Any, int, Any], list[str]] | None = None,
) -> BotGame:
    """Play one game with ``levels[seat]`` bots; ``after_step(state, seat, memory)`` may add checks of
    the memory a bot returned against the state it decided in."""
    engine = get_engine(game)
    options = validate_options(engine.info.options, options)
    opening = engine.start(len(levels), options, seed)
    state = opening.state
    bots = [get_bot(game, level) for level in levels]
    unseen: list[list[Any]] = [list(opening.events) for _ in levels]
    memories: list[Any] = [None] * len(levels)
    chooser = random.Random(seed)
    played = BotGame()
    while not engine.is_over(state):
        if played.steps >= MAX_STEPS:
            played.problems.append("termination: game did not end")
            break
        seat = chooser.choice(engine.to_act(state))
        observation = observe(engine, state, seat, unseen[seat], memories[seat], options)
        decision = bots[seat].decide(observation, random.Random(chooser.getrandbits(32)))
        if decision.action not in observation.legal_actions:
            played.problems.append(f"step {played.steps}: seat {seat} chose an unlisted {decision.action}")
            break
        try:
            json.dumps(decision.memory)
        except TypeError as error:
            played.problems.append(f"step {played.steps}: memory is not JSON-able: {error}")
        if after_step is not None:
            played.problems += after_step(state, seat, decision.memory)
        try:
            transition = engine.apply(state, seat, decision.action)
        except RuleError as error:
            played.problems.append(f"step {played.steps}: refused {decision.action}: {error.code}")
            break
        state = transition.state
        memories[seat], unseen[seat] = decision.memory, []
        for pending in unseen:
            pending.extend(transition.events)
        played.steps += 1
        played.problems += invariants.conservation(engine, state)
        played.problems += invariants.codec_round_trip(engine, state)
        played.problems += invariants.event_leaks(engine, state, transition.events)
    result = engine.result(state)
    if result is not None:
        played.winners = list(result.winners)
    elif not played.problems:
        played.problems.append("no result at the end")
    return played
