"""The Flip 7 strong bot's learnt table of win chances (bots/flip7/win_table.py, win_chances.json): it loads,
covers every pair of totals below the target for the seat counts it was learnt for, holds chances, and is
monotone (a higher own total never lowers the chance, a higher best rival never raises it)."""

from __future__ import annotations

import itertools

from cardroom.bots.flip7 import win_table
from cardroom.bots.flip7.learn_win_table import SEATS, learn
from cardroom.bots.flip7.win_table import STEP, TARGET, covers, round_end_chance


def test_the_table_covers_its_domain_with_chances() -> None:
    tables = win_table._tables()
    assert set(tables) == set(SEATS)
    size = (TARGET + STEP - 1) // STEP
    for table in tables.values():
        assert len(table) == size and all(len(row) == size for row in table)
        assert all(0.0 <= chance <= 1.0 for row in table for chance in row)
    assert covers(4, TARGET) and not covers(4, TARGET + 50)


def test_the_table_is_monotone_in_both_totals() -> None:
    for seats in SEATS:
        others = [0] * (seats - 2)
        for mine, rival in itertools.product(range(0, TARGET, 3), range(0, TARGET, 3)):
            here = round_end_chance([mine, rival, *others], 0)
            if mine + 3 < TARGET:
                assert round_end_chance([mine + 3, rival, *others], 0) >= here - 1e-12
            if rival + 3 < TARGET:
                assert round_end_chance([mine, rival + 3, *others], 0) <= here + 1e-12


def test_the_leader_near_the_end_is_the_favourite() -> None:
    assert round_end_chance([190, 120, 110, 100], 0) > 0.8
    assert round_end_chance([120, 190, 110, 100], 0) < 0.1
    # even totals: about an even share
    assert 0.15 < round_end_chance([100, 100, 100, 100], 0) < 0.4


def test_learning_is_monotone_even_from_noisy_counts() -> None:
    # a few made-up round ends, far too few to be monotone by themselves
    ends = [([150, 20, 0, 0], [1]), ([20, 150, 0, 0], [0]), ([100, 100, 0, 0], [0, 1])]
    table = learn(4, ends)
    size = len(table)
    for i, j in itertools.product(range(size), range(size)):
        if i + 1 < size:
            assert table[i + 1][j] >= table[i][j]
        if j + 1 < size:
            assert table[i][j + 1] <= table[i][j]
