"""The SDK's legal-action helpers without a server: ``random_legal_action`` picks what ``rng.choice`` picks from the
expanded list, for the same ``rng``, over sets with a distinct pair (a Swap's two seats) and a list parameter."""

from __future__ import annotations

import random

from cardroom_client import expand_action_sets, random_legal_action
from cardroom_client.v1 import match_pb2, pumptown_pb2


def _play(card: str) -> match_pb2.Action:
    return match_pb2.Action(pumptown=pumptown_pb2.PumptownAction(play=pumptown_pb2.PumptownPlayAction(card=card)))


def _sets() -> list[match_pb2.ActionSet]:
    swap = match_pb2.ActionSet(action=_play("SWAP"), distinct=["a", "b"])
    swap.params.add(name="a", ints=[0, 1, 2, 3])
    swap.params.add(name="pa", strings=["A1", "B2"])
    swap.params.add(name="b", ints=[2, 0, 1, 3, 5])  # in another order, and 5 only here
    swap.params.add(name="pb", strings=["A1", "C3"])
    rearrange = match_pb2.ActionSet(action=_play("REARR"))
    rearrange.params.add(name="layout").string_lists.add(values=["A1", "B2"])
    rearrange.params[0].string_lists.add(values=["B2", "A1"])
    plain = match_pb2.ActionSet(action=_play("NOPE"))
    return [plain, swap, plain, rearrange]


def test_the_pick_is_rng_choice_of_the_expanded_sets() -> None:
    sets = _sets()
    flat = expand_action_sets(sets)
    assert len(flat) == 1 + (4 * 5 - 4) * 2 * 2 + 1 + 2  # the Swap less its four equal pairs of seats
    state = match_pb2.MatchState(legal_action_sets=sets)
    picked = set()
    for seed in range(300):
        action = random_legal_action(state, random.Random(seed))
        assert action == random.Random(seed).choice(flat)
        picked.add(action.SerializeToString())
    assert len(picked) > len(flat) // 2  # the picks spread over the sets, not one of them


def test_a_flat_list_is_picked_from_as_it_is() -> None:
    flat = expand_action_sets(_sets())
    state = match_pb2.MatchState(legal_actions=flat, legal_action_sets=_sets())
    assert random_legal_action(state, random.Random(7)) == random.Random(7).choice(flat)
