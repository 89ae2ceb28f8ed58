"""Invariant checks over one step of a game, shared by the property tests and
``cardroom simulate``. Each check returns a list of human-readable violations
(empty when the state is sound), so callers can count or assert them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from .contract import Engine, Event, Seat


def conservation(engine: Engine, state: Any) -> list[str]:
    """Every card of the match is in exactly one zone."""
    expected = Counter(engine.full_deck(state))
    found = Counter(engine.card_locations(state))
    if expected == found:
        return []
    missing = sorted(map(str, (expected - found).elements()))
    extra = sorted(map(str, (found - expected).elements()))
    return [f"conservation: missing {missing[:5]} extra {extra[:5]}"]


def codec_round_trip(engine: Engine, state: Any) -> list[str]:
    """decode(encode(s)) is s again, byte for byte."""
    data = engine.encode(state)
    again = engine.encode(engine.decode(data))
    return [] if again == data else ["codec: round trip changed the state"]


def card_values(obj: Any, card_keys: frozenset[str]) -> list[Any]:
    """Every value stored under a card key anywhere in a JSON-like structure.

    An explicit stack, not recursive generators: the property tests call this for every viewer of every
    checked step, and the generators' frames were a third of a Pumba property run's time."""
    found: list[Any] = []
    pending = [obj]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in card_keys:
                    _flatten_into(value, found)
                if isinstance(value, (dict, list)):
                    pending.append(value)
        elif isinstance(item, list):
            pending.extend(value for value in item if isinstance(value, (dict, list)))
    return found


def _flatten_into(value: Any, found: list[Any]) -> None:
    if isinstance(value, list):
        for item in value:
            _flatten_into(item, found)
    elif not isinstance(value, dict) and value is not None:
        found.append(value)


def viewers(engine: Engine, state: Any) -> list[Seat]:
    return [*range(engine.seat_count(state)), None]


def view_leaks(engine: Engine, state: Any, seed: int, rng: random.Random) -> list[str]:
    """No view shows a hidden card, the seed, or anything that changes when the
    cards hidden from that viewer are dealt differently."""
    problems = []
    for seat in viewers(engine, state):
        view = engine.view(state, seat)
        hidden = engine.hidden_cards(state, seat)
        leaked = [card for card in card_values(view, engine.card_keys) if card in hidden]
        if leaked:
            problems.append(f"view of {seat}: shows hidden {leaked[:3]}")
        if _contains_seed(view, seed):
            problems.append(f"view of {seat}: contains the seed")
        if engine.view(engine.redeal_hidden(state, seat, rng), seat) != view:
            problems.append(f"view of {seat}: depends on hidden cards")
    return problems


def event_leaks(engine: Engine, state_after: Any, events: list[Event]) -> list[str]:
    """No event, as sent to a viewer, names a card still hidden from that viewer."""
    problems = []
    for seat in viewers(engine, state_after):
        hidden = engine.hidden_cards(state_after, seat)
        for event in events:
            shown = event.for_viewer(seat)
            leaked = [card for card in card_values(shown, engine.card_keys) if card in hidden]
            if leaked:
                problems.append(f"event {event.type} to {seat}: shows hidden {leaked[:3]}")
    return problems


def per_viewer_leaks(engine: Engine, state: Any, history: Iterable[Event]) -> list[str]:
    """``to_act_for`` tells each viewer a part of ``to_act`` that includes its own turn; ``replay_event``
    of earlier events (``history``) against ``state`` keeps their type and public part and shows a
    viewer no card it was not shown when the event happened."""
    problems = []
    seats = engine.to_act(state)
    deck = set(engine.full_deck(state))
    for viewer in viewers(engine, state):
        told = engine.to_act_for(state, viewer)
        if not set(told) <= set(seats) or list(told) != sorted(told) or (viewer in seats) != (viewer in told):
            problems.append(f"to_act_for({viewer}) = {told} for to_act {seats}")
        for event in history:
            replayed = engine.replay_event(state, viewer, event)
            if (replayed.type, dict(replayed.data)) != (event.type, dict(event.data)):
                problems.append(f"replay of {event.type} to {viewer}: its public part changed")
            then = set(card_values(event.for_viewer(viewer), engine.card_keys))
            now = set(card_values(replayed.for_viewer(viewer), engine.card_keys))
            if (now - then) & deck:
                problems.append(f"replay of {event.type} to {viewer}: shows {sorted((now - then) & deck)[:3]}")
    return problems


def _contains_seed(obj: Any, seed: int) -> bool:
    # a small seed collides with ordinary counts and scores; the service draws 63-bit seeds
    if abs(seed) < 1_000_000:
        return False
    if isinstance(obj, dict):
        return any(_contains_seed(v, seed) for v in obj.values())
    if isinstance(obj, list):
        return any(_contains_seed(v, seed) for v in obj)
    return obj == seed or (isinstance(obj, str) and str(seed) in obj)
