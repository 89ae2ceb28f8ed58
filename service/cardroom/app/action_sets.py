"""Legal actions in compact form: the flat list factored into parameterised sets a client expands.

A set is ``(fixed, params)``: ``fixed`` an action dict with every parameter that has one value, ``params`` the
varying parameters in order, each with its allowed values. It stands for every combination of those values (the
first parameter outermost, the last varying fastest), and for nothing else. ``compact(actions)`` factors a flat
list so that expanding its sets in order gives the list back exactly, in order (``expand`` does that, and the
tests check it over random games of every game): a Pumptown SWAP's 896 (seat, position, seat, position)
combinations become one set, "any two grid slots of two different seats" (``a`` and ``b`` distinct), and Pumba's
play "with and without the Pumba! call" one set with ``pumba`` in ``[false, true]``.

It is generic over the engines' action dicts (no game knowledge), so every game gets it and the flat list stays
the one source of truth. Hand-written: no library factors a list of records into ordered Cartesian products.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations as combinations_of
from itertools import product
from typing import Any

Action = Mapping[str, Any]


@dataclass(frozen=True)
class ActionSet:
    """Every action ``fixed`` + one value of each of ``params`` (name, values), in product order, less those
    where the two ``distinct`` parameters are equal."""

    fixed: dict[str, Any]
    params: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    #: two parameters that never take the same value (a Swap's two seats), or ()
    distinct: tuple[str, ...] = ()

    def combinations(self) -> list[tuple[Any, ...]]:
        """The parameter values of every action of the set, in order."""
        return _combinations([values for _, values in self.params], self._distinct_indexes())

    def _distinct_indexes(self) -> tuple[int, ...]:
        names = [name for name, _ in self.params]
        return tuple(names.index(name) for name in self.distinct)


def compact(actions: Sequence[Action]) -> list[ActionSet]:
    """``actions`` as sets whose expansion, in order, is ``actions`` in order."""
    sets: list[ActionSet] = []
    for run in _runs(actions, _shape):
        sets += _factor(run, [key for key in run[0] if key != "type"])
    return sets


def expand(sets: Sequence[ActionSet]) -> list[dict[str, Any]]:
    """The flat list of ``sets``, in order (the inverse of ``compact``)."""
    flat: list[dict[str, Any]] = []
    for action_set in sets:
        names = [name for name, _ in action_set.params]
        for values in action_set.combinations():
            flat.append({**action_set.fixed, **dict(zip(names, values, strict=True))})
    return flat


def _combinations(values: list[tuple[Any, ...]], distinct: tuple[int, ...]) -> list[tuple[Any, ...]]:
    """The product of ``values`` (first outermost), without the combinations where the two ``distinct``
    positions are equal."""
    combos = product(*values)
    if not distinct:
        return list(combos)
    first, second = distinct
    return [combo for combo in combos if combo[first] != combo[second]]


def _shape(action: Action) -> tuple[str, ...]:
    """Actions of one type with the same parameters may share a set."""
    return (action["type"], *sorted(action))


def _runs(items: Sequence[Action], key: Any) -> list[list[Action]]:
    """Consecutive items with the same ``key(item)`` (order kept)."""
    runs: list[list[Action]] = []
    last: Any = object()
    for item in items:
        marker = key(item)
        if not runs or marker != last:
            runs.append([])
            last = marker
        runs[-1].append(item)
    return runs


def _factor(run: list[Action], keys: list[str]) -> list[ActionSet]:
    """Sets for ``run`` (actions of one shape): one product when it is one, else split by the first varying key
    and factor each part, joining neighbouring parts that differ in that key only."""
    varying = [key for key in keys if any(action[key] != run[0][key] for action in run)]
    fixed = {key: value for key, value in run[0].items() if key not in varying}
    values = [_distinct(action[key] for action in run) for key in varying]
    rows = [tuple(action[key] for key in varying) for action in run]
    # the values of two parameters may be one set that never repeats within an action (two different seats)
    # (the second one's first-seen order skips the first's value, so it is taken in the first one's order)
    tries: list[tuple[list[tuple[Any, ...]], tuple[int, ...]]] = [(values, ())]
    for i, j in combinations_of(range(len(varying)), 2):
        if len(values[i]) > 1 and sorted(map(repr, values[i])) == sorted(map(repr, values[j])):
            tries.append(([*values[:j], values[i], *values[j + 1 :]], (i, j)))
    for tried, distinct in tries:
        if _combinations(tried, distinct) == rows:
            names = tuple(varying[i] for i in distinct)
            return [ActionSet(fixed, tuple(zip(varying, tried, strict=True)), names)]
    first, rest = varying[0], varying[1:]
    parts = [_factor(part, rest) for part in _runs(run, lambda action: _hashable(action[first]))]
    return _merged([found for part in parts for found in part], first)


def _merged(sets: list[ActionSet], key: str) -> list[ActionSet]:
    """Neighbouring sets that differ only in ``key``'s single value become one set with ``key`` outermost."""
    out: list[ActionSet] = []
    for found in sets:
        if out and _joinable(out[-1], found, key):
            out[-1] = _join(out[-1], found, key)
        else:
            out.append(found)
    return out


def _joinable(left: ActionSet, right: ActionSet, key: str) -> bool:
    """``right`` continues ``left`` along ``key``: same params after ``key``, same fixed values but ``key``'s."""
    left_params = left.params[1:] if left.params and left.params[0][0] == key else left.params
    if left_params != right.params or left.distinct != right.distinct or key not in right.fixed:
        return False
    left_rest = {k: v for k, v in left.fixed.items() if k != key}
    right_rest = {k: v for k, v in right.fixed.items() if k != key}
    return left_rest == right_rest and (key in left.fixed or left.params[0][0] == key)


def _join(left: ActionSet, right: ActionSet, key: str) -> ActionSet:
    if key in left.fixed:
        fixed = {k: v for k, v in left.fixed.items() if k != key}
        return ActionSet(fixed, ((key, (left.fixed[key], right.fixed[key])), *left.params), left.distinct)
    (name, values), *rest = left.params
    return ActionSet(left.fixed, ((name, (*values, right.fixed[key])), *rest), left.distinct)


def _distinct(values: Any) -> tuple[Any, ...]:
    """The values in first-seen order (lists, such as a layout, compared as values)."""
    seen: list[Any] = []
    for value in values:
        if value not in seen:
            seen.append(value)
    return tuple(seen)


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
