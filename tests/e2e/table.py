"""A test table: one match played over gRPC with the generated stubs, a token per seat."""

from __future__ import annotations

import random
import uuid
from typing import Any

import grpc
from cardroom_client import legal_actions
from google.protobuf import json_format
from grpc_status import rpc_status

from cardroom.api import convert
from cardroom.api.errors import error_info
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def error_reason(error: grpc.RpcError) -> str | None:
    """The ErrorInfo reason of a rich status."""
    status = rpc_status.from_call(error)
    info = error_info(status) if status else None
    return info.reason if info else None


class Table:
    def __init__(
        self,
        stub,
        game: str,
        players: int,
        *,
        options: dict | None = None,
        seed: int | None = None,
        fixture: dict | None = None,
    ):
        self.stub = stub
        self.game = game
        self.players = players
        request = pb.CreateMatchRequest(
            parent=f"games/{game}", seat_count=players, player_name="p0", request_id=str(uuid.uuid4())
        )
        if options:
            request.options.CopyFrom(convert.options_to_proto(game, options))
        if seed is not None:
            request.seed = str(seed)
        if fixture is not None:
            json_format.ParseDict(fixture, request.fixture)
        created = stub.CreateMatch(request)
        self.name = created.state.match.name
        self.tokens = [created.seat_token]
        for seat in range(1, players):
            joined = stub.JoinMatch(
                pb.JoinMatchRequest(name=self.name, player_name=f"p{seat}", request_id=str(uuid.uuid4()))
            )
            assert joined.seat == seat
            self.tokens.append(joined.seat_token)

    def start(self) -> match_pb2.MatchState:
        return self.stub.StartMatch(
            pb.StartMatchRequest(name=self.name, request_id=str(uuid.uuid4())), metadata=bearer(self.tokens[0])
        )

    def get(self, seat: int | None) -> match_pb2.MatchState:
        metadata = bearer(self.tokens[seat]) if seat is not None else ()
        return self.stub.GetMatch(pb.GetMatchRequest(name=self.name), metadata=metadata)

    def act(
        self, seat: int, action: dict[str, Any], expected_version: int | None = None, request_id: str | None = None
    ) -> pb.SubmitActionResponse:
        request = pb.SubmitActionRequest(
            name=self.name,
            action=convert.action_to_proto(self.game, action),
            request_id=request_id or str(uuid.uuid4()),
        )
        if expected_version is not None:
            request.expected_version = expected_version
        return self.stub.SubmitAction(request, metadata=bearer(self.tokens[seat]))

    def play_randomly(self, rng: random.Random, max_actions: int = 100_000) -> list[tuple[int, dict]]:
        """Play to the end: a seat from to_act picks one of ITS OWN listed legal actions."""
        state = self.get(0)
        played = []
        while state.match.status == match_pb2.MATCH_STATUS_ACTIVE:
            # a seat is told only its own turn when the rules hide who is asked (Pumptown's holders_only)
            seats = list(state.to_act) or [s for s in range(self.players) if s in self.get(s).to_act]
            seat = rng.choice(seats)
            mine = self.get(seat)
            assert mine.your_seat == seat
            action = convert.action_from_proto(self.game, rng.choice(legal_actions(mine)))
            answer = self.act(seat, action, expected_version=mine.match.version)
            played.append((seat, action))
            state = answer.state
            assert len(played) < max_actions
        return played
