"""Up or Down? default actions (docs/rules/up-or-down.md E16-E20), on stacked decks."""

from __future__ import annotations

from typing import Any

import pytest

from cardroom.engines.contract import RuleError
from cardroom.engines.up_or_down import UpOrDownEngine

ENGINE = UpOrDownEngine()
#: 2 seats; seat 0 holds 5 60 123, seat 1 holds 2 40 100; display 7 27 50 64 87 106; piles 19 (down), 13 (up)
SMALL = [5, 40, 123, 100, 60, 2, 7, 27, 50, 64, 87, 106, 19, 13]
#: 42 cards: a whole game of default actions, checked at the placements below
LONG = [8, 21, 11, 25, 17, 32, 6, 9, 12, 16, 34, 41, 31, 38, 5, 35, 14, 13, 4, 39, 20, 18, 30, 37, 26, 10, 23, 7,
        33, 40, 22, 3, 36, 29, 15, 42, 19, 27, 1, 24, 28, 2]


def start(deck: list[int]):
    return ENGINE.new_game(2, {}, seed=987_654_321, fixture={"deck_order": deck})


def default(state) -> dict[str, Any]:
    action = ENGINE.default_action(state, state.current)
    assert action in ENGINE.legal_actions(state, state.current)
    return action


def step(state):
    return ENGINE.apply(state, state.current, default(state)).state


def test_a_whole_turn_plays_the_lowest_card_takes_the_lower_neighbour_and_draws_face_down():
    state = start(SMALL)
    assert default(state) == {"type": "play", "card": 5}
    state = step(state)
    # 5 is below the display: its neighbours are 106 (lower, around the ring) and 7
    assert (state.lower, state.upper) == (106, 7)
    assert default(state) == {"type": "take", "card": 7}
    state = step(state)
    assert default(state) == {"type": "place", "target": "new"}  # a first card has no other place
    state = step(state)
    assert default(state) == {"type": "draw", "pile": "down"}
    state = step(state)
    assert ENGINE.view(state, 0)["hand"] == [19, 60, 123] and state.current == 1


#: step of the default-only LONG game -> (seat, its columns, the taken card, the default placement)
PLACEMENTS = {
    # [6, 9] rises and 8 does not continue it: a new column
    18: (0, [[6, 9]], 8, {"type": "place", "target": "new"}),
    # both columns take 12: the first one
    26: (0, [[6, 9], [8]], 12, {"type": "place", "target": "col", "index": 0}),
    # 5 does not continue the rising column 0 but fits the 1-card column 1
    34: (0, [[6, 9, 12], [8]], 5, {"type": "place", "target": "col", "index": 1}),
    # nothing takes 15 and all 3 columns exist: give up the one that loses least. Column 1 (8 5 3: three
    # colours, 3 points) loses nothing, column 2 (13 7: both yellow, 4 points) would lose 2, column 0 more
    95: (0, [[6, 9, 12, 14, 18, 20, 26, 30], [8, 5, 3], [13, 7]], 15,
         {"type": "place", "target": "give_up", "index": 1}),
}


def test_placements_continue_the_first_column_that_fits_else_open_one_else_give_up_the_cheapest():
    state = start(LONG)
    for number in range(max(PLACEMENTS) + 1):
        if number in PLACEMENTS:
            seat, columns, taken, expected = PLACEMENTS[number]
            assert (state.phase, state.current, state.columns[seat], state.taken) == ("PLACE", seat, columns, taken)
            assert default(state) == expected
        state = step(state)


def test_a_game_of_default_actions_ends_after_every_turn():
    state = start(LONG)
    for _ in range(4 * (len(LONG) - 6)):
        if ENGINE.is_over(state):
            break
        state = step(state)
    assert ENGINE.is_over(state) and ENGINE.view(state, None)["turn"] == len(LONG) - 6


def test_only_the_current_seat_has_a_default():
    state = start(SMALL)
    with pytest.raises(RuleError) as refused:
        ENGINE.default_action(state, 1)
    assert refused.value.code == "NOT_YOUR_TURN"
