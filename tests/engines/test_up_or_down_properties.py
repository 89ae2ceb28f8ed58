"""Up or Down? property tests: the shared contract suite over seeded random games,
the codec (round trip and a golden schema-1 state), options, fixtures and catalog.

The contract suite checks the cheap promises at every step and the expensive
ones (each viewer's view scanned and re-dealt, every legal action applied,
illegal ones refused: about 0.5-3 ms per step here) at every ``SAMPLE_EVERY``-th
step and at the end; an Up or Down? game is 130-470 steps, so the CI default is
2,055 games over the configurations below. ``test_rules_invariants_over_many_games``
adds 2,000 whole games with cheaper, game-specific checks (about 30 s).
A longer run: ``CARDROOM_PROPERTY_GAMES=200 python -m pytest tests/engines/test_up_or_down_properties.py``
(that many games per configuration of the suite).
"""

from __future__ import annotations

import random
from itertools import pairwise
from pathlib import Path

import msgspec
import pytest
from contract_suite import check_random_games, property_games
from hypothesis import given, settings
from hypothesis import strategies as st

from cardroom.engines import get_engine, invariants
from cardroom.engines.codec import CodecError
from cardroom.engines.contract import OptionError, RuleError
from cardroom.engines.up_or_down import UpOrDownEngine
from cardroom.engines.up_or_down.scoring import seat_score

ENGINE = UpOrDownEngine()
GOLDEN = Path(__file__).parent / "golden" / "up-or-down-v1.bin"

#: expensive checks on every this-many-th step of a game (cheap ones on every step)
SAMPLE_EVERY = 25
#: CI games per configuration are this many times the counts below
SCALE = 5

# (players, options, default games / SCALE). Every player count with every card range
# that changes the deck for it, and each other option that changes play.
CONFIGS = [
    (2, {}, 18),
    (3, {}, 12),
    (4, {}, 9),
    (5, {}, 8),
    (6, {}, 6),
    (2, {"card_range": "SHORT"}, 60),
    (3, {"card_range": "SHORT"}, 36),
    (4, {"card_range": "SHORT"}, 21),
    (5, {"card_range": "SHORT"}, 12),
    (6, {"card_range": "SHORT"}, 9),
    (2, {"card_range": "LONG"}, 36),
    (3, {"card_range": "LONG"}, 21),
    (4, {"card_range": "LONG"}, 12),
    (3, {"card_range": "SHORT", "first_player": "RANDOM"}, 24),
    (5, {"card_range": "SHORT", "first_player": "RANDOM"}, 9),
    (2, {"card_range": "SHORT", "give_up_with_free_slot": True}, 45),
    (4, {"card_range": "LONG", "give_up_with_free_slot": True}, 9),
    (6, {"give_up_with_free_slot": True}, 4),
    (2, {"card_range": "SHORT", "show_known_cards": False}, 45),
    (4, {"card_range": "SHORT", "show_known_cards": False}, 15),
]


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS, ids=lambda value: str(value))
def test_contract_suite(players, options, games):
    # a base seed per configuration, so configurations sharing a deck do not replay the same shuffles
    base = 1 + CONFIGS.index((players, options, games))
    played = check_random_games(
        ENGINE, players, options, property_games(games * SCALE), base_seed=base, sample_every=SAMPLE_EVERY
    )
    assert played > 0


def _random_game(players: int, options: dict, seed: int):
    """States of one random game, first to last, with the actions between them."""
    chooser = random.Random(seed)
    state = ENGINE.new_game(players, options, seed)
    states, actions = [state], []
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        action = chooser.choice(ENGINE.legal_actions(state, seat))
        state = ENGINE.apply(state, seat, action).state
        states.append(state)
        actions.append((seat, action))
    return states, actions


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("card_range", ["ALL", "SHORT"])
def test_rules_invariants_over_many_games(players, card_range):
    """Rules §4 invariants at every step of many games (cheap checks only):
    3 cards in every hand at the start of a turn while a pile has cards, a 6-card
    display between turns, monotonic columns of at most 3, equal turns per seat,
    conservation, scores = the rules' formula, and the codec round trip."""
    options = {"card_range": card_range, "first_player": "RANDOM"}
    for index in range(property_games(200)):
        seed = 500_000 + 1_000 * players + index
        states, _ = _random_game(players, options, seed)
        first = states[0].first_player
        for state in states:
            assert sorted(ENGINE.card_locations(state)) == state.cards
            if state.phase == "PLAY":
                assert len(state.display) == 6
                if state.pile_down or state.pile_up:
                    assert all(len(hand) == 3 for hand in state.hands)
            for columns in state.columns:
                assert len(columns) <= 3
                for column in columns:
                    steps = [b > a for a, b in pairwise(column)]
                    assert len(set(steps)) <= 1
        final = states[-1]
        assert ENGINE.decode(ENGINE.encode(final)) == final
        assert final.turn == len(final.cards) - 6
        assert final.turn % players == 0 and final.current == (first - 1) % players
        assert len(final.display) == 6 and not any(final.hands) and not final.pile_down and not final.pile_up
        result = ENGINE.result(final)
        assert result.scores == [seat_score(c, d) for c, d in zip(final.columns, final.discards, strict=True)]
        assert result.winners == [s for s, score in enumerate(result.scores) if score == max(result.scores)]


def test_same_seed_and_actions_give_identical_states():
    states, actions = _random_game(3, {"first_player": "RANDOM"}, 77_777)
    replay = ENGINE.new_game(3, {"first_player": "RANDOM"}, 77_777)
    for (seat, action), expected in zip(actions, states[1:], strict=True):
        replay = ENGINE.apply(replay, seat, action).state
        assert ENGINE.encode(replay) == ENGINE.encode(expected)


def test_codec_round_trip_at_every_step():
    states, _ = _random_game(4, {"card_range": "LONG"}, 4242)
    for state in states:
        data = ENGINE.encode(state)
        assert ENGINE.decode(data) == state
        assert ENGINE.encode(ENGINE.decode(data)) == data


def golden_state():
    """The state saved in the golden file: 3 players, LONG, random first seat, 60 random actions."""
    chooser = random.Random(7)
    state = ENGINE.new_game(3, {"card_range": "LONG", "first_player": "RANDOM"}, 20_261_129)
    for _ in range(60):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    return state


def test_schema_1_golden_state_loads():
    data = GOLDEN.read_bytes()
    loaded = ENGINE.decode(data)
    assert ENGINE.encode(loaded) == data
    assert loaded == golden_state()
    assert ENGINE.view(loaded, 0)["phase"] in ("PLAY", "TAKE", "PLACE", "DRAW")


def test_codec_refuses_foreign_and_newer_states():
    with pytest.raises(CodecError):
        ENGINE.decode(b"not a state")
    game, schema, body = msgspec.msgpack.decode(GOLDEN.read_bytes())
    assert (game, schema) == ("up-or-down", 1)
    for envelope in (["flip-7", 1, body], ["up-or-down", 2, body]):
        with pytest.raises(CodecError):
            ENGINE.decode(msgspec.msgpack.encode(envelope))


def test_catalog_lists_every_option_with_defaults():
    info = get_engine("up-or-down").info
    assert (info.id, info.min_players, info.max_players) == ("up-or-down", 2, 6)
    specs = {spec.name: spec for spec in info.options}
    assert {name: spec.default for name, spec in specs.items()} == {
        "card_range": "ALL",
        "first_player": "SEAT0",
        "give_up_with_free_slot": False,
        "show_known_cards": True,
    }
    assert specs["card_range"].choices == ("ALL", "LONG", "SHORT")
    assert specs["first_player"].choices == ("SEAT0", "RANDOM")
    assert all(spec.description for spec in info.options)
    assert "deck_order" not in specs  # the test hook is the fixture, never a public option


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"card_range": "MEDIUM"}, "card_range"),
        ({"first_player": 1}, "first_player"),
        ({"give_up_with_free_slot": "yes"}, "give_up_with_free_slot"),
        ({"show_known_cards": None}, "show_known_cards"),
        ({"deck_order": [1, 2, 3]}, "deck_order"),
    ],
)
def test_option_errors_name_the_option(options, name):
    with pytest.raises(OptionError) as caught:
        ENGINE.new_game(2, options, 1)
    assert caught.value.option == name and name in str(caught.value)


def test_options_accept_command_line_strings():
    state = ENGINE.new_game(2, {"give_up_with_free_slot": "true", "show_known_cards": "false"}, 1)
    assert state.options.give_up_with_free_slot and not state.options.show_known_cards


@pytest.mark.parametrize("seats", [0, 1, 7, -2, "2", None, True])
def test_bad_seat_count(seats):
    with pytest.raises(RuleError) as caught:
        ENGINE.new_game(seats, {}, 1)
    assert caught.value.code == "INVALID_SEAT_COUNT" and caught.value.malformed


@pytest.mark.parametrize(
    "fixture",
    [
        {"deck_order": list(range(1, 12))},  # fewer than 3N+6
        {"deck_order": [*range(1, 13), 1]},  # repeated card
        {"deck_order": [*range(1, 13), 127]},  # not a card
        {"deck_order": [*range(1, 13), True]},
        {"deck_order": "1,2,3"},
        {"stack": [1, 2, 3]},  # unknown key
        ["deck_order"],
    ],
)
def test_bad_fixture(fixture):
    with pytest.raises(RuleError) as caught:
        ENGINE.new_game(2, {}, 1, fixture)
    assert caught.value.code == "INVALID_ARGUMENT"


def test_fixture_ignores_card_range_and_keeps_counts():
    deck = [*range(100, 113), 1, 2, 3, 4, 5]
    state = ENGINE.new_game(2, {"card_range": "SHORT"}, 1, {"deck_order": deck})
    assert ENGINE.full_deck(state) == sorted(deck)
    shown = ENGINE.view(state, None)
    assert (shown["pile_down_size"], shown["pile_up_size"], shown["pile_up_top"]) == (3, 3, 3)


DECK_A = [5, 40, 123, 100, 60, 2, 7, 27, 50, 64, 87, 106, 19, 13]
#: seat 0's actions (rules §9 Deck A) that lead to each phase of its first turn
TO_PHASE = {
    "PLAY": [],
    "TAKE": [{"type": "play", "card": 5}],
    "PLACE": [{"type": "play", "card": 5}, {"type": "take", "card": 7}],
    "DRAW": [{"type": "play", "card": 5}, {"type": "take", "card": 7}, {"type": "place", "target": "new"}],
}


def deck_a_in(phase: str):
    state = ENGINE.new_game(2, {}, 1, {"deck_order": DECK_A})
    for step in TO_PHASE[phase]:
        state = ENGINE.apply(state, 0, step).state
    return state


@pytest.mark.parametrize(
    ("phase", "action", "code"),
    [
        ("PLAY", {"type": "play", "card": None}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play", "card": 0}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play", "card": 127}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play", "card": "5"}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play", "card": 5.0}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play", "card": True}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play"}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "play", "card": 5, "extra": 1}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": "pass"}, "INVALID_ARGUMENT"),
        ("PLAY", {"type": None}, "INVALID_ARGUMENT"),
        ("PLAY", {}, "INVALID_ARGUMENT"),
        ("PLAY", None, "INVALID_ARGUMENT"),
        ("PLAY", ["play", 5], "INVALID_ARGUMENT"),
        ("PLAY", {"type": "draw", "pile": "XX"}, "WRONG_PHASE"),
        ("TAKE", {"type": "take", "card": -1}, "INVALID_ARGUMENT"),
        ("TAKE", {"type": "take", "card": 60}, "NOT_ADJACENT"),
        ("PLACE", {"type": "place", "target": "XX"}, "INVALID_ARGUMENT"),
        ("PLACE", {"type": "place", "target": None, "index": 0}, "INVALID_ARGUMENT"),
        ("PLACE", {"type": "place", "target": "col", "index": -1}, "INVALID_ARGUMENT"),
        ("PLACE", {"type": "place", "target": "col", "index": "0"}, "INVALID_ARGUMENT"),
        ("PLACE", {"type": "place", "target": "col", "index": 999}, "NO_SUCH_COLUMN"),
        ("PLACE", {"type": "place", "target": "col"}, "INVALID_ARGUMENT"),
        ("PLACE", {"type": "place", "target": "new", "index": 0}, "INVALID_ARGUMENT"),
        ("DRAW", {"type": "draw", "pile": None}, "INVALID_ARGUMENT"),
        ("DRAW", {"type": "draw"}, "INVALID_ARGUMENT"),
    ],
)
def test_junk_actions_are_refused_with_a_code(phase, action, code):
    state = deck_a_in(phase)
    before = ENGINE.encode(state)
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, 0, action)
    assert caught.value.code == code
    assert caught.value.malformed == (code == "INVALID_ARGUMENT")
    assert ENGINE.encode(state) == before


def test_pile_empty_is_kept_for_robustness():
    """PILE_EMPTY cannot happen through play; a hand-edited DRAW state still gets the code."""
    edited = deck_a_in("DRAW")
    edited.pile_up.clear()
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(edited, 0, {"type": "draw", "pile": "up"})
    assert caught.value.code == "PILE_EMPTY"


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 6), st.randoms(use_true_random=False), st.data())
def test_any_deck_order_plays_to_the_end(players, chooser, data):
    """Any valid deck_order fixture (down to 3N+6 cards: no draw piles at all) gives a
    game that ends after T-6 turns with every card conserved (rules §8.1 #38)."""
    size = data.draw(st.integers(3 * players + 6, 126))
    deck = data.draw(st.permutations(range(1, 127)))[:size]
    state = ENGINE.new_game(players, {"first_player": "RANDOM"}, 5, {"deck_order": deck})
    while not ENGINE.is_over(state):
        if state.phase == "PLAY":
            assert len(state.hands[state.current]) > 0
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    assert invariants.conservation(ENGINE, state) == []
    assert state.turn == size - 6
    assert sorted(state.display) == state.display and len(state.display) == 6
