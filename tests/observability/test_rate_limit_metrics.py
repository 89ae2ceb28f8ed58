"""Rate-limit refusals are counted by their reason, with no code in the limiter: the request metrics'
``code``/``reason`` labels carry them (seam 5)."""

from __future__ import annotations

import grpc
import httpx
from metrics_scrape import scrape, value

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc
from e2e.table import error_reason
from support.processes import ServerProcess


def test_refusals_are_counted_by_reason_on_both_transports() -> None:
    server = ServerProcess(None, "--rate-limits", "GetGame=0.01/3,*=off")
    try:
        server.start(timeout=60)  # slow imports on a loaded machine
        refused = {"grpc": 0, "http": 0}
        with grpc.insecure_channel(server.address) as channel:
            stub = game_service_pb2_grpc.GameServiceStub(channel)
            for _ in range(6):
                try:
                    stub.GetGame(pb.GetGameRequest(name="games/flip-7"))
                except grpc.RpcError as error:
                    assert error_reason(error) == "RATE_LIMITED"
                    refused["grpc"] += 1
        for _ in range(6):
            answer = httpx.get(f"{server.http_url}/v1/games/flip-7")
            refused["http"] += answer.status_code == 429
        # a burst of 3 for the one client, at 0.01/s: most of the 12 calls are refused
        assert sum(refused.values()) >= 6
        families = scrape(server.http_url)
        for transport, count in refused.items():
            labels = {"transport": transport, "method": "GetGame", "code": "RESOURCE_EXHAUSTED"}
            assert value(families, "cardroom_requests_total", reason="RATE_LIMITED", **labels) == count
    finally:
        server.stop()
