"""Games between bots, played with the engines directly: the one loop behind
``cardroom simulate --bots`` and ``cardroom bench bots``.

Each seat is played by a bot (``cardroom.bots.get_bot``) that sees only what
``observe`` builds for it: the seat's view, its legal actions, the events it
received since its previous decision and the memory it returned last time.
A seat is drawn from ``to_act`` when several may act, as in the random
simulation. Every decision is timed (``observe`` plus ``decide``, what the
service spends on a bot turn), by wall clock and by this process's CPU time.

A bot answer that is not one of the legal actions, or that the engine refuses,
is a *refused action*: it is counted and a random legal action is played
instead, so one faulty bot cannot stall a tournament. With ``check`` every
step also runs the random simulation's invariant checks
(:func:`cardroom.simulation.step_checks`: conservation, codec round trip,
view and event leaks) and every memory must survive a msgpack round trip.

Seat rotation: with ``rotate`` the entrants (the listed levels, in order) move
one seat to the left every game (game ``g`` seats entrant ``e`` at seat
``(e + g) % n``), so over a multiple of ``n`` games every entrant sat everywhere
equally often and a position bias (the first player's advantage) favours no level.

Ties: a game's winners are the engine's ``GameResult.winners``; a game with
several winners counts as a win for each of them (``shared_win_games`` says how
often that happened), so win shares may add up to more than 1.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgspec

from .bots import get_bot, observe
from .engines import get_engine
from .engines.contract import Engine, RuleError, Transition, validate_options
from .simulation import PlayedGame, game_seed, step_checks

#: z for a two-sided 95% interval
Z95 = 1.959964


@dataclass
class BotGame(PlayedGame):
    """One finished game between bots (scores and winners by seat), with what the bots did."""

    refused: list[str] = field(default_factory=list)
    #: level -> (wall seconds, CPU seconds) of each decision
    decisions: dict[str, list[tuple[float, float]]] = field(default_factory=dict)


def play_bot_game(
    engine: Engine, levels: Sequence[str], options: Mapping[str, Any], seed: int, *, check: bool = False
) -> BotGame:
    """Play one game, seat ``s`` by the ``levels[s]`` bot; ``options`` are the effective options."""
    seats = len(levels)
    bots = [get_bot(engine.info.id, level) for level in levels]
    chooser = random.Random(seed)
    bot_rngs = [random.Random(f"{seed}/{seat}") for seat in range(seats)]
    opening = engine.start(seats, options, seed)
    state = opening.state
    unseen: list[list[Any]] = [list(opening.events) for _ in range(seats)]
    memories: list[Any] = [None] * seats
    played = BotGame(decisions={level: [] for level in levels})
    if check:
        played.violations += step_checks(engine, state, seed, chooser, opening.events)
    while True:
        acting = engine.to_act(state)
        if not acting:
            break
        seat = acting[0] if len(acting) == 1 else chooser.choice(acting)
        started, started_cpu = time.perf_counter(), time.process_time()
        observation = observe(engine, state, seat, unseen[seat], memories[seat], options)
        decision = bots[seat].decide(observation, bot_rngs[seat])
        played.decisions[levels[seat]].append(
            (time.perf_counter() - started, time.process_time() - started_cpu)
        )
        unseen[seat], memories[seat] = [], decision.memory
        if check:
            played.violations += _memory_check(levels[seat], decision.memory)
        transition = _apply(engine, state, seat, decision.action, observation.legal_actions, chooser, played)
        state = transition.state
        for pending in unseen:
            pending.extend(transition.events)
        if check:
            played.violations += step_checks(engine, state, seed, chooser, transition.events)
        if not played.counted():
            break
    return played.finish(engine, state)


def _apply(
    engine: Engine,
    state: Any,
    seat: int,
    action: Mapping[str, Any],
    legal: Sequence[Mapping[str, Any]],
    chooser: random.Random,
    played: BotGame,
) -> Transition:
    """Apply the bot's action; a refused one is recorded and replaced by a random legal action."""
    if action in legal:
        try:
            return engine.apply(state, seat, action)
        except RuleError as refusal:
            played.refused.append(f"seat {seat}: {action!r} refused: {refusal.code}")
    else:
        played.refused.append(f"seat {seat}: {action!r} is not a legal action")
    return engine.apply(state, seat, chooser.choice(legal))


def _memory_check(level: str, memory: Any) -> list[str]:
    try:
        again = msgspec.msgpack.decode(msgspec.msgpack.encode(memory))
    except (TypeError, msgspec.MsgspecError) as error:
        return [f"memory of a {level} bot is not msgpack-able: {error}"]
    return [] if again == memory else [f"memory of a {level} bot changes in a msgpack round trip"]


def tournament(
    game: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    *,
    rotate: bool = True,
    check: bool = True,
    first_game: int = 0,
) -> dict[str, Any]:
    """Play ``games`` games between the ``levels`` bots (one per seat) and report JSON figures.

    The games are numbers ``first_game`` to ``first_game + games - 1`` of ``seed`` (each game's seed and seat
    rotation follow from its number), so runs over consecutive ranges of one seed play exactly the games of
    one longer run, and their wins may be added up.

    Raises RuleError for bad options or a seat count the game refuses, and
    ``cardroom.bots.UnknownBot`` for a level the game has no bot for.
    """
    engine = get_engine(game)
    effective = validate_options(engine.info.options, options)
    seats = len(levels)
    for level in set(levels):
        get_bot(game, level)  # an unknown level fails before any game is played
    wins = [0] * seats
    wins_by_seat = [0] * seats
    scores: list[list[int]] = [[] for _ in range(seats)]
    decisions: dict[str, list[tuple[float, float]]] = {level: [] for level in levels}
    refused: list[str] = []
    violations: list[str] = []
    actions = shared = 0
    started = time.perf_counter()
    for index in range(first_game, first_game + games):
        shift = index % seats if rotate else 0
        entrant_at = [(seat - shift) % seats for seat in range(seats)]
        played = play_bot_game(
            engine, [levels[e] for e in entrant_at], effective, game_seed(seed, index), check=check
        )
        actions += played.actions
        refused += played.refused
        violations += played.violations
        for level, times in played.decisions.items():
            decisions[level] += times
        if not played.scores:
            continue
        shared += len(played.winners) > 1
        for seat in played.winners:
            wins[entrant_at[seat]] += 1
            wins_by_seat[seat] += 1
        for seat, score in enumerate(played.scores):
            scores[entrant_at[seat]].append(score)
    finished = len(scores[0])
    return {
        "game": game,
        "players": seats,
        "options": effective,
        "seed": seed,
        "games": games,
        "first_game": first_game,
        "finished_games": finished,
        "rotate": rotate,
        "ties": "a game with several winners (the engine's winners list) counts as a win for each of them",
        "entrants": [
            {
                "entrant": entrant,
                "level": level,
                "wins": wins[entrant],
                "win_share": round(wins[entrant] / finished, 4) if finished else None,
                "win_share_ci95": _wilson(wins[entrant], finished),
                "mean_score": round(statistics.fmean(scores[entrant]), 2) if finished else None,
                "mean_score_ci95": _mean_interval(scores[entrant]),
            }
            for entrant, level in enumerate(levels)
        ],
        "wins_by_seat": wins_by_seat,
        "shared_win_games": shared,
        "decision_ms": {level: _latency(times) for level, times in decisions.items()},
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 3),
        "refused_actions": len(refused),
        "refused_samples": refused[:10],
        "invariants_checked": check,
        "invariant_violations": len(violations),
        "violation_samples": violations[:10],
    }


def _wilson(successes: int, trials: int) -> list[float] | None:
    """The Wilson score interval of a proportion (sound near 0 and 1, unlike the normal one)."""
    if not trials:
        return None
    share = successes / trials
    denominator = 1 + Z95**2 / trials
    centre = (share + Z95**2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(share * (1 - share) / trials + Z95**2 / (4 * trials**2)) / denominator
    return [round(centre - half, 4), round(centre + half, 4)]


def _mean_interval(values: Sequence[int]) -> list[float] | None:
    """mean +- z * standard error (many games, so the normal approximation holds)."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return [round(mean - half, 2), round(mean + half, 2)]


def _latency(times: Sequence[tuple[float, float]]) -> dict[str, Any]:
    walls = sorted(wall for wall, _ in times)
    cpus = sorted(cpu for _, cpu in times)
    return {
        "decisions": len(times),
        "p50": _ms(walls, 0.50),
        "p99": _ms(walls, 0.99),
        "max": _ms(walls, 1.0),
        "cpu_p50": _ms(cpus, 0.50),
        "cpu_p99": _ms(cpus, 0.99),
    }


def _ms(ordered: Sequence[float], quantile: float) -> float | None:
    """Nearest-rank percentile, in milliseconds."""
    if not ordered:
        return None
    rank = max(1, math.ceil(quantile * len(ordered)))
    return round(ordered[rank - 1] * 1000, 3)
