"""Expanding compact legal actions (``MatchState.legal_action_sets``) into the actions they stand for.

A set is ``action`` with one value of each of ``params`` (the first outermost), every combination except those
where the two ``distinct`` parameters are equal. Expanding every set of a MatchState, in order, gives its flat
``legal_actions`` exactly, in order (GetMatch with ``LEGAL_ACTIONS_FORM_BOTH`` answers both). The service
answers the sets by default; ``legal_actions(state)`` gives a state's actions in whichever form it came, and
``random_legal_action(state, rng)`` one of them at random (a test player's or a placeholder bot's pick).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator
from itertools import islice, product
from typing import Any

from .v1 import match_pb2

__all__ = ["expand_action_set", "expand_action_sets", "legal_actions", "random_legal_action"]


def legal_actions(state: match_pb2.MatchState) -> list[match_pb2.Action]:
    """Every action the state's caller may send now, in the engine's order: its flat ``legal_actions`` when the
    request asked for them (FLAT or BOTH), else its ``legal_action_sets`` (the default) expanded."""
    if state.legal_actions:
        return list(state.legal_actions)
    return expand_action_sets(state.legal_action_sets)


def expand_action_sets(sets: Iterable[match_pb2.ActionSet]) -> list[match_pb2.Action]:
    """Every action of ``sets``, in order."""
    return [action for action_set in sets for action in expand_action_set(action_set)]


def expand_action_set(action_set: match_pb2.ActionSet) -> list[match_pb2.Action]:
    """Every action of one set, in order."""
    names = [param.name for param in action_set.params]
    return [_action(action_set, names, combo) for combo in _combinations(action_set, names)]


def random_legal_action(state: match_pb2.MatchState, rng: random.Random) -> match_pb2.Action:
    """``rng.choice(legal_actions(state))``, the same action for the same ``rng``, with only the one chosen built:
    the index ``choice`` would draw (``randrange`` of the count draws it the same way) is found among the sets
    by their sizes, so a random player's pick among a Swap's 896 actions builds one message, not 896."""
    if state.legal_actions or not state.legal_action_sets:
        return rng.choice(state.legal_actions)
    sets = state.legal_action_sets
    sizes = [_size(action_set) for action_set in sets]
    index = rng.randrange(sum(sizes))
    for action_set, size in zip(sets, sizes, strict=True):
        if index < size:
            names = [param.name for param in action_set.params]
            return _action(action_set, names, next(islice(_combinations(action_set, names), index, None)))
        index -= size
    raise AssertionError("unreachable: the index is below the sizes' sum")


def _combinations(action_set: match_pb2.ActionSet, names: list[str]) -> Iterator[tuple[Any, ...]]:
    """The parameters' values of every action of the set, in order."""
    distinct = [names.index(name) for name in action_set.distinct]
    for combo in product(*(_values(param) for param in action_set.params)):
        if not distinct or combo[distinct[0]] != combo[distinct[1]]:
            yield combo


def _size(action_set: match_pb2.ActionSet) -> int:
    """How many actions the set stands for, counted without listing them."""
    if not action_set.params:  # most sets: one action (a draw, a pass, a play of one card)
        return 1
    values = {param.name: _values(param) for param in action_set.params}
    size = math.prod(len(listed) for listed in values.values())
    if action_set.distinct:
        first, second = (values[name] for name in action_set.distinct)
        size -= size // (len(first) * len(second)) * sum(a == b for a in first for b in second)
    return size


def _action(action_set: match_pb2.ActionSet, names: list[str], combo: tuple[Any, ...]) -> match_pb2.Action:
    action = type(action_set.action)()  # the stubs' class the set came in (the service's own stubs too)
    action.CopyFrom(action_set.action)
    inner = _inner(action)
    for name, value in zip(names, combo, strict=True):
        if isinstance(value, tuple):  # a repeated string field: the whole list
            inner.ClearField(name)
            getattr(inner, name).extend(value)
        else:
            setattr(inner, name, value)
    return action


def _values(param: match_pb2.ActionParam) -> list[Any]:
    if param.string_lists:
        return [tuple(item.values) for item in param.string_lists]
    return list(param.ints) or list(param.strings) or list(param.bools)


def _inner(action: match_pb2.Action) -> Any:
    """The typed action message inside ``action`` (``action.pumptown.play``)."""
    game = getattr(action, action.WhichOneof("game"))
    return getattr(game, game.WhichOneof("action"))
