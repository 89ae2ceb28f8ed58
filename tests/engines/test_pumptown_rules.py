"""Pumptown rules the §9 scenarios do not reach: error codes, options and decisions (D12, D48, D50…)."""

from __future__ import annotations

from test_pumptown_scenarios import ENGINE, A, B, C, act, decision, event, play, refused, settle, start, turn, values

from cardroom.engines.contract import RuleError
from cardroom.engines.pumptown.cards import NUMBER_CARDS

SC7_DECK = ("N2b N1b N0a N4a N3c N4b N5a N7a N9a N5b N7b N9b N10b N11a N11b N11c N8a N6a N3a N2a N3b N1a N12a "
            "N10a N12b N0c")
MOON_DECK = "N1a N2a N12a N1b N3a N12b N0a N0b N10a N2b N0c N10b"  # C 12 12 / 10 10


def test_error_codes_in_check_order():
    st = start(SC7_DECK, [["PEEK1", "SWAP1"], ["NOPE1"], []])
    assert decision(st) == ("RS_WINDOW", (A,))
    refused(st, B, "NOT_YOUR_DECISION", "pass")
    refused(st, B, "NOT_YOUR_DECISION", "play", card="NOPE1")
    refused(st, A, "WRONG_PHASE", "draw", source="pile")
    refused(st, A, "CARD_NOT_IN_HAND", "play", card="DOUB1", target=B)
    refused(st, A, "CARD_NOT_PLAYABLE_HERE", "play", card="SWAP1", a=B, pa="TL", b=C, pb="TL")
    refused(st, A, "KNOCK_NOT_ALLOWED", "knock")
    st = settle(st, ack=False)
    st = act(st, A, "ack_peek")
    refused(st, A, "ALREADY_ACKED", "ack_peek")
    refused(st, A, "NOT_YOUR_DECISION", "play", card="PEEK1")
    refused(st, B, "CARD_NOT_PLAYABLE_HERE", "play", card="NOPE1")  # D15: no pump play during PEEK
    st = settle(st)
    st = act(st, A, "draw", source="pile")
    refused(st, A, "CARD_NOT_PLAYABLE_HERE", "play", card="SWAP1", a=B, pa="TL", b=C, pb="TL")
    refused(st, A, "BAD_ARGS", "place", pos="L")


def test_turn_limit_ends_the_round_without_a_knocker_and_ties_duel():
    """D12: after round_turn_limit turns the lowest tallies win; a tie duels (here A and C tie at 6)."""
    deck = "N2b N1b N0a N4a N3c N4b N5a N7a N9a N5b N7b N2a"
    st = start(deck, [[], [], []], options={"round_turn_limit": 2, "rounds": 1})
    assert [values(st, s) for s in (A, B, C)] == ["2 4 / 5 5", "1 3 / 7 7", "0 4 / 9 2"]
    st = turn(st, A, "pile")
    st = turn(st, B, "pile")
    assert st.knocker == -1 and st.tallies == [6, 4, 15]
    assert st.winner == B and st.scores == [6, 4, 15]


def test_nope_on_nope_off_resolves_a_nope_at_once():
    st = start(SC7_DECK, [["PEEK1"], ["NOPE1"], ["NOPE2"]], options={"nope_on_nope": False})
    st = play(st, A, "PEEK1")
    st = play(st, B, "NOPE1")
    assert st.peek_all == [False, False, False] and st.pump_discard == ["PEEK1", "NOPE1"]
    assert decision(st) == ("RS_WINDOW", (C,))  # back in the window after A; B holds nothing now: auto


def test_holders_only_skips_seats_without_a_fitting_card_and_hides_who_is_asked():
    st = start(SC7_DECK, [["SWAP1"], ["DOUB1"], ["PEEK1"]], options={"poll_mode": "holders_only"})
    assert decision(st) == ("RS_WINDOW", (B,))  # A holds no RS card
    assert ENGINE.view(st, A)["decision"] == {"kind": "RS_WINDOW", "seats": []}
    assert ENGINE.view(st, B)["decision"] == {"kind": "RS_WINDOW", "seats": [B]}


def test_redistribute_refusals_and_grid_lock():
    st = start(MOON_DECK, [["REDIS2"], [], ["REDIS1", "ELIM1", "NOPE1"]],
               options={"pump_mix": [2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 2]})
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert decision(st) == ("RE_WINDOW", (A,))
    refused(st, A, "NOT_MOON", "play", card="REDIS2")
    assert not [a for a in ENGINE.legal_actions(st, A) if a.get("card") == "REDIS2"]
    st = act(st, A, "pass")
    refused(st, C, "INVALID_ARGUMENT", "play", card="REDIS1", alloc=[30, 14, 0])  # D86: it is `allocation`
    assert {"type": "play", "card": "REDIS1"} in ENGINE.legal_actions(st, C)
    st = play(st, C, "REDIS1")
    assert st.hands[C] == ["ELIM1", "NOPE1"] and decision(st) == ("REDIS_ALLOC", (C,))
    refused(st, C, "WRONG_PHASE", "pass")
    refused(st, C, "CARD_NOT_PLAYABLE_HERE", "play", card="ELIM1", pos="TL")
    refused(st, A, "NOT_YOUR_DECISION", "allot", recipient=B, amount=1)
    refused(st, C, "INVALID_ARGUMENT", "allot", recipient="A", amount=1)
    refused(st, C, "INVALID_ARGUMENT", "allot", recipient=A)
    refused(st, C, "BAD_ARGS", "allot", recipient=-1, amount=1)
    refused(st, C, "ILLEGAL_TARGET", "allot", recipient=C, amount=1)
    refused(st, C, "INVALID_ALLOCATION", "allot", recipient=A, amount=0)
    refused(st, C, "INVALID_ALLOCATION", "allot", recipient=A, amount=45)
    listed = ENGINE.legal_actions(st, C)
    assert listed == [{"type": "allot", "recipient": r, "amount": a} for r in (A, B) for a in range(1, 45)]
    st = act(st, C, "allot", recipient=B, amount=14)
    refused(st, C, "INVALID_ALLOCATION", "allot", recipient=B, amount=1)  # B has its amount
    refused(st, C, "INVALID_ALLOCATION", "allot", recipient=A, amount=29)  # A is the last: it takes 30
    st = act(st, C, "allot", recipient=A, amount=30)
    assert decision(st) == ("NOPE_WINDOW", (A,))
    st = act(st, A, "pass")  # A's Nope poll (A holds REDIS2 only: asked under all_seats)
    assert decision(st) == ("RE_WINDOW", (A,))
    st = act(st, A, "pass")
    refused(st, C, "GRID_LOCKED", "play", card="ELIM1", pos="TL")
    assert not [a for a in ENGINE.legal_actions(st, C) if a.get("card") == "ELIM1"]


def test_duel_discard_rules():
    """D54: only a pile card may be discarded in a duel, and only while duel_may_discard."""
    st = start(SC7_DECK, [[], [], []], options={"duel_may_discard": False})
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert decision(st) == ("DUEL_TURN", (B,))
    st = act(st, B, "draw", source="pile")
    refused(st, B, "REDISCARD_FORBIDDEN", "discard_drawn")
    refused(st, B, "BAD_ARGS", "place", pos="TL")
    assert [a["type"] for a in ENGINE.legal_actions(st, B)] == ["place", "place"]


def test_allow_rediscard_lets_a_discard_card_go_back():
    st = start(SC7_DECK, [[], [], []], options={"allow_rediscard": True})
    st = act(settle(st), A, "draw", source="discard")
    st = act(st, A, "discard_drawn")
    assert st.discard == ["N10b"] and decision(st) == ("KNOCK_DECISION", (A,))


def test_redistribute_steps_with_eight_players_list_exactly_what_applies():
    """D60: with 7 possible recipients the allocation is built one recipient at a time, and every
    step lists exactly the allotments that apply (a one-step allocation would have millions)."""
    grids = [["N12a", "N12b", "N12c", "N12d"]] + [[f"N{v}{c}" for v in (1, 2, 3, 4)] for c in "abcdef"]
    grids.append(["N5a", "N6a", "N7a", "N8a"])
    used = {card for grid in grids for card in grid}
    rest = [card for card in NUMBER_CARDS if card not in used]
    zones = {"grids": grids, "draw": rest[1:], "discard": rest[:1]}
    fixture = {"hands": [["REDIS1"]] + [[]] * 7, "zones": zones}
    st = ENGINE.new_game(8, {"rounds": 1, "round_turn_limit": 1}, seed=5, fixture=fixture)
    st = act(st, A, "draw", source="pile")
    st = act(act(st, A, "discard_drawn"), A, "end_turn")
    assert decision(st) == ("RE_WINDOW", (A,))
    st = play(st, A, "REDIS1")
    given = {1: 40, 2: 1, 7: 7}
    events = []
    for recipient, amount in given.items():
        listed = ENGINE.legal_actions(st, A)
        left = 48 - sum(st.chain[0].args["alloc"])
        open_seats = [s for s in range(1, 8) if not st.chain[0].args["alloc"][s]]
        assert len(listed) == len(open_seats) * left
        for r in range(-1, 9):  # every allotment near the legal range applies exactly when it is listed
            for points in range(-1, left + 2):
                action = {"type": "allot", "recipient": r, "amount": points}
                try:
                    ENGINE.apply(st, A, action)
                except RuleError:
                    assert action not in listed
                else:
                    assert action in listed
        transition = ENGINE.apply(st, A, {"type": "allot", "recipient": recipient, "amount": amount})
        st, events = transition.state, events + transition.events
    assert [e.data["remaining"] for e in events if e.type == "allot"] == [8, 7, 0]
    assert event(events, "chain_resolved")["cancelled"] is False
    assert event(events, "round_over")["scores"] == [0, 10 + 40, 10 + 1, 10, 10, 10, 10, 26 + 7]


def _shares(**by_seat: int) -> list[dict[str, int]]:
    return [{"recipient": "ABC".index(name), "amount": amount} for name, amount in by_seat.items()]


def _moon_re_window():
    """C (12 12 / 10 10, raw 44) holds REDIS1 in the RE_WINDOW; A (no moon) holds REDIS2 and is asked first."""
    st = start(MOON_DECK, [["REDIS2"], [], ["REDIS1", "ELIM1", "NOPE1"]],
               options={"pump_mix": [2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 2]})
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    return turn(st, C, "pile", then=None)


def test_atomic_redistribute_refusal_order_changes_nothing():
    """D86 with D51's order: BAD_ARGS, ILLEGAL_TARGET, NOT_MOON, ALREADY_REDISTRIBUTED, INVALID_ALLOCATION."""
    st = _moon_re_window()
    assert decision(st) == ("RE_WINDOW", (A,))
    # A did not shoot the moon: naming itself is ILLEGAL_TARGET (before NOT_MOON), a stranger seat BAD_ARGS first
    refused(st, A, "ILLEGAL_TARGET", "play", card="REDIS2", allocation=_shares(A=1, B=43))
    refused(st, A, "BAD_ARGS", "play", card="REDIS2", allocation=[{"recipient": 3, "amount": 1}, *_shares(A=1)])
    refused(st, A, "NOT_MOON", "play", card="REDIS2", allocation=_shares(B=44))
    st = act(st, A, "pass")
    assert decision(st) == ("RE_WINDOW", (C,))
    refused(st, C, "BAD_ARGS", "play", card="REDIS1", allocation=_shares(A=30) + _shares(A=14))  # A twice
    refused(st, C, "ILLEGAL_TARGET", "play", card="REDIS1", allocation=_shares(A=30, C=14))
    refused(st, C, "INVALID_ALLOCATION", "play", card="REDIS1", allocation=_shares(A=30, B=10))  # 40, not 44
    refused(st, C, "INVALID_ALLOCATION", "play", card="REDIS1", allocation=_shares(A=44, B=0))
    refused(st, C, "INVALID_ARGUMENT", "play", card="REDIS1", allocation=[{"recipient": A}])
    refused(st, C, "INVALID_ARGUMENT", "play", card="REDIS1", allocation=[{"amount": 44}])  # recipient 0 unsaid
    refused(st, C, "INVALID_ARGUMENT", "play", card="REDIS1", allocation=[])
    refused(st, C, "INVALID_ARGUMENT", "play", card="REDIS1", allocation=_shares(A=44), pos="TL")
    st = play(st, C, "REDIS1", allocation=_shares(B=44))
    assert decision(st) == ("NOPE_WINDOW", (A,))
    st = act(st, A, "pass")  # B holds no pump card: it is not asked
    assert decision(st) == ("RE_WINDOW", (A,))
    assert ENGINE.view(st, None)["redistributions"] == [{"seat": C, "alloc": [0, 44, 0]}]


def test_atomic_redistribute_is_the_steps_in_one_version():
    """The play with its allocation gives the state and the events of the play and its allot steps."""
    st = act(_moon_re_window(), A, "pass")
    atomic = ENGINE.apply(st, C, {"type": "play", "card": "REDIS1", "allocation": _shares(B=14, A=30)})
    steps, events = st, []
    for action in ({"type": "play", "card": "REDIS1"}, {"type": "allot", "recipient": B, "amount": 14},
                   {"type": "allot", "recipient": A, "amount": 30}):
        transition = ENGINE.apply(steps, C, action)
        steps, events = transition.state, events + transition.events
    assert ENGINE.encode(atomic.state) == ENGINE.encode(steps)
    assert atomic.events == events
    assert [e.type for e in atomic.events][:3] == ["play", "allot", "allot"]


def test_provisional_tallies_are_public_from_reveal_and_follow_the_grid():
    """§4.1 E0: from REVEAL on every viewer sees each tally as the grid stands; an Eliminate changes it."""
    st = start(MOON_DECK, [["REDIS2"], [], ["REDIS1", "ELIM1", "NOPE1"]],
               options={"pump_mix": [2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 2]})
    assert [p["provisional_tally"] for p in ENGINE.view(st, A)["players"]] == [None, None, None]
    st = _moon_re_window()
    for viewer in (A, B, C, None):
        assert [p["provisional_tally"] for p in ENGINE.view(st, viewer)["players"]][C] == 0  # 12 12 / 10 10: moon
    st = act(st, A, "pass")
    st = play(st, C, "ELIM1", pos="TL")
    st = act(st, A, "pass")  # the Nope poll; the Eliminate resolves
    players = ENGINE.view(st, None)["players"]
    assert players[C]["grid"][0] == "__" and players[C]["provisional_tally"] == 12  # __ 12 / 10 10: 12 + 0
    assert players[C]["tally"] is None  # the round is not scored yet
