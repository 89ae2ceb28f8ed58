"""Compact legal actions on the wire: ``app.action_sets`` sets as ``ActionSet`` messages.

The fixed part of a set is an ordinary ``Action`` (``convert.action_to_proto``); each varying parameter names its
field in the game's action message (proto and JSON names, read from the descriptors) and carries its values in
the list of its type. ``legal_actions`` reads them back for the service's own clients (the terminal game, the
benches): decoded into ``app.action_sets`` sets and expanded by its ``expand``, the inverse of the factoring.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from google.protobuf.descriptor import Descriptor

from ..app.action_sets import ActionSet, compact, expand
from ..v1 import match_pb2
from . import convert

__all__ = ["action_sets_to_proto", "legal_actions"]


def action_sets_to_proto(game: str, actions: Sequence[dict[str, Any]]) -> list[match_pb2.ActionSet]:
    """The flat ``actions`` of ``game`` as ``ActionSet`` messages (expanding them gives ``actions`` as sent).

    The actions are factored as the wire carries them (``action_from_proto`` of their messages): a field without
    presence left out by the engine is its zero value there, so Pumba's play without the call and with it
    (``pumba`` absent, ``pumba: true``) are one set with ``pumba`` in ``[false, true]``."""
    return [_set_to_proto(game, action_set) for action_set in compact(_as_wire(game, actions))]


#: (game, shape) -> the key order and zero values a round trip gives that shape, None when it changes a value
_Template = tuple[list[str], dict[str, Any]] | None
_templates: dict[tuple[str, tuple[str, ...]], _Template] = {}


def _as_wire(game: str, actions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each action as ``action_from_proto(action_to_proto(action))`` gives it. The round trip is made once per
    game and shape (type and keys) of scalar actions, for the worker's life: it only adds the zero values of the
    absent fields without presence, in its key order, which the other actions of that shape take as they are (an
    8-seat Pumptown's 1,792 Swaps cost 60 ms of round trips, 8 ms once per shape; the shapes are the engines'
    few action types). Actions with a list parameter, and any shape whose round trip changes a value, take the
    round trip each."""
    wire = []
    for action in actions:
        if any(isinstance(value, list | dict) for value in action.values()):
            wire.append(_round_trip(game, action))
            continue
        shape = (game, (action["type"], *sorted(action)))
        if shape not in _templates:
            trip = _round_trip(game, action)
            kept = all(
                key in trip and type(trip[key]) is type(value) and trip[key] == value for key, value in action.items()
            )
            _templates[shape] = (list(trip), {k: v for k, v in trip.items() if k not in action}) if kept else None
            wire.append(trip)
            continue
        template = _templates[shape]
        if template is None:
            wire.append(_round_trip(game, action))
            continue
        order, zeros = template
        wire.append({key: action[key] if key in action else zeros[key] for key in order})
    return wire


def _round_trip(game: str, action: Mapping[str, Any]) -> dict[str, Any]:
    return convert.action_from_proto(game, convert.action_to_proto(game, action))


def legal_actions(game: str, state: match_pb2.MatchState) -> list[match_pb2.Action]:
    """The actions ``state``'s caller may send, in order: its flat ``legal_actions`` when it has them (a FLAT or
    BOTH request), else its ``legal_action_sets`` (the default form) expanded."""
    if state.legal_actions or not state.legal_action_sets:
        return list(state.legal_actions)
    return [convert.action_to_proto(game, action) for action in _expanded(game, state)]


def _expanded(game: str, state: match_pb2.MatchState) -> list[dict[str, Any]]:
    return expand([_set_from_proto(game, message) for message in state.legal_action_sets])


def _set_from_proto(game: str, message: match_pb2.ActionSet) -> ActionSet:
    params = tuple((param.name, _param_values(param)) for param in message.params)
    return ActionSet(convert.action_from_proto(game, message.action), params, tuple(message.distinct))


def _param_values(param: match_pb2.ActionParam) -> tuple[Any, ...]:
    if param.string_lists:
        return tuple(list(item.values) for item in param.string_lists)
    return tuple(param.ints) or tuple(param.strings) or tuple(param.bools)


def _set_to_proto(game: str, action_set: ActionSet) -> match_pb2.ActionSet:
    message = match_pb2.ActionSet(action=convert.action_to_proto(game, action_set.fixed), distinct=action_set.distinct)
    fields = _action_fields(game, action_set.fixed["type"])
    for name, values in action_set.params:
        param = message.params.add(name=name, json_name=fields[name].json_name)
        first = values[0]
        if isinstance(first, bool):
            param.bools.extend(values)
        elif isinstance(first, int):
            param.ints.extend(values)
        elif isinstance(first, str):
            param.strings.extend(values)
        elif isinstance(first, list):
            for value in values:
                param.string_lists.add(values=value)
        else:  # an engine shape the wire cannot carry: fail loudly, as convert does
            raise ValueError(f"{game}: parameter {name} has values of type {type(first).__name__}")
    return message


@cache
def _action_fields(game: str, kind: str) -> dict[str, Any]:
    """The fields of ``game``'s action message of type ``kind`` (by proto name)."""
    game_action: Descriptor = match_pb2.Action.DESCRIPTOR.fields_by_name[convert.game_field(game)].message_type
    return dict(game_action.fields_by_name[kind].message_type.fields_by_name)
