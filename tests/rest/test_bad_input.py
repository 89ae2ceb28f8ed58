"""Bad input over REST gets a 4xx with a reason, never a 500, and changes nothing in the store."""

from __future__ import annotations

import httpx
import pytest

from support.store_state import redis_state

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def unchanged(redis_process):
    before = redis_state(redis_process.url)
    yield
    assert redis_state(redis_process.url) == before, "a refused request changed the store"


@pytest.fixture
def match(http) -> str:
    """A waiting Pumba match of 4 seats, its creator seated."""
    created = http.post("/v1/games/pumba/matches", json={"seatCount": 4})
    assert created.status_code == 200, created.text
    return created.json()["state"]["match"]["name"]


def _refused(response: httpx.Response, status: int, reason: str) -> dict:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    reasons = [detail.get("reason") for detail in error["details"]]
    assert reasons == [reason], error
    assert "redis" not in response.text.lower() and "Traceback" not in response.text
    assert len(response.content) < 1000, "a refusal must not echo the input"
    return error


def _nested(depth: int) -> str:
    """A JSON object nested ``depth`` levels, as text (too deep for Python's own encoder)."""
    return '{"a": ' * depth + "{}" + "}" * depth


def test_bodies_that_are_not_utf8_are_400(http, match, unchanged):
    for path in ("/v1/games/pumba/matches", f"/v1/{match}:join"):
        _refused(http.post(path, content=b'{"playerName": "\xff\xfe"}', headers=JSON), 400, "MALFORMED_REQUEST")


@pytest.mark.parametrize("last_event_id", ["2147483648", "1" * 20, "²", "-1", "1.0"])
def test_last_event_ids_that_are_not_versions_are_400(http, match, unchanged, last_event_id):
    response = http.get(f"/v1/{match}:watch", headers={"Last-Event-ID": last_event_id.encode()})
    error = _refused(response, 400, "FIELD_OUT_OF_RANGE")
    assert error["details"][0]["metadata"] == {"field": "Last-Event-ID"}


def test_a_last_event_id_beyond_the_match_is_400(http, match, unchanged):
    """Found by the fuzz suite (over gRPC): resuming after a version the match never had was a 500."""
    response = http.get(f"/v1/{match}:watch", headers={"Last-Event-ID": "999"})
    error = _refused(response, 400, "FIELD_OUT_OF_RANGE")
    assert error["details"][0]["metadata"]["field"] == "after_version"


@pytest.mark.parametrize("token", ["1" * 23, "²", "9" * 5000])
def test_page_tokens_that_were_never_issued_are_400(http, match, unchanged, token):
    for path in ("/v1/games/pumba/matches", f"/v1/{match}:log"):
        response = http.get(path, params={"pageToken": token})
        assert response.status_code == 400, response.text
        assert response.json()["error"]["details"][0]["reason"] in ("FIELD_TOO_LARGE", "INVALID_PAGE_TOKEN")


def test_a_seed_beyond_64_bits_is_400(http, unchanged):
    body = {"seatCount": 3, "seed": str(2**64)}
    _refused(http.post("/v1/games/flip-7/matches", json=body), 400, "FIELD_TOO_LARGE")


def test_an_8_kb_name_is_400_without_echo(http, unchanged):
    _refused(http.get("/v1/games/pumba/matches/" + "a" * 8000), 400, "FIELD_TOO_LARGE")
    _refused(http.post("/v1/games/pumba/matches/" + "a" * 8000 + ":join", json={}), 400, "FIELD_TOO_LARGE")


def test_a_trailing_newline_in_a_name_is_not_the_match(http, match, unchanged):
    assert http.get(f"/v1/{match}").status_code == 200
    _refused(http.get(f"/v1/{match}%0A"), 400, "INVALID_NAME")
    _refused(http.post(f"/v1/{match}%0A:join", json={}), 400, "INVALID_NAME")


@pytest.mark.parametrize("depth", [13, 90, 2000])
def test_deeply_nested_fixtures_are_400(http, unchanged, depth):
    body = '{"seatCount": 3, "fixture": ' + _nested(depth) + "}"
    response = http.post("/v1/games/flip-7/matches", content=body, headers=JSON)
    assert response.status_code == 400, response.text
    assert response.json()["error"]["details"][0]["reason"] in ("FIELD_TOO_LARGE", "INVALID_JSON")


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_posts_must_be_json(http, match, unchanged, content_type):
    headers = {"Content-Type": content_type} if content_type else {}
    for path in ("/v1/games/pumba/matches", f"/v1/{match}:join"):
        response = http.post(path, content=b'{"seatCount": 2}', headers=headers)
        _refused(response, 415, "UNSUPPORTED_MEDIA_TYPE")


def test_json_with_a_charset_is_json(http):
    headers = {"Content-Type": "application/json; charset=utf-8"}
    assert http.post("/v1/games/pumba/matches", content=b'{"seatCount": 2}', headers=headers).status_code == 200


def test_posts_refuse_unknown_query_parameters_as_gets_do(http, match, unchanged):
    _refused(http.get(f"/v1/{match}", params={"nosuch": "1"}), 400, "UNKNOWN_PARAMETER")
    _refused(http.post(f"/v1/{match}:join", params={"seat": "1"}, json={}), 400, "UNKNOWN_PARAMETER")
    _refused(http.post("/v1/games/pumba/matches", params={"seatCount": "2"}, json={}), 400, "UNKNOWN_PARAMETER")
