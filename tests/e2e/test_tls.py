"""`cardroom serve --tls-cert --tls-key`: gRPC and REST over TLS with a certificate from a throwaway CA."""

from __future__ import annotations

import ssl
import subprocess
import sys

import grpc
import httpx
import pytest

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc
from support.processes import REPO
from support.processes import tls_server as tls_server_process


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    process = tls_server_process(None, tmp_path_factory.mktemp("tls"))
    process.start()  # ready once the health check over TLS says SERVING
    yield process
    process.stop()


def test_grpc_over_tls_verifies_against_the_authority(tls_server):
    with tls_server.channel() as channel:
        games = game_service_pb2_grpc.GameServiceStub(channel).ListGames(pb.ListGamesRequest(), timeout=5)
    assert {game.game_id for game in games.games} == {"flip-7", "pumba", "pumptown", "up-or-down"}
    # a plaintext client gets no service
    with grpc.insecure_channel(tls_server.address) as plain, pytest.raises(grpc.RpcError) as refused:
        game_service_pb2_grpc.GameServiceStub(plain).ListGames(pb.ListGamesRequest(), timeout=5)
    assert refused.value.code() == grpc.StatusCode.UNAVAILABLE


def test_rest_over_https_verifies_against_the_authority(tls_server):
    context = ssl.create_default_context(cadata=tls_server.tls_ca.decode())
    with httpx.Client(base_url=tls_server.http_url, verify=context, timeout=5) as client:
        assert client.get("/healthz").status_code == 200
        assert {game["gameId"] for game in client.get("/v1/games").json()["games"]} >= {"pumptown", "flip-7"}
    with pytest.raises(httpx.ConnectError):  # not trusted without the authority
        httpx.get(f"{tls_server.http_url}/healthz", timeout=5)


def test_a_certificate_without_its_key_is_refused_at_start(tmp_path):
    chain = tmp_path / "chain.pem"
    chain.write_text("unused")
    run = subprocess.run(
        [sys.executable, "-m", "cardroom.cli", "serve", "--tls-cert", str(chain)],
        capture_output=True, text=True, timeout=30, env={"PYTHONPATH": str(REPO / "service")},
    )
    assert run.returncode != 0 and "--tls-key" in run.stderr
