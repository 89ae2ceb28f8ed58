"""``tournament(..., first_game=N)`` (``cardroom bench bots --first-game``): consecutive ranges of one seed
play exactly the games of one longer run, so runs split over processes may be added up."""

from __future__ import annotations

from cardroom.tournament import tournament


def test_consecutive_ranges_of_a_seed_play_the_games_of_one_run() -> None:
    levels = ["standard", "random", "random"]
    whole = tournament("flip-7", levels, 6, seed=5, check=False)
    parts = [tournament("flip-7", levels, 3, seed=5, check=False, first_game=first) for first in (0, 3)]
    assert [part["first_game"] for part in parts] == [0, 3]
    assert [sum(part["wins_by_seat"][seat] for part in parts) for seat in range(3)] == whole["wins_by_seat"]
    for entrant in range(3):
        assert sum(part["entrants"][entrant]["wins"] for part in parts) == whole["entrants"][entrant]["wins"]
    assert sum(part["actions"] for part in parts) == whole["actions"]
    # another range is other games
    later = tournament("flip-7", levels, 3, seed=5, check=False, first_game=6)
    assert later["actions"] != parts[0]["actions"] or later["wins_by_seat"] != parts[0]["wins_by_seat"]
