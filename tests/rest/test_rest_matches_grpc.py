"""REST and gRPC answer the same data for the same match and seat: the REST JSON, parsed with the proto3
JSON mapping, equals the gRPC message."""

from __future__ import annotations

import random

import grpc
import pytest
from google.protobuf import json_format
from grpc_status import rpc_status
from rest_table import RestTable, bearer, ok

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2
from e2e.table import Table


def _parsed(data: dict, message_type):
    return json_format.ParseDict(data, message_type())


def test_rest_and_grpc_answer_the_same_data(http, stub):
    table = RestTable(http, "flip-7", 3, seed=99)
    table.start()
    rng = random.Random(3)
    for _ in range(6):
        state = table.get(0)
        seat = rng.choice(state["toAct"])
        mine = table.get(seat)
        ok(table.act(seat, rng.choice(mine["legalActions"]), expectedVersion=mine["match"]["version"]))

    for seat in (None, 0, 1, 2):
        metadata = (("authorization", f"Bearer {table.tokens[seat]}"),) if seat is not None else ()
        over_grpc = stub.GetMatch(pb.GetMatchRequest(name=table.name), metadata=metadata)
        assert _parsed(table.get(seat, flat=False), match_pb2.MatchState) == over_grpc
        log = ok(
            http.get(
                f"/v1/{table.name}:log",
                params={"pageSize": 5},
                headers=bearer(table.tokens[seat] if seat is not None else None),
            )
        )
        log_grpc = stub.GetMatchLog(pb.GetMatchLogRequest(name=table.name, page_size=5), metadata=metadata)
        assert _parsed(log, pb.GetMatchLogResponse) == log_grpc

    assert _parsed(ok(http.get("/v1/games")), pb.ListGamesResponse) == stub.ListGames(pb.ListGamesRequest())
    assert _parsed(ok(http.get("/v1/games/pumba")), match_pb2.Game) == stub.GetGame(
        pb.GetGameRequest(name="games/pumba")
    )


def test_a_grpc_match_reads_the_same_over_rest(http, stub):
    table = Table(stub, "up-or-down", 2, options={"card_range": "SHORT"}, seed=11)
    table.start()
    for seat in (None, 0, 1):
        headers = bearer(table.tokens[seat]) if seat is not None else {}
        assert _parsed(ok(http.get(f"/v1/{table.name}", headers=headers)), match_pb2.MatchState) == table.get(seat)


def test_rest_and_grpc_refuse_with_the_same_error(http, stub):
    table = RestTable(http, "up-or-down", 2, seed=5)
    started = table.start()
    seat = started["toAct"][0]
    stale = started["match"]["version"] - 1
    action = table.get(seat)["legalActions"][0]

    answer = table.act(seat, action, expectedVersion=stale)
    assert answer.status_code == 409
    error = answer.json()["error"]
    request = pb.SubmitActionRequest(name=table.name, expected_version=stale)
    json_format.ParseDict({"action": action}, request)
    with pytest.raises(grpc.RpcError) as caught:
        stub.SubmitAction(request, metadata=(("authorization", f"Bearer {table.tokens[seat]}"),))
    status = rpc_status.from_call(caught.value)
    assert caught.value.code() == grpc.StatusCode.ABORTED and error["status"] == "ABORTED"
    assert error["message"] == status.message
    assert error["details"] == [json_format.MessageToDict(status.details[0])]
    assert error["details"][0]["reason"] == "STALE_VERSION"
    assert error["details"][0]["metadata"] == {"current_version": str(started["match"]["version"])}
