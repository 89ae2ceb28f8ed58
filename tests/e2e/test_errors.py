"""Bad calls get their proper status code and reason, and change nothing."""

from __future__ import annotations

import uuid

import grpc
import pytest
from cardroom_client import legal_actions
from table import Table, bearer, error_reason

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc
from support.processes import ServerProcess


def _refused(call, code: grpc.StatusCode, reason: str | None = None) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    assert caught.value.code() == code, caught.value.details()
    if reason is not None:
        assert error_reason(caught.value) == reason
    return caught.value


@pytest.fixture
def table(stub):
    table = Table(stub, "up-or-down", 2)
    table.start()
    return table


def _submit(table, token: str | None, action: dict, **fields):
    request = pb.SubmitActionRequest(
        name=table.name, action=convert.action_to_proto(table.game, action), request_id=str(uuid.uuid4()), **fields
    )
    metadata = bearer(token) if token else ()
    return table.stub.SubmitAction(request, metadata=metadata)


def _a_legal_action(table) -> tuple[int, dict]:
    seat = table.get(None).to_act[0]
    return seat, convert.action_from_proto(table.game, legal_actions(table.get(seat))[0])


def test_token_errors_change_nothing(stub, table):
    seat, action = _a_legal_action(table)
    version = table.get(None).match.version
    _refused(lambda: _submit(table, None, action), grpc.StatusCode.UNAUTHENTICATED, "SEAT_TOKEN_REQUIRED")
    _refused(lambda: _submit(table, "garbage", action), grpc.StatusCode.UNAUTHENTICATED, "INVALID_SEAT_TOKEN")
    forged = table.tokens[seat][:-3] + ("AAA" if not table.tokens[seat].endswith("AAA") else "BBB")
    _refused(lambda: _submit(table, forged, action), grpc.StatusCode.UNAUTHENTICATED, "INVALID_SEAT_TOKEN")
    other = Table(stub, "up-or-down", 2)
    _refused(lambda: _submit(table, other.tokens[seat], action), grpc.StatusCode.PERMISSION_DENIED, "WRONG_MATCH_TOKEN")
    _refused(
        lambda: table.stub.GetMatch(pb.GetMatchRequest(name=table.name), metadata=(("authorization", "Basic x"),)),
        grpc.StatusCode.UNAUTHENTICATED,
        "INVALID_SEAT_TOKEN",
    )
    assert table.get(None).match.version == version


def test_rule_refusals_carry_the_rules_code_and_change_nothing(table):
    seat, action = _a_legal_action(table)
    version = table.get(None).match.version
    _refused(lambda: table.act(1 - seat, action), grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
    hand = set(table.get(seat).view.up_or_down.hand)
    elsewhere = next(card for card in range(1, 127) if card not in hand)
    _refused(
        lambda: table.act(seat, {"type": "play", "card": elsewhere}),
        grpc.StatusCode.FAILED_PRECONDITION,
        "CARD_NOT_IN_HAND",
    )
    _refused(lambda: table.act(seat, {"type": "take", "card": 1}), grpc.StatusCode.FAILED_PRECONDITION, "WRONG_PHASE")
    _refused(
        lambda: table.stub.SubmitAction(
            pb.SubmitActionRequest(name=table.name, request_id="x"), metadata=bearer(table.tokens[seat])
        ),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    _refused(lambda: table.act(seat, action, expected_version=version - 1), grpc.StatusCode.ABORTED, "STALE_VERSION")
    assert table.get(None).match.version == version


def test_unknown_game_and_match_and_bad_names(stub):
    _refused(lambda: stub.GetGame(pb.GetGameRequest(name="games/chess")), grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")
    _refused(
        lambda: stub.GetMatch(pb.GetMatchRequest(name="games/pumba/matches/nosuchmatch")),
        grpc.StatusCode.NOT_FOUND,
        "MATCH_NOT_FOUND",
    )
    _refused(
        lambda: stub.GetMatch(pb.GetMatchRequest(name="matches/x")), grpc.StatusCode.INVALID_ARGUMENT, "INVALID_NAME"
    )
    _refused(
        lambda: stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=40)),
        grpc.StatusCode.INVALID_ARGUMENT,
    )


def test_bad_option_is_named(stub):
    request = pb.CreateMatchRequest(parent="games/up-or-down", seat_count=2)
    request.options.CopyFrom(convert.options_to_proto("up-or-down", {"card_range": "HUGE"}))
    error = _refused(lambda: stub.CreateMatch(request), grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTION")
    assert "card_range" in error.details()


def test_oversized_message_is_refused(stub, table):
    _refused(
        lambda: stub.JoinMatch(pb.JoinMatchRequest(name=table.name, player_name="x" * (2 << 20))),
        grpc.StatusCode.RESOURCE_EXHAUSTED,
    )


def test_full_match_and_started_match_refuse_joins(stub, table):
    _refused(
        lambda: stub.JoinMatch(pb.JoinMatchRequest(name=table.name)),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MATCH_NOT_WAITING",
    )
    created = stub.CreateMatch(pb.CreateMatchRequest(parent="games/up-or-down", seat_count=2))
    stub.JoinMatch(pb.JoinMatchRequest(name=created.state.match.name))
    _refused(
        lambda: stub.JoinMatch(pb.JoinMatchRequest(name=created.state.match.name)),
        grpc.StatusCode.FAILED_PRECONDITION,
        "MATCH_FULL",
    )


def test_only_the_creator_starts(stub):
    created = stub.CreateMatch(pb.CreateMatchRequest(parent="games/up-or-down", seat_count=2))
    joined = stub.JoinMatch(pb.JoinMatchRequest(name=created.state.match.name))
    _refused(
        lambda: stub.StartMatch(
            pb.StartMatchRequest(name=created.state.match.name), metadata=bearer(joined.seat_token)
        ),
        grpc.StatusCode.PERMISSION_DENIED,
        "NOT_CREATOR",
    )


def test_fixed_decks_need_the_server_flag(redis_process):
    strict = ServerProcess(redis_process.url)
    strict.start()
    try:
        with grpc.insecure_channel(strict.address) as channel:
            stub = game_service_pb2_grpc.GameServiceStub(channel)
            _refused(
                lambda: stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=2, seed="12")),
                grpc.StatusCode.FAILED_PRECONDITION,
                "FIXED_DECKS_DISABLED",
            )
            assert stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=2)).seat_token
    finally:
        strict.stop()
