"""Bots inside the service, end to end: one human seat against server bots on two replicas, one killed
mid-match, over gRPC and over REST; StartMatch's fill_with_bots; bot seats shown in every view."""

from __future__ import annotations

import random
import uuid

import grpc
import httpx
import pytest
from live_tables import act_when_to_act, create, log_of, replicas, start, stub_of, until
from table import error_reason

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

FLAT = {"legalActionsForm": "LEGAL_ACTIONS_FORM_FLAT"}  # REST answers with the flat legalActions

BOT = match_pb2.SEAT_CONTROLLER_BOT


@pytest.mark.parametrize("game", ["flip-7", "up-or-down"])
def test_one_human_against_bots_over_grpc_with_a_replica_killed_mid_match(redis_server, game):
    rng = random.Random(11)
    first, second = replicas(redis_server.url)
    try:
        with stub_of(first) as stub:
            name, token = create(stub, game, 4, bots={1: "random", 2: "random", 3: ""})
            created = stub.GetMatch(pb.GetMatchRequest(name=name))
            assert [seat.bot for seat in created.match.seats] == [False, True, True, True]
            assert [seat.controller for seat in created.match.seats][1:] == [BOT] * 3
            assert created.match.seats[1].bot_level == "random" and created.match.seats[3].bot_level
            start(stub, name, token)
            # the human plays a few decisions through the first replica ...
            act_when_to_act(stub, game, name, token, 0, rng.choice, decisions=2)
        first.kill()  # ... which dies mid-match; the bots' turns and the human go on through the second
        with stub_of(second) as stub:
            done = act_when_to_act(stub, game, name, token, 0, rng.choice)
            entries = log_of(stub, name)
        assert done.match.status == match_pb2.MATCH_STATUS_FINISHED
        actions = [entry for entry in entries if entry.HasField("action")]
        # every turn of a bot seat was played by its bot (no deadline is set, so a stalled bot would
        # have stalled the match); which bot seats got a turn depends on the deal: a Flip 7 round to 40
        # can end before a seat frozen on the deal ever decides
        bot_actions = [entry for entry in actions if entry.seat != 0]
        assert bot_actions and all(entry.by_bot and not entry.timed_out for entry in bot_actions)
        assert not any(entry.by_bot or entry.timed_out for entry in actions if entry.seat == 0)
        assert [entry.version for entry in entries] == list(range(1, len(entries) + 1))
    finally:
        first.stop()
        second.stop()


def test_one_human_against_bots_over_rest_with_a_replica_killed_mid_match(redis_server):
    rng = random.Random(5)
    game = "up-or-down"
    first, second = replicas(redis_server.url)
    try:
        with httpx.Client(base_url=first.http_url, timeout=10) as http:
            body = {"seatCount": 3, "playerName": "ann", "bots": [{"seat": 1, "level": "random"}], "botSeats": [2]}
            created = http.post(f"/v1/games/{game}/matches", json=body).json()
            name, token = created["state"]["match"]["name"], created["seatToken"]
            headers = {"Authorization": f"Bearer {token}"}
            seats = created["state"]["match"]["seats"]
            assert [seat.get("bot", False) for seat in seats] == [False, True, True]
            assert seats[1]["controller"] == "SEAT_CONTROLLER_BOT" and seats[1]["botLevel"] == "random"
            assert http.post(f"/v1/{name}:start", json={}, headers=headers).status_code == 200
            played = _play_rest(http, name, headers, rng, limit=3)
        first.kill()
        with httpx.Client(base_url=second.http_url, timeout=10) as http:
            played += _play_rest(http, name, headers, rng)
            state = http.get(f"/v1/{name}", headers=headers).json()
            entries = http.get(f"/v1/{name}:log", params={"pageSize": 1000}).json()["entries"]
        assert state["match"]["status"] == "MATCH_STATUS_FINISHED" and played > 0
        assert {entry.get("seat") for entry in entries if entry.get("byBot")} == {1, 2}
    finally:
        first.stop()
        second.stop()


def _play_rest(http: httpx.Client, name: str, headers: dict, rng: random.Random, limit: int | None = None) -> int:
    """Play seat 0 over REST until the match ends (or ``limit`` decisions); stale versions are re-decided."""
    played = 0

    def step() -> bool:
        nonlocal played
        state = http.get(f"/v1/{name}", headers=headers, params=FLAT).json()  # legalActions, not sets
        if state["match"]["status"] != "MATCH_STATUS_ACTIVE" or (limit is not None and played >= limit):
            return True
        if 0 in state.get("toAct", []) and state.get("legalActions"):
            body = {
                "action": rng.choice(state["legalActions"]),
                "expectedVersion": state["match"]["version"],
                "requestId": str(uuid.uuid4()),
            }
            answer = http.post(f"/v1/{name}:submitAction", json=body, headers=headers)
            assert answer.status_code in (200, 409), answer.text
            played += answer.status_code == 200
        return False

    until(step, "seat 0 played", interval=0.02)
    return played


def test_fill_with_bots_fills_every_empty_seat(redis_server):
    rng = random.Random(3)
    [server] = replicas(redis_server.url, count=1)
    try:
        with stub_of(server) as stub:
            name, token = create(stub, "pumba", 4)
            started = start(stub, name, token, fill_with_bots=True, bot_level="random")
            assert started.match.seat_count == 4 and len(started.to_act) >= 1
            assert [seat.bot for seat in started.match.seats] == [False, True, True, True]
            assert {seat.bot_level for seat in started.match.seats[1:]} == {"random"}
            done = act_when_to_act(stub, "pumba", name, token, 0, rng.choice)
            assert done.match.status == match_pb2.MATCH_STATUS_FINISHED and len(done.result.scores) == 4
            games = stub.ListGames(pb.ListGamesRequest()).games
            assert all("random" in game.bot_levels for game in games)
    finally:
        server.stop()


def test_bots_refuse_an_unknown_level_and_the_creators_seat(redis_server):
    [server] = replicas(redis_server.url, count=1)
    try:
        with stub_of(server) as stub:
            for bots, reason in (({1: "grandmaster"}, "UNKNOWN_BOT_LEVEL"), ({0: "random"}, "INVALID_SEAT")):
                with pytest.raises(grpc.RpcError) as refused:
                    create(stub, "pumba", 3, bots=bots)
                assert error_reason(refused.value) == reason
    finally:
        server.stop()
