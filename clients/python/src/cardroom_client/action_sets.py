"""Expanding compact legal actions (``MatchState.legal_action_sets``) into the actions they stand for.

A set is ``action`` with one value of each of ``params`` (the first outermost), every combination except those
where the two ``distinct`` parameters are equal. Expanding every set of a MatchState, in order, gives its flat
``legal_actions`` exactly, in order (GetMatch with ``LEGAL_ACTIONS_FORM_BOTH`` answers both). The service
answers the sets by default; ``legal_actions(state)`` gives a state's actions in whichever form it came.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product
from typing import Any

from .v1 import match_pb2

__all__ = ["expand_action_set", "expand_action_sets", "legal_actions"]


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
    params = list(action_set.params)
    names = [param.name for param in params]
    distinct = [names.index(name) for name in action_set.distinct]
    actions = []
    for combo in product(*(_values(param) for param in params)):
        if distinct and combo[distinct[0]] == combo[distinct[1]]:
            continue
        action = type(action_set.action)()  # the stubs' class the set came in (the service's own stubs too)
        action.CopyFrom(action_set.action)
        inner = _inner(action)
        for name, value in zip(names, combo, strict=True):
            if isinstance(value, tuple):  # a repeated string field: the whole list
                inner.ClearField(name)
                getattr(inner, name).extend(value)
            else:
                setattr(inner, name, value)
        actions.append(action)
    return actions


def _values(param: match_pb2.ActionParam) -> list[Any]:
    if param.string_lists:
        return [tuple(item.values) for item in param.string_lists]
    return list(param.ints) or list(param.strings) or list(param.bools)


def _inner(action: match_pb2.Action) -> Any:
    """The typed action message inside ``action`` (``action.pumptown.play``)."""
    game = getattr(action, action.WhichOneof("game"))
    return getattr(game, game.WhichOneof("action"))
