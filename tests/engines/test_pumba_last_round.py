"""Pumba's ``last_round`` in the view (issue 16 part 5): the revealed hands and round scores of the last round
that ended, public from that round's end (rules §4, §5), with "did not play" (None) apart from a score."""

from __future__ import annotations

import random

from contract_suite import property_games
from test_pumba_scenarios import cards, mid_round, sc9_until_last_card

from cardroom.engines.pumba import PumbaEngine

ENGINE = PumbaEngine()
#: round 2 of SC9 with seat 1 out: the opener P2 goes out on four Kings and a Three (a Pumba! call before it)
ROUND_2 = "Ro Rc Re Rb 3b | 4c 5c 6c 7c | 5o |"


def views(state) -> list[dict]:
    return [ENGINE.view(state, seat) for seat in (*range(ENGINE.seat_count(state)), None)]


def round_ended(transition) -> dict:
    return next(event for event in transition.events if event.type == "round_ended").data


def test_absent_until_a_round_ends():
    state = sc9_until_last_card(point_limit=100)
    assert [view["last_round"] for view in views(state)] == [None] * 4


def test_the_ended_round_as_its_end_showed_it_to_everyone():
    transition = ENGINE.apply(sc9_until_last_card(point_limit=100), 0, {"type": "play", "card": "2e"})
    ended, seen = round_ended(transition), views(transition.state)
    assert seen[0]["round"] == 2
    assert all(view["last_round"] == seen[0]["last_round"] for view in seen)  # public: the same for every viewer
    assert seen[0]["last_round"] == {
        "round": 1,
        "winner": 0,
        "blocked": False,
        "results": [
            {"seat": 0, "score": -5, "revealed_hand": []},
            {"seat": 1, "score": 17, "revealed_hand": cards("Cb 1c 7e")},
            {"seat": 2, "score": 15, "revealed_hand": cards("6b 4e 5e")},
        ],
    }
    results = seen[0]["last_round"]["results"]
    assert [r["revealed_hand"] for r in results] == ended["revealed_hands"]
    assert [r["score"] for r in results] == ended["scores"]


def test_a_seat_out_before_the_round_did_not_play_it():
    state = ENGINE.apply(sc9_until_last_card(ROUND_2, point_limit=17), 0, {"type": "play", "card": "2e"}).state
    first = ENGINE.view(state, None)["last_round"]
    assert [r["score"] for r in first["results"]] == [-5, 17, 15]  # seat 1 played round 1, and went out in it
    assert ENGINE.view(state, None)["players"][1]["eliminated_round"] == 1
    for card in ("Ro", "Rc", "Re"):
        state = ENGINE.apply(state, 2, {"type": "play", "card": card}).state
    state = ENGINE.apply(state, 2, {"type": "play", "card": "Rb", "pumba": True}).state
    assert ENGINE.view(state, 2)["last_round"] == first  # still round 1 while round 2 is played
    state = ENGINE.apply(state, 2, {"type": "play", "card": "3b"}).state
    assert ENGINE.is_over(state)
    last = ENGINE.view(state, None)["last_round"]
    assert (last["round"], last["winner"], last["blocked"]) == (2, 2, False)
    assert last["results"] == [
        {"seat": 0, "score": 22, "revealed_hand": cards("4c 5c 6c 7c")},
        {"seat": 1, "score": None, "revealed_hand": []},
        {"seat": 2, "score": -5, "revealed_hand": []},
    ]
    assert [player["round_score"] for player in ENGINE.view(state, None)["players"]] == [22, 0, -5]


def test_a_blocked_round_has_no_winner():
    # SC12: nothing to draw, both seats pass
    hands = ["1c 2c 3c 4c 5c 6c 7c Sc Cc Rc 1e 2e 3e 4e 5e 6e 7e Se Ce Re",
             "1o 2o 3o 4o 5o 6o 7o So Co 1b 2b 3b 4b 5b 6b 7b Sb Cb Rb"]
    state = mid_round(2, hands, "Ro")
    state = ENGINE.apply(state, 0, {"type": "pass"}).state
    transition = ENGINE.apply(state, 1, {"type": "pass"})
    last = ENGINE.view(transition.state, 0)["last_round"]
    assert (last["winner"], last["blocked"]) == (None, True)
    assert [r["score"] for r in last["results"]] == round_ended(transition)["scores"] == [130, 120]
    assert [r["revealed_hand"] for r in last["results"]] == [cards(hand) for hand in hands]


def test_random_games_show_each_round_end_as_it_was_revealed():
    """Over random games: ``last_round`` is always what the last ``round_ended`` event showed everyone (a public
    event: no private part), the same for every viewer, and None before it; so no card of a round in play shows."""
    rounds = 0
    for seed in range(property_games(6)):
        chooser = random.Random(seed)
        state, shown = ENGINE.new_game(3 + seed % 3, {"point_limit": 30}, seed=seed), None
        while not ENGINE.is_over(state):
            seat = chooser.choice(ENGINE.to_act(state))
            transition = ENGINE.apply(state, seat, chooser.choice(ENGINE.legal_actions(state, seat)))
            state = transition.state
            ended = [event for event in transition.events if event.type == "round_ended"]
            if ended:
                assert ended[0].private is None
                data, rounds = ended[0].data, rounds + 1
                shown = {
                    "round": data["round"], "winner": data["winner"], "blocked": data["blocked"],
                    "results": [
                        {"seat": s, "score": None if out and out < data["round"] else score, "revealed_hand": hand}
                        for s, (score, hand, out) in enumerate(
                            zip(data["scores"], data["revealed_hands"], state.eliminated_in, strict=True)
                        )
                    ],
                }
            assert [view["last_round"] for view in views(state)] == [shown] * (ENGINE.seat_count(state) + 1)
    assert rounds > property_games(6)
