"""Pumptown default actions (docs/rules/pumptown.md D76-D85), on the rules' stacked decks and fixtures."""

from __future__ import annotations

from typing import Any

import pytest
from test_pumptown_rules import SC7_DECK
from test_pumptown_scenarios import A, B, C, act, decision, play, settle, start, turn

from cardroom.engines.contract import RuleError
from cardroom.engines.pumptown import PumptownEngine
from cardroom.engines.pumptown.cards import NUMBER_CARDS
from cardroom.engines.pumptown.defaults import KNOCK_AFTER_LAPS

ENGINE = PumptownEngine()
SC1_DECK = "N9a N3a N7a N1a N6a N12a N4a N0a N7b N4b N0b N5a N1b N6b N12b"
SC8_DECK = ("N9b N5a N12a N3a N5b N12b N4a N7b N10a N4b N7c N10b N11b N6b N6c N8b N8c N1a N9a N2a N8a N0a N11a "
            "N12c N6a N7a")
SC8_HANDS = [["DOUB1", "DUEL1"], ["SWAP1", "STEAL1", "BLOCK1"], ["REDIS1", "NOPE1"]]
PASS = {"type": "pass"}


def default(state, seat: int) -> dict[str, Any]:
    action = ENGINE.default_action(state, seat)
    assert action in ENGINE.legal_actions(state, seat)
    return action


def by_default(state, seat: int):
    return ENGINE.apply(state, seat, default(state, seat)).state


def test_windows_are_passed_and_the_peek_acknowledged_whatever_the_hand_holds():
    st = start(SC1_DECK, pump_stack=True)  # A PEEK1, B PEEK2, C DOUB1
    for seat in (A, B, C):
        assert decision(st) == ("RS_WINDOW", (seat,)) and default(st, seat) == PASS
        st = by_default(st, seat)
    assert decision(st) == ("PEEK", (A, B, C))  # every seat decides at once
    for seat in (C, A, B):
        assert default(st, seat) == {"type": "ack_peek"}
        st = by_default(st, seat)
    assert decision(st) == ("TB_WINDOW", (B,)) and default(st, B) == PASS


def test_a_turn_draws_from_the_pile_discards_the_card_and_does_not_knock():
    st = settle(turn(settle(start(SC8_DECK, SC8_HANDS)), A, "pile"))
    assert decision(st) == ("TURN_START", (B,))  # B holds SWAP1 and STEAL1 and plays neither
    assert default(st, B) == {"type": "draw", "source": "pile"}
    st = by_default(st, B)
    grid = list(st.grids[B])
    assert default(st, B) == {"type": "discard_drawn"}
    st = by_default(st, B)
    assert st.grids[B] == grid
    assert decision(st) == ("KNOCK_DECISION", (B,)) and default(st, B) == {"type": "end_turn"}


def test_a_card_taken_from_the_discard_goes_to_tl_unless_it_may_go_back():
    st = act(settle(start(SC7_DECK, [[], [], []])), A, "draw", source="discard")
    taken = st.pending
    assert default(st, A) == {"type": "place", "pos": "TL"}
    assert by_default(st, A).grids[A][0] == taken
    st = act(settle(start(SC7_DECK, [[], [], []], options={"allow_rediscard": True})), A, "draw", source="discard")
    assert default(st, A) == {"type": "discard_drawn"}


def test_the_absent_seat_knocks_only_once_the_round_has_run_its_laps():
    st = start(SC1_DECK, [[], [], []], options={"rounds": 1})
    knocks = []
    while not knocks:
        kind, seats = decision(st)
        if kind == "KNOCK_DECISION":
            action = default(st, seats[0])
            if action["type"] == "knock":
                knocks.append(st.turns_done + 1)
        st = by_default(st, seats[0])
    assert knocks == [KNOCK_AFTER_LAPS * 3]
    assert ENGINE.view(st, None)["mode"] == "FINAL"


def test_block_and_nope_windows_are_passed():
    st = settle(start(SC8_DECK, SC8_HANDS))
    st = turn(st, A, "pile", then="knock")
    assert decision(st) == ("AK_WINDOW", (B,)) and "BLOCK1" in st.hands[B]
    assert default(st, B) == PASS
    st = settle(start(SC8_DECK, SC8_HANDS), until=A)
    st = play(st, A, "DOUB1", target=C)
    assert decision(st) == ("NOPE_WINDOW", (B,))
    st = act(st, B, "pass")
    assert decision(st) == ("NOPE_WINDOW", (C,)) and "NOPE1" in st.hands[C]
    assert default(st, C) == PASS


def test_a_started_redistribute_is_split_evenly_and_the_award_over_the_limit_is_discarded():
    st = settle(start(SC8_DECK, SC8_HANDS))
    st = turn(st, A, "pile")
    st = turn(st, B, "pile", then="knock")
    st = settle(st)
    st = turn(st, C, "pile", then=None)
    st = turn(st, A, "pile", then=None)
    assert decision(st) == ("RE_WINDOW", (A,)) and default(st, A) == PASS  # A holds DUEL1
    st = act(st, A, "pass")
    st = act(st, B, "pass")
    st = play(st, C, "REDIS1")  # C's grid 12 12 / 10 10 shot the moon: 44 points to give
    assert default(st, C) == {"type": "allot", "recipient": A, "amount": 22}
    st = by_default(st, C)
    assert default(st, C) == {"type": "allot", "recipient": B, "amount": 22}
    st = by_default(st, C)
    assert ENGINE.view(st, None)["chain"] == [{"seat": C, "card": "REDIS1", "alloc": [22, 22, 0]}]
    st = settle(st)
    assert decision(st) == ("PUMP_LIMIT", (B,))  # B won the round and drew PEEK1 over its limit of 3
    assert ENGINE.view(st, B)["hand"] == ["SWAP1", "STEAL1", "BLOCK1", "PEEK1"]
    assert default(st, B) == {"type": "discard_pump", "card": "PEEK1"}


def test_an_allocation_among_seven_seats_is_even_in_seat_order():
    grids = [["N12a", "N12b", "N12c", "N12d"]] + [[f"N{v}{c}" for v in (1, 2, 3, 4)] for c in "abcdef"]
    grids.append(["N5a", "N6a", "N7a", "N8a"])
    used = {card for grid in grids for card in grid}
    rest = [card for card in NUMBER_CARDS if card not in used]
    fixture = {"hands": [["REDIS1"]] + [[]] * 7, "zones": {"grids": grids, "draw": rest[1:], "discard": rest[:1]}}
    st = ENGINE.new_game(8, {"rounds": 1, "round_turn_limit": 1}, seed=5, fixture=fixture)
    st = act(act(act(st, A, "draw", source="pile"), A, "discard_drawn"), A, "end_turn")
    st = play(st, A, "REDIS1")
    while decision(st) == ("REDIS_ALLOC", (A,)):
        st = by_default(st, A)
    # nobody else holds a pump card, so the Nope window passes at once and the play resolves
    assert [play.args["alloc"] for play in st.redis] == [[0, 7, 7, 7, 7, 7, 7, 6]]


def test_a_duel_draws_from_the_pile_and_keeps_the_dealt_hand_unless_it_must_place():
    for may_discard, expected in ((True, {"type": "discard_drawn"}), (False, {"type": "place", "pos": "L"})):
        st = start(SC7_DECK, [[], [], []], options={"rounds": 1, "duel_may_discard": may_discard})
        st = turn(st, A, "pile", then="knock")
        st = turn(st, B, "pile", then=None)
        st = turn(st, C, "pile", then=None)
        assert decision(st) == ("DUEL_TURN", (B,))
        assert default(st, B) == {"type": "draw", "source": "pile"}
        st = by_default(st, B)
        assert decision(st) == ("DUEL_PLACE", (B,)) and default(st, B) == expected


def test_a_seat_that_is_not_asked_gets_not_your_turn():
    st = settle(start(SC8_DECK, SC8_HANDS))
    with pytest.raises(RuleError) as refused:
        ENGINE.default_action(st, B)
    assert refused.value.code == "NOT_YOUR_TURN"
