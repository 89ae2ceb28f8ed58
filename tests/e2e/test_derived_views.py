"""Derived state in views through GetMatch (issue 16 part 5): what a client connecting late reads without
replaying the log. A real server over gRPC, fixed decks (rules §9 scenarios), checked as the proto3 JSON a REST
client gets (``MessageToDict``: an absent ``optional`` is left out, a present 0 is sent)."""

from __future__ import annotations

from google.protobuf import json_format
from table import Table
from test_pumptown_rules import SC7_DECK

#: Pumba SC9 (rules §9), then a round 2 in which seat 1, out after round 1, does not play
SC9 = ["Ro", "Rc", "Re", "3e", "2e", "3b", "Cb", "1c", "7e", "6b", "4e", "5e", "Se", "5o"]
ROUND_2 = ["Ro", "Rc", "Re", "Rb", "3b", "4c", "5c", "6c", "7c", "5o"]


def _json_view(table: Table, seat: int | None) -> dict:
    return json_format.MessageToDict(table.get(seat).view)["pumba"]


def test_pumba_last_round_through_get_match(stub):
    table = Table(stub, "pumba", 3, options={"point_limit": 17}, fixture={"decks": [SC9, ROUND_2]})
    table.start()
    for seat, action in [
        (0, {"type": "play", "card": "Ro"}),
        (0, {"type": "play", "card": "Rc"}),
        (0, {"type": "play", "card": "Re"}),
        (0, {"type": "play", "card": "3e", "pumba": True}),
        (1, {"type": "play", "card": "3b"}),
        (2, {"type": "play", "card": "Se", "suit": "e"}),
    ]:
        table.act(seat, action)
    assert "lastRound" not in _json_view(table, None)
    table.act(0, {"type": "play", "card": "2e"})
    round_1 = _json_view(table, 2)["lastRound"]
    assert round_1 == _json_view(table, None)["lastRound"] == _json_view(table, 1)["lastRound"]
    assert round_1 == {
        "round": 1,
        "winner": 0,
        "results": [
            {"score": -5},  # seat 0 (a zero seat is omitted), the winner: no cards left
            {"seat": 1, "score": 17, "revealedHand": ["1c", "7e", "Cb"]},
            {"seat": 2, "score": 15, "revealedHand": ["4e", "5e", "6b"]},
        ],
    }
    for card in ("Ro", "Rc", "Re"):
        table.act(2, {"type": "play", "card": card})
    table.act(2, {"type": "play", "card": "Rb", "pumba": True})
    table.act(2, {"type": "play", "card": "3b"})
    final = table.get(None)
    results = final.view.pumba.last_round.results
    assert [r.HasField("score") for r in results] == [True, False, True]  # seat 1 did not play round 2
    assert json_format.MessageToDict(final.view)["pumba"]["lastRound"]["results"] == [
        {"score": 22, "revealedHand": ["4c", "5c", "6c", "7c"]},
        {"seat": 1},
        {"seat": 2, "score": -5},
    ]


#: Pumptown §9 SC7 (the engine tests' deck): A knocks and fails, B and C tie at 4 and duel; B wins on a pair
SC7_ACTIONS = [
    *[(seat, {"type": "ack_peek"}) for seat in range(3)],
    (0, {"type": "draw", "source": "pile"}), (0, {"type": "discard_drawn"}), (0, {"type": "knock"}),
    (1, {"type": "draw", "source": "pile"}), (1, {"type": "discard_drawn"}),
    (2, {"type": "draw", "source": "pile"}), (2, {"type": "discard_drawn"}),
    # the tie duel, B then C: three cycles
    (1, {"type": "draw", "source": "pile"}), (1, {"type": "place", "pos": "L"}),
    (2, {"type": "draw", "source": "pile"}), (2, {"type": "place", "pos": "L"}),
    (1, {"type": "draw", "source": "pile"}), (1, {"type": "discard_drawn"}),
    (2, {"type": "draw", "source": "pile"}), (2, {"type": "discard_drawn"}),
    (1, {"type": "draw", "source": "pile"}), (1, {"type": "discard_drawn"}),
    (2, {"type": "draw", "source": "pile"}),
]


def test_pumptown_round_summary_and_duel_results_through_get_match(stub):
    fixture = {"stack": [SC7_DECK.split()], "hands": [[], [], []]}
    table = Table(stub, "pumptown", 3, options={"rounds": 2}, fixture=fixture)
    table.start()
    for seat, action in SC7_ACTIONS:
        table.act(seat, action)
    during = json_format.MessageToDict(table.get(None).view)["pumptown"]
    assert "lastRound" not in during and "duelResults" not in during
    table.act(2, {"type": "place", "pos": "R"})  # the duel's last move: the round ends, round 2 is dealt
    views = [json_format.MessageToDict(table.get(seat).view)["pumptown"] for seat in (0, 1, 2, None)]
    assert views[0]["round"] == 2
    assert all(view["lastRound"] == views[0]["lastRound"] for view in views)
    assert views[0]["lastRound"] == {  # as docs/games/pumptown.md shows it
        "round": 1, "knocker": 0, "tallies": [6, 4, 4], "moon": [False, False, False],
        "scores": [16, 0, 8], "cumulative": [16, 0, 8], "winner": 1,
        "duels": [{"kind": "tie", "seats": [1, 2], "originalScores": [4, 4], "winner": 1, "scores": [0, 8],
                   "passes": [{"seats": [1, 2], "values": [0, 1]}]}],
    }
