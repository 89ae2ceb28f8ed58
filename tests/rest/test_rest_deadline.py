"""The deadline of the current decision over REST and in SSE events (issue 20, part 8), on a real server.

A table with a long clock (nothing times out during the test): every JSON answer and every SSE event
of a started match carries ``state.deadline``, the same instant a gRPC client gets; without a clock
there is none.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime

import httpx
from httpx_sse import connect_sse
from rest_table import FLAT, bearer, ok

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc

TURN, RESERVE = 600, 60


def _instant(text: str) -> float:
    """An RFC 3339 timestamp of proto3 JSON, as epoch seconds."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def _table(http: httpx.Client, table: dict) -> tuple[str, list[str]]:
    body = {"seatCount": 2, "playerName": "p0", "requestId": str(uuid.uuid4()), "table": table}
    created = ok(http.post("/v1/games/up-or-down/matches", json=body))
    name = created["state"]["match"]["name"]
    joined = ok(http.post(f"/v1/{name}:join", json={"playerName": "p1", "requestId": str(uuid.uuid4())}))
    return name, [created["seatToken"], joined["seatToken"]]


def test_every_answer_and_sse_event_of_a_clocked_match_carries_the_deadline(server, http):
    name, tokens = _table(http, {"turnSeconds": TURN, "reserveSeconds": RESERVE})
    waiting = ok(http.get(f"/v1/{name}"))
    assert "deadline" not in waiting  # nobody decides yet
    started = ok(http.post(f"/v1/{name}:start", json={}, headers=bearer(tokens[0])))
    opened = _instant(started["match"]["updateTime"])
    assert abs(_instant(started["deadline"]) - (opened + TURN + RESERVE)) < 1e-3
    spectator = ok(http.get(f"/v1/{name}"))
    assert spectator["deadline"] == started["deadline"]
    # the same instant over gRPC
    with server.channel() as channel:
        state = game_service_pb2_grpc.GameServiceStub(channel).GetMatch(pb.GetMatchRequest(name=name))
    # compared as proto3 JSON text, to the nanosecond: as floats, the epoch seconds of 2026 keep only ~0.24 µs, and
    # datetime drops what is below a microsecond (the test failed when the nanoseconds ended in more than ~760)
    assert state.deadline.ToJsonString() == started["deadline"]

    seat = spectator["toAct"][0]
    mine = ok(http.get(f"/v1/{name}", params=FLAT, headers=bearer(tokens[seat])))
    acted = ok(
        http.post(
            f"/v1/{name}:submitAction",
            json={"action": mine["legalActions"][0], "requestId": str(uuid.uuid4())},
            headers=bearer(tokens[seat]),
        )
    )
    after = acted["state"]
    assert _instant(after["deadline"]) > _instant(started["deadline"]) - RESERVE  # the next decision's clock
    # the SSE stream replays every version: each event of the started match carries its deadline
    events = []
    with httpx.Client(base_url=server.http_url, timeout=httpx.Timeout(30, read=60)) as client:
        url = f"/v1/{name}:watch"
        with connect_sse(client, "GET", url, params={"afterVersion": "0"}, headers=bearer(tokens[1])) as source:
            for event in source.iter_sse():
                if not event.data:
                    continue  # a heartbeat
                events.append(json.loads(event.data))
                if events[-1]["version"] >= after["match"]["version"]:
                    break
    by_version = {event["version"]: event["state"] for event in events}
    assert by_version[started["match"]["version"]]["deadline"] == started["deadline"]
    assert by_version[after["match"]["version"]]["deadline"] == after["deadline"]
    before_start = [state for version, state in by_version.items() if version < started["match"]["version"]]
    assert before_start and all("deadline" not in state for state in before_start)


def test_a_match_without_a_clock_has_no_deadline_over_rest(http):
    name, tokens = _table(http, {})
    started = ok(http.post(f"/v1/{name}:start", json={}, headers=bearer(tokens[0])))
    assert started["match"]["status"] == "MATCH_STATUS_ACTIVE" and "deadline" not in started
    assert "deadline" not in ok(http.get(f"/v1/{name}"))
