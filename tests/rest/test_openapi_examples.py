"""The OpenAPI document's per-game shapes: ``oneOf`` one member for the messages that are one proto oneof, and the
SubmitAction examples of every game, each parsed as that game's SubmitActionRequest and sent, literally, to a live
server at a moment of a seeded match when it is one of the acting seat's legal actions (and accepted)."""

from __future__ import annotations

import random

import pytest
from google.protobuf import json_format
from rest_table import RestTable, bearer, ok

from cardroom.api.convert import action_from_proto, game_field, game_of
from cardroom.engines import game_ids
from cardroom.v1 import game_service_pb2

#: seeded matches tried per example, and actions played in each, before the example must have been legal
MATCHES, ACTIONS = 3, 400


@pytest.fixture(scope="module")
def live_document(server):
    import httpx

    return httpx.get(f"{server.http_url}/openapi.json", timeout=30).json()


def _examples(document: dict) -> dict[str, dict]:
    path = document["paths"]["/v1/games/{game}/matches/{match}:submitAction"]
    return path["post"]["requestBody"]["content"]["application/json"]["examples"]


def test_union_messages_are_one_of_their_members(live_document):
    schemas = live_document["components"]["schemas"]
    for name in ("Action", "SeatView", "Event", "GameOptions", "Flip7Action", "PumbaEvent"):
        schema = schemas[name]
        assert "properties" not in schema, name
        for branch in schema["oneOf"]:
            (member,) = branch["properties"]
            assert branch["required"] == [member] and branch["additionalProperties"] is False
    assert [branch["title"] for branch in schemas["Action"]["oneOf"]] == ["pumptown", "pumba", "upOrDown", "flip7"]


def test_every_game_has_examples_that_parse_as_its_action(live_document):
    examples = _examples(live_document)
    for game in game_ids():
        mine = [example for key, example in examples.items() if key.rsplit("-", 1)[0] == game]
        assert len(mine) >= 1, game
        for example in mine:
            request = json_format.ParseDict(example["value"], game_service_pb2.SubmitActionRequest())
            assert game_of(request.action) == game and request.action.WhichOneof("game") == game_field(game)
            assert action_from_proto(game, request.action)["type"]


@pytest.mark.parametrize("game", game_ids())
def test_each_example_is_accepted_when_it_is_legal(http, live_document, game):
    examples = [ex["value"] for key, ex in _examples(live_document).items() if key.rsplit("-", 1)[0] == game]
    for index, example in enumerate(examples):
        assert _accepted_in_a_seeded_match(http, game, example, seed=1000 * index), (game, example)


def _accepted_in_a_seeded_match(http, game: str, example: dict, seed: int) -> bool:
    """Plays seeded random matches until ``example["action"]`` is a legal action of the seat to act, then sends
    ``example`` unchanged with that seat's token: True once it is accepted."""
    for attempt in range(MATCHES):
        table = RestTable(http, game, 3, seed=seed + attempt)
        table.start()
        rng = random.Random(seed + attempt)
        for _ in range(ACTIONS):
            state = table.get(None)
            if state["match"]["status"] != "MATCH_STATUS_ACTIVE":
                break
            for seat in state["toAct"]:
                if example["action"] in table.get(seat)["legalActions"]:
                    answer = http.post(
                        f"/v1/{table.name}:submitAction", json=example, headers=bearer(table.tokens[seat])
                    )
                    ok(answer)
                    return True
            seat = rng.choice(state["toAct"])
            mine = table.get(seat)
            ok(table.act(seat, rng.choice(mine["legalActions"]), expectedVersion=mine["match"]["version"]))
    return False
