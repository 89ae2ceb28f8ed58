"""The Pumba ``standard`` and ``strong`` bots: legal over seeded games, and their key heuristic choices on
fixed hands (the strong bot's reading of the rivals' voids too).

``CARDROOM_PROPERTY_GAMES=N`` plays N games per configuration instead of the CI size (a longer run:
``CARDROOM_PROPERTY_GAMES=1000 python -m pytest -q tests/bots/test_pumba_bots.py``).
"""

from __future__ import annotations

import os
import random

import pytest

from cardroom.bots import get_bot, observe
from cardroom.bots.pumba.reading import Reading
from cardroom.engines import get_engine
from cardroom.engines.contract import Event, validate_options
from cardroom.engines.pumba.cards import CARDS, INDEX
from cardroom.tournament import play_bot_game

ENGINE = get_engine("pumba")
BOT = get_bot("pumba", "standard")
STRONG = get_bot("pumba", "strong")
GAMES = os.environ.get("CARDROOM_PROPERTY_GAMES")

#: (players, options, games in CI): the default table at 4 players, the seat-count bounds, house rules
CONFIGS = [
    (4, {}, 100),
    (2, {}, 10),
    (6, {}, 6),
    (3, {"pumba_enforcement": "auto", "stack_twos": False, "ace_target": "next", "max_draws": 3}, 6),
    (2, {"seven_two_players": "skip", "king_followup": "optional", "two_penalty_ends_turn": False}, 6),
    (
        5,
        {
            "end_mode": "first_to_limit",
            "starter_effects": "apply",
            "final_card_effects": "apply_draws",
            "opener_rule": "round_winner",
            "first_opener": "random",
            "pumba_enforcement": "off",
        },
        6,
    ),
]


@pytest.mark.parametrize("level", ["standard", "strong"])
@pytest.mark.parametrize(("players", "options", "games"), CONFIGS)
def test_plays_only_legal_actions(level: str, players: int, options: dict, games: int) -> None:
    """Every step checked (cardroom.tournament's loop: invariants, views, events, memory): 0 refused
    actions, 0 violations. Every other game the level plays against standard bots, else against random
    (the strong bot, whose reading and look-ahead only choose among the listed actions, plays a twentieth
    of the CI games: its look-ahead costs up to about 150 ms of CPU a decision, p99)."""
    effective = validate_options(ENGINE.info.options, options)
    count = int(GAMES) if GAMES else games // (20 if level == "strong" else 1) or 1
    for index in range(count):
        seed = 10_000 + index
        rivals = "standard" if index % 2 else "random"
        levels = [level] + [rivals] * (players - 1)
        game = play_bot_game(ENGINE, levels, effective, seed, check=True)
        assert (game.refused, game.violations[:3]) == ([], []), (seed, levels)
        assert game.winners


# --- scenarios on fixed hands --------------------------------------------------------------------


def mid_round(players: int, hands: list[str], top: str, stock: str = "", **state):
    """The given hands, ``top`` alone on the pile, the stock starting with ``stock`` (top first) and
    then every other card in canonical order (as the engine's tests)."""
    held = [sorted(hand.split(), key=INDEX.__getitem__) for hand in hands]
    first = stock.split()
    placed = {card for hand in held for card in hand} | {top} | set(first)
    rest = [c for c in CARDS if c not in placed]
    fixture = {"hands": held, "discard": [top], "stock": first + rest, **state}
    options = fixture.pop("options", {})
    return ENGINE.new_game(players, options, seed=5, fixture={"state": fixture}), options


def decide(state, seat: int, options: dict) -> dict:
    observation = observe(ENGINE, state, seat, (), None, validate_options(ENGINE.info.options, options))
    return BOT.decide(observation, random.Random(0)).action


def act(state, seat: int, action: dict):
    return ENGINE.apply(state, seat, action).state


def test_calls_pumba_on_the_play_that_leaves_one_card() -> None:
    state, options = mid_round(3, ["4o 6c", "3e 4e 5e 6e", "3b 4b 5b 6b"], "5o")
    assert decide(state, 0, options) == {"type": "play", "card": "4o", "pumba": True}


def test_goes_out_with_its_last_card() -> None:
    state, options = mid_round(3, ["2o", "3e 4e 5e 6e", "3b 4b 5b 6b"], "5o")
    assert decide(state, 0, options) == {"type": "play", "card": "2o"}


def test_plays_the_king_first_to_go_out_in_one_turn() -> None:
    # 3o first would leave the King; the King first gives an extra turn for the 3o
    state, options = mid_round(3, ["3o Ro", "3e 4e 5e 6e", "3b 4b 5b 6b"], "5o")
    action = decide(state, 0, options)
    assert action == {"type": "play", "card": "Ro", "pumba": True}
    state = act(state, 0, action)
    assert decide(state, 0, options) == {"type": "play", "card": "3o"}


def test_challenges_a_missing_call_out_of_turn() -> None:
    state, options = mid_round(3, ["4o 6c", "3e 4e 5e 6e", "3b 4b 5b 6b"], "5o")
    state = act(state, 0, {"type": "play", "card": "4o"})  # no call: the window opens on seat 0
    assert decide(state, 2, options) == {"type": "challenge_pumba", "target": 0}
    assert decide(state, 1, options) == {"type": "challenge_pumba", "target": 0}


def test_answers_a_two_with_a_two_and_takes_the_penalty_without_one() -> None:
    state, options = mid_round(3, ["3e 4e 5e 6e", "2c 2b 3b 5o", "3c 4c 5c 6c"], "2o", pending_draw=2, current=1)
    # of its two Twos it keeps the suit it can follow: bastos (3b) over copas (none)
    assert decide(state, 1, options) == {"type": "play", "card": "2b"}
    state, options = mid_round(3, ["3e 4e 5e 6e", "3b 5o 6o 7o", "3c 4c 5c 6c"], "2o", pending_draw=2, current=1)
    assert decide(state, 1, options) == {"type": "take_penalty"}


def test_saves_the_sota_while_a_plain_card_can_be_played() -> None:
    state, options = mid_round(3, ["So 3c 4e 6b 7e", "3e 4b 5e 6e", "3b 4c 5b 6c"], "3o")
    assert decide(state, 0, options) == {"type": "play", "card": "3c"}


def test_plays_a_sota_that_is_the_only_playable_card_naming_its_longest_suit() -> None:
    state, options = mid_round(3, ["Sc 3e 4e 6e 7b", "3o 4b 6o 7o", "3b 4c 5b 6c"], "5o")
    assert decide(state, 0, options) == {"type": "play", "card": "Sc", "suit": "e"}


def test_ace_targets_the_opponent_closest_to_going_out() -> None:
    state, options = mid_round(4, ["1o 3c 4c 6b 7b", "3e 4e 5e 6e", "3b 4b", "4o 5b 6c Cc"], "5o")
    assert decide(state, 0, options) == {"type": "play", "card": "1o", "target": 2}


def test_draws_when_nothing_plays_then_passes() -> None:
    state, options = mid_round(3, ["3c 4c 6b", "3e 4e 5e 6e", "3b 4b 5b Cb"], "5o", stock="7c 7b")
    assert decide(state, 0, options) == {"type": "draw"}
    state = act(state, 0, {"type": "draw"})
    assert decide(state, 0, options) == {"type": "draw"}
    state = act(state, 0, {"type": "draw"})
    assert decide(state, 0, options) == {"type": "pass"}


# --- the strong bot's reading ----------------------------------------------------------------------


def test_reading_keeps_what_a_drawing_rival_lacks_until_it_receives_cards() -> None:
    reading = Reading(3)
    reading.read(
        [
            {"type": "round_started", "starter": "5o", "active_suit": "o"},
            {"type": "cards_drawn", "seat": 1, "count": 1, "reason": "draw"},  # no oros, no Five, no Sota
        ],
        me=0,
    )
    assert reading.lacks[1] == {"suit:o": 1, "rank:5": 1, "sota": 1}
    reading.read([{"type": "card_played", "seat": 1, "card": "3o", "active_suit": "o"}], me=0)
    # the Three of oros was the drawn card: its oros and its rank are spent
    assert reading.lacks[1] == {"suit:o": 0, "rank:5": 1, "sota": 1}
    unseen = reading.unseen(["4c", "6e"])
    assert reading.blocked(1, 3, "o", "4", unseen) < 1.0
    assert reading.blocked(1, 0, "o", "4", unseen) == 1.0
    # a rival that drew although it held the suit: the knowledge of that suit is dropped
    reading.read([{"type": "card_played", "seat": 1, "card": "6o", "active_suit": "o"}], me=0)
    assert "suit:o" not in reading.lacks[1]
    reading.read([{"type": "stock_reshuffled", "count": 2}], me=0)
    assert reading.pile == ["6o"]
    reading.read([{"type": "round_started", "starter": "Rb", "active_suit": "b"}], me=0)
    assert reading.lacks == [{}, {}, {}] and reading.pile == ["Rb"]


def test_strong_leaves_the_suit_the_next_seat_has_shown_it_lacks() -> None:
    state, options = mid_round(3, ["6o 5c 3o 4o", "3e 4e 6e 7e", "3b 4b 5b 6b"], "5o")
    seen = [
        Event("round_started", {"starter": "5c", "active_suit": "c"}),
        Event("cards_drawn", {"seat": 1, "count": 1, "reason": "draw"}),  # seat 1: no copas, Five or Sota
        Event("passed", {"seat": 1}),  # nor the card it drew
        Event("card_played", {"seat": 2, "card": "5o", "active_suit": "o"}),
    ]
    effective = validate_options(ENGINE.info.options, options)
    # the standard bot keeps its oros together; the strong one turns to copas on the Five, which seat 1
    # cannot follow
    assert decide(state, 0, options) == {"type": "play", "card": "6o"}
    observation = observe(ENGINE, state, 0, seen, None, effective)
    decision = STRONG.decide(observation, random.Random(0))
    assert decision.action == {"type": "play", "card": "5c"}
    assert decision.memory["lacks"][1] == {"suit:c": 0, "rank:5": 0, "sota": 0}
