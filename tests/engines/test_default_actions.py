"""Games where every seat only plays ``default_action`` end (engine contract, seams §1).

For each game at its smallest and largest table and with the options that add decisions.
The bound is per configuration: exact for Up or Down? (four steps per turn), a few times
the longest game measured for the others. All of it costs about a second of CPU;
``CARDROOM_PROPERTY_GAMES`` sets the games per configuration.
"""

from __future__ import annotations

import pytest
from contract_suite import check_default_games, property_games

from cardroom.engines import get_engine

#: (game, players, options, games in CI, bound on actions per game)
CONFIGS = [
    # Up or Down?: a turn is play, take, place, draw; T - 6 turns (120 with all cards, 36 with SHORT at 2)
    ("up-or-down", 2, {}, 40, 4 * 120),
    ("up-or-down", 6, {"card_range": "SHORT", "first_player": "RANDOM"}, 40, 4 * 90),
    ("up-or-down", 2, {"give_up_with_free_slot": True, "card_range": "SHORT"}, 40, 4 * 36),
    # Flip 7: everyone stays at once; rounds of a few points each until someone reaches the target
    ("flip-7", 2, {"min_players": 2}, 50, 1_000),
    ("flip-7", 12, {}, 20, 1_500),
    ("flip-7", 3, {"stay_requires_card": False, "auto_single_target": False}, 50, 1_000),
    ("flip-7", 5, {"flip3_sc_timing": "immediate", "auto_single_target": False, "tie_break": "all_players"}, 50, 1_000),
    # Pumba: nobody plays a card; the stock runs dry, the round is blocked and hands are scored
    ("pumba", 2, {}, 50, 500),
    ("pumba", 6, {}, 30, 500),
    ("pumba", 3, {"end_mode": "first_to_limit", "king_followup": "optional", "max_draws": 3}, 50, 500),
    ("pumba", 4, {"stack_twos": False, "pumba_enforcement": "auto", "starter_effects": "apply"}, 50, 500),
    # Pumptown: the absent seats knock after KNOCK_AFTER_LAPS laps; every window is polled
    ("pumptown", 3, {}, 20, 3_000),
    ("pumptown", 8, {}, 5, 15_000),
    ("pumptown", 4, {"rounds": 3, "poll_mode": "holders_only", "allow_rediscard": True}, 20, 1_500),
    ("pumptown", 5, {"rounds": 2, "pump_enabled": False, "round_turn_limit": 7}, 20, 500),
    ("pumptown", 3, {"rounds": 2, "pump_hand_limit": 0, "knock_penalty": 0}, 20, 1_000),
]


@pytest.mark.parametrize(("game", "players", "options", "games", "bound"), CONFIGS, ids=lambda value: str(value))
def test_games_of_default_actions_only_end(game, players, options, games, bound):
    engine = get_engine(game)
    longest = check_default_games(
        engine, players, options, property_games(games), max_actions=bound, base_seed=CONFIGS.index(
            (game, players, options, games, bound))
    )
    assert longest > 0
