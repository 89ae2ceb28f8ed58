"""Pumptown: contract properties over seeded random games, hidden information, codec, options, catalog.

The contract suite checks every promise at every step (conservation of the 76
number and 21 pump cards, determinism, legal actions apply, unlisted ones are
refused unchanged, no view or event shows a card its viewer has not seen, views
do not change when the hidden cards are dealt differently). Random legal play is
kept short with ``rounds`` and ``round_turn_limit`` (a few configurations play
several full rounds). The cheap promises are checked at every step, the expensive
ones (leaks with re-dealt cards, every listed action applied, unlisted ones
refused) at every ``SAMPLE_EVERY``-th step, the phase varying with the seed, so
every step position is deep-checked across the 2,070 CI games (about 70 s of CPU
on one core when every step was deep-checked; wall time grows on a loaded
machine). A longer run, e.g. 100 games per configuration::

    CARDROOM_PROPERTY_GAMES=100 python -m pytest tests/engines/test_pumptown_properties.py
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from contract_suite import check_random_games, property_games

from cardroom.engines.contract import OptionError, RuleError
from cardroom.engines.pumptown import PumptownEngine
from cardroom.engines.pumptown.cards import DEFAULT_MIX

ENGINE = PumptownEngine()
GOLDEN = Path(__file__).parent / "golden" / "pumptown-v1.bin"
SHORT = {"rounds": 1, "round_turn_limit": 1}
#: expensive checks on every this-many-th step of a game: half the CPU of checking every step (CI budget)
SAMPLE_EVERY = 2

#: (players, options, games in CI): every player count and every option value that changes play
CONFIGS = [
    (3, SHORT, 600),
    (3, {**SHORT, "memory_assist": True, "allow_rediscard": True, "card_duel_prize": "pump_deck"}, 250),
    (3, {**SHORT, "pump_enabled": False}, 300),
    (3, {"rounds": 3, "round_turn_limit": 6, "pump_mix": [3, 3, 3, 3, 3, 3, 4, 3, 3, 3, 3]}, 60),
    (4, {**SHORT, "poll_mode": "holders_only", "duel_first": "left_of_dealer"}, 200),
    (4, {**SHORT, "nope_on_nope": False, "duel_may_discard": False, "memory_assist": True}, 200),
    (5, {**SHORT, "first_seat": 4, "moon_threshold": 30, "duel_max_replays": 0, "duel_turns": 1}, 150),
    (6, {**SHORT, "memory_assist": True, "pump_hand_limit": 1}, 100),
    (7, {**SHORT, "poll_mode": "holders_only"}, 60),
    (8, SHORT, 60),
    (8, {**SHORT, "pump_enabled": False, "memory_assist": True}, 40),
    # most grids shoot a low moon and 8 of 19 pump cards are Redistributes: many REDIS_ALLOC steps (D60)
    (8, {**SHORT, "moon_threshold": 12, "pump_mix": [1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 8]}, 60),
    (4, {"rounds": 2, "round_turn_limit": 0, "knock_penalty": 0, "reduction_totals": [5, 10, 20]}, 50),
]


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS, ids=[str(i) for i in range(len(CONFIGS))])
def test_random_games_keep_every_contract_promise(players, options, games):
    # base_seed keeps the game seeds far above any count a view shows (the seed-leak check compares values)
    base_seed = CONFIGS.index((players, options, games)) + 1
    assert (
        check_random_games(
            ENGINE, players, options, property_games(games), base_seed=base_seed, sample_every=SAMPLE_EVERY
        )
        > 0
    )


def _golden_state():
    """A mid-game state reached from a fixed seed by fixed random play (regenerates the golden file)."""
    chooser = random.Random(2026)
    state = ENGINE.new_game(4, {"memory_assist": True}, seed=20260)
    for _ in range(80):
        seat = chooser.choice(ENGINE.to_act(state))
        state = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat))).state
    return state


def test_codec_round_trip():
    state = _golden_state()
    assert ENGINE.encode(ENGINE.decode(ENGINE.encode(state))) == ENGINE.encode(state)
    assert ENGINE.decode(ENGINE.encode(state)) == state


def test_schema_1_state_still_loads():
    if not GOLDEN.exists():  # first run on a new schema: write the file, then check it in
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_bytes(ENGINE.encode(_golden_state()))
    loaded = ENGINE.decode(GOLDEN.read_bytes())
    # the views' derived state (D87) came later, in fields with defaults: the old bytes load without it
    assert loaded == msgspec.structs.replace(_golden_state(), set_aside_by=[], duel_results=[], last_round=None)
    assert loaded.last_round is None and _golden_state().last_round is not None
    seat = ENGINE.to_act(loaded)[0]
    assert ENGINE.legal_actions(loaded, seat)


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({"rounds": 0}, "rounds"),
        ({"first_seat": 3}, "first_seat"),
        ({"pump_mix": [2, 2]}, "pump_mix"),
        ({"pump_mix": [2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 10]}, "pump_mix"),
        ({"poll_mode": "everyone"}, "poll_mode"),
        ({"memory_assist": "maybe"}, "memory_assist"),
        ({"round_turn_limit": -1}, "round_turn_limit"),
        ({"duel_first": "dealer"}, "duel_first"),
        ({"card_duel_prize": 3}, "card_duel_prize"),
        ({"no_such_rule": 1}, "no_such_rule"),
    ],
)
def test_bad_option_names_the_option(options, name):
    with pytest.raises(OptionError) as error:
        ENGINE.new_game(3, options)
    assert error.value.option == name and name in str(error.value)


@pytest.mark.parametrize("players", [2, 9, 0, "3"])
def test_bad_seat_count(players):
    with pytest.raises(RuleError) as error:
        ENGINE.new_game(players)
    assert error.value.code == "INVALID_SEAT_COUNT" and error.value.malformed


@pytest.mark.parametrize(
    "fixture",
    [
        {"deck": []},
        {"stack": "N1a"},
        {"stack": [["N1a", "N1a"]]},
        {"stack": [["XX"]]},
        {"hands": [["PEEK1"], ["PEEK1"], []]},
        {"hands": [["NOPE9"], [], []]},
        {"round": 11},
        {"cumulative": [1, 2]},
        {"zones": {"grids": [], "draw": [], "discard": []}},
    ],
)
def test_bad_fixture_is_refused(fixture):
    with pytest.raises(RuleError) as error:
        ENGINE.new_game(3, {}, seed=1, fixture=fixture)
    assert error.value.code == "INVALID_ARGUMENT"


def test_catalog_lists_every_option_with_its_default():
    info = ENGINE.info
    assert (info.id, info.min_players, info.max_players) == ("pumptown", 3, 8)
    defaults = {spec.name: spec.default for spec in info.options}
    assert defaults == {
        "rounds": 10,
        "first_seat": 0,
        "pump_enabled": True,
        "pump_mix": DEFAULT_MIX,
        "pump_hand_limit": 3,
        "moon_threshold": 40,
        "knock_penalty": 10,
        "reduction_totals": [100, 200],
        "allow_rediscard": False,
        "memory_assist": False,
        "poll_mode": "all_seats",
        "nope_on_nope": True,
        "duel_first": "right_of_dealer",
        "duel_turns": 3,
        "duel_may_discard": True,
        "duel_max_replays": 2,
        "card_duel_prize": "from_loser",
        "round_turn_limit": 0,
    }
    assert all(spec.description for spec in info.options)


def test_seed_and_stack_never_in_a_view():
    state = ENGINE.new_game(3, {}, seed=987654321, fixture={"stack": [["SWAP1"], ["N12f"]]})
    for seat in (0, 1, 2, None):
        text = repr(ENGINE.view(state, seat))
        assert "987654321" not in text and "stack" not in text and "seed" not in text


def test_same_seed_same_game_and_seed_changes_the_deal():
    assert ENGINE.encode(ENGINE.new_game(5, seed=9)) == ENGINE.encode(ENGINE.new_game(5, seed=9))
    assert ENGINE.new_game(5, seed=9).grids != ENGINE.new_game(5, seed=10).grids


def test_malformed_actions_are_invalid_argument():
    state = ENGINE.new_game(3, {}, seed=3, fixture={"hands": [["DOUB1"], [], []]})
    assert ENGINE.to_act(state) == (0,)
    for action in (
        {"type": "play"},
        {"type": "play", "card": 5},
        {"type": "play", "card": "DOUB1", "target": "x"},
        {"type": "play", "card": "DOUB1"},
        {"type": "pass", "extra": 1},
        {"type": "set_autopass"},
    ):
        with pytest.raises(RuleError) as error:
            ENGINE.apply(state, 0, action)
        assert error.value.code == "INVALID_ARGUMENT", action
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, 0, {"type": "play", "card": "DOUB1", "target": 7})
    assert error.value.code == "BAD_ARGS"
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, 0, {"type": "draw", "source": "pile"})
    assert error.value.code == "WRONG_PHASE"


def test_autopass_answers_the_poll_and_stays_private():
    state = ENGINE.new_game(3, {}, seed=3, fixture={"hands": [["DOUB1"], ["NOPE1"], []]})
    assert ENGINE.standing_actions(state, 0) == [{"type": "set_autopass", "on": True}]
    assert {"type": "set_autopass", "on": True} not in ENGINE.legal_actions(state, 0)
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, 0, {"type": "set_autopass", "on": False})
    assert error.value.code == "BAD_ARGS"
    transition = ENGINE.apply(state, 0, {"type": "set_autopass", "on": True})
    assert transition.events[0].for_viewer(1) == {"type": "autopass_set", "seat": 0}
    assert ENGINE.view(transition.state, 0)["autopass"] is True
    assert ENGINE.view(transition.state, 1)["autopass"] is False
    assert [e.type for e in transition.events] == ["autopass_set", "pass"]  # D49: the pending poll is answered


def _ids_in(obj) -> set[str]:
    if isinstance(obj, dict):
        return set().union(*(_ids_in(v) for v in obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*(_ids_in(v) for v in obj)) if obj else set()
    return {obj} if isinstance(obj, str) else set()


@pytest.mark.parametrize("players", [3, 6])
def test_hidden_information_without_memory_assist(players):
    """§5 checked directly on the state, independently of ``hidden_cards``: before REVEAL no view shows
    a face-down grid card (except the owner's peek), a duel card, the draw pile, another seat's
    pile-drawn pending card or another seat's pump hand; no event shows the last three."""
    for game in range(property_games(8)):
        chooser = random.Random(game)
        state = ENGINE.new_game(players, {"rounds": 2}, seed=500_000 + game)
        events: list = []
        while ENGINE.to_act(state):
            for viewer in [*range(players), None]:
                secret = set(state.draw) | set(state.pump_deck)
                secret |= {c for seat, hand in enumerate(state.hands) if seat != viewer for c in hand}
                if state.pending_from == "pile" and viewer != ENGINE.to_act(state)[0]:
                    secret.add(state.pending)
                for event in events:  # cards face up when the event happened are not secret (§5.1)
                    assert not _ids_in(event.for_viewer(viewer)) & secret, (game, viewer, event)
                if not state.revealed:
                    for owner, grid in enumerate(state.grids):
                        peeked = state.phase == "PEEK" and owner == viewer
                        secret |= {c for i, c in enumerate(grid) if not (peeked and (i >= 2 or state.peek_all[owner]))}
                if state.duel is not None:
                    secret |= {c for hand in state.duel.slots for c in hand}
                shown = _ids_in(ENGINE.view(state, viewer))
                assert not shown & secret, (game, viewer, shown & secret)
            seat = chooser.choice(ENGINE.to_act(state))
            transition = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
            state, events = transition.state, transition.events
            if any(e.type in ("round_start", "reshuffle") for e in events):
                events = []  # cards named before a reshuffle were face up then (§5.1)


def test_autopass_may_be_set_at_any_time_by_a_seat_not_asked():
    """§3.2 "set_autopass(on) may be sent at any time": a standing action, not a decision (D61)."""
    state = ENGINE.new_game(3, {}, seed=3, fixture={"hands": [["DOUB1"], ["NOPE1"], []]})
    assert ENGINE.to_act(state) == (0,)
    assert ENGINE.legal_actions(state, 1) == []
    transition = ENGINE.apply(state, 1, {"type": "set_autopass", "on": True})
    assert [e.type for e in transition.events] == ["autopass_set"]
    assert ENGINE.to_act(transition.state) == (0,)
    # without auto-pass the round-start window asks seat 1 next (poll_mode all_seats) ...
    assert ENGINE.to_act(ENGINE.apply(state, 0, {"type": "pass"}).state) == (1,)
    # ... with it, the server answers for seat 1 and the window closes into the peek
    after_pass = ENGINE.apply(transition.state, 0, {"type": "pass"}).state
    assert ENGINE.view(after_pass, None)["phase"] == "PEEK"
