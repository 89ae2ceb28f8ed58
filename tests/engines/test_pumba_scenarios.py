"""Pumba acceptance scenarios (rules §9) and worked scoring examples (§4), through the engine contract.

Decks are written as in the rules file: top first, ``|`` between the deal blocks,
unlisted cards follow in canonical order (the engine's fixture completes them).
"""

from __future__ import annotations

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.pumba import PumbaEngine
from cardroom.engines.pumba.cards import CARDS, INDEX

ENGINE = PumbaEngine()


def cards(text: str) -> list[str]:
    """Card ids in canonical order (the order of hands in views)."""
    return sorted(text.replace("|", " ").split(), key=INDEX.__getitem__)


def deck(text: str) -> list[str]:
    return text.replace("|", " ").split()


def start(players: int, *decks: str, reshuffles: list[str] | None = None, **options):
    fixture = {"decks": [deck(text) for text in decks]}
    if reshuffles:
        fixture["reshuffles"] = [deck(text) for text in reshuffles]
    return ENGINE.new_game(players, options, seed=5, fixture=fixture)


def mid_round(players: int, hands: list[str], top: str, **state):
    """A mid-round fixture: the given hands, ``top`` alone on the pile, every other card in the stock."""
    held = [cards(hand) for hand in hands]
    placed = {card for hand in held for card in hand} | {top}
    fixture_state = {
        "hands": held,
        "discard": [top],
        "stock": [card for card in CARDS if card not in placed],
        **state,
    }
    options = fixture_state.pop("options", {})
    return ENGINE.new_game(players, options, seed=5, fixture={"state": fixture_state})


def act(state, seat: int, kind: str, **params):
    return ENGINE.apply(state, seat, {"type": kind, **params}).state


def events_of(state, seat: int, kind: str, **params):
    return ENGINE.apply(state, seat, {"type": kind, **params}).events


def refused(state, seat: int, code: str, kind: str, **params) -> None:
    before = ENGINE.encode(state)
    with pytest.raises(RuleError) as error:
        ENGINE.apply(state, seat, {"type": kind, **params})
    assert error.value.code == code
    assert ENGINE.encode(state) == before


def hand(state, seat: int) -> list[str]:
    return ENGINE.view(state, seat)["hand"]


def view(state) -> dict:
    return ENGINE.view(state, None)


def test_sc1_deal_matching_basic_errors():
    state = start(2, "3o 5c Ro 6e 4b | 5o 3c 6b 4e | 5e |")
    assert hand(state, 0) == cards("3o 5c Ro 6e 4b")
    assert hand(state, 1) == cards("5o 3c 6b 4e")
    public = view(state)
    assert (public["top"], public["active_suit"], public["stock_count"]) == ("5e", "e", 30)
    assert (public["current"], public["dir"]) == (0, 1)
    refused(state, 1, "NOT_YOUR_TURN", "play", card="5o")
    refused(state, 0, "CARD_NOT_PLAYABLE", "play", card="Ro")
    refused(state, 0, "CARD_NOT_IN_HAND", "play", card="3c")
    refused(state, 0, "SUIT_NOT_ALLOWED", "play", card="5c", suit="o")
    state = act(state, 0, "play", card="5c")
    assert (view(state)["top"], view(state)["active_suit"], view(state)["current"]) == ("5c", "c", 1)
    state = act(state, 1, "play", card="3c")
    assert view(state)["current"] == 0
    state = act(state, 0, "play", card="3o")
    assert (view(state)["active_suit"], view(state)["current"]) == ("o", 1)
    state = act(state, 1, "play", card="5o")
    assert view(state)["current"] == 0
    assert hand(state, 0) == cards("Ro 6e 4b")
    assert hand(state, 1) == cards("6b 4e")
    assert (view(state)["stock_count"], view(state)["discard_count"]) == (30, 5)


def test_sc2_drawing_up_to_twice_and_holding_back():
    state = start(2, "3o 4o 5o 6o 7o | 3c 4c 5c 6c | Ce | 1b 4e 2b")
    refused(state, 0, "MUST_PLAY_OR_DRAW", "pass")
    state = act(state, 0, "draw")
    assert "1b" in hand(state, 0)
    assert (view(state)["draws_this_turn"], view(state)["stock_count"], view(state)["current"]) == (1, 29, 0)
    state = act(state, 0, "draw")
    assert "4e" in hand(state, 0)
    assert (view(state)["draws_this_turn"], view(state)["stock_count"]) == (2, 28)
    refused(state, 0, "DRAW_LIMIT_REACHED", "draw")
    state = act(state, 0, "play", card="4e")
    assert (view(state)["top"], view(state)["current"]) == ("4e", 1)
    assert len(hand(state, 0)) == 6
    assert {"type": "play", "card": "4c"} in ENGINE.legal_actions(state, 1)
    state = act(state, 1, "draw")
    assert "2b" in hand(state, 1)
    state = act(state, 1, "pass")
    assert view(state)["current"] == 0
    assert len(hand(state, 1)) == 5
    assert view(state)["stock_count"] == 27


def test_sc3_sota():
    state = start(3, "So 3c 4c 5c 6c | 2e 3e 4e 5e | 3b 4b 5b 6b | 7o |")
    refused(state, 0, "SUIT_REQUIRED", "play", card="So")
    state = act(state, 0, "play", card="So", suit="b")
    assert (view(state)["top"], view(state)["active_suit"], view(state)["current"]) == ("So", "b", 1)
    refused(state, 1, "CARD_NOT_PLAYABLE", "play", card="3e")
    state = act(state, 1, "draw")
    state = act(state, 1, "draw")
    assert {"1o", "2o"} <= set(hand(state, 1))
    state = act(state, 1, "pass")
    assert view(state)["current"] == 2
    state = act(state, 2, "play", card="3b")
    assert (view(state)["top"], view(state)["active_suit"], view(state)["current"]) == ("3b", "b", 0)


SC4_DECK = "2o 5c 3o 4o 5o | 2c Sc 3e 4e | 3b 4b 5b 6b | 7o |"


def test_sc4_twos_stacking_penalty():
    state = act(start(3, SC4_DECK), 0, "play", card="2o")
    assert (view(state)["pending_draw"], view(state)["current"], view(state)["phase"]) == (2, 1, "turn_penalty")
    refused(state, 1, "MUST_ANSWER_TWO", "play", card="Sc", suit="o")
    refused(state, 1, "PENDING_DRAW", "draw")
    refused(state, 1, "PENDING_DRAW", "pass")
    state = act(state, 1, "play", card="2c")
    public = view(state)
    assert (public["pending_draw"], public["top"], public["active_suit"], public["current"]) == (4, "2c", "c", 2)
    refused(state, 2, "MUST_ANSWER_TWO", "play", card="3b")
    state = act(state, 2, "take_penalty")
    assert hand(state, 2) == cards("3b 4b 5b 6b 1o 6o So Co")
    assert (view(state)["pending_draw"], view(state)["stock_count"], view(state)["current"]) == (0, 22, 0)
    refused(state, 0, "NO_PENDING_DRAW", "take_penalty")
    refused(state, 0, "CARD_NOT_PLAYABLE", "play", card="3o")
    state = act(state, 0, "play", card="5c")
    assert view(state)["current"] == 1


def test_sc4_variant_stacking_disabled():
    state = act(start(3, SC4_DECK, stack_twos=False), 0, "play", card="2o")
    refused(state, 1, "STACKING_DISABLED", "play", card="2c")
    state = act(state, 1, "take_penalty")
    assert {"1o", "6o"} <= set(hand(state, 1))
    assert len(hand(state, 1)) == 6
    assert view(state)["current"] == 2


def test_sc4_variant_penalty_keeps_the_turn():
    state = act(start(3, SC4_DECK, two_penalty_ends_turn=False), 0, "play", card="2o")
    state = act(act(state, 1, "play", card="2c"), 2, "take_penalty")
    public = view(state)
    assert (public["current"], public["pending_draw"], public["draws_this_turn"]) == (2, 0, 0)


SC5_DECK = "1o 3o 4c 5c 6c | 3e 4e 5e 6e | 3b 4b 5b 6b | 7o |"


def test_sc5_ace():
    state = start(3, SC5_DECK)
    refused(state, 0, "TARGET_REQUIRED", "play", card="1o")
    refused(state, 0, "INVALID_TARGET", "play", card="1o", target=0)
    refused(state, 0, "TARGET_NOT_ALLOWED", "play", card="3o", target=1)
    state = act(state, 0, "play", card="1o", target=2)
    assert "2o" in hand(state, 2)
    assert len(hand(state, 2)) == 5
    assert (view(state)["top"], view(state)["active_suit"], view(state)["current"]) == ("1o", "o", 1)


def test_sc5_variant_ace_hits_the_next_player():
    state = start(3, SC5_DECK, ace_target="next")
    refused(state, 0, "INVALID_TARGET", "play", card="1o", target=2)
    state = act(state, 0, "play", card="1o")
    assert "2o" in hand(state, 1)
    assert view(state)["current"] == 1


def test_sc6a_seven_reverses():
    state = act(start(3, "7o 3c 4c 5c 6c | 7e 3e 4e 5e | 7b 3b 4b 5b | 4o |"), 0, "play", card="7o")
    assert (view(state)["dir"], view(state)["current"]) == (-1, 2)
    state = act(state, 2, "play", card="7b")
    assert (view(state)["dir"], view(state)["current"]) == (1, 0)


@pytest.mark.parametrize(("rule", "after"), [("no_effect", 1), ("skip", 0)])
def test_sc6b_seven_with_two_players(rule, after):
    state = start(2, "7o 3c 4c 5c 6c | 3e 4e 5e 6e | 4o |", seven_two_players=rule)
    state = act(state, 0, "play", card="7o")
    assert (view(state)["dir"], view(state)["current"], view(state)["draws_this_turn"]) == (-1, after, 0)


def test_sc6c_caballo_skips():
    state = act(start(3, "Co 3c 4c 5c 6c | 3e 4e 5e 6e | 3o 4b 5b 6b | 4o |"), 0, "play", card="Co")
    assert view(state)["current"] == 2
    refused(state, 1, "NOT_YOUR_TURN", "play", card="3e")
    state = act(state, 2, "play", card="3o")
    assert view(state)["current"] == 0


def test_sc6d_caballo_with_two_players():
    state = act(start(2, "Co Cc 3e 4c 5c | 3b 4b 5b 6b | 4o |"), 0, "play", card="Co")
    assert (view(state)["current"], view(state)["draws_this_turn"]) == (0, 0)
    state = act(state, 0, "play", card="Cc")
    assert view(state)["current"] == 0
    state = act(state, 0, "play", card="4c")
    assert view(state)["current"] == 1
    assert hand(state, 0) == cards("3e 5c")


SC7_DECK = "Ro Rc 3c 4e 5e | 3b 4b 5b 6b | 4o | 6e 7e"


def test_sc7_rey():
    state = act(start(2, SC7_DECK), 0, "play", card="Ro")
    assert (view(state)["current"], view(state)["extra_turn"], view(state)["active_suit"]) == (0, True, "o")
    state = act(state, 0, "play", card="Rc")
    assert (view(state)["current"], view(state)["active_suit"]) == (0, "c")
    refused(state, 0, "MUST_PLAY_OR_DRAW", "pass")
    state = act(state, 0, "draw")
    assert "6e" in hand(state, 0)
    state = act(state, 0, "pass")
    assert view(state)["current"] == 1
    assert hand(state, 0) == cards("3c 4e 5e 6e")
    assert view(state)["stock_count"] == 29


def test_sc7_variant_optional_followup():
    state = start(2, SC7_DECK, king_followup="optional")
    state = act(act(act(state, 0, "play", card="Ro"), 0, "play", card="Rc"), 0, "pass")
    assert view(state)["current"] == 1
    assert hand(state, 0) == cards("3c 4e 5e")
    assert view(state)["stock_count"] == 30


SC8_DECK = "Ro Rc Re 3e 4e | 3b 4b 5b 6b | 3o 5c 6c 7c | 5o |"


def sc8_until_step3(**options):
    state = act(act(start(3, SC8_DECK, **options), 0, "play", card="Ro"), 0, "play", card="Rc")
    refused(state, 0, "INVALID_PUMBA_CALL", "play", card="Re", pumba=True)
    state = act(state, 0, "play", card="Re")
    assert view(state)["current"] == 0
    assert hand(state, 0) == cards("3e 4e")
    return state


def test_sc8_pumba_call_and_challenge():
    state = act(sc8_until_step3(), 0, "play", card="3e")
    assert hand(state, 0) == ["4e"]
    assert (view(state)["pumba_window"], view(state)["current"]) == (0, 1)
    assert ENGINE.to_act(state) == (1, 2)
    refused(state, 0, "CANNOT_CHALLENGE_SELF", "challenge_pumba", target=0)
    refused(state, 2, "NO_OPEN_WINDOW", "challenge_pumba", target=1)
    state = act(state, 2, "challenge_pumba", target=0)
    assert hand(state, 0) == cards("4e 1o 2o")
    public = view(state)
    assert (public["pumba_window"], public["current"], public["stock_count"]) == (None, 1, 24)
    refused(state, 1, "NO_OPEN_WINDOW", "challenge_pumba", target=0)


def test_sc8_branch_b_next_play_closes_the_window():
    state = act(act(sc8_until_step3(), 0, "play", card="3e"), 1, "play", card="3b")
    assert view(state)["pumba_window"] is None
    refused(state, 2, "NO_OPEN_WINDOW", "challenge_pumba", target=0)
    assert hand(state, 0) == ["4e"]


def test_sc8_branch_c_called_pumba_opens_no_window():
    state = act(sc8_until_step3(), 0, "play", card="3e", pumba=True)
    assert view(state)["pumba_window"] is None
    for seat in (1, 2):
        refused(state, seat, "NO_OPEN_WINDOW", "challenge_pumba", target=0)


def test_sc8_branch_d_automatic_penalty():
    state = act(sc8_until_step3(pumba_enforcement="auto"), 0, "play", card="3e")
    assert hand(state, 0) == cards("4e 1o 2o")
    assert view(state)["pumba_window"] is None
    refused(state, 2, "NO_OPEN_WINDOW", "challenge_pumba", target=0)


SC9_DECK = "Ro Rc Re 3e 2e | 3b Cb 1c 7e | 6b 4e 5e Se | 5o |"


def sc9_until_last_card(*decks: str, **options):
    state = start(3, SC9_DECK, *decks, **options)
    for card in ("Ro", "Rc", "Re"):
        state = act(state, 0, "play", card=card)
    state = act(state, 0, "play", card="3e", pumba=True)
    assert hand(state, 0) == ["2e"]
    assert (view(state)["pumba_window"], view(state)["current"]) == (None, 1)
    state = act(state, 1, "play", card="3b")
    assert view(state)["current"] == 2
    state = act(state, 2, "play", card="Se", suit="e")
    assert view(state)["current"] == 0
    return state


def test_sc9_going_out_on_a_two_scoring_elimination():
    before = sc9_until_last_card(point_limit=15)
    transition = ENGINE.apply(before, 0, {"type": "play", "card": "2e"})
    state = transition.state
    ended = next(event for event in transition.events if event.type == "round_ended")
    assert ended.data["revealed_hands"] == [[], cards("Cb 1c 7e"), cards("6b 4e 5e")]
    assert ended.data["scores"] == [-5, 17, 15]
    assert ended.data["totals"] == [-5, 17, 15]
    assert ended.data["eliminated"] == [1, 2]
    assert not any(event.type == "cards_drawn" for event in transition.events)  # the Two's debt is not imposed
    assert ENGINE.is_over(state)
    assert ENGINE.to_act(state) == ()
    result = ENGINE.result(state)
    assert (result.scores, result.winners, result.ranks) == ([-5, 17, 15], [0], [1, 3, 2])
    refused(state, 1, "GAME_OVER", "pass")


def test_sc9_variant_next_round_opener_rotates():
    state = sc9_until_last_card("3o 4o 5o 6o 7o | 3c 4c 5c 6c | 3e 4e 5e 6e | 7c |", point_limit=100)
    state = act(state, 0, "play", card="2e")
    public = view(state)
    assert (public["round"], public["opener"], public["current"], public["dir"]) == (2, 1, 1, 1)
    assert [player["total"] for player in public["players"]] == [-5, 17, 15]
    assert hand(state, 1) == cards("3o 4o 5o 6o 7o")
    assert hand(state, 2) == cards("3c 4c 5c 6c")
    assert hand(state, 0) == cards("3e 4e 5e 6e")
    assert public["top"] == "7c"


def test_sc9_variant_first_to_limit():
    state = act(sc9_until_last_card(point_limit=15, end_mode="first_to_limit"), 0, "play", card="2e")
    result = ENGINE.result(state)
    assert (result.winners, result.ranks) == ([0], [1, 3, 2])


def test_sc9_variant_final_two_still_draws():
    transition = ENGINE.apply(
        sc9_until_last_card(point_limit=100, final_card_effects="apply_draws"), 0, {"type": "play", "card": "2e"}
    )
    ended = next(event for event in transition.events if event.type == "round_ended")
    assert ended.data["revealed_hands"][1] == cards("Cb 1c 7e 1o 2o")
    assert ended.data["scores"] == [-5, 28, 15]


def test_sc10_stock_exhausted_reshuffle():
    state = start(
        6,
        "2o 3c 4c 5c 6c | 2c 3e 4e 5e | 2e 3b 4b 5b | 2b 6e 7e 6b | Cc Ce 7c 7b | Sc Sb 1c 1b | 4o | "
        "5o 6o 7o 1o 3o So Co Ro Rc 1e Se Re Cb Rb",
        reshuffles=["2e 4o 2c 2o"],
    )
    assert view(state)["stock_count"] == 14
    for seat, two in enumerate(("2o", "2c", "2e", "2b")):
        state = act(state, seat, "play", card=two)
    assert (view(state)["pending_draw"], view(state)["current"]) == (8, 4)
    state = act(state, 4, "take_penalty")
    assert set(cards("5o 6o 7o 1o 3o So Co Ro")) <= set(hand(state, 4))
    assert (view(state)["stock_count"], view(state)["current"]) == (6, 5)
    for seat, drawn in ((5, "Rc 1e"), (0, "Se Re"), (1, "Cb Rb")):
        state = act(act(state, seat, "draw"), seat, "draw")
        assert set(cards(drawn)) <= set(hand(state, seat))
        if seat != 1:
            state = act(state, seat, "pass")
    assert view(state)["stock_count"] == 0
    state = act(state, 1, "pass")
    assert view(state)["current"] == 2
    transition = ENGINE.apply(state, 2, {"type": "draw"})
    state = transition.state
    assert [event.type for event in transition.events] == ["stock_reshuffled", "cards_drawn"]
    assert transition.events[0].data == {"count": 4}
    assert transition.events[1].for_viewer(2)["cards"] == ["2e"]
    assert "cards" not in transition.events[1].for_viewer(3)
    assert "2e" in hand(state, 2)
    assert ENGINE.card_locations(state)[-4:] == ["2o", "2c", "4o", "2b"]  # stock (top at the end), then the pile
    public = view(state)
    assert (public["stock_count"], public["discard_count"], public["top"], public["active_suit"]) == (3, 1, "2b", "b")


SC11_DECK = "5o 3c 4c 5c 6c | 3e 4e 5e 6e | 3b 4b 5b 6b | {} |"


def test_sc11_starter_ignored_by_default():
    state = start(3, SC11_DECK.format("2o"))
    assert (view(state)["pending_draw"], view(state)["current"]) == (0, 0)
    state = act(state, 0, "play", card="5o")
    assert view(state)["current"] == 1


def test_sc11_two_starter_applied():
    state = start(3, SC11_DECK.format("2o"), starter_effects="apply")
    assert (view(state)["pending_draw"], view(state)["current"]) == (2, 0)
    refused(state, 0, "MUST_ANSWER_TWO", "play", card="5o")
    state = act(state, 0, "take_penalty")
    assert set(cards("1o 3o")) <= set(hand(state, 0))
    assert view(state)["current"] == 1


def test_sc11_caballo_starter_applied():
    state = start(3, SC11_DECK.format("Cb"), starter_effects="apply")
    assert view(state)["current"] == 1
    assert view(state)["opener"] == 0
    assert len(hand(state, 0)) == 5


OROS_BUT_REY = "1o 2o 3o 4o 5o 6o 7o So Co"
ALL_BASTOS = "1b 2b 3b 4b 5b 6b 7b Sb Cb Rb"
COPAS_ESPADAS = " ".join(card for card in CARDS if card[1] in "ce")


@pytest.mark.parametrize("end_mode", ["elimination", "first_to_limit"])
def test_sc12_nothing_to_draw_blocked_round(end_mode):
    hands = [COPAS_ESPADAS, f"{OROS_BUT_REY} {ALL_BASTOS}"]
    state = mid_round(2, hands, "Ro", options={"end_mode": end_mode})
    assert (view(state)["stock_count"], view(state)["active_suit"]) == (0, "o")
    refused(state, 0, "NOTHING_TO_DRAW", "draw")
    state = act(state, 0, "pass")
    assert view(state)["current"] == 1
    assert {"type": "play", "card": "2o"} in ENGINE.legal_actions(state, 1)
    transition = ENGINE.apply(state, 1, {"type": "pass"})
    ended = next(event for event in transition.events if event.type == "round_ended")
    assert (ended.data["blocked"], ended.data["winner"], ended.data["scores"]) == (True, None, [130, 120])
    state = transition.state
    result = ENGINE.result(state)
    assert (result.scores, result.winners, result.ranks) == ([130, 120], [1], [2, 1])


def test_worked_example_1_elimination():
    state = mid_round(3, ["Rc 2o 5e", "Cb 1o", "3c"], "4c", current=2, opener=0, totals=[40, 92, 15])
    transition = ENGINE.apply(state, 2, {"type": "play", "card": "3c"})
    ended = next(event for event in transition.events if event.type == "round_ended")
    assert (ended.data["scores"], ended.data["totals"], ended.data["eliminated"]) == ([25, 10, -5], [65, 102, 10], [1])
    state = transition.state
    assert not ENGINE.is_over(state)
    public = view(state)
    assert (public["round"], public["opener"]) == (2, 2)
    assert [player["hand_count"] for player in public["players"]] == [4, 0, 5]
    assert public["players"][1]["eliminated"] is True
    refused(state, 1, "PLAYER_ELIMINATED", "challenge_pumba", target=0)
    assert ENGINE.legal_actions(state, 1) == []


def test_worked_example_2_first_to_limit():
    state = mid_round(
        3, ["Rc 2o 5e", "Cb 1o", "3c"], "4c", current=2, totals=[40, 92, 15], options={"end_mode": "first_to_limit"}
    )
    result = ENGINE.result(act(state, 2, "play", card="3c"))
    assert (result.scores, result.winners, result.ranks) == ([65, 102, 10], [2], [2, 3, 1])


@pytest.mark.parametrize("end_mode", ["elimination", "first_to_limit"])
def test_worked_example_3_two_players(end_mode):
    options = {"point_limit": 30, "end_mode": end_mode}
    state = mid_round(2, ["4c", "Sc Ro 2b 3e"], "5c", options=options)
    result = ENGINE.result(act(state, 0, "play", card="4c"))
    assert (result.scores, result.winners, result.ranks) == ([-5, 33], [0], [1, 2])


def test_worked_example_4_tie_broken_by_final_round_score():
    options = {"point_limit": 50, "end_mode": "first_to_limit"}
    state = mid_round(3, ["6c", "7o", "4c 1e"], "5c", totals=[20, 45, 10], options=options)
    result = ENGINE.result(act(state, 0, "play", card="6c"))
    assert (result.scores, result.winners, result.ranks) == ([15, 52, 15], [0], [1, 3, 2])


def test_refusals_before_rules():
    state = start(2, "3o 5c Ro 6e 4b | 5o 3c 6b 4e | 5e |")
    refused(state, 2, "NOT_A_PLAYER", "pass")
    refused(state, 0, "INVALID_ARGUMENT", "play", card="XX")
    refused(state, 0, "INVALID_ARGUMENT", "play")
    refused(state, 0, "INVALID_ARGUMENT", "play", card="5c", pumba="yes")
    refused(state, 0, "INVALID_ARGUMENT", "hit")
    with pytest.raises(RuleError) as error:
        ENGINE.new_game(7)
    assert (error.value.code, error.value.malformed) == ("INVALID_SEAT_COUNT", True)
