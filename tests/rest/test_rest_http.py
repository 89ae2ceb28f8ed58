"""The HTTP side of the gateway: Google's JSON errors, ETag/If-Match, SSE details, CORS, /healthz and /readyz."""

from __future__ import annotations

import json
import time

import httpx
from rest_table import FLAT, HEARTBEAT, RestTable, bearer, ok

from support.processes import RedisProcess, ServerProcess, wait_until

ORIGIN = "https://table.example"


def _error(response: httpx.Response, status: int, code: str, reason: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    error = response.json()["error"]
    assert (error["code"], error["status"]) == (status, code)
    assert error["details"][0]["@type"] == "type.googleapis.com/google.rpc.ErrorInfo"
    assert (error["details"][0]["reason"], error["details"][0]["domain"]) == (reason, "cardroom.v1")
    return error


def test_errors_have_the_grpc_code_as_http_status_and_googles_shape(http):
    _error(http.get("/v1/games/chess"), 404, "NOT_FOUND", "GAME_NOT_FOUND")
    _error(http.get("/v1/games/flip-7/matches/nosuchmatch"), 404, "NOT_FOUND", "MATCH_NOT_FOUND")
    not_json = http.post("/v1/games/flip-7/matches", content=b"{not json", headers={"Content-Type": "application/json"})
    _error(not_json, 400, "INVALID_ARGUMENT", "INVALID_JSON")
    _error(http.post("/v1/games/flip-7/matches", json={"seatCount": "many"}), 400, "INVALID_ARGUMENT", "INVALID_JSON")
    _error(http.get("/v1/games", params={"pageSize": "x"}), 400, "INVALID_ARGUMENT", "INVALID_JSON")
    _error(http.get("/v1/games", params={"colour": "red"}), 400, "INVALID_ARGUMENT", "UNKNOWN_PARAMETER")
    table = RestTable(http, "flip-7", 3)
    start = f"/v1/{table.name}:start"
    _error(http.post(start, json={}), 401, "UNAUTHENTICATED", "SEAT_TOKEN_REQUIRED")
    _error(
        http.post(start, json={}, headers={"Authorization": "Basic abc"}), 401, "UNAUTHENTICATED", "INVALID_SEAT_TOKEN"
    )
    _error(http.post(start, json={}, headers=bearer(table.tokens[1])), 403, "PERMISSION_DENIED", "NOT_CREATOR")
    _error(http.post(f"/v1/{table.name}:join", json={}), 400, "FAILED_PRECONDITION", "MATCH_FULL")
    assert http.patch("/v1/games").status_code == 405
    too_large = http.post(  # over --max-message-bytes
        "/v1/games/flip-7/matches", content=b" " * (2 << 20), headers={"Content-Type": "application/json"}
    )
    _error(too_large, 413, "RESOURCE_EXHAUSTED", "REQUEST_ENTITY_TOO_LARGE")
    _error(http.get("/v1/nothing/here"), 404, "NOT_FOUND", "NOT_FOUND")


def test_answers_are_compact_utf8_json(http):
    """A REST answer is msgspec's compact UTF-8 proto3 JSON, declared as such (api/proto_json.py)."""
    created = http.post("/v1/games/pumba/matches", json={"seatCount": 2, "playerName": "Zoë ☃"})
    assert created.status_code == 200, created.text
    assert created.headers["Content-Type"] == "application/json; charset=utf-8"
    assert '"playerName":"Zoë ☃"'.encode() in created.content  # not escaped, no blank after the colon
    assert created.json()["state"]["match"]["seats"][0]["playerName"] == "Zoë ☃"


def test_etag_on_match_answers_and_if_match_on_submit(http):
    table = RestTable(http, "up-or-down", 2, seed=8)
    started = http.post(f"/v1/{table.name}:start", json={}, headers=bearer(table.tokens[0]))
    assert started.headers["ETag"] == ok(started)["match"]["etag"]
    seat = started.json()["toAct"][0]
    fetched = http.get(f"/v1/{table.name}", params=FLAT, headers=bearer(table.tokens[seat]))
    assert fetched.headers["ETag"] == started.headers["ETag"]
    action = fetched.json()["legalActions"][0]
    version = fetched.json()["match"]["version"]

    stale_etag = fetched.headers["ETag"].replace(f"-{version}", f"-{version - 1}")
    headers = bearer(table.tokens[seat])
    refused = http.post(
        f"/v1/{table.name}:submitAction", json={"action": action}, headers={**headers, "If-Match": stale_etag}
    )
    error = _error(refused, 409, "ABORTED", "STALE_VERSION")
    assert error["details"][0]["metadata"] == {"current_version": str(version)}
    assert table.get(None)["match"]["version"] == version

    current = {**headers, "If-Match": fetched.headers["ETag"]}
    accepted = http.post(f"/v1/{table.name}:submitAction", json={"action": action}, headers=current)
    assert ok(accepted)["state"]["match"]["version"] == version + 1
    assert accepted.headers["ETag"] == accepted.json()["state"]["match"]["etag"] != fetched.headers["ETag"]


def test_sse_heartbeats_resume_and_errors(server, http):
    table = RestTable(http, "flip-7", 3)
    watch = f"/v1/{table.name}:watch"
    _error(http.get("/v1/games/flip-7/matches/nosuchmatch:watch"), 404, "NOT_FOUND", "MATCH_NOT_FOUND")
    _error(http.get(watch, headers={"Authorization": "Bearer forged"}), 401, "UNAUTHENTICATED", "INVALID_SEAT_TOKEN")

    # Last-Event-ID wins over afterVersion; with nothing new to send, only heartbeat comments come
    headers = {**bearer(table.tokens[2]), "Last-Event-ID": "2"}
    lines: list[str] = []
    with http.stream("GET", watch, params={"afterVersion": "0"}, headers=headers) as stream:
        assert stream.status_code == 200
        assert stream.headers["content-type"].startswith("text/event-stream")
        started = time.monotonic()
        for line in stream.iter_lines():
            lines.append(line)
            if sum(line.startswith(":") for line in lines) >= 2:
                break
        assert time.monotonic() - started >= HEARTBEAT
    events = [line for line in lines if line.startswith("id:")]
    assert events == ["id: 3"]  # the last join; versions 1 and 2 were before Last-Event-ID


def test_cors_is_off_by_default(http):
    preflight = http.options("/v1/games", headers={"Origin": ORIGIN, "Access-Control-Request-Method": "GET"})
    assert "Access-Control-Allow-Origin" not in preflight.headers
    answer = http.get("/v1/games", headers={"Origin": ORIGIN})
    assert answer.status_code == 200 and "Access-Control-Allow-Origin" not in answer.headers


def test_cors_allows_the_configured_origins_with_the_seat_token():
    server = ServerProcess(None, "--cors-origins", f"{ORIGIN}, https://other.example")
    server.start()
    try:
        with httpx.Client(base_url=server.http_url, timeout=30) as http:
            preflight = http.options(
                "/v1/games/flip-7/matches",
                headers={
                    "Origin": ORIGIN,
                    "Access-Control-Request-Method": "POST",
                    "Access-Control-Request-Headers": "authorization, content-type",
                },
            )
            assert preflight.status_code == 200
            assert preflight.headers["Access-Control-Allow-Origin"] == ORIGIN
            assert "AUTHORIZATION" in preflight.headers["Access-Control-Allow-Headers"].upper()
            created = http.post("/v1/games/flip-7/matches", json={"seatCount": 3}, headers={"Origin": ORIGIN})
            assert created.headers["Access-Control-Allow-Origin"] == ORIGIN
            assert "ETAG" in created.headers["Access-Control-Expose-Headers"].upper()
            stranger = http.get("/v1/games", headers={"Origin": "https://stranger.example"})
            assert "Access-Control-Allow-Origin" not in stranger.headers
            refused = http.options(
                "/v1/games", headers={"Origin": "https://stranger.example", "Access-Control-Request-Method": "GET"}
            )
            assert "Access-Control-Allow-Origin" not in refused.headers
    finally:
        server.stop()


def test_healthz_readyz_and_a_watch_through_a_redis_outage():
    redis = RedisProcess()
    redis.start()
    server = ServerProcess(redis.url)
    server.start()
    try:
        with httpx.Client(base_url=server.http_url, timeout=30) as http:
            assert ok(http.get("/healthz")) == {"status": "SERVING"}
            assert ok(http.get("/readyz")) == {"status": "SERVING"}
            table = RestTable(http, "up-or-down", 2)
            with http.stream("GET", f"/v1/{table.name}:watch", params={"afterVersion": "2"}) as stream:
                assert stream.status_code == 200
                redis.stop()
                lines = []
                for line in stream.iter_lines():  # ends when the server closes the stream
                    lines.append(line)
            # the stream had started (200): the outage arrives as its last event, Google's JSON error inside
            assert "event: error" in lines
            error = json.loads(next(line for line in lines if line.startswith("data: "))[6:])["error"]
            assert (error["code"], error["status"]) == (503, "UNAVAILABLE")
            wait_until(lambda: http.get("/readyz").status_code == 503, 15, "readyz 503")
            assert http.get("/healthz").status_code == 200
            redis.start()
            wait_until(lambda: http.get("/readyz").status_code == 200, 15, "readyz 200")
    finally:
        server.stop()
        redis.close()
