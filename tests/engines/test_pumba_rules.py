"""Pumba rules beyond the §9 scenarios: window closing, starter effects, draw edge cases, view shape."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from test_pumba_scenarios import ENGINE, act, cards, hand, mid_round, refused, start, view

from cardroom.engines.pumba.cards import CARDS


def test_offender_own_follow_up_closes_the_window():
    state = mid_round(2, ["Ro Rc 3o", "4b 5b"], "5o")
    state = act(act(state, 0, "play", card="Ro"), 0, "play", card="Rc")
    assert (view(state)["pumba_window"], view(state)["current"]) == (0, 0)
    assert ENGINE.to_act(state) == (0, 1)
    assert ENGINE.legal_actions(state, 1) == [{"type": "challenge_pumba", "target": 0}]
    state = act(state, 0, "draw")
    assert view(state)["pumba_window"] is None
    refused(state, 1, "NO_OPEN_WINDOW", "challenge_pumba", target=0)


def test_current_player_may_challenge_before_acting():
    state = act(mid_round(3, ["3o 4o", "5o 6b", "7b 5b"], "1o"), 0, "play", card="3o")
    assert ENGINE.to_act(state) == (1, 2)
    state = act(state, 1, "challenge_pumba", target=0)
    assert len(hand(state, 0)) == 3
    assert (view(state)["current"], view(state)["draws_this_turn"]) == (1, 0)


def test_auto_penalty_after_the_ace_effect():
    state = mid_round(3, ["1o 4c", "5o 6b", "7b 5b"], "3o", options={"pumba_enforcement": "auto"})
    events = ENGINE.apply(state, 0, {"type": "play", "card": "1o", "target": 2}).events
    drawn = [(event.data["seat"], event.data["reason"]) for event in events if event.type == "cards_drawn"]
    assert drawn == [(2, "ace"), (0, "pumba")]


def test_take_penalty_with_nothing_to_draw_still_loses_the_turn():
    rest = [card for card in ENGINE.full_deck(None) if card not in ("2o", "2c")]
    fixture_state = {"hands": [rest[:19], [*rest[19:], "2c"]], "discard": ["2o"], "pending_draw": 2, "current": 1}
    state = ENGINE.new_game(2, fixture={"state": fixture_state})
    assert ENGINE.legal_actions(state, 1)[-1] == {"type": "take_penalty"}
    transition = ENGINE.apply(state, 1, {"type": "take_penalty"})
    assert transition.events[-1].data == {"seat": 1, "count": 0, "reason": "two"}
    assert (view(transition.state)["current"], view(transition.state)["pending_draw"]) == (0, 0)


def test_starter_ace_and_seven_effects():
    state = start(3, "5o 3c 4c 5c 6c | 3e 4e 5e 6e | 3b 4b 5b 6b | 1o |", starter_effects="apply")
    assert len(hand(state, 0)) == 6
    assert view(state)["current"] == 0
    state = start(3, "5o 3c 4c 5c 6c | 3e 4e 5e 6e | 3b 4b 5b 6b | 7o |", starter_effects="apply")
    assert (view(state)["dir"], view(state)["current"]) == (-1, 0)
    state = act(state, 0, "play", card="5o")
    assert view(state)["current"] == 2


def test_round_winner_opens_next_round():
    state = mid_round(3, ["3o 4c", "4o", "5b 6b"], "5o", current=1, opener=0, options={"opener_rule": "round_winner"})
    state = act(state, 1, "play", card="4o")
    assert (view(state)["round"], view(state)["opener"], view(state)["current"]) == (2, 1, 1)
    assert len(hand(state, 1)) == 5


def test_view_shape_is_the_same_for_everyone_and_hides_hands():
    state = start(3, "So 3c 4c 5c 6c | 2e 3e 4e 5e | 3b 4b 5b 6b | 7o |")
    shapes = {tuple(ENGINE.view(state, seat)) for seat in (0, 1, 2, None)}
    assert len(shapes) == 1
    assert ENGINE.view(state, None)["hand"] == []
    assert ENGINE.view(state, 1)["hand"] == cards("2e 3e 4e 5e")
    assert [player["hand_count"] for player in ENGINE.view(state, None)["players"]] == [5, 4, 4]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 6), order=st.permutations(CARDS), opener=st.integers(0, 5))
def test_block_deal_of_any_deck(players, order, opener):
    """§2: the opener takes the top 5, each next seat in +1 order 4, then the starter; the rest is the stock."""
    opener %= players
    state = ENGINE.new_game(players, {"first_opener": opener}, fixture={"decks": [list(order)]})
    position = 0
    for seat in [(opener + step) % players for step in range(players)]:
        size = 5 if seat == opener else 4
        assert hand(state, seat) == cards(" ".join(order[position : position + size]))
        position += size
    public = view(state)
    assert (public["top"], public["current"], public["opener"]) == (order[position], opener, opener)
    assert public["stock_count"] == 40 - 4 * players - 2 == {2: 30, 3: 26, 4: 22, 5: 18, 6: 14}[players]
