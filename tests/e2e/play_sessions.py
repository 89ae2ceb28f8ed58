"""Helpers of the play-session tests: whole matches played by one SDK session per seat, checked against the engine.

Each seat's session acts on the updates pushed to it (a random legal action whenever the seat is to act on the
newest version it received); the accepted actions, by the version each produced, replay the match in the engine
(``Replayed`` of the leak suite), against which every update of every session is checked: exactly the engine's
view for that viewer, its events as that viewer saw them then, no card hidden from it, every version once.
"""

from __future__ import annotations

import asyncio
import random

from cardroom_client import CardroomError, Session, legal_actions
from cardroom_client.v1 import game_service_pb2 as cpb
from cardroom_client.v1 import match_pb2 as cmatch
from test_log_leaks import Replayed

from cardroom.api import convert
from cardroom.engines import invariants
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

ACTIVE = cmatch.MATCH_STATUS_ACTIVE


async def play_seat(
    session: Session, seat: int, game: str, rng: random.Random, played: dict[int, tuple[int, dict]]
) -> list[cpb.MatchUpdate]:
    """Iterate ``session`` to the end of the match, acting for ``seat``; the updates received, in order.
    ``played``: version -> (seat, action) of every action accepted."""
    received = []
    async for update in session:
        received.append(update)
        state = update.state
        if update.version < session.last_version or state.match.status != ACTIVE:
            continue  # a newer update is in already: decide on that one
        if seat not in state.to_act or not legal_actions(state):
            continue
        action = rng.choice(legal_actions(state))
        try:
            version = await session.act(action)
        except CardroomError as refused:
            assert refused.reason in ("STALE_VERSION", "NOT_YOUR_TURN"), refused  # a simultaneous decision lost
            continue
        played[version] = (seat, convert.action_from_proto(game, _service_action(action)))
    return received


def _service_action(action: cmatch.Action) -> match_pb2.Action:
    """The SDK's message as the service's own class (the two stub packages are distinct modules)."""
    return match_pb2.Action.FromString(action.SerializeToString())


def check_viewer(match: Replayed, viewer: int | None, received: list, first: int, last: int) -> None:
    """``received`` are exactly versions ``first..last``, each the engine's view and events for ``viewer``."""
    engine, game = match.engine, match.game
    updates = [pb.MatchUpdate.FromString(update.SerializeToString()) for update in received]
    assert [u.version for u in updates] == list(range(first, last + 1)), f"viewer {viewer}: lost or doubled"
    for update in updates:
        transition = match.transitions.get(update.version)
        if transition is None:  # before the start: no engine state yet
            continue
        state = transition.state
        assert update.state.view == convert.view_to_proto(game, engine.view(state, viewer)), f"v{update.version}"
        expected = [convert.event_to_proto(game, e.for_viewer(viewer)) for e in transition.events]
        assert list(update.events) == expected, f"viewer {viewer} at version {update.version}"
        hidden = engine.hidden_cards(state, viewer)
        shown = [convert.event_from_proto(game, e) for e in update.events]
        leaked = [card for card in invariants.card_values(shown, engine.card_keys) if card in hidden]
        assert not leaked, f"viewer {viewer} at version {update.version} saw hidden {leaked}"


async def gather_all(*work):
    """Await every coroutine; the first failure cancels the rest."""
    tasks = [asyncio.ensure_future(item) for item in work]
    try:
        return await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
