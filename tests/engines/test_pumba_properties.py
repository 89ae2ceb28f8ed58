"""Pumba: contract properties over seeded random games, codec, options and catalog.

Random legal play makes long Pumba rounds (a few hundred actions: random players
draw often and rarely go out). The contract suite checks the cheap promises at
every step and the expensive ones (about 1.5 ms of CPU each: leak checks with
re-dealt hidden cards, every listed action, unlisted actions refused) at every
``SAMPLE_EVERY``-th step and at the end, so CI plays 2,112 games over 14
configurations, mostly with low point limits (short games). A longer run, e.g.
1,000 games per configuration::

    CARDROOM_PROPERTY_GAMES=1000 python -m pytest tests/engines/test_pumba_properties.py
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from contract_suite import check_random_games, property_games

from cardroom.engines.contract import OptionError, RuleError
from cardroom.engines.pumba import PumbaEngine
from cardroom.engines.pumba.state import OPTION_SPECS

ENGINE = PumbaEngine()
GOLDEN = Path(__file__).parent / "golden" / "pumba-v1.bin"

#: expensive checks on every this-many-th step of a game (cheap ones on every step)
SAMPLE_EVERY = 25
#: CI games per configuration are this many times the counts below
SCALE = 8

#: (players, options, games in CI / SCALE): every player count and every option value that changes play
CONFIGS = [
    (2, {"point_limit": 1}, 36),
    (3, {"point_limit": 1}, 24),
    (4, {"point_limit": 1}, 24),
    (5, {"point_limit": 1}, 18),
    (6, {"point_limit": 1}, 18),
    (3, {"point_limit": 12, "opener_rule": "round_winner", "first_opener": "random"}, 12),
    (4, {"point_limit": 12, "end_mode": "first_to_limit", "first_opener": 3}, 12),
    (2, {"point_limit": 25, "seven_two_players": "skip"}, 12),
    (3, {"point_limit": 1, "max_draws": 1, "king_followup": "optional"}, 18),
    (4, {"point_limit": 1, "max_draws": 3, "stack_twos": False}, 18),
    (5, {"point_limit": 1, "two_penalty_ends_turn": False, "ace_target": "next"}, 12),
    (6, {"point_limit": 1, "pumba_enforcement": "auto", "pumba_penalty": 4}, 12),
    (3, {"point_limit": 1, "pumba_enforcement": "off", "starter_effects": "apply"}, 24),
    (2, {"point_limit": 1, "pumba_penalty": 0, "final_card_effects": "apply_draws", "starter_effects": "apply"}, 24),
]


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS, ids=[str(i) for i in range(len(CONFIGS))])
def test_random_games_keep_every_contract_promise(players, options, games):
    # base_seed keeps the game seeds far above any count a view shows (the seed-leak check compares values)
    assert (
        check_random_games(
            ENGINE,
            players,
            options,
            property_games(games * SCALE),
            base_seed=CONFIGS.index((players, options, games)) + 1,
            sample_every=SAMPLE_EVERY,
        )
        > 0
    )


def _golden_state():
    """A mid-game state reached from a fixed seed by fixed random play (regenerates the golden file)."""
    chooser = random.Random(2026)
    state = ENGINE.new_game(4, {"point_limit": 40, "pumba_penalty": 3}, seed=20260)
    for _ in range(60):
        seat = chooser.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    return state


def test_codec_round_trip():
    state = _golden_state()
    data = ENGINE.encode(state)
    assert ENGINE.encode(ENGINE.decode(data)) == data
    assert ENGINE.view(ENGINE.decode(data), 1) == ENGINE.view(state, 1)


def test_schema_1_state_still_loads():
    data = GOLDEN.read_bytes()
    loaded = ENGINE.decode(data)
    assert ENGINE.encode(loaded) == data
    assert ENGINE.encode(loaded) == ENGINE.encode(_golden_state())
    assert ENGINE.legal_actions(loaded, loaded.current)


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"point_limit": 0}, "point_limit"),
        ({"end_mode": "sudden_death"}, "end_mode"),
        ({"max_draws": 4}, "max_draws"),
        ({"stack_twos": "maybe"}, "stack_twos"),
        ({"two_penalty_ends_turn": 1}, "two_penalty_ends_turn"),
        ({"ace_target": "random"}, "ace_target"),
        ({"seven_two_players": "reverse"}, "seven_two_players"),
        ({"king_followup": "none"}, "king_followup"),
        ({"pumba_enforcement": "strict"}, "pumba_enforcement"),
        ({"pumba_penalty": 5}, "pumba_penalty"),
        ({"starter_effects": "all"}, "starter_effects"),
        ({"final_card_effects": "all"}, "final_card_effects"),
        ({"opener_rule": "dealer"}, "opener_rule"),
        ({"first_opener": 3}, "first_opener"),
        ({"first_opener": "last"}, "first_opener"),
        ({"house_rule": True}, "house_rule"),
    ],
)
def test_bad_option_names_the_option(options, name):
    with pytest.raises(OptionError) as error:
        ENGINE.new_game(3, options)
    assert error.value.option == name
    assert name in error.value.message


@pytest.mark.parametrize("fixture", [{"decks": [["XX"]]}, {"decks": "3o"}, {"state": {"hands": []}}, {"shuffle": 1}])
def test_bad_fixture_is_refused(fixture):
    with pytest.raises(RuleError) as error:
        ENGINE.new_game(2, fixture=fixture)
    assert error.value.code == "INVALID_ARGUMENT"


def test_catalog_lists_every_option_with_its_default():
    info = ENGINE.info
    assert (info.id, info.min_players, info.max_players) == ("pumba", 2, 6)
    defaults = {spec.name: spec.default for spec in info.options}
    assert defaults == {
        "point_limit": 100,
        "end_mode": "elimination",
        "max_draws": 2,
        "stack_twos": True,
        "two_penalty_ends_turn": True,
        "ace_target": "choose",
        "seven_two_players": "no_effect",
        "king_followup": "full_turn",
        "pumba_enforcement": "challenge",
        "pumba_penalty": 2,
        "starter_effects": "ignore",
        "final_card_effects": "none",
        "opener_rule": "rotate",
        "first_opener": 0,
    }
    assert all(spec.description for spec in OPTION_SPECS)
    assert ENGINE.view(ENGINE.new_game(2), None)["options"] == defaults


def test_same_seed_same_game_and_seed_changes_the_deal():
    assert ENGINE.encode(ENGINE.new_game(4, seed=9)) == ENGINE.encode(ENGINE.new_game(4, seed=9))
    assert ENGINE.view(ENGINE.new_game(4, seed=9), 0)["hand"] != ENGINE.view(ENGINE.new_game(4, seed=10), 0)["hand"]
