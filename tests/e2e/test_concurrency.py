"""Optimistic versioning and idempotency under concurrent calls, against real Redis."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import grpc
from cardroom_client import legal_actions
from table import Table, bearer, error_reason

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb


def _first_move(table: Table):
    state = table.get(None)
    seat = state.to_act[0]
    mine = table.get(seat)
    return seat, convert.action_from_proto(table.game, legal_actions(mine)[0]), mine.match.version


def _submit(table: Table, seat: int, action: dict, version: int | None, request_id: str):
    try:
        return table.act(seat, action, expected_version=version, request_id=request_id)
    except grpc.RpcError as error:
        return error


def _log_versions(table: Table) -> list[int]:
    versions, token = [], ""
    while True:
        page = table.stub.GetMatchLog(pb.GetMatchLogRequest(name=table.name, page_size=100, page_token=token))
        versions += [entry.version for entry in page.entries]
        token = page.next_page_token
        if not token:
            return versions


def test_32_concurrent_submits_with_one_expected_version_commit_once(stub):
    table = Table(stub, "flip-7", 3)
    table.start()
    seat, action, version = _first_move(table)
    with ThreadPoolExecutor(32) as pool:
        answers = list(pool.map(lambda i: _submit(table, seat, action, version, str(uuid.uuid4())), range(32)))
    committed = [a for a in answers if not isinstance(a, grpc.RpcError)]
    refused = [a for a in answers if isinstance(a, grpc.RpcError)]
    assert len(committed) == 1
    assert len(refused) == 31
    assert all(e.code() == grpc.StatusCode.ABORTED and error_reason(e) == "STALE_VERSION" for e in refused)
    after = table.get(None)
    assert after.match.version == version + 1
    assert _log_versions(table) == list(range(1, version + 2))


def test_repeated_request_id_applies_once_and_returns_the_first_answer(stub):
    table = Table(stub, "flip-7", 3)
    table.start()
    seat, action, version = _first_move(table)
    request_id = str(uuid.uuid4())
    first = table.act(seat, action, request_id=request_id)
    again = table.act(seat, action, request_id=request_id)
    assert again == first
    assert table.get(None).match.version == version + 1


def test_concurrent_duplicates_of_one_request_id_apply_once(stub):
    table = Table(stub, "flip-7", 3)
    table.start()
    seat, action, version = _first_move(table)
    request_id = str(uuid.uuid4())
    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(lambda i: _submit(table, seat, action, None, request_id), range(16)))
    committed = [a for a in answers if not isinstance(a, grpc.RpcError)]
    assert committed, [error_reason(a) for a in answers]
    assert all(a == committed[0] for a in committed)
    assert table.get(None).match.version == version + 1
    assert _log_versions(table) == list(range(1, version + 2))


def test_without_expected_version_conflicts_are_retried_and_nothing_is_lost(stub):
    """Every seat of Pumba may challenge out of turn; here simply many writers race on join."""
    created = stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=6, request_id=str(uuid.uuid4())))
    name = created.state.match.name
    with ThreadPoolExecutor(5) as pool:
        joined = list(
            pool.map(lambda i: stub.JoinMatch(pb.JoinMatchRequest(name=name, request_id=str(uuid.uuid4()))), range(5))
        )
    assert sorted(j.seat for j in joined) == [1, 2, 3, 4, 5]
    state = stub.GetMatch(pb.GetMatchRequest(name=name), metadata=bearer(created.seat_token))
    assert state.match.version == 6
    assert all(seat.occupied for seat in state.match.seats)
