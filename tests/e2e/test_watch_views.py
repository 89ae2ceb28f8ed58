"""A spectator and every seat watch whole matches: each sees exactly its engine view, never a hidden card."""

from __future__ import annotations

import random
import threading

import pytest
from table import Table, bearer
from test_full_games import GAMES

from cardroom.api import convert
from cardroom.engines import get_engine, invariants
from cardroom.v1 import game_service_pb2 as pb


def _watch(table: Table, seat: int | None, after: int, into: list) -> None:
    metadata = bearer(table.tokens[seat]) if seat is not None else ()
    for update in table.stub.WatchMatch(pb.WatchMatchRequest(name=table.name, after_version=after), metadata=metadata):
        into.append(update)


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_viewer_sees_only_its_view(stub, game, players, options):
    seed = 99
    table = Table(stub, game, players, options=options, seed=seed)
    started = table.start()
    start_version = started.match.version
    viewers = [*range(players), None]
    received = {viewer: [] for viewer in viewers}
    threads = [threading.Thread(target=_watch, args=(table, v, 0, received[v]), daemon=True) for v in viewers]
    for thread in threads:
        thread.start()
    played = table.play_randomly(random.Random(11))
    for thread in threads:
        thread.join(60)
        assert not thread.is_alive(), "watch stream did not end with the match"

    engine = get_engine(game)
    transitions = {start_version: engine.start(players, options, seed)}  # the opening deal's events too
    for offset, (seat, action) in enumerate(played):
        transitions[start_version + offset + 1] = engine.apply(transitions[start_version + offset].state, seat, action)
    states = {version: transition.state for version, transition in transitions.items()}
    final_version = start_version + len(played)

    for viewer, updates in received.items():
        assert [u.version for u in updates] == list(range(1, final_version + 1)), f"viewer {viewer} missed versions"
        for update in updates:
            if update.version < start_version:
                continue
            state = states[update.version]
            assert update.state.view == convert.view_to_proto(game, engine.view(state, viewer))
            expected = [convert.event_to_proto(game, e.for_viewer(viewer)) for e in transitions[update.version].events]
            assert list(update.events) == expected, f"viewer {viewer} at version {update.version}"
            hidden = engine.hidden_cards(state, viewer)
            shown = [convert.event_from_proto(game, e) for e in update.events]
            leaked = [card for card in invariants.card_values(shown, engine.card_keys) if card in hidden]
            assert not leaked, f"viewer {viewer} at version {update.version} saw hidden {leaked}"


def test_watch_resumes_from_any_version(stub):
    table = Table(stub, "flip-7", 3, seed=5)
    table.start()
    table.play_randomly(random.Random(2))
    final = table.get(None).match.version
    tail: list = []
    _watch(table, 1, final - 3, tail)
    assert [u.version for u in tail] == [final - 2, final - 1, final]
