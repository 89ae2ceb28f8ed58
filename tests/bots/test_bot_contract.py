"""The bot contract, for every registered bot of every game: the registry, and that a bot always
returns (a copy of) one of the legal actions of its Observation."""

from __future__ import annotations

import random

import pytest

from cardroom import bots
from cardroom.bots import LEVELS, UnknownBot, get_bot, levels_of, observe
from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import validate_options

#: random-play steps checked per bot (decisions are asked at every step, whichever seat acts)
STEPS = {"random": 400, "standard": 400, "strong": 400}


def _registered() -> list[tuple[str, str]]:
    return [(game, level) for game in game_ids() for level in levels_of(game)]


def test_every_game_has_a_random_bot_and_levels_are_known() -> None:
    for game in game_ids():
        assert levels_of(game)[0] == "random"
        assert set(levels_of(game)) <= set(LEVELS)
        for level in levels_of(game):
            bot = get_bot(game, level)
            assert (bot.game, bot.level) == (game, level)
            assert isinstance(bot, bots.Bot)


def test_unknown_games_and_levels_are_refused() -> None:
    with pytest.raises(UnknownBot):
        get_bot("chess", "random")
    with pytest.raises(UnknownBot):
        levels_of("chess")
    with pytest.raises(UnknownBot):
        get_bot("flip-7", "grandmaster")
    assert issubclass(UnknownBot, ValueError)


@pytest.mark.parametrize(("game", "level"), _registered())
def test_a_bot_returns_one_of_the_legal_actions(game: str, level: str) -> None:
    engine = get_engine(game)
    bot = get_bot(game, level)
    rng = random.Random(f"{game}/{level}")
    options = validate_options(engine.info.options, {})
    steps = 0
    while steps < STEPS[level]:
        seats = rng.choice((3, 4))
        opening = engine.start(seats, options, rng.getrandbits(32))
        state = opening.state
        memories: dict[int, object] = {}
        unseen = {seat: list(opening.events) for seat in range(seats)}  # events since each seat's last decision
        while not engine.is_over(state) and steps < STEPS[level]:
            seat = rng.choice(engine.to_act(state))
            observation = observe(engine, state, seat, unseen[seat], memories.get(seat), options)
            decision = bot.decide(observation, random.Random(steps))
            assert decision.action in observation.legal_actions
            memories[seat], unseen[seat] = decision.memory, []
            transition = engine.apply(state, seat, decision.action)
            state = transition.state
            for pending in unseen.values():
                pending.extend(transition.events)
            steps += 1


def test_observe_refuses_a_seat_without_a_decision() -> None:
    engine = get_engine("flip-7")
    state = engine.new_game(3, {}, seed=3)
    idle = next(seat for seat in range(3) if seat not in engine.to_act(state))
    with pytest.raises(ValueError):
        observe(engine, state, idle, (), None, {})
