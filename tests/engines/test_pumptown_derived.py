"""Pumptown's derived state in the view (issue 16 part 5): the owner of every set-aside card, the duel results
and the last round's summary, each public (rules §3.4, §4.1 E10, §5.2) and the same for every viewer."""

from __future__ import annotations

import random

from contract_suite import property_games
from test_pumptown_rules import SC7_DECK
from test_pumptown_scenarios import ENGINE, A, B, C, act, decision, play, settle, start, turn

SC6_DECK = "N6a N3a N12a N1a N1b N5a N6b N0a N1c N2a N0b N5b N11a N10a N10b N9a N9b"
SC8_DECK = ("N9b N5a N12a N3a N5b N12b N4a N7b N10a N4b N7c N10b N11b N6b N6c N8b N8c N1a N9a N2a N8a N0a N11a "
            "N12c N6a N7a")
DERIVED = ("set_aside", "set_aside_owners", "duel_results", "last_round")


def derived(st) -> dict:
    """The derived keys of the view, checked to be the same for every seat and a spectator (public)."""
    views = [ENGINE.view(st, seat) for seat in (*range(st.n), None)]
    shown = [{key: view[key] for key in DERIVED} for view in views]
    assert all(part == shown[0] for part in shown)
    return shown[0]


def test_set_aside_cards_name_their_owner():
    """SC6: C eliminates its TL (N12a); the owner is the Eliminate's player, public with the play."""
    st = start(SC6_DECK, [["REARR1", "ELIM1"], [], ["ELIM2", "REARR2"]], options={"rounds": 2})
    assert derived(st)["set_aside_owners"] == []
    st = turn(st, A, "pile")
    st = turn(st, B, "pile", then="knock")
    st = settle(st)
    st = turn(st, C, "pile", then=None)
    st = turn(st, A, "pile", then=None)
    assert decision(st) == ("RE_WINDOW", (A,))
    st = play(st, A, "ELIM1", pos="BR")
    st = act(st, C, "pass")  # C's Nope poll
    st = act(play(st, C, "ELIM2", pos="TL"), A, "pass")  # A's Nope poll
    assert (derived(st)["set_aside"], derived(st)["set_aside_owners"]) == (["N2a", "N12a"], [A, C])
    st = settle(st)
    assert st.round == 2 and derived(st)["set_aside_owners"] == []  # a new deal: nothing is set aside


def test_a_tie_duel_result_and_the_round_summary():
    """SC7: A knocks and fails (16); B and C tie at 4 and duel: B wins on a pair (N3b N3a = 0) against 1."""
    st = start(SC7_DECK, [[], [], []], options={"rounds": 2})
    st = turn(st, A, "pile", then="knock")
    st = turn(st, B, "pile", then=None)
    st = turn(st, C, "pile", then=None)
    assert derived(st)["duel_results"] == [] and derived(st)["last_round"] is None
    for seat, source, then in [(B, "pile", "L"), (C, "pile", "L"), (B, "pile", None), (C, "pile", None),
                               (B, "pile", None), (C, "pile", "R")]:
        st = act(st, seat, "draw", source=source)
        st = act(st, seat, "place", pos=then) if then else act(st, seat, "discard_drawn")
    assert st.round == 2
    tie = {"kind": "tie", "seats": [B, C], "challenger": None, "original_scores": [4, 4],
           "passes": [{"seats": [B, C], "values": [0, 1]}],
           "winner": B, "scores": [0, 8]}
    assert derived(st)["duel_results"] == []  # this round has had none yet
    assert derived(st)["last_round"] == {
        "round": 1, "knocker": A, "tallies": [6, 4, 4], "moon": [False, False, False], "scores": [16, 0, 8],
        "cumulative": [16, 0, 8], "halved": [], "winner": B, "duels": [tie], "doubles": [],
        "redistributions": [],
    }


def test_a_card_duel_result_while_scoring_then_in_the_summary():
    """SC8: A's Duel card against C (42 against 0) is won by A; B then discards over its hand limit."""
    hands = [["DOUB1", "DUEL1"], ["SWAP1", "STEAL1", "BLOCK1"], ["REDIS1", "NOPE1"]]
    st = start(SC8_DECK, hands, cumulative=[10, 20, 16])
    st = settle(play(st, A, "DOUB1", target=C))
    st = turn(st, A, "pile")
    st = turn(st, B, "pile", then="knock")
    st = settle(st)
    st = turn(st, C, "pile", then=None)
    st = turn(st, A, "pile", then=None)
    st = play(st, A, "DUEL1", target=C)
    st = act(act(act(st, B, "pass"), C, "pass"), B, "pass")
    st = settle(play(st, C, "REDIS1", allocation=[{"recipient": A, "amount": 30}, {"recipient": B, "amount": 14}]))
    assert decision(st) == ("DUEL_TURN", (A,))
    assert ENGINE.view(st, None)["duel"]["passes"] == []
    for seat, source, then in [(A, "pile", "R"), (C, "pile", None), (A, "pile", None), (C, "discard", "L"),
                               (A, "pile", None), (C, "pile", None)]:
        st = act(st, seat, "draw", source=source)
        st = act(st, seat, "place", pos=then) if then else act(st, seat, "discard_drawn")
    assert decision(st) == ("PUMP_LIMIT", (B,))
    card = {"kind": "card", "seats": [A, C], "challenger": A, "original_scores": [42, 0],
            "passes": [{"seats": [A, C], "values": [1, 20]}],
            "winner": A, "scores": [0, 42]}
    assert derived(st)["duel_results"] == [card] and derived(st)["last_round"] is None
    st = act(st, B, "discard_pump", card="BLOCK1")
    assert st.round == 2
    assert derived(st)["last_round"] == {
        "round": 1, "knocker": B, "tallies": [12, 0, 0], "moon": [False, False, True], "scores": [0, 14, 84],
        "cumulative": [10, 34, 50], "halved": [C], "winner": B, "duels": [card], "doubles": [C],
        "redistributions": [{"seat": C, "alloc": [30, 14, 0]}],
    }


def test_random_games_derive_only_what_the_public_events_said():
    """Over random games (duels with replays, Eliminates, several rounds): every derived field is what the
    public events said (``eliminate``, ``duel_reveal``, ``duel_end``, ``tally``, ``round_over``), the same for
    every viewer; none of them has a private part."""
    options = {"rounds": 3, "round_turn_limit": 6, "duel_turns": 1, "pump_mix": [0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 0]}
    checked = {"eliminate": 0, "duel_end": 0, "round_over": 0, "replay": 0}
    for seed in range(property_games(12)):
        chooser = random.Random(seed)
        st = ENGINE.new_game(3 + seed % 4, options, seed=seed)
        owners, passes, results, summary, tally = [], [], [], None, None
        while not ENGINE.is_over(st):
            seat = chooser.choice(ENGINE.to_act(st))
            transition = ENGINE.apply(st, seat, chooser.choice(ENGINE.legal_actions(st, seat)))
            st = transition.state
            for e in transition.events:
                data = e.data
                if e.type in ("eliminate", "duel_reveal", "duel_end", "tally", "round_over"):
                    assert not e.private, e.type
                    checked[e.type] = checked.get(e.type, 0) + 1
                if e.type == "round_start":
                    owners, results = [], []
                elif e.type == "eliminate":
                    owners.append(data["seat"])
                elif e.type == "duel_start":
                    passes = [] if not data["replay"] else passes
                    checked["replay"] += bool(data["replay"])
                elif e.type == "duel_reveal":
                    passes.append({"seats": data["seats"], "values": data["values"]})
                elif e.type == "duel_end":
                    results.append((data["kind"], data["winner"], passes))
                elif e.type == "tally":
                    tally = data
                elif e.type == "round_over":
                    summary = {"round": data["round"], "tallies": tally["tallies"], "moon": tally["moon"],
                               "scores": data["scores"], "cumulative": data["cumulative"],
                               "halved": data["halved"], "winner": data["winner"], "duels": results}
            shown = derived(st)
            assert shown["set_aside_owners"] == owners
            assert [(d["kind"], d["winner"], d["passes"]) for d in shown["duel_results"]] == results
            if summary is None:
                assert shown["last_round"] is None
            else:
                last = dict(shown["last_round"])
                last["duels"] = [(d["kind"], d["winner"], d["passes"]) for d in last["duels"]]
                assert {key: last[key] for key in summary} == summary
            if st.duel is not None:
                assert ENGINE.view(st, None)["duel"]["passes"] == passes
    assert checked["eliminate"] and checked["duel_end"] and checked["round_over"] and checked["replay"], checked
