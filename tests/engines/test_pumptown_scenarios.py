"""Pumptown acceptance scenarios (rules §9) and worked scoring examples (§4.3), through the contract.

Decks are the rules file's stacked number decks, top first; the engine's fixture
completes them with every unlisted card in factory order. Seats: A=0, B=1, C=2.
"""

from __future__ import annotations

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.pumptown import PumptownEngine
from cardroom.engines.pumptown.cards import NUMBER_CARDS

ENGINE = PumptownEngine()
A, B, C = 0, 1, 2


def start(deck: str, hands: list[list[str]] | None = None, *, pump_stack: bool = False, options=None, **fixture):
    """A 3-player game; ``pump_stack`` puts R1 (the pump shuffle) first, in factory order."""
    stack = [[]] if pump_stack else []
    stack.append(deck.split())
    fixture = {"stack": stack, **fixture}
    if hands is not None:
        fixture["hands"] = hands
    return ENGINE.new_game(3, options or {}, seed=99991, fixture=fixture)


def act(state, seat: int, kind: str, **params):
    return ENGINE.apply(state, seat, {"type": kind, **params}).state


def play(state, seat: int, card: str, **args):
    return act(state, seat, "play", card=card, **args)


def refused(state, seat: int, code: str, kind: str, **params) -> None:
    before = ENGINE.encode(state)
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, seat, {"type": kind, **params})
    assert error.value.code == code
    assert ENGINE.encode(state) == before


def decision(state) -> tuple[str, tuple[int, ...]]:
    view = ENGINE.view(state, None)
    return view["decision"]["kind"], ENGINE.to_act(state)


def settle(state, until: int | None = None, *, ack: bool = True, events: list | None = None):
    """Answer every poll with pass and (``ack``) every PEEK with ack_peek, stopping when ``until`` is asked.

    The events of those actions are appended to ``events`` when given.
    """
    while True:
        kind, seats = decision(state)
        if kind == "PEEK" and ack:
            action = {"type": "ack_peek"}
        elif kind.endswith("_WINDOW") and seats[0] != until:
            action = {"type": "pass"}
        else:
            return state
        transition = ENGINE.apply(state, seats[0], action)
        state = transition.state
        if events is not None:
            events += transition.events


def event(events: list, kind: str) -> dict:
    return next(e.data for e in events if e.type == kind)


def turn(state, seat: int, source: str, place: str | None = None, *, then: str | None = "end_turn"):
    """One draw turn: draw, then place at ``place`` or discard the drawn card, then the knock decision."""
    state = settle(state)
    assert decision(state) == ("TURN_START", (seat,))
    state = act(state, seat, "draw", source=source)
    state = act(state, seat, "place", pos=place) if place else act(state, seat, "discard_drawn")
    return act(state, seat, then) if then else state


def values(state, seat: int) -> str:
    """A grid as the rules write it: ``TL TR / BL BR`` with ``__`` for an emptied slot."""
    v = [str(int(c[1:-1])) if c else "__" for c in state.grids[seat]]
    return f"{v[0]} {v[1]} / {v[2]} {v[3]}"


def test_sc1_basic_turns_illegal_moves_knock_tie_pump_award():
    deck = "N9a N3a N7a N1a N6a N12a N4a N0a N7b N4b N0b N5a N1b N6b N12b"
    st = start(deck, pump_stack=True)
    assert [ENGINE.view(st, s)["hand"] for s in (A, B, C)] == [["PEEK1"], ["PEEK2"], ["DOUB1"]]
    assert [values(st, s) for s in (A, B, C)] == ["9 1 / 4 4", "3 6 / 0 0", "7 12 / 7 5"]
    view = ENGINE.view(st, None)
    assert view["discard"] == ["N1b"] and view["draw_count"] == 63 and view["pump_deck_count"] == 18
    st = settle(st, ack=False)
    # 1. PEEK
    assert decision(st)[0] == "PEEK"
    assert ENGINE.view(st, A)["players"][A]["grid"] == ["??", "??", "N4a", "N4b"]
    assert ENGINE.view(st, B)["players"][A]["grid"] == ["??"] * 4
    for seat in (A, B, C):
        st = act(st, seat, "ack_peek")
    assert ENGINE.view(st, A)["players"][A]["grid"] == ["??"] * 4
    # 2. TB_WINDOW asks B then C
    assert decision(st) == ("TB_WINDOW", (B,))
    st = act(st, B, "pass")
    assert decision(st) == ("TB_WINDOW", (C,))
    st = act(st, C, "pass")
    refused(st, B, "NOT_YOUR_DECISION", "draw", source="pile")
    # 3.
    st = act(st, A, "draw", source="discard")
    assert ENGINE.view(st, C)["pending"] == {"seat": A, "source": "discard", "card": "N1b"}
    refused(st, A, "REDISCARD_FORBIDDEN", "discard_drawn")
    st = act(st, A, "place", pos="TL")
    assert values(st, A) == "1 1 / 4 4" and st.discard == ["N9a"]
    # 4.
    st = act(st, A, "knock")
    st = act(act(st, B, "pass"), C, "pass")
    view = ENGINE.view(st, None)
    assert view["mode"] == "FINAL" and view["final_pending"] == [B, C] and view["scheduled"] == B
    assert decision(st) == ("TB_WINDOW", (C,))
    st = act(st, C, "pass")
    # 5.
    st = act(st, B, "draw", source="pile")
    assert ENGINE.view(st, B)["pending"] == {"seat": B, "source": "pile", "card": "N6b"}
    for seat in (A, C, None):
        assert ENGINE.view(st, seat)["pending"] == {"seat": B, "source": "pile", "card": None}
    st = act(st, B, "place", pos="TL")
    assert values(st, B) == "6 6 / 0 0" and st.discard == ["N9a", "N3a"]
    refused(st, B, "KNOCK_NOT_ALLOWED", "knock")
    # 6. no eligible swiper before C's final turn
    assert decision(st) == ("TURN_START", (C,))
    st = act(st, C, "draw", source="pile")
    assert ENGINE.view(st, C)["pending"]["card"] == "N12b"
    st = act(st, C, "discard_drawn")
    assert decision(st)[0] == "RE_WINDOW"
    st = settle(st)
    # 7. round 2 has begun
    assert st.cumulative == [0, 0, 31]
    assert ENGINE.view(st, A)["hand"] == ["PEEK1", "DOUB2"]
    view = ENGINE.view(st, None)
    assert view["round"] == 2 and view["starter"] == B and view["dealer"] == A


def test_sc1_round_scores_in_events():
    deck = "N9a N3a N7a N1a N6a N12a N4a N0a N7b N4b N0b N5a N1b N6b N12b"
    st = settle(start(deck, pump_stack=True), ack=False)
    for seat in (A, B, C):
        st = act(st, seat, "ack_peek")
    st = settle(st)
    st = act(st, A, "draw", source="discard")
    st = act(act(st, A, "place", pos="TL"), A, "knock")
    st = settle(st)
    st = act(act(st, B, "draw", source="pile"), B, "place", pos="TL")
    st = act(settle(st), C, "draw", source="pile")
    events = []
    st = settle(act(st, C, "discard_drawn"), events=events)
    assert event(events, "tally")["tallies"] == [0, 0, 31] and event(events, "tally")["scores"] == [0, 0, 31]
    over = event(events, "round_over")
    assert over["winner"] == A and over["scores"] == [0, 0, 31]
    award = next(e for e in events if e.type == "award")
    assert award.for_viewer(A)["card"] == "DOUB2" and "card" not in award.for_viewer(B)


def test_sc2_peek_nope_on_nope_double():
    deck = "N2a N1a N6a N5a N1b N2b N3a N10a N8a N3b N4a N8b N11a N0a N9a"
    st = start(deck, [["PEEK1", "DOUB1"], ["NOPE1"], ["NOPE2"]])
    assert [values(st, s) for s in (A, B, C)] == ["2 5 / 3 3", "1 1 / 10 4", "6 2 / 8 8"]
    # 1.
    st = play(st, A, "PEEK1")
    assert decision(st) == ("NOPE_WINDOW", (B,))
    st = play(st, B, "NOPE1")
    assert decision(st) == ("NOPE_WINDOW", (C,))
    st = play(st, C, "NOPE2")
    assert decision(st) == ("NOPE_WINDOW", (A,))
    assert [p["card"] for p in ENGINE.view(st, None)["chain"]] == ["PEEK1", "NOPE1", "NOPE2"]
    st = act(st, A, "pass")
    assert st.peek_all == [True, False, False]
    assert ENGINE.view(st, None)["pump_discard"] == ["PEEK1", "NOPE1", "NOPE2"]
    # 2. B and C are auto; A is asked again
    assert decision(st) == ("RS_WINDOW", (A,))
    st = play(st, A, "DOUB1", target=C)
    assert ENGINE.view(st, None)["doubles"] == [C]
    # 3.
    assert decision(st)[0] == "PEEK"
    assert ENGINE.view(st, A)["players"][A]["grid"] == ["N2a", "N5a", "N3a", "N3b"]
    assert ENGINE.view(st, B)["players"][B]["grid"] == ["??", "??", "N10a", "N4a"]
    st = settle(st)
    # 4.
    st = turn(st, A, "pile", "TR", then="knock")
    assert values(st, A) == "2 0 / 3 3" and st.discard == ["N11a", "N5a"]
    assert ENGINE.view(st, None)["mode"] == "FINAL"
    # 5.
    st = turn(st, B, "pile", then=None)
    st = act(st, C, "draw", source="discard")
    assert st.pending == "N9a"
    st = act(st, C, "place", pos="TL")
    # 6. round 1 is scored and round 2 set up in the same action
    assert st.cumulative == [0, 14, 22]
    assert ENGINE.view(st, A)["hand"] == ["PEEK2"]


def test_sc3_swap_steal_noped_swap_keeps_turn_memory_assist():
    deck = "N10a N2a N9a N11a N2b N4a N0a N7a N12a N1a N5a N6a N3a N8a"
    st = start(deck, [["SWAP1", "STEAL1"], ["NOPE1"], ["SWAP2"]], options={"memory_assist": True})
    assert [values(st, s) for s in (A, B, C)] == ["10 11 / 0 1", "2 2 / 7 5", "9 4 / 12 6"]
    assert st.discard == ["N3a"]
    st = settle(st, ack=False)
    for seat in (A, B, C):
        st = act(st, seat, "ack_peek")
    # 1.
    own = {A: ["N0a", "N1a"], B: ["N7a", "N5a"], C: ["N12a", "N6a"]}
    for seat in (A, B, C):
        grids = [p["grid"] for p in ENGINE.view(st, seat)["players"]]
        for owner in (A, B, C):
            assert grids[owner] == (["??", "??", *own[seat]] if owner == seat else ["??"] * 4)
    st = settle(st)
    assert decision(st) == ("TURN_START", (A,))
    # 2.
    refused(st, A, "BAD_ARGS", "play", card="SWAP1", a=A, pa="TL", b=A, pb="TR")
    # 3.
    before = [list(g) for g in st.grids]
    st = play(st, A, "SWAP1", a=B, pa="TL", b=C, pb="BR")
    st = play(st, B, "NOPE1")
    st = act(act(st, C, "pass"), A, "pass")
    assert st.grids == before
    assert ENGINE.view(st, None)["pump_discard"] == ["SWAP1", "NOPE1"]
    assert decision(st) == ("TURN_START", (A,))
    # 4.
    st = play(st, A, "STEAL1", target=B, tpos="TL", own_pos="TL")
    st = act(st, C, "pass")
    assert values(st, A) == "2 11 / 0 1" and st.grids[A][0] == "N2a"
    assert values(st, B) == "10 2 / 7 5" and st.grids[B][0] == "N10a"
    for seat in (A, B, C, None):
        players = ENGINE.view(st, seat)["players"]
        assert players[A]["grid"][0] == "??" and players[B]["grid"][0] == "??"
    st = act(st, A, "end_turn")
    # 5.
    st = settle(st)
    st = act(act(st, B, "draw", source="discard"), B, "place", pos="TR")
    assert st.grids[B][1] == "N3a"
    for seat in (A, B, C, None):
        assert ENGINE.view(st, seat)["players"][B]["grid"][1] == "N3a"
    assert st.discard == ["N2b"]
    st = act(st, B, "end_turn")
    # 6.
    st = settle(st)
    st = play(st, C, "SWAP2", a=A, pa="BR", b=B, pb="BL")
    assert st.grids[A][3] == "N7a" and st.grids[B][2] == "N1a"
    view_a, view_b, view_c = (ENGINE.view(st, s)["players"] for s in (A, B, C))
    assert view_a[B]["grid"][2] == "N1a" and view_a[A]["grid"][3] == "??"
    assert view_b[A]["grid"][3] == "N7a" and view_b[B]["grid"][2] == "??"
    assert view_c[A]["grid"][3] == "??" and view_c[B]["grid"][2] == "??"
    assert ENGINE.view(st, None)["pump_discard"] == ["SWAP1", "NOPE1", "STEAL1", "SWAP2"]
    assert [len(h) for h in st.hands] == [0, 0, 0]
    assert decision(st) == ("KNOCK_DECISION", (C,))


def test_sc4_block_a_knock():
    deck = "N1a N3a N11a N2c N3b N9a N0a N1b N10a N0b N4a N8a N12a N6a N7a N5a N12b N2a N2b"
    st = start(deck, [[], ["BLOCK1"], ["NOPE1"]])
    assert [values(st, s) for s in (A, B, C)] == ["1 2 / 0 0", "3 3 / 1 4", "11 9 / 10 8"]
    # 1.
    st = turn(st, A, "pile", then="knock")
    assert decision(st) == ("AK_WINDOW", (B,))
    st = play(st, B, "BLOCK1")
    st = act(st, C, "pass")
    view = ENGINE.view(st, None)
    assert view["knocker"] is None and view["knock_blocked"] == [A] and view["mode"] == "NORMAL"
    assert view["scheduled"] == B
    # 2.
    st = turn(st, B, "pile")
    st = turn(st, C, "discard", "TL")
    assert values(st, C) == "7 9 / 10 8"
    # 3.
    st = turn(st, A, "pile", then=None)
    refused(st, A, "KNOCK_NOT_ALLOWED", "knock")
    assert decision(st) == ("TB_WINDOW", (C,))
    # 4.
    st = turn(st, B, "pile", then="knock")
    st = act(st, C, "pass")
    view = ENGINE.view(st, None)
    assert view["mode"] == "FINAL" and sorted(view["final_pending"]) == [A, C]
    # 5.
    st = turn(st, C, "pile", "BR", then=None)
    assert values(st, C) == "7 9 / 10 2"
    st = settle(st)
    st = act(st, A, "draw", source="pile")
    assert st.pending == "N2b"
    assert values(act(st, A, "place", pos="TL"), A) == "2 2 / 0 0"
    events = []
    st = settle(act(st, A, "place", pos="TL"), events=events)
    # 6.
    assert event(events, "tally")["tallies"] == [0, 5, 28]
    over = event(events, "round_over")
    assert over["scores"] == [0, 15, 28] and over["winner"] == A
    assert ENGINE.view(st, A)["hand"] == ["PEEK1"]


def test_sc5_swipe_skips_a_seat_and_swipes_in_final_mode():
    deck = "N4a N6a N5a N4b N7a N8a N2a N9a N10a N3a N1a N12a N11a N5c N0a N1b"
    st = start(deck, [[], [], ["SWIPE1", "SWIPE2"]], options={"rounds": 1})
    assert [values(st, s) for s in (A, B, C)] == ["4 4 / 2 3", "6 7 / 9 1", "5 8 / 10 12"]
    # 1.
    st = turn(st, A, "pile")
    assert decision(st) == ("TB_WINDOW", (C,))
    st = play(st, C, "SWIPE1", pos="TR")
    assert values(st, C) == "5 5 / 10 12" and st.discard[-1] == "N8a"
    assert decision(st) == ("KNOCK_DECISION", (C,))
    st = act(st, C, "end_turn")
    view = ENGINE.view(st, None)
    assert view["last_actor"] == C and view["scheduled"] == A
    # 2.
    st = turn(st, A, "pile", "BR", then="knock")
    assert values(st, A) == "4 4 / 2 0"
    assert decision(st) == ("AK_WINDOW", (C,))
    st = act(st, C, "pass")
    view = ENGINE.view(st, None)
    assert view["mode"] == "FINAL" and view["final_pending"] == [B, C] and view["scheduled"] == B
    # 3.
    assert decision(st) == ("TB_WINDOW", (C,))
    st = play(st, C, "SWIPE2", pos="BR")
    assert values(st, C) == "5 5 / 10 3" and st.discard[-1] == "N12a"
    view = ENGINE.view(st, None)
    assert view["final_pending"] == [B] and view["scheduled"] == B
    # 4.
    assert decision(st) == ("TURN_START", (B,))
    st = act(act(st, B, "draw", source="pile"), B, "place", pos="TR")
    assert values(st, B) == "6 1 / 9 1"
    # 5. (rounds=1, so the table stays as the round left it)
    assert ENGINE.is_over(st)
    assert st.tallies == [2, 17, 13] and st.scores == [0, 17, 13]
    assert st.hands[A] == ["PEEK1"]
    assert st.discard == ["N11a", "N8a", "N12a", "N7a"]


def test_sc6_rearrange_eliminate_empty_slot_failed_knock():
    deck = "N6a N3a N12a N1a N1b N5a N6b N0a N1c N2a N0b N5b N11a N10a N10b N9a N9b"
    st = start(deck, [["REARR1"], [], ["ELIM2", "REARR2"]], options={"rounds": 1})
    assert [values(st, s) for s in (A, B, C)] == ["6 1 / 6 2", "3 1 / 0 0", "12 5 / 1 5"]
    # 1.
    st = turn(st, A, "pile")
    st = turn(st, B, "pile", then="knock")
    st = settle(st)
    st = turn(st, C, "pile", then=None)
    st = settle(st)
    assert decision(st) == ("TURN_START", (A,))
    st = act(st, A, "draw", source="pile")
    events = ENGINE.apply(st, A, {"type": "discard_drawn"}).events
    assert next(e for e in events if e.type == "reveal").data["tallies"] == [15, 4, 23]
    st = act(st, A, "discard_drawn")
    # 2.
    assert decision(st) == ("RE_WINDOW", (A,))
    refused(st, A, "BAD_ARGS", "play", card="REARR1", layout=["TL", "TL", "BL", "BR"])
    st = play(st, A, "REARR1", layout=["TL", "BL", "TR", "BR"])
    st = act(st, C, "pass")  # C's Nope poll
    assert values(st, A) == "6 6 / 1 2"
    # 3.
    assert decision(st) == ("RE_WINDOW", (C,))
    st = play(st, C, "ELIM2", pos="TL")
    assert values(st, C) == "__ 5 / 1 5"
    assert ENGINE.view(st, None)["set_aside"] == ["N12a"] and "N12a" not in st.discard
    assert ENGINE.view(st, None)["players"][C]["grid"][0] == "__"
    assert decision(st) == ("RE_WINDOW", (C,))
    refused(st, C, "BAD_ARGS", "play", card="REARR2", layout=["TR", "BR", "TL", "XX"])
    st = play(st, C, "REARR2", layout=["TR", "BR", "TL", "BL"])
    # 4.
    assert ENGINE.is_over(st)
    assert st.tallies == [3, 4, 1] and st.scores == [3, 14, 1]
    assert values(st, C) == "5 5 / __ 1"
    assert st.hands[C] == ["PEEK1"]


def test_sc7_tie_duel_full_procedure():
    deck = ("N2b N1b N0a N4a N3c N4b N5a N7a N9a N5b N7b N9b N10b N11a N11b N11c N8a N6a N3a N2a N3b N1a N12a "
            "N10a N12b N0c")
    st = start(deck, [[], [], []], options={"rounds": 1})
    assert [values(st, s) for s in (A, B, C)] == ["2 4 / 5 5", "1 3 / 7 7", "0 4 / 9 9"]
    # 1.
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert st.tallies == [6, 4, 4] and st.scores[A] == 16
    # 2.
    assert decision(st) == ("DUEL_TURN", (B,))
    assert st.duel.slots == [["N8a", "N3a"], ["N6a", "N2a"]]
    for seat in (A, B, C, None):
        assert ENGINE.view(st, seat)["duel"]["slots"] == [["??", "??"], ["??", "??"]]
    # 3.
    st = act(st, B, "draw", source="pile")
    assert ENGINE.view(st, B)["pending"]["card"] == "N3b" and ENGINE.view(st, C)["pending"]["card"] is None
    st = act(st, B, "place", pos="L")
    assert st.discard[-1] == "N8a"
    st = act(act(st, C, "draw", source="pile"), C, "place", pos="L")
    assert st.discard[-1] == "N6a"
    st = act(act(st, B, "draw", source="pile"), B, "discard_drawn")
    st = act(act(st, C, "draw", source="pile"), C, "discard_drawn")
    st = act(act(st, B, "draw", source="pile"), B, "discard_drawn")
    st = act(st, C, "draw", source="pile")
    assert st.pending == "N0c"
    events = ENGINE.apply(st, C, {"type": "place", "pos": "R"}).events
    st = act(st, C, "place", pos="R")
    # 4.
    revealed = next(e for e in events if e.type == "duel_reveal").data
    assert revealed["slots"] == [["N3b", "N3a"], ["N1a", "N0c"]] and revealed["values"] == [0, 1]
    assert st.scores == [16, 0, 8] and st.winner == B
    assert st.hands[B] == ["PEEK1"]
    assert st.discard[-4:] == ["N3b", "N3a", "N1a", "N0c"]


def test_sc8_moon_redistribute_duel_card_hand_limit_double_halving():
    deck = ("N9b N5a N12a N3a N5b N12b N4a N7b N10a N4b N7c N10b N11b N6b N6c N8b N8c N1a N9a N2a N8a N0a N11a "
            "N12c N6a N7a")
    hands = [["DOUB1", "DUEL1"], ["SWAP1", "STEAL1", "BLOCK1"], ["REDIS1", "NOPE1"]]
    st = start(deck, hands, cumulative=[10, 20, 16])
    assert [values(st, s) for s in (A, B, C)] == ["9 3 / 4 4", "5 5 / 7 7", "12 12 / 10 10"]
    # 1.
    st = play(st, A, "DOUB1", target=C)
    st = settle(st)
    assert ENGINE.view(st, None)["doubles"] == [C]
    # 2.
    st = turn(st, A, "pile")
    st = turn(st, B, "pile", then="knock")
    st = settle(st)
    st = turn(st, C, "pile", then=None)
    st = turn(st, A, "pile", then=None)
    # 3.
    assert decision(st) == ("RE_WINDOW", (A,))
    st = play(st, A, "DUEL1", target=C)
    st = act(act(st, B, "pass"), C, "pass")  # the Nope polls
    assert ENGINE.view(st, None)["duels"] == [{"challenger": A, "target": C}]
    st = act(st, B, "pass")
    assert decision(st) == ("RE_WINDOW", (C,))
    # D60: alloc {A:30, B:14} is given one recipient at a time; {A:30, B:10} sums to 40, not 44
    st = play(st, C, "REDIS1")
    assert decision(st) == ("REDIS_ALLOC", (C,))
    refused(st, C, "ILLEGAL_TARGET", "allot", recipient=C, amount=4)
    st = act(st, C, "allot", recipient=A, amount=30)
    refused(st, C, "INVALID_ALLOCATION", "allot", recipient=B, amount=10)
    assert ENGINE.legal_actions(st, C) == [{"type": "allot", "recipient": B, "amount": 14}]
    st = act(st, C, "allot", recipient=B, amount=14)
    assert ENGINE.view(st, None)["chain"] == [{"seat": C, "card": "REDIS1", "alloc": [30, 14, 0]}]
    st = settle(st)
    # 4.
    assert st.tallies == [12, 0, 0] and st.winner == B
    # 5.
    assert decision(st) == ("DUEL_TURN", (A,))
    assert st.duel.order == [A, C] and st.duel.slots == [["N1a", "N2a"], ["N9a", "N8a"]]
    assert st.duel.origs == [42, 0]
    st = act(act(st, A, "draw", source="pile"), A, "place", pos="R")
    st = act(act(st, C, "draw", source="pile"), C, "discard_drawn")
    st = act(act(st, A, "draw", source="pile"), A, "discard_drawn")
    st = act(st, C, "draw", source="discard")
    assert st.pending == "N12c"
    st = act(st, C, "place", pos="L")
    st = act(act(st, A, "draw", source="pile"), A, "discard_drawn")
    st = act(st, C, "draw", source="pile")
    assert st.pending == "N7a"
    st = act(st, C, "discard_drawn")
    assert st.scores == [0, 14, 42]
    # 6.
    assert decision(st) == ("PUMP_LIMIT", (B,))
    assert ENGINE.view(st, B)["hand"] == ["SWAP1", "STEAL1", "BLOCK1", "PEEK1"]
    assert ENGINE.legal_actions(st, B)[:4] == [{"type": "discard_pump", "card": c}
                                               for c in ("PEEK1", "SWAP1", "STEAL1", "BLOCK1")]
    events = ENGINE.apply(st, B, {"type": "discard_pump", "card": "BLOCK1"}).events
    st = act(st, B, "discard_pump", card="BLOCK1")
    assert st.hands[A] == ["NOPE1"] and st.hands[C] == []
    # 7.
    over = next(e for e in events if e.type == "round_over").data
    assert over["scores"] == [0, 14, 84] and over["halved"] == [C]
    assert st.cumulative == [10, 34, 50]
    assert st.pump_discard == ["DOUB1", "DUEL1", "REDIS1", "BLOCK1"]


def test_sc9_halving_at_200_game_end_shared_win():
    deck = "N1a N2a N2b N1b N3a N2c N0a N4a N4b N0b N1c N1d N9a N12a N12b N12c"
    st = start(deck, [[], [], []], round=10, cumulative=[95, 190, 90])
    view = ENGINE.view(st, None)
    assert view["round"] == 10 and view["starter"] == A and view["dealer"] == C
    assert [values(st, s) for s in (A, B, C)] == ["1 1 / 0 0", "2 3 / 4 1", "2 2 / 4 1"]
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert st.tallies == [0, 10, 5] and st.scores == [0, 10, 5] and st.winner == A
    assert st.hands[A] == ["PEEK1"]
    assert st.cumulative == [95, 100, 95]
    assert ENGINE.is_over(st) and ENGINE.to_act(st) == ()
    result = ENGINE.result(st)
    assert result.winners == [A, C] and result.ranks == [1, 3, 1] and result.scores == [95, 100, 95]
    for seat in (A, B, C):
        refused(st, seat, "GAME_OVER", "draw", source="pile")
        refused(st, seat, "GAME_OVER", "knock")


def test_sc10_draw_pile_exhausted():
    grids = [["N1a", "N2a", "N3a", "N4a"], ["N1b", "N2b", "N3b", "N4b"], ["N1c", "N2c", "N3c", "N4c"]]
    used = {c for g in grids for c in g} | {"N7a"}
    discard = [c for c in NUMBER_CARDS if c not in used and c != "N9a"] + ["N9a"]
    zones = {"grids": grids, "draw": ["N7a"], "discard": discard}
    st = ENGINE.new_game(3, {}, seed=99991, fixture={"hands": [[], [], []], "zones": zones, "stack": [["N6a"]]})
    assert decision(st) == ("TURN_START", (A,))
    # 1.
    st = act(st, A, "draw", source="pile")
    assert st.pending == "N7a" and ENGINE.view(st, None)["draw_count"] == 0 and len(st.discard) == 63
    st = act(st, A, "discard_drawn")
    assert len(st.discard) == 64 and st.discard[-1] == "N7a"
    st = act(st, A, "end_turn")
    # 2.
    transition = ENGINE.apply(st, B, {"type": "draw", "source": "pile"})
    assert [e.data for e in transition.events if e.type == "reshuffle"] == [{"pile": "draw", "count": 63}]
    st = transition.state
    assert st.pending == "N6a" and ENGINE.view(st, None)["draw_count"] == 62 and st.discard == ["N7a"]
    below = [c for c in discard if c != "N6a"]
    assert st.draw[::-1] == sorted(below, key=NUMBER_CARDS.index)
    st = act(st, B, "place", pos="TL")
    assert st.discard == ["N7a", "N1b"]


def test_example_1_failed_knock_moon_double_halving():
    """§4.3 Ex 1: B doubled at round start, A knocks and fails, C shoots the moon."""
    deck = "N3a N7a N12a N3b N2a N12b N1a N2b N11a N4a N9a N6a N5a"
    st = start(deck, [["DOUB1"], [], []], cumulative=[40, 60, 91])
    assert [values(st, s) for s in (A, B, C)] == ["3 3 / 1 4", "7 2 / 2 9", "12 12 / 11 6"]
    st = play(st, A, "DOUB1", target=B)
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = act(settle(st), C, "draw", source="pile")
    events = ENGINE.apply(st, C, {"type": "discard_drawn"}).events
    st = act(st, C, "discard_drawn")
    tally = next(e for e in events if e.type == "tally").data
    assert tally["tallies"] == [5, 20, 0] and tally["moon"] == [False, False, True]
    over = next(e for e in events if e.type == "round_over").data
    assert over["scores"] == [15, 40, 0] and over["winner"] == C and over["halved"] == [B]
    assert st.cumulative == [55, 50, 91]
    assert len(st.hands[C]) == 1


def test_example_2_round_z_redistribute_after_the_knock_result():
    """§4.3 Ex 2, round Z: C shoots the moon and redistributes; A's knock fails against C's 0."""
    deck = "N1a N2a N12a N1b N3a N12b N0a N0b N10a N2b N0c N10b"
    st = start(deck, [[], [], ["REDIS1"]])
    assert [values(st, s) for s in (A, B, C)] == ["1 1 / 0 2", "2 3 / 0 0", "12 12 / 10 10"]
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert decision(st) == ("RE_WINDOW", (C,))
    transition = ENGINE.apply(st, C, {"type": "play", "card": "REDIS1"})
    assert event(transition.events, "play") == {"seat": C, "card": "REDIS1"}
    st = act(transition.state, C, "allot", recipient=A, amount=30)
    refused(st, C, "BAD_ARGS", "allot", recipient=3, amount=14)
    # nobody else holds a pump card, so the whole pipeline runs inside the last allot
    events = ENGINE.apply(st, C, {"type": "allot", "recipient": B, "amount": 14}).events
    assert event(events, "allot") == {"seat": C, "recipient": B, "amount": 14, "remaining": 0}
    assert event(events, "chain_resolved") == {"seat": C, "card": "REDIS1", "cancelled": False, "cards": ["REDIS1"]}
    tally = event(events, "tally")
    assert tally["tallies"] == [2, 5, 0] and tally["scores"] == [12, 5, 0]
    over = event(events, "round_over")
    assert over["scores"] == [42, 19, 0] and over["winner"] == C


def test_example_2_round_y_tie_duel_then_card_duel():
    """§4.3 Ex 2, round Y: A's knock fails, B and C tie-duel, then C's Duel card against A."""
    deck = ("N2b N1b N0a N4a N3c N4b N5a N7a N9a N5b N7b N9b N10b N11e N11f N6a "
            "N5c N2a N5d N3a N11a N11b N11c N11d N12a N12b "
            "N7c N1a N1c N2c N12c N12d N12e N12f N10c N10d")
    st = start(deck, [[], [], ["DUEL1"]], options={"rounds": 1})
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert decision(st) == ("RE_WINDOW", (C,))
    st = play(st, C, "DUEL1", target=A)
    assert st.tallies == [6, 4, 4] and st.scores == [16, 4, 4]
    assert st.duel.kind == "tie" and st.duel.order == [B, C]
    assert st.duel.slots == [["N5c", "N5d"], ["N2a", "N3a"]]
    for _ in range(3):
        for seat in (B, C):
            st = act(act(st, seat, "draw", source="pile"), seat, "discard_drawn")
    assert st.scores == [16, 0, 8] and st.winner == B
    assert st.duel.kind == "card" and st.duel.order == [A, C] and st.duel.origs == [16, 8]
    assert st.duel.slots == [["N7c", "N1c"], ["N1a", "N2c"]]
    for _ in range(3):
        for seat in (A, C):
            st = act(act(st, seat, "draw", source="pile"), seat, "discard_drawn")
    assert ENGINE.is_over(st)
    assert st.scores == [24, 0, 0]
    assert st.hands == [[], ["PEEK1"], ["PEEK2"]]
