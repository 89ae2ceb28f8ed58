"""Random-play simulation: the engine benchmark and a bulk invariant check.

Games are played by seeded random legal play: a seat drawn from ``to_act``,
one of its legal actions drawn uniformly. Three passes over the same games:

1. the timed loop, exactly the loop the peers are measured with (list legal
   actions, pick one, apply) and nothing else -> ``actions_per_s`` (wall
   clock) and ``actions_per_cpu_s`` (this process's CPU time, the figure that
   holds on a machine shared with other work);
2. the same games again, timing only the acting seat's view -> ``views_per_s``
   and ``views_per_cpu_s``;
3. the same games again with every invariant checked at every step
   (conservation, codec round trip, view and event leaks) ->
   ``invariant_violations``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from .engines import get_engine, invariants
from .engines.contract import Engine

#: a game still running after this many actions counts as non-terminating
MAX_ACTIONS_PER_GAME = 200_000


@dataclass
class PlayedGame:
    """One game played to its end (or to its bound): what random play and bot tournaments report."""

    actions: int = 0
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)

    def counted(self) -> bool:
        """Count one action; False, with the violation recorded, once the game runs past its bound."""
        self.actions += 1
        if self.actions >= MAX_ACTIONS_PER_GAME:
            self.violations.append("termination: game did not end")
            return False
        return True

    def finish(self, engine: Engine, state: Any) -> Self:
        """Take the game's result (scores, winners), or record that a stopped game has none."""
        result = engine.result(state)
        if result is not None:
            self.scores, self.winners = result.scores, result.winners
        elif not self.violations:
            self.violations.append("termination: no result at the end")
        return self


def game_seed(seed: int, index: int) -> int:
    return seed * 1_000_003 + index


def play_one(
    engine: Engine,
    players: int,
    options: Mapping[str, Any],
    seed: int,
    *,
    check: bool = False,
    time_views: list[float] | None = None,
) -> PlayedGame:
    """Play one game by random legal play; optionally check invariants or time views."""
    chooser = random.Random(seed)
    opening = engine.start(players, options, seed)
    state = opening.state
    played = PlayedGame()
    legal_actions, apply, to_act = engine.legal_actions, engine.apply, engine.to_act
    choice = chooser.choice
    if check:
        played.violations += step_checks(engine, state, seed, chooser, opening.events)
    while True:
        seats = to_act(state)
        if not seats:
            break
        seat = seats[0] if len(seats) == 1 else choice(seats)
        if time_views is not None:
            started, started_cpu = time.perf_counter(), time.process_time()
            engine.view(state, seat)
            time_views[0] += time.perf_counter() - started
            time_views[1] += time.process_time() - started_cpu
            time_views[2] += 1
        actions = legal_actions(state, seat)
        if not actions:
            played.violations.append(f"seat {seat} is to act but has no legal action")
            break
        transition = apply(state, seat, choice(actions))
        state = transition.state
        if check:
            played.violations += step_checks(engine, state, seed, chooser, transition.events)
        if not played.counted():
            break
    return played.finish(engine, state)


def step_checks(engine: Engine, state: Any, seed: int, chooser: random.Random, events: list) -> list[str]:
    """Every invariant of one step (also the bot tournaments' check, ``tournament.py``)."""
    checker = random.Random(chooser.random())  # keeps the game's own choices independent of checks
    return (
        invariants.conservation(engine, state)
        + invariants.codec_round_trip(engine, state)
        + invariants.view_leaks(engine, state, seed, checker)
        + invariants.event_leaks(engine, state, events)
    )


def simulate(
    game: str,
    games: int,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    check: bool = True,
    bots: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games three times (timed, views timed, checked) and report JSON figures.

    ``play_seconds``/``play_cpu_seconds`` time the first pass only (the games played, nothing
    else: the rates derive from them); ``total_seconds`` is the whole command, the view-timing
    pass and the invariant pass (much the longest) included.

    With ``bots`` (one level per seat) the games are played by those bots instead, once,
    and the report is the bot tournament's (``tournament.py``), seats kept in place."""
    if bots:
        from .tournament import tournament

        return tournament(game, bots, games, seed, options, rotate=False, check=check)
    engine = get_engine(game)
    options = dict(options or {})
    seeds = [game_seed(seed, index) for index in range(games)]

    command_started = started = time.perf_counter()
    started_cpu = time.process_time()
    results = [play_one(engine, players, options, s) for s in seeds]
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - started_cpu

    view_clock = [0.0, 0.0, 0]
    for s in seeds:
        play_one(engine, players, options, s, time_views=view_clock)

    violations: list[str] = []
    if check:
        for s in seeds:
            violations += play_one(engine, players, options, s, check=True).violations
    for played in results:
        violations += played.violations

    actions = sum(p.actions for p in results)
    finished = [p for p in results if p.scores]
    wins = [0] * players
    score_sums = [0] * players
    for played in finished:
        for seat in played.winners:
            wins[seat] += 1
        for seat, score in enumerate(played.scores):
            score_sums[seat] += score
    return {
        "game": game,
        "players": players,
        "options": options,
        "seed": seed,
        "games": games,
        "actions": actions,
        "play_seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 2) if seconds else None,
        "actions_per_s": round(actions / seconds, 1) if seconds else None,
        "play_cpu_seconds": round(cpu_seconds, 4),
        "actions_per_cpu_s": round(actions / cpu_seconds, 1) if cpu_seconds else None,
        "views": view_clock[2],
        "views_per_s": round(view_clock[2] / view_clock[0], 1) if view_clock[0] else None,
        "views_per_cpu_s": round(view_clock[2] / view_clock[1], 1) if view_clock[1] else None,
        "mean_actions_per_game": round(actions / games, 2) if games else 0,
        "wins_by_seat": wins,
        "mean_score_by_seat": [round(total / len(finished), 2) if finished else 0 for total in score_sums],
        "invariants_checked": check,
        "total_seconds": round(time.perf_counter() - command_started, 4),
        "invariant_violations": len(violations),
        "violation_samples": violations[:10],
    }
