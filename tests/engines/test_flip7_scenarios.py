"""Flip 7 acceptance scenarios (rules §9 S1-S12) and the worked scoring examples
(§4.3 E1-E7), played through the public engine contract with stacked decks and
state fixtures."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.flip7 import Flip7Engine

ENGINE = Flip7Engine()
A, B, C = 0, 1, 2
ALL = [A, B, C]


def start(deck: list[str], options: dict[str, Any] | None = None, **fixture: Any):
    """The common setup: 3 seats, A deals, default options, a stacked deck."""
    options = {"first_dealer": 0, **(options or {})}
    return ENGINE.new_game(3, options, seed=99, fixture={"stacked_deck": deck, **fixture})


def table(lines: list[dict[str, Any]], current: int, draw: list[str], discard: list[str] | None = None, **extra: Any):
    fixture = {"table": {"dealer": A, "current": current, "draw": draw, "discard": discard or [], "lines": lines}}
    return ENGINE.new_game(3, {}, seed=5, fixture={**fixture, **extra})


class Play:
    """A match being played: applies actions and keeps the last events."""

    def __init__(self, state):
        self.state = state
        self.events: list[dict[str, Any]] = []

    def __call__(self, seat: int, kind: str, **params: Any) -> Play:
        transition = ENGINE.apply(self.state, seat, {"type": kind, **params})
        self.state = transition.state
        self.events = [event.for_viewer(None) for event in transition.events]
        return self

    def refuse(self, seat: int, action: dict[str, Any], code: str) -> None:
        before = ENGINE.encode(self.state)
        with pytest.raises(RuleError) as refused:
            ENGINE.apply(self.state, seat, action)
        assert refused.value.code == code
        assert ENGINE.encode(self.state) == before

    @property
    def view(self) -> dict[str, Any]:
        return ENGINE.view(self.state, None)

    def numbers(self, seat: int) -> list[str]:
        return self.view["players"][seat]["numbers"]

    def mods(self, seat: int) -> list[str]:
        return self.view["players"][seat]["mods"]

    def status(self, seat: int) -> str:
        return self.view["players"][seat]["status"]

    def current(self) -> int | None:
        return self.view["current"]

    def pending(self) -> tuple[int, str, list[int]] | None:
        pending = self.view["pending"]
        return None if pending is None else (pending["decider"], pending["card"], pending["legal_targets"])

    def of_type(self, kind: str) -> list[dict[str, Any]]:
        return [event for event in self.events if event["type"] == kind]

    def round_end(self) -> dict[str, Any]:
        (event,) = self.of_type("round_end")
        return event


def deal_of(play: Play) -> list[tuple[int, str]]:
    return [(event["seat"], event["card"]) for event in play.of_type("deal")]


def line(status: str = "ACTIVE", numbers=(), mods=(), sc=None) -> dict[str, Any]:
    return {"status": status, "numbers": list(numbers), "mods": list(mods), "sc": sc}


# --- S1 ---------------------------------------------------------------------------
def test_s1_basic_hit_stay_and_source_scoring_example():
    play = Play(start(["N3", "N5", "N7", "P10", "N4", "N12"]))
    assert [play.numbers(s) for s in (B, C, A)] == [["N3_1"], ["N5_1"], ["N7_1"]]
    assert play.view["phase"] == "TURN" and play.current() == B
    play(B, "hit")
    assert play.numbers(B) == ["N3_1"] and play.mods(B) == ["P10_1"] and play.current() == C
    play(C, "stay")
    assert play.status(C) == "STAYED" and play.current() == A
    play(A, "stay")
    assert play.current() == B
    play(B, "hit")
    assert play.numbers(B) == ["N3_1", "N4_1"] and play.current() == B
    play(B, "hit")
    assert play.current() == B
    play(B, "stay")
    end = play.round_end()
    assert end["reason"] == "NO_ACTIVE"
    assert end["scores"] == [7, 29, 5] and end["totals"] == [7, 29, 5]
    # round 2 starts by itself: dealer B, deal order C, A, B, no reshuffle
    assert play.of_type("round_start") == [{"type": "round_start", "round": 2, "dealer": B}]
    assert [seat for seat, _ in deal_of(play)] == [C, A, B]
    assert deal_of(play)[0] == (C, "N0_1")
    assert sorted(play.view["discard"]) == sorted(["N3_1", "N5_1", "N7_1", "P10_1", "N4_1", "N12_1"])
    assert play.of_type("reshuffle") == []


# --- S2 ---------------------------------------------------------------------------
def test_s2_bust_loses_modifiers_and_x2_applies_before_plus():
    deck = ["N5", "N8", "N9", "X2", "P6", "N7", "P4", "N8", "N12"]
    play = Play(start(deck))
    assert [play.numbers(s) for s in (B, C, A)] == [["N5_1"], ["N8_1"], ["N9_1"]]
    play(B, "hit")(C, "hit")(A, "hit")(B, "hit")
    assert play.mods(B) == ["X2_1", "P4_1"] and play.mods(C) == ["P6_1"] and play.numbers(A) == ["N9_1", "N7_1"]
    play(C, "hit")
    assert play.status(C) == "BUSTED"
    assert play.numbers(C) == ["N8_1", "N8_2"] and play.mods(C) == ["P6_1"]
    assert play.of_type("bust") == [{"type": "bust", "seat": C, "card": "N8_2"}]
    assert play.current() == A
    play(A, "stay")
    assert play.view["players"][A]["line_value"] == 16
    play(B, "hit")(B, "stay")
    assert play.round_end()["scores"] == [16, 38, 0]
    assert sorted(play.view["discard"]) == sorted(
        ["N5_1", "N8_1", "N9_1", "X2_1", "P6_1", "N7_1", "P4_1", "N8_2", "N12_1"]
    )


# --- S3 ---------------------------------------------------------------------------
def test_s3_second_chance_saves_a_bust():
    play = Play(start(["SC", "N6", "N2", "N3", "N3", "N7"]))
    assert play.pending() == (B, "SC_1", ALL)
    assert ENGINE.to_act(play.state) == (B,)
    play.refuse(B, {"type": "hit"}, "DECISION_PENDING")
    play.refuse(C, {"type": "assign", "target": C}, "NOT_YOUR_DECISION")
    play(B, "assign", target=B)
    assert play.view["players"][B]["sc"] == "SC_1"
    assert deal_of(play) == [(C, "N6_1"), (A, "N2_1")]
    assert play.current() == B
    play(B, "hit")(C, "stay")(A, "stay")
    play(B, "hit")
    assert play.of_type("sc_used") == [{"type": "sc_used", "seat": B, "sc": "SC_1", "duplicate": "N3_2"}]
    assert {"SC_1", "N3_2"} <= set(play.view["discard"])
    assert play.status(B) == "ACTIVE" and play.numbers(B) == ["N3_1"] and play.view["players"][B]["sc"] is None
    assert play.of_type("draw") == [{"type": "draw", "seat": B, "card": "N3_2", "via": "HIT"}]  # no replacement
    assert play.current() == B
    play(B, "hit")(B, "stay")
    assert play.round_end()["scores"] == [2, 10, 6]


# --- S4 ---------------------------------------------------------------------------
def test_s4_one_sc_per_player_passing_it_on_and_discarding():
    play = Play(start(["SC", "N4", "N5", "N7", "SC", "N9", "SC"]))
    play(B, "assign", target=B)
    assert deal_of(play) == [(C, "N4_1"), (A, "N5_1")]
    play(B, "hit")
    assert play.numbers(B) == ["N7_1"]
    play(C, "hit")
    assert play.pending() == (C, "SC_2", [A, C])
    play.refuse(C, {"type": "assign", "target": B}, "ILLEGAL_TARGET")
    play(C, "assign", target=A)
    assert play.view["players"][A]["sc"] == "SC_2"
    play(A, "stay")
    assert play.view["players"][A]["sc"] == "SC_2" and play.view["players"][A]["line_value"] == 5
    play(B, "hit")
    assert play.numbers(B) == ["N7_1", "N9_1"]
    play(C, "stay")
    play(B, "hit")
    assert play.of_type("discard_no_target") == [{"type": "discard_no_target", "card": "SC_3"}]
    assert play.view["discard"] == ["SC_3"]
    play(B, "stay")
    assert play.round_end()["scores"] == [5, 16, 4]
    assert {"SC_1", "SC_2", "SC_3"} <= set(play.view["discard"])


# --- S5 ---------------------------------------------------------------------------
def test_s5_freeze_in_the_deal_and_freezing_yourself():
    play = Play(start(["FRZ", "N5", "N8", "FRZ"]))
    assert play.pending() == (B, "FRZ_1", ALL)
    play(B, "assign", target=C)
    assert play.status(C) == "FROZEN" and play.numbers(C) == [] and "FRZ_1" in play.view["discard"]
    assert deal_of(play) == [(A, "N5_1")]
    assert play.view["phase"] == "TURN" and play.current() == B and play.numbers(B) == []
    play.refuse(B, {"type": "stay"}, "STAY_EMPTY_LINE")
    play(B, "hit")
    assert play.numbers(B) == ["N8_1"] and play.current() == A
    play(A, "hit")
    assert play.pending() == (A, "FRZ_2", [A, B])
    play(A, "assign", target=A)
    assert play.status(A) == "FROZEN" and play.view["players"][A]["line_value"] == 5
    assert play.current() == B
    play(B, "stay")
    assert play.round_end()["scores"] == [5, 8, 0]


# --- S6 ---------------------------------------------------------------------------
S6_DECK = ["N3", "N7", "N10", "FL3", "N1", "FRZ", "SC", "N6"]


def s6_until_flip_three() -> Play:
    play = Play(start(S6_DECK))
    assert [play.numbers(s) for s in (B, C, A)] == [["N3_1"], ["N7_1"], ["N10_1"]]
    play(B, "hit")
    assert play.pending() == (B, "FL3_1", ALL)
    return play


def test_s6_flip_three_with_set_aside_freeze_and_sc():
    play = s6_until_flip_three()
    play(B, "assign", target=C)
    assert "FL3_1" in play.view["discard"]
    assert [(e["seat"], e["card"], e["via"]) for e in play.of_type("draw")] == [
        (C, "N1_1", "FLIP3"),
        (C, "FRZ_1", "FLIP3"),
        (C, "SC_1", "FLIP3"),
    ]
    assert [e["card"] for e in play.of_type("set_aside")] == ["FRZ_1", "SC_1"]
    assert play.numbers(C) == ["N7_1", "N1_1"] and play.view["players"][C]["sc"] is None
    assert play.pending() == (C, "FRZ_1", ALL)
    play(C, "assign", target=A)
    assert play.status(A) == "FROZEN"
    assert play.pending() == (C, "SC_1", [B, C])
    play(C, "assign", target=C)
    assert play.view["players"][C]["sc"] == "SC_1"
    assert play.current() == C
    play(C, "hit")
    assert play.numbers(C) == ["N7_1", "N1_1", "N6_1"]
    play(B, "stay")(C, "stay")
    assert play.round_end()["scores"] == [10, 3, 14]


def test_s6_variant_immediate_sc():
    play = Play(start(S6_DECK, {"flip3_sc_timing": "immediate"}))
    play(B, "hit")(B, "assign", target=C)
    assert play.pending() == (C, "SC_1", ALL)
    assert [e["card"] for e in play.of_type("set_aside")] == ["FRZ_1"]
    play(C, "assign", target=C)
    assert play.view["players"][C]["sc"] == "SC_1"
    assert play.pending() == (C, "FRZ_1", ALL)
    play(C, "assign", target=A)
    assert play.status(A) == "FROZEN" and play.current() == C


# --- S7 ---------------------------------------------------------------------------
S7_DECK = ["N4", "N9", "N11", "FL3", "SC", "N9", "N2", "N6"]


def test_s7_flip_three_stops_at_a_bust():
    play = Play(start(S7_DECK))
    play(B, "hit")(B, "assign", target=C)
    assert [e["card"] for e in play.of_type("draw")] == ["SC_1", "N9_2"]
    assert play.status(C) == "BUSTED"
    assert "SC_1" in play.view["discard"] and "N2_1" not in play.view["discard"]
    assert play.view["stack"] == [] and play.current() == A
    play(A, "stay")
    play(B, "hit")
    assert play.numbers(B) == ["N4_1", "N2_1"]
    play(B, "stay")
    assert play.round_end()["scores"] == [11, 6, 0]


def test_s7_variant_immediate_sc_saves_within_the_flip_three():
    play = Play(start(S7_DECK, {"flip3_sc_timing": "immediate"}))
    play(B, "hit")(B, "assign", target=C)
    assert play.pending() == (C, "SC_1", ALL)
    play(C, "assign", target=C)
    assert play.of_type("sc_used") == [{"type": "sc_used", "seat": C, "sc": "SC_1", "duplicate": "N9_2"}]
    assert {"SC_1", "N9_2"} <= set(play.view["discard"])
    assert play.numbers(C) == ["N9_1", "N2_1"] and play.status(C) == "ACTIVE"
    assert play.current() == C


# --- S8 ---------------------------------------------------------------------------
def test_s8_flip7_during_a_flip_three_ends_the_round_at_once():
    deck = ["N0", "N12", "N11", "N1", "X2", "N9", "N2", "P4", "P8", "N3", "N8", "N11", "N4", "N7", "N5", "N2", "FL3"]
    play = Play(start([*deck, "N6"]))
    assert [play.numbers(s) for s in (B, C, A)] == [["N0_1"], ["N12_1"], ["N11_1"]]
    for seat in [B, C, A, B, C, A, B, C, A, B, C, B, C]:
        assert play.current() == seat
        play(seat, "hit")
    assert play.status(A) == "BUSTED" and play.mods(A) == ["P8_1"]
    assert play.numbers(B) == ["N0_1", "N1_1", "N2_1", "N3_1", "N4_1", "N5_1"]
    assert play.numbers(C) == ["N12_1", "N8_1", "N7_1", "N2_2"] and play.mods(C) == ["X2_1", "P4_1"]
    play(B, "hit")
    assert play.pending() == (B, "FL3_1", [B, C])
    play(B, "assign", target=B)
    assert [e["card"] for e in play.of_type("draw")] == ["N6_1"]
    assert play.of_type("flip7") == [{"type": "flip7", "seat": B}]
    end = play.round_end()
    assert end["reason"] == "FLIP7" and end["scores"] == [0, 36, 62]
    assert play.view["round"] == 2 and play.view["dealer"] == B
    assert len(play.view["discard"]) == 18


# --- S9 ---------------------------------------------------------------------------
def test_s9_nested_flip_three_turn_order_and_stay_with_a_modifier():
    play = Play(start(["P4", "N5", "N6", "FL3", "FL3", "N7", "N8", "N9", "N10", "N1"]))
    assert play.mods(B) == ["P4_1"] and play.numbers(C) == ["N5_1"] and play.numbers(A) == ["N6_1"]
    play(B, "hit")
    assert play.pending() == (B, "FL3_1", ALL)
    play.refuse(C, {"type": "hit"}, "DECISION_PENDING")
    play(B, "assign", target=A)
    assert play.numbers(A) == ["N6_1", "N7_1", "N8_1"]
    assert play.pending() == (A, "FL3_2", ALL)
    play(A, "assign", target=C)
    assert play.numbers(C) == ["N5_1", "N9_1", "N10_1", "N1_1"]
    assert play.current() == C
    play(C, "stay")(A, "stay")(B, "stay")
    assert play.round_end()["scores"] == [21, 4, 25]


# --- S10 --------------------------------------------------------------------------
S10_LINES = [line("STAYED", ["N12_2"]), line(numbers=["N5_1"]), line(numbers=["N9_1"])]


def test_s10_reshuffle_when_the_draw_pile_runs_out():
    state = table(S10_LINES, B, ["N7_1"], ["P2_1", "N12_1", "FRZ_1", "N3_1"], shuffle="identity")
    assert sorted(ENGINE.full_deck(state)) == sorted(
        ["N12_2", "N5_1", "N9_1", "N7_1", "P2_1", "N12_1", "FRZ_1", "N3_1"]
    )
    play = Play(state)
    play(B, "hit")
    assert play.numbers(B) == ["N5_1", "N7_1"]
    play(C, "hit")
    assert play.events[0] == {"type": "reshuffle", "count": 4}
    assert play.numbers(C) == ["N9_1", "N3_1"]
    assert play.view["draw_count"] == 3 and play.view["discard"] == []
    play(B, "hit")
    assert play.numbers(B) == ["N5_1", "N7_1", "N12_1"]
    play(C, "hit")
    assert play.pending() == (C, "FRZ_1", [B, C])
    play(C, "assign", target=B)
    assert play.status(B) == "FROZEN"
    play(C, "hit")
    assert play.mods(C) == ["P2_1"]
    play(C, "hit")
    assert play.events[:2] == [
        {"type": "reshuffle", "count": 1},
        {"type": "draw", "seat": C, "card": "FRZ_1", "via": "HIT"},
    ]
    assert play.of_type("assign") == [{"type": "assign", "decider": C, "card": "FRZ_1", "target": C, "auto": True}]
    assert play.of_type("frozen") == [{"type": "frozen", "seat": C}]
    assert play.round_end()["scores"] == [12, 24, 14]
    # round 2: the first deal finds the draw pile empty and reshuffles the 8 cards
    assert play.of_type("round_start") == [{"type": "round_start", "round": 2, "dealer": B}]
    assert play.of_type("reshuffle") == [{"type": "reshuffle", "count": 1}, {"type": "reshuffle", "count": 8}]


def test_s10b_deck_exhausted():
    play = Play(table(S10_LINES, B, [], [], shuffle="identity"))
    play(B, "hit")
    end = play.round_end()
    assert end["reason"] == "DECK_EXHAUSTED" and end["scores"] == [12, 5, 9]


# --- S11 --------------------------------------------------------------------------
S11_DECK = ["N10", "N12", "N5", "N12", "N10", "N9", "N3", "N9"]
S11_TOTALS = [190, 195, 120]


def s11_round_one(options: dict[str, Any] | None = None) -> Play:
    play = Play(start(S11_DECK, options, totals=S11_TOTALS))
    assert [play.numbers(s) for s in (B, C, A)] == [["N10_1"], ["N12_1"], ["N5_1"]]
    play(B, "stay")(C, "hit")
    assert play.status(C) == "BUSTED" and play.numbers(C) == ["N12_1", "N12_2"]
    play(A, "hit")
    assert play.numbers(A) == ["N5_1", "N10_2"]
    play(A, "stay")
    end = play.round_end()
    assert end["scores"] == [15, 10, 0] and end["totals"] == [205, 205, 120]
    return play


def test_s11_game_end_with_a_tie_at_the_top_tied_only():
    play = s11_round_one()
    assert play.of_type("tiebreak") == [{"type": "tiebreak", "seats": [A, B]}]
    assert play.view["round"] == 2 and play.view["dealer"] == B
    assert play.status(C) == "OUT"
    assert deal_of(play) == [(A, "N9_1"), (B, "N3_1")]
    assert play.current() == A
    play.refuse(C, {"type": "hit"}, "NOT_YOUR_TURN")
    play(A, "hit")
    assert play.status(A) == "BUSTED" and play.numbers(A) == ["N9_1", "N9_2"]
    play(B, "stay")
    assert play.of_type("game_over") == [{"type": "game_over", "winners": [B], "totals": [205, 208, 120]}]
    assert ENGINE.is_over(play.state) and ENGINE.to_act(play.state) == ()
    result = ENGINE.result(play.state)
    assert result.scores == [205, 208, 120] and result.winners == [B] and result.ranks == [2, 1, 3]
    for seat in ALL:
        assert ENGINE.legal_actions(play.state, seat) == []
        for action in ({"type": "hit"}, {"type": "stay"}, {"type": "assign", "target": A}, {"type": "bogus"}):
            play.refuse(seat, action, "GAME_OVER")


def test_s11_variant_shared():
    play = s11_round_one({"tie_break": "shared"})
    assert play.of_type("game_over") == [{"type": "game_over", "winners": [A, B], "totals": [205, 205, 120]}]
    result = ENGINE.result(play.state)
    assert result.winners == [A, B] and result.ranks == [1, 1, 3]


def test_s11_variant_all_players():
    play = s11_round_one({"tie_break": "all_players"})
    assert play.of_type("game_over") == []
    assert play.status(C) == "ACTIVE"
    assert [seat for seat, _ in deal_of(play)] == [C, A, B]


# --- S12 --------------------------------------------------------------------------
def test_s12_flip_three_in_the_deal_on_the_last_seat_to_be_dealt():
    play = Play(start(["FL3", "N2", "N8", "N6", "N4", "N5", "N7"]))
    assert play.pending() == (B, "FL3_1", ALL)
    play(B, "assign", target=A)
    assert [(e["seat"], e["card"]) for e in play.of_type("draw")] == [(A, "N2_1"), (A, "N8_1"), (A, "N6_1")]
    assert deal_of(play) == [(C, "N4_1"), (A, "N5_1")]
    assert play.numbers(A) == ["N2_1", "N8_1", "N6_1", "N5_1"]
    assert play.view["phase"] == "TURN" and play.current() == B and play.numbers(B) == []
    play.refuse(B, {"type": "stay"}, "STAY_EMPTY_LINE")
    play(B, "hit")
    assert play.numbers(B) == ["N7_1"] and play.current() == C


# --- §4.3 worked scoring examples ---------------------------------------------------------
@pytest.mark.parametrize(
    ("example", "scored", "expected"),
    [
        ("E1", line("STAYED", ["N3_1", "N4_1", "N12_1"], ["P10_1"]), 29),
        ("E2", line("STAYED", ["N5_1", "N12_1"], ["X2_1", "P4_1"]), 38),
        ("E4", line("STAYED", [], ["P4_1", "X2_1"]), 4),
        ("E5", line("BUSTED", ["N8_1", "N8_2"], ["P6_1"]), 0),
        ("E7", line("FROZEN", ["N9_1"], sc="SC_1"), 9),
    ],
)
def test_scoring_examples_banked_lines(example, scored, expected):
    """Seat A holds the example line; B, the last active seat, stays and the round ends."""
    play = Play(table([scored, line(numbers=["N1_1"]), line("STAYED")], B, ["N2_1"]))
    play(B, "stay")
    assert play.round_end()["scores"] == [expected, 1, 0], example


def test_scoring_example_e3_flip7_with_x2_and_plus8():
    numbers = ["N0_1", "N1_1", "N2_1", "N3_1", "N4_1", "N5_1"]
    play = Play(table([line(numbers=numbers, mods=["X2_1", "P8_1"]), line("STAYED"), line("STAYED")], A, ["N6_1"]))
    play(A, "hit")
    end = play.round_end()
    assert end["reason"] == "FLIP7" and end["scores"] == [65, 0, 0]


def test_scoring_example_e6_an_active_player_banks_when_another_flips_7():
    flipper = line(numbers=["N0_1", "N1_1", "N3_1", "N4_1", "N5_1", "N6_1"])
    banker = line(numbers=["N12_1", "N8_1", "N7_1", "N2_1"], mods=["X2_1", "P4_1"])
    play = Play(table([banker, flipper, line("STAYED")], B, ["N9_1"]))
    play(B, "hit")
    assert play.round_end()["scores"] == [62, 28 + 15, 0]


# --- decisions of §8 not covered by a scenario ---------------------------------------
def test_d5_a_frozen_flip_three_target_still_assigns_its_set_aside_cards():
    play = Play(start(["N3", "N7", "N10", "FL3", "FRZ", "SC", "N1"]))
    play(B, "hit")(B, "assign", target=C)
    assert [e["card"] for e in play.of_type("set_aside")] == ["FRZ_1", "SC_1"]
    assert play.pending() == (C, "FRZ_1", ALL)
    play(C, "assign", target=C)
    assert play.status(C) == "FROZEN"
    assert play.pending() == (C, "SC_1", [A, B])
    play(C, "assign", target=A)
    assert play.view["players"][A]["sc"] == "SC_1" and play.current() == A


def test_d16_tie_break_repeats_among_the_still_tied_and_the_dealer_rotates_onto_an_out_seat():
    deck = ["N5", "N1", "N5", "N6", "N6", "N4", "N3"]
    play = Play(start(deck, totals=[195, 195, 0]))
    play(B, "stay")(C, "stay")(A, "stay")
    assert play.round_end()["totals"] == [200, 200, 1]
    assert play.of_type("tiebreak") == [{"type": "tiebreak", "seats": [A, B]}]
    assert deal_of(play) == [(A, "N6_1"), (B, "N6_2")]
    play(A, "stay")(B, "stay")
    assert play.round_end()["totals"] == [206, 206, 1]
    assert play.of_type("tiebreak") == [{"type": "tiebreak", "seats": [A, B]}]
    assert play.view["dealer"] == C and play.status(C) == "OUT"
    assert deal_of(play) == [(A, "N4_1"), (B, "N3_1")]
    play(A, "stay")(B, "stay")
    assert play.of_type("game_over") == [{"type": "game_over", "winners": [A], "totals": [210, 209, 1]}]
    assert ENGINE.result(play.state).ranks == [1, 2, 3]


def test_two_players_with_min_players_2():
    state = ENGINE.new_game(2, {"min_players": 2, "first_dealer": 1}, fixture={"stacked_deck": ["N4", "FRZ"]})
    play = Play(state)
    assert play.numbers(A) == ["N4_1"] and play.pending() == (B, "FRZ_1", [A, B])
    play(B, "assign", target=A)
    assert play.status(A) == "FROZEN" and play.current() == B and play.numbers(B) == []
