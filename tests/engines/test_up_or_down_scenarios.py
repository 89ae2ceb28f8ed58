"""Up or Down? acceptance scenarios (rules §9) and the worked scoring examples of §4,
played through the engine contract with the stacked decks the rules file gives."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engines import invariants
from cardroom.engines.contract import RuleError
from cardroom.engines.up_or_down import UpOrDownEngine
from cardroom.engines.up_or_down.scoring import seat_score

ENGINE = UpOrDownEngine()
DECK_A = [5, 40, 123, 100, 60, 2, 7, 27, 50, 64, 87, 106, 19, 13]
DECK_B = [1, 120, 30, 100, 52, 80, 3, 21, 60, 71, 95, 118, 90, 40]


# --- helpers -------------------------------------------------------------------


def start(deck: list[int], players: int = 2, **options: Any):
    return ENGINE.new_game(players, options, seed=987_654_321, fixture={"deck_order": deck})


def action(kind: str, value: Any = None, index: int | None = None) -> dict[str, Any]:
    """``play 5``, ``take 7``, ``place col 0``, ``place new``, ``draw up`` as action dicts."""
    if kind in ("play", "take"):
        return {"type": kind, "card": value}
    if kind == "draw":
        return {"type": "draw", "pile": value}
    placed = {"type": "place", "target": value}
    if index is not None:
        placed["index"] = index
    return placed


def act(state, seat: int, kind: str, value: Any = None, index: int | None = None):
    transition = ENGINE.apply(state, seat, action(kind, value, index))
    return transition.state, transition.events


def refused(state, seat: int, code: str, kind: str, value: Any = None, index: int | None = None) -> None:
    before = ENGINE.encode(state)
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, seat, action(kind, value, index))
    assert caught.value.code == code
    assert ENGINE.encode(state) == before


def play_turn(state, seat: int, play: int, take: int, target: str, index: int | None = None, draw: str | None = None):
    """One whole turn; returns the state and the events of the placement (and draw)."""
    state, _ = act(state, seat, "play", play)
    state, _ = act(state, seat, "take", take)
    state, events = act(state, seat, "place", target, index)
    if draw is not None:
        state, more = act(state, seat, "draw", draw)
        events += more
    return state, events


def neighbours(state) -> tuple[int, int]:
    shown = ENGINE.view(state, None)
    return shown["lower"], shown["upper"]


def hand(state, seat: int) -> list[int]:
    return ENGINE.view(state, seat)["hand"]


def columns(state, seat: int) -> list[list[int]]:
    return [column["cards"] for column in ENGINE.view(state, None)["players"][seat]["columns"]]


def directions(state, seat: int) -> list[str]:
    return [column["direction"] for column in ENGINE.view(state, None)["players"][seat]["columns"]]


def phase_and_current(state) -> tuple[str, int | None]:
    shown = ENGINE.view(state, None)
    return shown["phase"], shown["current"]


def ints_in(obj: Any) -> set[int]:
    if isinstance(obj, dict):
        return set().union(*map(ints_in, obj.values())) if obj else set()
    if isinstance(obj, list):
        return set().union(*map(ints_in, obj)) if obj else set()
    return {obj} if isinstance(obj, int) and not isinstance(obj, bool) else set()


def events_for(events, seat: int | None) -> list[dict[str, Any]]:
    return [event.for_viewer(seat) for event in events]


# --- scenario 1 ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "card_range", "top", "down", "up"),
    [
        (2, "ALL", 126, 57, 57),
        (3, "ALL", 126, 56, 55),
        (6, "ALL", 126, 51, 51),
        (2, "SHORT", 42, 15, 15),
        (4, "LONG", 102, 42, 42),
        (5, "SHORT", 96, 38, 37),
    ],
)
@pytest.mark.parametrize("seed", [3, 2024])
def test_scenario_1_setup_counts(players, card_range, top, down, up, seed):
    state = ENGINE.new_game(players, {"card_range": card_range}, seed)
    shown = ENGINE.view(state, None)
    assert [p["hand_size"] for p in shown["players"]] == [3] * players
    assert len(shown["display"]) == 6 and shown["display"] == sorted(shown["display"])
    assert (shown["pile_down_size"], shown["pile_up_size"]) == (down, up)
    assert sorted(ENGINE.full_deck(state)) == list(range(1, top + 1))
    assert invariants.conservation(ENGINE, state) == []
    assert sorted(ENGINE.card_locations(state)) == list(range(1, top + 1))
    assert (shown["phase"], shown["current"]) == ("PLAY", 0)
    assert ENGINE.to_act(state) == (0,)
    assert ENGINE.encode(ENGINE.new_game(players, {"card_range": card_range}, seed)) == ENGINE.encode(state)


def test_scenario_1_random_first_player_is_seeded():
    starts = set()
    for seed in range(40):
        state = ENGINE.new_game(4, {"first_player": "RANDOM"}, seed)
        again = ENGINE.new_game(4, {"first_player": "RANDOM"}, seed)
        assert ENGINE.to_act(state) == ENGINE.to_act(again)
        assert ENGINE.encode(state) == ENGINE.encode(again)
        starts.add(ENGINE.to_act(state)[0])
    assert starts == {0, 1, 2, 3}  # the option really draws a seat


# --- scenarios 2-8: Deck A, one continuous game --------------------------------


def test_scenario_2_deal_and_views():
    state = start(DECK_A)
    assert hand(state, 0) == [5, 60, 123]
    assert hand(state, 1) == [2, 40, 100]
    spectator = ENGINE.view(state, None)
    assert spectator["display"] == [7, 27, 50, 64, 87, 106]
    assert spectator["pile_down_size"] == 1
    assert (spectator["pile_up_size"], spectator["pile_up_top"]) == (1, 13)

    seat1 = ENGINE.view(state, 1)
    assert seat1["you"] == 1 and seat1["hand"] == [2, 40, 100]
    assert seat1["players"][0]["hand_size"] == 3 and seat1["players"][0]["known"] == []
    assert not ints_in(seat1) & {5, 60, 123, 19}

    assert spectator["you"] is None and spectator["hand"] == []
    assert [p["hand_size"] for p in spectator["players"]] == [3, 3]
    assert all(p["known"] == [] for p in spectator["players"])
    assert not ints_in(spectator) & {5, 60, 123, 19, 2, 40, 100}
    assert ENGINE.hidden_cards(state, 1) == {5, 60, 123, 19}


def scenario_3():
    """Deck A through scenario 3, checking it on the way."""
    state = start(DECK_A)
    refused(state, 1, "NOT_YOUR_TURN", "play", 40)
    refused(state, 0, "WRONG_PHASE", "take", 7)
    refused(state, 0, "CARD_NOT_IN_HAND", "play", 40)
    state, events = act(state, 0, "play", 5)
    assert ENGINE.view(state, None)["display"] == [5, 7, 27, 50, 64, 87, 106]
    assert neighbours(state) == (106, 7)
    assert events_for(events, None) == [{"type": "played", "seat": 0, "card": 5, "lower": 106, "upper": 7}]
    assert phase_and_current(state) == ("TAKE", 0)
    refused(state, 0, "NOT_ADJACENT", "take", 27)
    refused(state, 0, "NOT_ADJACENT", "take", 5)
    state, _ = act(state, 0, "take", 7)
    assert ENGINE.view(state, None)["display"] == [5, 27, 50, 64, 87, 106]
    assert phase_and_current(state) == ("PLACE", 0)
    refused(state, 0, "NO_SUCH_COLUMN", "place", "col", 0)
    refused(state, 0, "NO_SUCH_COLUMN", "place", "give_up", 0)
    state, _ = act(state, 0, "place", "new")
    assert columns(state, 0) == [[7]] and directions(state, 0) == ["UNSET"]
    assert phase_and_current(state) == ("DRAW", 0)
    return state


def test_scenario_3_turn_one_errors_and_low_wrap():
    scenario_3()


def scenario_4():
    state = scenario_3()
    refused(state, 1, "NOT_YOUR_TURN", "draw", "up")
    state, events = act(state, 0, "draw", "up")
    assert hand(state, 0) == [13, 60, 123]
    assert (ENGINE.view(state, None)["pile_up_size"], ENGINE.view(state, None)["pile_up_top"]) == (0, None)
    assert events_for(events, 1)[0] == {"type": "drew", "seat": 0, "pile": "up", "card": 13}
    assert events_for(events, None)[0] == {"type": "drew", "seat": 0, "pile": "up", "card": 13}
    assert ENGINE.view(state, 1)["players"][0]["known"] == [13]
    assert phase_and_current(state) == ("PLAY", 1)

    state, _ = act(state, 1, "play", 40)
    assert neighbours(state) == (27, 50)
    state, _ = act(state, 1, "take", 27)
    state, events = act(state, 1, "place", "new")
    assert columns(state, 1) == [[27]]
    assert [e["type"] for e in events_for(events, None)] == ["placed", "drew", "turn"]
    assert hand(state, 1) == [2, 19, 100]
    assert events_for(events, 0)[1] == {"type": "drew", "seat": 1, "pile": "down"}
    assert events_for(events, None)[1] == {"type": "drew", "seat": 1, "pile": "down"}
    assert events_for(events, 1)[1] == {"type": "drew", "seat": 1, "pile": "down", "card": 19}
    shown = ENGINE.view(state, None)
    assert (shown["pile_down_size"], shown["pile_up_size"]) == (0, 0)
    assert phase_and_current(state) == ("PLAY", 0)
    refused(state, 1, "NOT_YOUR_TURN", "draw", "down")
    return state


def test_scenario_4_draw_choice_reveal_forced_draw():
    scenario_4()


def scenario_5():
    state = scenario_4()
    state, _ = act(state, 0, "play", 123)
    assert ENGINE.view(state, None)["display"] == [5, 40, 50, 64, 87, 106, 123]
    assert neighbours(state) == (106, 5)
    state, _ = act(state, 0, "take", 106)
    refused(state, 0, "GIVE_UP_NOT_ALLOWED", "place", "give_up", 0)
    state, events = act(state, 0, "place", "new")
    assert columns(state, 0) == [[7], [106]]
    assert "drew" not in [e.type for e in events]
    assert hand(state, 0) == [13, 60]
    assert phase_and_current(state) == ("PLAY", 1)
    return state


def test_scenario_5_high_wrap_give_up_refused_no_draw():
    scenario_5()


def scenario_6():
    state = scenario_5()
    state, _ = act(state, 1, "play", 100)
    assert neighbours(state) == (87, 123)
    state, _ = act(state, 1, "take", 87)
    state, events = act(state, 1, "place", "col", 0)
    assert columns(state, 1) == [[27, 87]] and directions(state, 1) == ["ASC"]
    assert events_for(events, None)[0] == {
        "type": "placed", "seat": 1, "card": 87, "column": 0, "mode": "col", "direction": "ASC"
    }  # fmt: skip

    state, _ = act(state, 0, "play", 60)
    assert neighbours(state) == (50, 64)
    state, _ = act(state, 0, "take", 64)
    state, _ = act(state, 0, "place", "new")
    assert columns(state, 0) == [[7], [106], [64]]
    assert hand(state, 0) == [13]

    state, _ = act(state, 1, "play", 2)
    assert ENGINE.view(state, None)["display"] == [2, 5, 40, 50, 60, 100, 123]
    assert neighbours(state) == (123, 5)
    state, _ = act(state, 1, "take", 123)
    state, _ = act(state, 1, "place", "col", 0)
    assert columns(state, 1) == [[27, 87, 123]] and directions(state, 1) == ["ASC"]
    assert hand(state, 1) == [19]
    return state


def test_scenario_6_direction_by_second_card():
    scenario_6()


def scenario_7():
    state = scenario_6()
    state, _ = act(state, 0, "play", 13)
    assert neighbours(state) == (5, 40)
    state, _ = act(state, 0, "take", 40)
    refused(state, 0, "NO_FREE_COLUMN", "place", "new")
    assert {"type": "place", "target": "col", "index": 1} in ENGINE.legal_actions(state, 0)  # 40 fits, yet...
    state, events = act(state, 0, "place", "give_up", 1)
    assert events_for(events, None)[0] == {"type": "gave_up", "seat": 0, "column": 1, "cards": [106]}
    seat0 = ENGINE.view(state, 1)["players"][0]
    assert seat0["discard"] == [106]
    assert columns(state, 0) == [[7], [40], [64]] and directions(state, 0) == ["UNSET"] * 3
    assert hand(state, 0) == [] and seat0["known"] == [] and seat0["hand_size"] == 0
    assert not ENGINE.is_over(state)
    assert phase_and_current(state) == ("PLAY", 1)
    return state


def test_scenario_7_three_columns_give_up_by_choice():
    scenario_7()


def test_scenario_8_wrong_order_game_end_scoring():
    state = scenario_7()
    state, _ = act(state, 1, "play", 19)
    assert neighbours(state) == (13, 50)
    state, _ = act(state, 1, "take", 50)
    refused(state, 1, "WRONG_ORDER", "place", "col", 0)
    state, events = act(state, 1, "place", "new")
    assert columns(state, 1) == [[27, 87, 123], [50]]
    assert ENGINE.is_over(state) and ENGINE.to_act(state) == ()
    shown = ENGINE.view(state, None)
    assert (shown["phase"], shown["current"]) == ("GAME_OVER", None)
    assert shown["display"] == [2, 5, 13, 19, 60, 100]
    assert shown["turn"] == 8  # 4 turns each
    result = ENGINE.result(state)
    assert result.scores == [4, 10]
    assert result.winners == [1]
    assert result.ranks == [2, 1]
    assert shown["winners"] == [1] and [p["score"] for p in shown["players"]] == [4, 10]
    assert events_for(events, None)[-1] == {"type": "game_over", "scores": [4, 10], "winners": [1], "ranks": [2, 1]}
    refused(state, 0, "GAME_OVER", "play", 13)
    refused(state, 1, "GAME_OVER", "draw", "up")
    assert ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []


# --- scenarios 9-11: Deck B ----------------------------------------------------


def deck_b_turns(state, upto: int):
    """Turns T1..T``upto`` of scenario 9 (T7 as written there: extend column 0)."""
    turns = [
        (0, 1, 3, "new", None, "down"),
        (1, 120, 118, "new", None, None),
        (0, 30, 21, "col", 0, None),
        (1, 100, 95, "col", 0, None),
        (0, 52, 60, "col", 0, None),
        (1, 80, 71, "col", 0, None),
        (0, 90, 80, "col", 0, None),
        (1, 40, 52, "col", 0, None),
    ]
    for seat, play, take, target, index, draw in turns[:upto]:
        state, _ = play_turn(state, seat, play, take, target, index, draw)
    return state


def test_scenario_9_tie():
    state = start(DECK_B)
    assert hand(state, 0) == [1, 30, 52] and hand(state, 1) == [80, 100, 120]
    shown = ENGINE.view(state, None)
    assert shown["display"] == [3, 21, 60, 71, 95, 118]
    assert shown["pile_down_size"] == 1 and shown["pile_up_top"] == 40
    assert ENGINE.hidden_cards(state, 0) == {90, 80, 100, 120}

    state, _ = act(state, 0, "play", 1)
    assert neighbours(state) == (118, 3)
    state, _ = act(state, 0, "take", 3)
    state, _ = act(state, 0, "place", "new")
    state, events = act(state, 0, "draw", "down")
    assert hand(state, 0) == [30, 52, 90]
    assert events_for(events, 1)[0] == {"type": "drew", "seat": 0, "pile": "down"}

    state, _ = act(state, 1, "play", 120)
    assert neighbours(state) == (118, 1)
    state, _ = act(state, 1, "take", 118)
    state, events = act(state, 1, "place", "new")
    assert events_for(events, 0)[1] == {"type": "drew", "seat": 1, "pile": "up", "card": 40}
    assert ENGINE.view(state, 0)["players"][1]["known"] == [40]

    expected = [(0, 30, (21, 60), [3, 21]), (1, 100, (95, 120), [118, 95])]
    expected += [(0, 52, (30, 60), [3, 21, 60]), (1, 80, (71, 100), [118, 95, 71])]
    for seat, play, pair, column in expected:
        state, _ = act(state, seat, "play", play)
        assert neighbours(state) == pair
        state, _ = act(state, seat, "take", column[-1])
        state, _ = act(state, seat, "place", "col", 0)
        assert columns(state, seat) == [column]
    assert directions(state, 0) == ["ASC"] and directions(state, 1) == ["DESC"]

    state, _ = act(state, 0, "play", 90)
    assert neighbours(state) == (80, 100)
    state, _ = act(state, 0, "take", 80)
    refused(state, 0, "GIVE_UP_NOT_ALLOWED", "place", "give_up", 0)
    state, _ = act(state, 0, "place", "col", 0)
    assert columns(state, 0) == [[3, 21, 60, 80]]
    state, _ = act(state, 1, "play", 40)
    assert neighbours(state) == (30, 52)
    state, _ = act(state, 1, "take", 52)
    state, _ = act(state, 1, "place", "col", 0)
    assert columns(state, 1) == [[118, 95, 71, 52]]

    assert ENGINE.is_over(state)
    assert ENGINE.view(state, None)["display"] == [1, 30, 40, 90, 100, 120]
    result = ENGINE.result(state)
    assert result.scores == [8, 8]
    assert result.winners == [0, 1]
    assert result.ranks == [1, 1]
    assert state == deck_b_turns(start(DECK_B), 8)


def test_scenario_10_give_up_with_free_slot():
    state = deck_b_turns(start(DECK_B, give_up_with_free_slot=True), 6)
    state, _ = act(state, 0, "play", 90)
    state, _ = act(state, 0, "take", 80)
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "place", "target": "col", "index": 0},
        {"type": "place", "target": "new"},
        {"type": "place", "target": "give_up", "index": 0},
    ]
    state, _ = act(state, 0, "place", "give_up", 0)
    assert ENGINE.view(state, None)["players"][0]["discard"] == [3, 21, 60]
    assert columns(state, 0) == [[80]]
    state, _ = play_turn(state, 1, 40, 52, "col", 0)
    result = ENGINE.result(state)
    assert result.scores == [4, 8]
    assert result.winners == [1]
    assert result.ranks == [2, 1]


def test_scenario_11_descending_wrong_order():
    state = deck_b_turns(start(DECK_B), 5)
    state, _ = act(state, 1, "play", 80)
    assert neighbours(state) == (71, 100)
    state, _ = act(state, 1, "take", 100)
    refused(state, 1, "WRONG_ORDER", "place", "col", 0)
    state, _ = act(state, 1, "place", "new")
    assert columns(state, 1) == [[118, 95], [100]]
    assert hand(state, 1) == [40]
    assert phase_and_current(state) == ("PLAY", 0)


# --- scenario 12: three players ------------------------------------------------


def test_scenario_12_three_players_odd_split_forced_draws():
    state = start([10, 20, 30, 40, 50, 60, 70, 80, 90, 1, 2, 3, 4, 5, 6, 100, 110, 120], players=3)
    assert [hand(state, s) for s in range(3)] == [[10, 40, 70], [20, 50, 80], [30, 60, 90]]
    shown = ENGINE.view(state, None)
    assert shown["display"] == [1, 2, 3, 4, 5, 6]
    assert (shown["pile_down_size"], shown["pile_up_size"], shown["pile_up_top"]) == (2, 1, 120)
    assert ENGINE.hidden_cards(state, None) >= {100, 110}

    state, _ = act(state, 0, "play", 70)
    assert neighbours(state) == (6, 1)
    state, _ = act(state, 0, "take", 1)
    state, _ = act(state, 0, "place", "new")
    assert phase_and_current(state) == ("DRAW", 0)
    state, _ = act(state, 0, "draw", "up")
    assert hand(state, 0) == [10, 40, 120]

    state, _ = act(state, 1, "play", 20)
    assert neighbours(state) == (6, 70)
    state, _ = act(state, 1, "take", 70)
    state, events = act(state, 1, "place", "new")
    assert events_for(events, 1)[1] == {"type": "drew", "seat": 1, "pile": "down", "card": 100}
    assert hand(state, 1) == [50, 80, 100]

    state, _ = act(state, 2, "play", 30)
    assert neighbours(state) == (20, 2)
    state, _ = act(state, 2, "take", 2)
    state, events = act(state, 2, "place", "new")
    assert events_for(events, 2)[1] == {"type": "drew", "seat": 2, "pile": "down", "card": 110}
    shown = ENGINE.view(state, None)
    assert (shown["pile_down_size"], shown["pile_up_size"]) == (0, 0)
    assert shown["display"] == [3, 4, 5, 6, 20, 30]
    assert [p["hand_size"] for p in shown["players"]] == [3, 3, 3]
    assert phase_and_current(state) == ("PLAY", 0)

    turns_taken = 3
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        for _ in range(3):  # play, take, place: no draw is left
            state, _ = act(state, seat, **_first_action(state, seat))
        turns_taken += 1
        assert ENGINE.is_over(state) == (turns_taken == 12)
    assert seat == 2
    assert ENGINE.view(state, None)["turn"] == 12


def _first_action(state, seat: int) -> dict[str, Any]:
    first = ENGINE.legal_actions(state, seat)[0]
    kind = first["type"]
    if kind == "place":
        return {"kind": kind, "value": first["target"], "index": first.get("index")}
    return {"kind": kind, "value": first.get("card")}


# --- §4 worked scoring examples ------------------------------------------------


@pytest.mark.parametrize(
    ("player", "columns_", "discard", "total"),
    [
        ("A", [[3, 9, 15, 40, 45, 51], [100, 94, 88, 60], [77]], [1, 2, 4, 6, 8], 48),
        ("B", [[118, 95, 71, 52]], [], 8),
        ("C", [[3, 21, 60, 80]], [], 8),
        ("D", [[80]], [3, 21, 60], 4),
        ("E-s1", [[27, 87, 123], [50]], [], 10),
        ("E-s0", [[7], [40], [64]], [106], 4),
    ],
)
def test_section_4_worked_examples(player, columns_, discard, total):
    assert seat_score(columns_, discard) == total
