"""The Pumptown ``standard`` bot: legal over seeded games, its memory true to the table, and its key
heuristic choices on stacked decks.

``CARDROOM_PROPERTY_GAMES=N`` plays N games per configuration instead of the CI size (a longer run:
``CARDROOM_PROPERTY_GAMES=500 python -m pytest -q tests/bots/test_pumptown_bots.py``).
"""

from __future__ import annotations

import os
import random

import pytest

from cardroom.bots import get_bot, observe
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options
from cardroom.engines.pumptown.cards import VALUE
from cardroom.tournament import play_bot_game

ENGINE = get_engine("pumptown")
BOT = get_bot("pumptown", "standard")
GAMES = os.environ.get("CARDROOM_PROPERTY_GAMES")
A, B, C = 0, 1, 2

#: (players, options, games in CI): the default table at 4 players, the seat-count bounds, house rules
CONFIGS = [
    (4, {}, 100),
    (3, {}, 8),
    (8, {"rounds": 3}, 4),
    (4, {"memory_assist": True, "poll_mode": "holders_only", "rounds": 4}, 6),
    # many Swaps, Steals, Swipes and Duels: the knowledge has to follow cards around
    (5, {"pump_mix": [2, 2, 6, 6, 2, 4, 3, 2, 3, 2, 1], "allow_rediscard": True, "rounds": 4}, 6),
    (3, {"pump_enabled": False, "moon_threshold": 30, "round_turn_limit": 12, "rounds": 4}, 6),
]


def knowledge_is_true(state, seat: int, memory) -> list[str]:
    """Every value the bot remembers for a face-down card is the value of the card there now."""
    if state.revealed or not memory:
        return []
    problems = []
    for owner, grid in enumerate(memory["grids"]):
        for pos, known in enumerate(grid):
            if known is not None and VALUE[state.grids[owner][pos]] != known:
                problems.append(f"seat {seat} remembers {known} at {owner}.{pos}: it is {state.grids[owner][pos]}")
    duel = state.duel
    if duel is not None:
        for owner, slots in zip(memory["duel_seats"], memory["duel_slots"], strict=True):
            for pos, known in enumerate(slots):
                if known is not None and owner in duel.live:
                    card = duel.slots[duel.live.index(owner)][pos]
                    if VALUE[card] != known:
                        problems.append(f"seat {seat} remembers {known} in {owner}'s duel slot {pos}: it is {card}")
    return problems


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS)
def test_standard_plays_only_legal_actions(players: int, options: dict, games: int) -> None:
    """Every step checked (cardroom.tournament's loop: invariants, views, events, memory): 0 refused
    actions, 0 violations. Every other game the whole table is standard bots, else one against random."""
    effective = validate_options(ENGINE.info.options, options)
    count = int(GAMES) if GAMES else games
    for index in range(count):
        seed = 20_000 + index
        levels = ["standard"] * players if index % 2 else ["standard"] + ["random"] * (players - 1)
        game = play_bot_game(ENGINE, levels, effective, seed, check=True)
        assert (game.refused, game.violations[:3]) == ([], []), (seed, levels)
        assert game.winners


@pytest.mark.parametrize(("players", "options", "games"), CONFIGS[1:])
def test_what_the_bot_remembers_is_true(players: int, options: dict, games: int) -> None:
    """At every decision, the values in each standard bot's memory are the values of the cards there
    (it learned them only from its events and views; the state is read here to check, never by it)."""
    effective = validate_options(ENGINE.info.options, options)
    for index in range(int(GAMES) if GAMES else games // 2):
        seed = 30_000 + index
        opening = ENGINE.start(players, effective, seed)
        state, chooser = opening.state, random.Random(seed)
        unseen = [list(opening.events) for _ in range(players)]
        memories: list = [None] * players
        while not ENGINE.is_over(state):
            seat = chooser.choice(ENGINE.to_act(state))
            observation = observe(ENGINE, state, seat, unseen[seat], memories[seat], effective)
            decision = BOT.decide(observation, random.Random(chooser.getrandbits(32)))
            assert knowledge_is_true(state, seat, decision.memory) == [], seed
            memories[seat], unseen[seat] = decision.memory, []
            transition = ENGINE.apply(state, seat, decision.action)
            state = transition.state
            for pending in unseen:
                pending.extend(transition.events)


# --- scenarios on stacked decks ----------------------------------------------------------------------


class Table:
    """A 3-player game where ``bot_seat`` is the standard bot (fed its events and memory) and every
    other seat passes its polls and acknowledges its peek; the test plays the other seats' turns."""

    def __init__(self, deck: str, hands: list[list[str]], bot_seat: int = A, **fixture) -> None:
        self.options = validate_options(ENGINE.info.options, {})
        opening = ENGINE.start(3, self.options, 99991, {"stack": [deck.split()], "hands": hands, **fixture})
        self.state = opening.state
        self.unseen = list(opening.events)
        self.memory = None
        self.seat = bot_seat

    def apply(self, seat: int, action: dict) -> None:
        transition = ENGINE.apply(self.state, seat, action)
        self.state = transition.state
        self.unseen += transition.events

    def decide(self) -> dict:
        observation = observe(ENGINE, self.state, self.seat, self.unseen, self.memory, self.options)
        decision = BOT.decide(observation, random.Random(0))
        self.memory, self.unseen = decision.memory, []
        return decision.action

    def kind(self) -> str:
        return ENGINE.view(self.state, None)["decision"]["kind"]

    def run_bot(self) -> list[dict]:
        """Let the bot decide (and everyone else pass or ack) until a seat other than the bot must
        take a turn action; the bot's actions, in order."""
        taken = []
        while not ENGINE.is_over(self.state):
            seats = ENGINE.to_act(self.state)
            kind = self.kind()
            if self.seat in seats:
                action = self.decide()
                taken.append(action)
                self.apply(self.seat, action)
            elif kind == "PEEK":
                self.apply(seats[0], {"type": "ack_peek"})
            elif kind.endswith("_WINDOW"):
                self.apply(seats[0], {"type": "pass"})
            else:
                return taken
        return taken


# Deal (§2.2): A gets d0 d3 d6 d9 (TL TR BL BR), B d1 d4 d7 d10, C d2 d5 d8 d11; discard d12; pile from d13.


def test_peeks_and_knocks_when_clearly_ahead() -> None:
    # A: 1 1 / 0 0 (tally 0) once its Peek shows all four cards; B and C hold high cards
    table = Table("N1a N9a N10a N1b N11a N12a N0a N8a N7a N0b N6a N5a N12b N12c", [["PEEK1"], [], []])
    taken = table.run_bot()
    assert taken[0] == {"type": "play", "card": "PEEK1"}
    assert {"type": "ack_peek"} in taken
    # its turn: the pile's 12 helps nowhere, so it is discarded, and A knocks with a sure 0
    assert taken[-3:] == [{"type": "draw", "source": "pile"}, {"type": "discard_drawn"}, {"type": "knock"}]


def test_remembers_peeked_cards_and_takes_a_discard_that_pairs() -> None:
    # A peeks BL=N5a BR=N9b (memory_assist off: the view shows ?? again after the peek);
    # the discard top N5b pairs BL, so A takes it and places it beside, at BR (the 9 goes)
    table = Table("N7a N1a N2a N8a N3a N4a N5a N6a N7b N9b N10a N11a N5b", [[], [], []])
    taken = table.run_bot()
    assert table.memory["grids"][A][2:] == [5, 5]
    assert taken[-3:-1] == [{"type": "draw", "source": "discard"}, {"type": "place", "pos": "BR"}]
    assert ENGINE.view(table.state, A)["players"][A]["grid"] == ["??", "??", "??", "??"]


def test_nopes_a_double_on_itself() -> None:
    table = Table("N7a N1a N2a N8a N3a N4a N5a N6a N7b N9b N10a N11a N5b", [[], ["NOPE1"], ["DOUB1"]], bot_seat=B)
    table.apply(B, {"type": "pass"})  # the round start window: A holds nothing (auto-passed), B passes
    table.apply(C, {"type": "play", "card": "DOUB1", "target": B})
    assert table.kind() == "NOPE_WINDOW"
    assert table.decide() == {"type": "play", "card": "NOPE1"}


def test_redistributes_a_moon_to_the_leader() -> None:
    # A peeks all of 12 12 / 11 10: raw 45 >= 40, the moon (tally 0), so it keeps the grid and knocks.
    # At the round end C has the lowest cumulative, so it gets all 45 points
    table = Table(
        "N12a N1a N2a N12b N3a N4a N11a N0a N2b N10a N6a N7a N9a N8a N8b N8c",
        [["PEEK1", "REDIS1"], [], []],
        cumulative=[30, 20, 5],
    )
    assert table.run_bot()[-2:] == [{"type": "discard_drawn"}, {"type": "knock"}]
    while table.kind() != "RE_WINDOW" and not ENGINE.is_over(table.state):
        seat = ENGINE.to_act(table.state)[0]
        if seat == A:
            table.run_bot()
            continue
        if table.kind() == "TURN_START":
            table.apply(seat, {"type": "draw", "source": "pile"})
            table.apply(seat, {"type": "discard_drawn"})
        elif table.kind() == "KNOCK_DECISION":
            table.apply(seat, {"type": "knock"})
        else:
            table.apply(seat, {"type": "pass"})
    taken = table.run_bot()
    assert taken[:2] == [{"type": "play", "card": "REDIS1"}, {"type": "allot", "recipient": C, "amount": 45}]


def test_steals_a_low_card_it_saw_placed() -> None:
    # C peeks BL=N12a BR=N11a. A draws N0a and discards it; B takes it to its TL (public).
    # C remembers B.TL = 0 and steals it for its 12, the card it would most like to lose
    table = Table("N1a N9a N8a N2a N5a N8b N3a N6a N12a N4a N7a N11a N10a N0a", [[], [], ["STEAL1"]], bot_seat=C)
    table.run_bot()
    for action in ({"type": "draw", "source": "pile"}, {"type": "discard_drawn"}, {"type": "end_turn"}):
        table.apply(A, action)
    table.run_bot()  # C passes the Swipe window before B's turn
    for action in ({"type": "draw", "source": "discard"}, {"type": "place", "pos": "TL"}, {"type": "end_turn"}):
        table.apply(B, action)
    taken = table.run_bot()
    assert taken[0] == {"type": "play", "card": "STEAL1", "target": B, "tpos": "TL", "own_pos": "BL"}
    assert table.memory["grids"][C][2:] == [0, 11]
    assert table.memory["grids"][B][0] == 12
