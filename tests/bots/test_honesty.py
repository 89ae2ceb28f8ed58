"""The honesty property, for every bot of every game: re-dealing every card a seat cannot see
(``engine.redeal_hidden``, as the leak tests do) changes neither what ``observe`` hands the bot
nor the bot's decision (same events, same memory, same rng seed).

The first assertion fails if ``observe`` leaks anything that depends on hidden cards; the second
if a bot's decision does (which it cannot, having only the Observation). States are those of
seeded random play (``random_play.py``), the bot asked along the way so it carries its memory.
Sizes are for CI; ``CARDROOM_BOT_GAMES=N`` multiplies them for a longer run.
"""

from __future__ import annotations

import os
import random

import pytest
from random_play import Turn, play

from cardroom.bots import get_bot, levels_of, observe
from cardroom.engines import game_ids, get_engine
from cardroom.engines.contract import validate_options

SCALE = int(os.environ.get("CARDROOM_BOT_GAMES", "1"))
#: (games, ask the bot every nth decision, decisions checked per game)
SIZES = {"random": (4, 2, 150), "standard": (4, 2, 150), "strong": (4, 2, 150)}


def _cases() -> list[tuple[str, str]]:
    return [(game, level) for game in game_ids() for level in levels_of(game)]


@pytest.mark.parametrize(("game", "level"), _cases())
def test_redealing_hidden_cards_changes_no_observation_and_no_decision(game: str, level: str) -> None:
    engine = get_engine(game)
    bot = get_bot(game, level)
    options = validate_options(engine.info.options, {})
    games, every, per_game = SIZES.get(level, SIZES["strong"])
    checked = 0

    def check(turn: Turn) -> None:
        nonlocal checked
        redealt = engine.redeal_hidden(turn.state, turn.seat, random.Random(f"redeal/{turn.rng_seed}"))
        again = observe(engine, redealt, turn.seat, turn.events, turn.memory, options)
        assert again == turn.observation, "observe depends on cards hidden from the seat"
        assert bot.decide(again, random.Random(turn.rng_seed)) == turn.decision
        checked += 1

    for index in range(games * SCALE):
        seats = (3, 4)[index % 2]
        play(engine, bot, seats, options, 1000 + index, check, every=every, asked_at_most=per_game * SCALE)
    assert checked > 0


def test_the_redeal_really_moves_hidden_cards() -> None:
    """Guard for the property above: in these games redeal_hidden does change the state."""
    engine = get_engine("up-or-down")
    state = engine.new_game(4, {}, seed=5)
    redealt = engine.redeal_hidden(state, 0, random.Random(1))
    assert engine.encode(redealt) != engine.encode(state)
    assert engine.view(redealt, 0) == engine.view(state, 0)
