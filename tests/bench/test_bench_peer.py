"""``bench peer``'s own arithmetic and arguments. The runs themselves need the peer's boardgame.io install
(``../shared/peers/boardgameio/install.sh``), which CI does not make: docs/benchmarks.md records them."""

from __future__ import annotations

import pytest

from cardroom.bench.peer import _with_ratios
from cardroom.cli import main


def _ours(
    transport: str, sessions: bool, workers: int, cpu: float, moves: float, p99: float, store: str = "redis"
) -> dict:
    return {
        "store": store,
        "transport": transport,
        "sessions": sessions,
        "workers": workers,
        "moves_per_s": moves,
        "server_cpu_ms_per_move": cpu,
        "server_cpu_ms_per_submit_action_est": cpu,
        "latency_ms": {"p50": p99 / 2, "p99": p99},
    }


def test_every_session_transport_gets_its_own_ratios_against_the_peer():
    peer = {"moves_per_s": 500.0, "server_cpu_ms_per_move": 1.0, "latency_ms": {"p50": 10.0, "p99": 40.0}}
    ours = [
        _ours("grpc", False, 1, 3.0, 250.0, 80.0),
        _ours("grpc", True, 1, 2.0, 400.0, 40.0),
        _ours("ws-proto", True, 1, 1.5, 750.0, 20.0),
        _ours("ws-proto", True, 1, 0.8, 1000.0, 10.0, store="embedded"),
    ]
    rest = _ours("rest", False, 1, 3.3, 200.0, 90.0)
    report = _with_ratios({"boardgameio": peer, "cardroom": ours, "cardroom_rest": rest})
    ratios = report["cardroom_vs_boardgameio"]
    assert set(ratios) == {
        "unary_workers_1",
        "sessions_grpc_workers_1",
        "sessions_ws-proto_workers_1",
        "sessions_ws-proto_workers_1_embedded_store",
    }
    assert ratios["sessions_ws-proto_workers_1"] == {"moves_per_s": 1.5, "server_cpu_per_move": 1.5, "p99": 0.5}
    assert ratios["sessions_ws-proto_workers_1_embedded_store"] == {
        "moves_per_s": 2.0,
        "server_cpu_per_move": 0.8,
        "p99": 0.25,
    }
    assert ratios["unary_workers_1"]["server_cpu_per_move"] == 3.0
    assert report["cardroom_rest_vs_grpc"]["server_cpu_per_submit_action"] == 1.1


def test_an_unknown_session_transport_is_refused_before_anything_runs(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["bench", "peer", "--session-transports", "grpc,carrier-pigeon", "--seconds", "1"])
    assert exited.value.code == 2
    assert "carrier-pigeon" in capsys.readouterr().err


def test_an_interpreter_that_cannot_serve_is_refused_before_anything_runs():
    with pytest.raises(SystemExit) as exited:
        main(["bench", "peer", "--server-python", "/bin/false", "--seconds", "1"])
    assert "/bin/false cannot run cardroom serve" in str(exited.value.code)
