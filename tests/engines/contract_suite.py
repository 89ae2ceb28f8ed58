"""Property checks every engine must pass, over many seeded random games.

Engine test modules call :func:`check_random_games` with their player counts and
the option values that change play. The number of games comes from
``CARDROOM_PROPERTY_GAMES`` (per configuration); CI uses the default, a longer
run is documented in the README.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping
from typing import Any

from cardroom.engines import invariants
from cardroom.engines.contract import Engine, RuleError

#: share of steps at which a random seat sends one of its standing actions instead
STANDING_ACTION_RATE = 0.03
#: events of the last actions that each deep check replays against the current state (Engine.replay_event)
REPLAYED_EVENTS = 40

MALFORMED_ACTIONS: list[Any] = [{}, {"type": "no_such_action"}, {"type": 7}, {"type": None}]


def property_games(default: int) -> int:
    """Games per configuration: ``CARDROOM_PROPERTY_GAMES`` if set, else ``default``."""
    return int(os.environ.get("CARDROOM_PROPERTY_GAMES", default))


def check_random_games(
    engine: Engine,
    players: int,
    options: Mapping[str, Any],
    games: int,
    *,
    base_seed: int = 0,
    max_actions: int = 100_000,
    sample_every: int = 1,
) -> int:
    """Play ``games`` random games checking the contract promises along the way.

    At every step: conservation, codec round trip, ``to_act``/``is_over``/``result``
    agree, a seat has legal actions exactly when it is in ``to_act``, the chosen action
    applies, and a twin game fed the same actions, each to the state its bytes decode to, stays identical. At every
    ``sample_every``-th step (every step by default; the phase varies with the seed)
    and at the end, also the expensive promises: no view or event leaks (re-dealing hidden
    cards), legal actions stable and unique, every listed action applies without
    touching its input, unlisted and malformed actions are refused unchanged, and the
    twin's bytes are equal. Sampling lets long games reach thousands of runs in CI.

    Returns the number of actions played (so callers can assert the run did work).
    Fails with an AssertionError naming the seed and step of the first problem.
    """
    total = 0
    for index in range(games):
        # large seeds, so the check that no view contains the seed means something
        seed = 1_000_000_007 + base_seed * 100_003 + index
        total += _check_one_game(engine, players, options, seed, max_actions, max(1, sample_every))
    assert total > 0
    return total


def _check_one_game(
    engine: Engine, players: int, options: Mapping[str, Any], seed: int, max_actions: int, sample_every: int
) -> int:
    chooser = random.Random(seed)
    opening = engine.start(players, options, seed)
    state, events = opening.state, opening.events  # the setup's events are checked like any action's
    twin = engine.new_game(players, options, seed)
    assert engine.encode(state) == engine.encode(twin), f"seed {seed}: same seed gave different states"
    phase = seed % sample_every
    step = 0
    history = list(events)  # recent events, replayed against later states
    while True:
        where = f"seed {seed} step {step} ({players} players, {dict(options)})"
        seats = engine.to_act(state)
        deep = step % sample_every == phase or not seats or step == 0
        problems = invariants.conservation(engine, state) + invariants.codec_round_trip(engine, state)
        if deep:
            problems += invariants.view_leaks(engine, state, seed, random.Random(step)) + invariants.event_leaks(
                engine, state, events
            )
            problems += invariants.per_viewer_leaks(engine, state, history)
            assert engine.encode(state) == engine.encode(twin), f"{where}: twin game diverged"
        assert not problems, f"{where}: {problems}"
        assert list(seats) == sorted(set(seats)), f"{where}: to_act not ascending and unique: {seats}"
        assert bool(seats) != engine.is_over(state), f"{where}: to_act={seats} but is_over={engine.is_over(state)}"
        if not seats:
            result = engine.result(state)
            assert result is not None, f"{where}: over without a result"
            assert len(result.scores) == len(result.ranks) == players
            assert result.winners and all(result.ranks[w] == 1 for w in result.winners), f"{where}: {result}"
            _check_refused_everything(engine, state, where)
            return step
        assert engine.result(state) is None, f"{where}: result before the end"
        by_seat = {seat: engine.legal_actions(state, seat) for seat in range(players)}
        for seat, actions in by_seat.items():
            assert (seat in seats) == bool(actions), f"{where}: seat {seat} in to_act={seats} vs actions {actions}"
        _check_default_actions(engine, state, seats, by_seat, where, every_seat=deep)
        standing = {seat: engine.standing_actions(state, seat) for seat in range(players)}
        if deep:
            before = engine.encode(state)
            for seat, actions in by_seat.items():
                assert actions == engine.legal_actions(state, seat), f"{where}: legal actions not stable"
                encoded = [json.dumps(a, sort_keys=True) for a in actions]
                assert len(set(encoded)) == len(encoded), f"{where}: duplicate legal actions for {seat}"
            accepted = {seat: by_seat[seat] + standing[seat] for seat in by_seat}
            _check_every_legal_action_applies(engine, state, accepted, before, where, chooser)
            _check_illegal_actions_refused(engine, state, accepted, before, chooser, where)
        if any(standing.values()) and chooser.random() < STANDING_ACTION_RATE:
            # now and then a seat sends a standing action (a preference), out of turn or not
            seat = chooser.choice([s for s, actions in standing.items() if actions])
            action = chooser.choice(standing[seat])
        else:
            seat = seats[0] if len(seats) == 1 else chooser.choice(seats)
            action = chooser.choice(by_seat[seat])
        transition = engine.apply(state, seat, action)
        # the twin plays from its decoded bytes at every step, as a replay of the log does: the server keeps the
        # state an action produced (app/engine_steps.py) and hands it out as what its bytes decode to
        twin = engine.apply(engine.decode(engine.encode(twin)), seat, action).state
        if deep:
            assert engine.encode(state) == before, f"{where}: apply modified its input state"
        state, events = transition.state, transition.events
        history = (history + list(events))[-REPLAYED_EVENTS:]
        step += 1
        assert step < max_actions, f"seed {seed}: game did not end within {max_actions} actions"


def _check_default_actions(engine, state, seats, by_seat, where, *, every_seat: bool) -> None:
    """Each deciding seat's default action is listed and applies; (when ``every_seat``) it is the
    same when asked again, and the other seats get NOT_YOUR_TURN."""
    before = engine.encode(state)
    for seat, actions in by_seat.items():
        if seat in seats:
            default = engine.default_action(state, seat)
            assert default in actions, f"{where}: default {default} for seat {seat} not in {actions}"
            if every_seat:
                assert default == engine.default_action(state, seat), f"{where}: default not deterministic"
            try:
                engine.apply(state, seat, default)
            except RuleError as exc:
                raise AssertionError(f"{where}: default {default} for seat {seat} refused: {exc}") from None
        elif every_seat:
            try:
                engine.default_action(state, seat)
            except RuleError as exc:
                assert exc.code == "NOT_YOUR_TURN", f"{where}: seat {seat}: {exc!r}"
            else:
                raise AssertionError(f"{where}: a default action for seat {seat}, which is not in to_act")
    assert engine.encode(state) == before, f"{where}: default_action or its apply modified the state"


def check_default_games(
    engine: Engine, players: int, options: Mapping[str, Any], games: int, *, max_actions: int, base_seed: int = 0
) -> int:
    """Play ``games`` games in which every seat only ever plays its default action (the seat that
    acts among several in ``to_act`` is picked at random); each must end within ``max_actions``.

    Returns the most actions any of the games took, so callers can show the bound is not loose."""
    longest = 0
    for index in range(games):
        seed = 1_000_000_007 + base_seed * 100_003 + index
        chooser = random.Random(seed)
        state = engine.new_game(players, options, seed)
        for step in range(max_actions + 1):
            seats = engine.to_act(state)
            if not seats:
                break
            seat = chooser.choice(seats)
            action = engine.default_action(state, seat)
            assert action in engine.legal_actions(state, seat), f"seed {seed} step {step}: {action} not legal"
            state = engine.apply(state, seat, action).state
        else:
            raise AssertionError(f"seed {seed}: a default-only game did not end within {max_actions} actions")
        assert engine.result(state) is not None
        longest = max(longest, step)
    return longest


def _check_every_legal_action_applies(engine, state, by_seat, before, where, chooser) -> None:
    """Listed actions apply (all of them when few, a sample of 24 per seat when many)."""
    for seat, actions in by_seat.items():
        for action in actions if len(actions) <= 24 else chooser.sample(actions, 24):
            try:
                engine.apply(state, seat, action)
            except RuleError as exc:
                raise AssertionError(f"{where}: listed action {action} for seat {seat} refused: {exc}") from None
            assert engine.encode(state) == before, f"{where}: apply of {action} modified its input"


def _check_illegal_actions_refused(engine, state, by_seat, before, chooser, where) -> None:
    """Actions not listed for a seat are refused with a code and change nothing."""
    all_actions = [a for actions in by_seat.values() for a in actions]
    candidates: list[tuple[int, Any]] = []
    for seat, actions in by_seat.items():
        listed = {json.dumps(a, sort_keys=True) for a in actions}
        for other in all_actions:
            if json.dumps(other, sort_keys=True) not in listed:
                candidates.append((seat, other))
        for action in actions[:3]:
            for mutant in _mutants(action, all_actions, chooser):
                if json.dumps(mutant, sort_keys=True) not in listed:
                    candidates.append((seat, mutant))
        candidates += [(seat, bad) for bad in MALFORMED_ACTIONS]
    if len(candidates) > 40:
        candidates = chooser.sample(candidates, 40)
    for seat, action in candidates:
        try:
            engine.apply(state, seat, action)
        except RuleError as exc:
            assert exc.code and exc.code.isupper(), f"{where}: refusal without a code: {exc!r}"
        else:
            raise AssertionError(f"{where}: unlisted action {action} for seat {seat} was accepted")
        assert engine.encode(state) == before, f"{where}: refused {action} changed the state"


def _mutants(action: dict, pool: list[dict], chooser: random.Random) -> list[dict]:
    """Near-miss variants: one parameter swapped for a value seen elsewhere, or a junk value."""
    mutants = []
    for key in action:
        if key == "type":
            continue
        values = [a[key] for a in pool if key in a and a[key] != action[key]]
        replacement = chooser.choice(values) if values else chooser.choice([-1, 999, "XX", None])
        mutants.append({**action, key: replacement})
        mutants.append({k: v for k, v in action.items() if k != key})
    return mutants


def _check_refused_everything(engine, state, where) -> None:
    before = engine.encode(state)
    for seat in range(engine.seat_count(state)):
        assert engine.legal_actions(state, seat) == [], f"{where}: legal actions after the end"
        assert engine.standing_actions(state, seat) == [], f"{where}: standing actions after the end"
        for action in [*MALFORMED_ACTIONS[:1], {"type": "pass"}]:
            try:
                engine.apply(state, seat, action)
            except RuleError:
                pass
            else:
                raise AssertionError(f"{where}: action accepted after the end")
    assert engine.encode(state) == before
