"""Honest retries (AIP-155), over gRPC and REST: a retry of any method with the same request_id gets
the first answer and changes nothing; the same id with another request is REQUEST_ID_REUSED."""

from __future__ import annotations

import uuid

import grpc
import pytest
from cardroom_client import legal_actions
from transports import TRANSPORTS, Caller, Refused

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from support.store_state import redis_state


@pytest.fixture(params=TRANSPORTS)
def call(request, server, http):
    with grpc.insecure_channel(server.address) as channel:
        yield Caller(request.param, channel, http)


@pytest.fixture
def unchanged(redis_process):
    """A callable asserting that Redis holds what it held when the callable was made."""

    def snapshot():
        before = redis_state(redis_process.url)
        return lambda: redis_state(redis_process.url) == before

    return snapshot


def _rid() -> str:
    return str(uuid.uuid4())


def _refused(reason: str, call, *args) -> None:
    with pytest.raises(Refused) as caught:
        call(*args)
    assert (caught.value.code, caught.value.reason) == ("INVALID_ARGUMENT", reason)


def _create(call, request_id: str, seat_count: int = 3, game: str = "pumba") -> pb.CreateMatchResponse:
    return call(
        "CreateMatch", pb.CreateMatchRequest(parent=f"games/{game}", seat_count=seat_count, request_id=request_id)
    )


def test_create_retried_returns_the_first_match_and_token(call, unchanged):
    request_id = _rid()
    first = _create(call, request_id)
    same = unchanged()
    assert _create(call, request_id) == first
    assert same()
    _refused("REQUEST_ID_REUSED", _create, call, request_id, 4)  # another seat count
    _refused("REQUEST_ID_REUSED", _create, call, request_id, 3, "flip-7")  # another game
    assert same()


def test_join_retried_returns_the_same_seat_and_token(call, unchanged):
    name = _create(call, _rid()).state.match.name
    request_id = _rid()
    request = pb.JoinMatchRequest(name=name, player_name="bea", request_id=request_id)
    first = call("JoinMatch", request)
    same = unchanged()
    again = call("JoinMatch", request)
    assert again == first  # not SEAT_TOKEN_REVOKED: the seat has a token
    assert call("GetMatch", pb.GetMatchRequest(name=name), again.seat_token).your_seat == first.seat
    _refused(
        "REQUEST_ID_REUSED", call, "JoinMatch", pb.JoinMatchRequest(name=name, player_name="cy", request_id=request_id)
    )
    assert same()
    # the match filling up does not change the answer of a retry
    call("JoinMatch", pb.JoinMatchRequest(name=name, request_id=_rid()))
    assert call("JoinMatch", request) == first


def test_leave_retried_returns_the_first_answer(call, unchanged):
    created = _create(call, _rid())
    name = created.state.match.name
    joined = call("JoinMatch", pb.JoinMatchRequest(name=name, request_id=_rid()))
    request = pb.LeaveMatchRequest(name=name, request_id=_rid())
    first = call("LeaveMatch", request, joined.seat_token)
    same = unchanged()
    assert call("LeaveMatch", request, joined.seat_token) == first  # not UNAUTHENTICATED
    # the same id from another seat, or for another method, is not this request
    with pytest.raises(Refused):
        call("LeaveMatch", request, created.seat_token)
    _refused(
        "REQUEST_ID_REUSED",
        call,
        "StartMatch",
        pb.StartMatchRequest(name=name, request_id=request.request_id),
        created.seat_token,
    )
    assert same()


def test_start_retried_returns_the_first_answer(call, unchanged):
    created = _create(call, _rid(), 2)
    name = created.state.match.name
    call("JoinMatch", pb.JoinMatchRequest(name=name, request_id=_rid()))
    request = pb.StartMatchRequest(name=name, request_id=_rid())
    first = call("StartMatch", request, created.seat_token)
    same = unchanged()
    assert call("StartMatch", request, created.seat_token) == first
    assert same()


def test_submit_action_retried_returns_the_first_answer_and_another_action_is_refused(call, unchanged):
    created = _create(call, _rid(), 2, "up-or-down")
    name = created.state.match.name
    joined = call("JoinMatch", pb.JoinMatchRequest(name=name, request_id=_rid()))
    started = call("StartMatch", pb.StartMatchRequest(name=name, request_id=_rid()), created.seat_token)
    token = [created.seat_token, joined.seat_token][started.to_act[0]]
    legal = legal_actions(call("GetMatch", pb.GetMatchRequest(name=name), token))
    assert len(legal) >= 2
    request = pb.SubmitActionRequest(name=name, action=legal[0], request_id=_rid())
    first = call("SubmitAction", request, token)
    same = unchanged()
    assert call("SubmitAction", request, token) == first
    other = pb.SubmitActionRequest(name=name, action=legal[1], request_id=request.request_id)
    _refused("REQUEST_ID_REUSED", call, "SubmitAction", other, token)  # today: OK, nothing applied
    assert same()
    assert convert.game_of(legal[0]) == "up-or-down"
