"""The lobby (open tables, paginated), fixed decks over the API, and several worker processes."""

from __future__ import annotations

import random
import uuid

import grpc
import pytest
from table import Table

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import ServerProcess


def _open_tables(stub, game: str, page_size: int) -> list[str]:
    names, token = [], ""
    while True:
        page = stub.ListMatches(pb.ListMatchesRequest(parent=f"games/{game}", page_size=page_size, page_token=token))
        assert len(page.matches) <= page_size
        names += [m.name for m in page.matches]
        assert all(m.status == match_pb2.MATCH_STATUS_WAITING for m in page.matches)
        token = page.next_page_token
        if not token:
            return names


def test_lobby_lists_waiting_tables_page_by_page(stub):
    created = [
        stub.CreateMatch(pb.CreateMatchRequest(parent="games/up-or-down", seat_count=3, request_id=str(uuid.uuid4())))
        for _ in range(5)
    ]
    names = [c.state.match.name for c in created]
    listed = _open_tables(stub, "up-or-down", 2)
    assert set(names) <= set(listed)
    assert len(listed) == len(set(listed))

    started = Table(stub, "up-or-down", 2)
    started.start()
    assert started.name not in _open_tables(stub, "up-or-down", 50)
    assert not set(names) & set(_open_tables(stub, "pumba", 50))


def test_start_closes_up_empty_seats(stub):
    created = stub.CreateMatch(pb.CreateMatchRequest(parent="games/up-or-down", seat_count=4))
    name = created.state.match.name
    joined = stub.JoinMatch(pb.JoinMatchRequest(name=name, seat=3, player_name="late"))
    assert joined.seat == 3
    state = stub.StartMatch(
        pb.StartMatchRequest(name=name), metadata=(("authorization", f"Bearer {created.seat_token}"),)
    )
    assert state.your_seat == 0
    assert [s.player_name for s in state.match.seats if s.occupied] == ["Player 1", "late"]
    mine = stub.GetMatch(pb.GetMatchRequest(name=name), metadata=(("authorization", f"Bearer {joined.seat_token}"),))
    assert mine.your_seat == 1


def test_an_acceptance_scenario_over_the_api(stub):
    """Up or Down? scenarios 2-8 (Deck A): the stacked deck reaches the stated final scores."""
    deck_a = [5, 40, 123, 100, 60, 2, 7, 27, 50, 64, 87, 106, 19, 13]
    table = Table(stub, "up-or-down", 2, fixture={"deck_order": deck_a})
    table.start()
    moves = [
        (0, {"type": "play", "card": 5}),
        (0, {"type": "take", "card": 7}),
        (0, {"type": "place", "target": "new"}),
        (0, {"type": "draw", "pile": "up"}),
        (1, {"type": "play", "card": 40}),
        (1, {"type": "take", "card": 27}),
        (1, {"type": "place", "target": "new"}),
        (0, {"type": "play", "card": 123}),
        (0, {"type": "take", "card": 106}),
        (0, {"type": "place", "target": "new"}),
        (1, {"type": "play", "card": 100}),
        (1, {"type": "take", "card": 87}),
        (1, {"type": "place", "target": "col", "index": 0}),
        (0, {"type": "play", "card": 60}),
        (0, {"type": "take", "card": 64}),
        (0, {"type": "place", "target": "new"}),
        (1, {"type": "play", "card": 2}),
        (1, {"type": "take", "card": 123}),
        (1, {"type": "place", "target": "col", "index": 0}),
        (0, {"type": "play", "card": 13}),
        (0, {"type": "take", "card": 40}),
        (0, {"type": "place", "target": "give_up", "index": 1}),
        (1, {"type": "play", "card": 19}),
        (1, {"type": "take", "card": 50}),
        (1, {"type": "place", "target": "new"}),
    ]
    for seat, action in moves:
        table.act(seat, action)
    final = table.get(None)
    assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert list(final.result.scores) == [4, 10]
    assert list(final.result.winners) == [1]
    assert list(final.result.ranks) == [2, 1]
    spectator_view = str(table.get(None).view)
    assert "deck_order" not in spectator_view


def test_two_workers_share_the_port_and_the_store(redis_process):
    server = ServerProcess(redis_process.url, "--workers", "2")
    server.start()
    try:
        with grpc.insecure_channel(server.address) as channel:
            stub = game_service_pb2_grpc.GameServiceStub(channel)
            table = Table(stub, "flip-7", 3)
            table.start()
            table.play_randomly(random.Random(1))
            assert table.get(None).match.status == match_pb2.MATCH_STATUS_FINISHED
    finally:
        assert server.stop() == 0


def test_workers_need_redis():
    server = ServerProcess(None, "--workers", "2")
    with pytest.raises(RuntimeError, match="needs --redis-url"):
        server.start()
