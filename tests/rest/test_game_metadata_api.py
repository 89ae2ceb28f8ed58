"""GetGame's cards, phases and decision kinds over REST and gRPC, and the typed phases of the views a UI reads
them with (engines/metadata.py; tests/engines/test_game_metadata.py checks them against the engines)."""

from __future__ import annotations

import random

from google.protobuf import json_format
from rest_table import RestTable, ok

from cardroom.engines import game_ids
from cardroom.engines.metadata import game_metadata
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2


def test_get_game_carries_every_card_phase_and_decision_kind(http, stub) -> None:
    for game in game_ids():
        served = ok(http.get(f"/v1/games/{game}"))
        assert [card["code"] for card in served["cards"]] == [card.code for card in game_metadata(game).cards]
        assert [phase["name"] for phase in served["phases"]] == [phase.name for phase in game_metadata(game).phases]
        assert all(phase["enumValue"] and phase["description"] for phase in served["phases"])
        grpc = stub.GetGame(pb.GetGameRequest(name=f"games/{game}"))
        assert json_format.ParseDict(served, match_pb2.Game()) == grpc
    flip7 = {card["code"]: card for card in ok(http.get("/v1/games/flip-7"))["cards"]}
    assert flip7["N10_4"] == {"code": "N10_4", "category": "number", "kind": "N10", "displayName": "10", "value": 10}
    assert flip7["FRZ_2"]["displayName"] == "Freeze" and flip7["FRZ_2"]["category"] == "action"
    pumba = {card["code"]: card for card in ok(http.get("/v1/games/pumba"))["cards"]}
    assert pumba["Sb"]["displayName"] == "Sota de Bastos" and pumba["Sb"]["suit"] == "b" and pumba["Sb"]["value"] == 10
    up_or_down = {card["code"]: card for card in ok(http.get("/v1/games/up-or-down"))["cards"]}
    assert up_or_down["106"]["colour"] == "pink" and up_or_down["106"]["displayName"] == "106 pink"
    kinds = [kind["name"] for kind in ok(http.get("/v1/games/pumptown"))["decisionKinds"]]
    assert "NOPE_WINDOW" in kinds
    # the catalog list stays small: the cards and phases come with GetGame only
    assert all("cards" not in game and "phases" not in game for game in ok(http.get("/v1/games"))["games"])


def test_views_carry_the_typed_phase_the_catalog_names(http) -> None:
    for game, players in (("flip-7", 3), ("pumptown", 3), ("pumba", 2), ("up-or-down", 2)):
        served = ok(http.get(f"/v1/games/{game}"))
        phases = {phase["name"]: phase["enumValue"] for phase in served["phases"]}
        kinds = {kind["name"]: kind["enumValue"] for kind in served.get("decisionKinds", [])}
        table = RestTable(http, game, players, seed=3)
        table.start()
        rng = random.Random(3)
        for _ in range(30):
            state = table.get(None)
            (view,) = state["view"].values()
            assert view["typedPhase"] == phases[view["phase"]]
            if "decision" in view:
                assert view["decision"]["typedKind"] == kinds[view["decision"]["kind"]]
            if state["match"]["status"] != "MATCH_STATUS_ACTIVE":
                break
            seat = rng.choice(state["toAct"])
            mine = table.get(seat)
            ok(table.act(seat, rng.choice(mine["legalActions"]), expectedVersion=mine["match"]["version"]))
