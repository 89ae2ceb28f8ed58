"""The benchmark commands end to end, with tiny bounds: JSON shape and consistency only, never speed."""

from __future__ import annotations

import json
import platform
import subprocess
import sys

import pytest

from cardroom import engines
from cardroom.bench.service import loopback_only
from cardroom.bench.spawned import server_interpreter
from cardroom.cli import main
from support.processes import REPO

LATENCY_KEYS = {"p50", "p95", "p99", "max"}


def _bench(*args: str, timeout: float = 120) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.cli", "bench", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_bench_engines_reports_every_engine():
    report = _bench("engines", "--seconds", "0.05")
    assert set(report["engines"]) == set(engines.game_ids())
    for figures in report["engines"].values():
        assert figures["games"] >= 1
        assert figures["actions_per_s"] > 0
        assert figures["games_per_s"] > 0
        assert figures["views_per_s"] > 0


def test_bench_engines_fails_loudly_when_an_engine_is_missing(monkeypatch, capsys):
    monkeypatch.setitem(engines._ENGINES, "pumptown", "cardroom.engines.not_written_yet:Engine")
    monkeypatch.setattr(engines, "_loaded", {})
    assert main(["bench", "engines", "--seconds", "0.01"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert json.loads(captured.err)["error"] == "ENGINE_MISSING"


def test_bench_service_spawned_plays_checks_and_reports():
    report = _bench(
        "service", "--spawn", "--game", "all", "--matches", "4", "--concurrency", "4",
        "--duration", "3", "--baseline-seconds", "0.5",
    )  # fmt: skip
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["errors"] == {}
    assert report["matches_started"] == 4  # one of each game, all started at once
    assert report["consistency"]["matches_checked"] == 4
    assert report["actions_committed"] > 0
    assert report["actions_committed"] == report["calls"]["SubmitAction"] - sum(report["errors"].values())
    assert set(report["submit_action_latency_ms"]) == LATENCY_KEYS
    for phase in ("baseline", "get_match"):
        assert set(report[phase]["latency_ms"]) == LATENCY_KEYS
        assert report[phase]["calls"] > 0
        assert report[phase]["server_cpu_ms_per_call"] > 0
    assert report["actions_per_s_vs_baseline"] > 0
    assert report["actions_per_server_cpu_s_vs_baseline"] > 0
    assert report["server_cpu_ms_per_action"] > 0
    assert report["server_cpu_ms_per_submit_action_est"] is not None
    assert report["redis_cpu_ms_per_action"] is not None
    assert report["driver_cpu_ms_per_action"] > 0
    for key in ("actions_per_s", "errors", "conflicts_retried", "matches_finished"):
        assert key in report


def test_bench_service_over_rest_plays_checks_and_counts_redis_commands():
    report = _bench(
        "service", "--spawn", "--rest", "--game", "up-or-down", "--matches", "2", "--concurrency", "2",
        "--duration", "3", "--baseline-seconds", "0.5",
    )  # fmt: skip
    assert report["transport"] == "rest"
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["errors"] == {}
    assert report["consistency"]["matches_checked"] == 2
    assert report["actions_committed"] > 0
    assert report["server_cpu_ms_per_submit_action_est"] is not None
    commands = report["redis_commands_per_action"]
    assert commands["evalsha"] >= 1  # every committed action is one commit script at least
    assert commands["all"] >= sum(count for name, count in commands.items() if name != "all") - 0.01


@pytest.mark.parametrize("transport", ["grpc", "ws", "ws-proto"])
def test_bench_service_sessions_play_every_seat_on_its_own_play_session(transport: str):
    report = _bench(
        "service", "--spawn", "--sessions", "--transport", transport, "--game", "up-or-down", "--players", "2",
        "--matches", "2", "--concurrency", "2", "--duration", "3", "--baseline-seconds", "0.5",
    )  # fmt: skip
    assert report["sessions"] is True
    assert report["transport"] == transport
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["consistency"]["unknown_outcomes"] == 0
    assert report["calls"]["Play"] == 2 * report["matches_started"]  # one session per seat
    assert "SubmitAction" not in report["calls"] and "GetMatch" not in report["calls"]
    assert report["actions_committed"] > 0
    refused = sum(report["errors"].values())  # simultaneous decisions lost, never anything else
    assert set(report["errors"]) <= {"ABORTED/STALE_VERSION", "FAILED_PRECONDITION/NOT_YOUR_TURN"}
    assert report["actions_committed"] + refused <= report["calls"]["Play.action"]


def test_bench_service_on_the_embedded_store_plays_without_redis():
    report = _bench(
        "service", "--spawn", "--embedded-store", "--sessions", "--transport", "ws-proto", "--game", "all",
        "--players", "2", "--matches", "4", "--concurrency", "4", "--duration", "3", "--baseline-seconds", "0.5",
    )  # fmt: skip
    assert report["store"] == "embedded" and report["redis"] is None
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["consistency"]["matches_checked"] == 4
    assert report["actions_committed"] > 0
    assert report["server_cpu_ms_per_action"] > 0
    assert report["redis_cpu_ms_per_action"] is None and report["redis_commands_per_action"] is None


def test_bench_service_spawns_on_the_interpreter_it_is_given():
    report = _bench(
        "service", "--spawn", "--server-python", sys.executable, "--sessions", "--transport", "ws-proto",
        "--game", "pumba", "--players", "2", "--matches", "2", "--concurrency", "2", "--duration", "2",
        "--baseline-seconds", "0",
    )  # fmt: skip
    assert report["server_python"] == {"executable": sys.executable, "version": platform.python_version()}
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["actions_committed"] > 0


def test_an_interpreter_is_probed_once_per_bench_process():
    first = server_interpreter(sys.executable)
    assert server_interpreter(sys.executable) is first  # bench peer's runs reuse its up-front probe
    assert first == {"executable": sys.executable, "version": platform.python_version()}


@pytest.mark.parametrize(
    ("interpreter", "reason"),
    [("/bin/false", "cannot run cardroom serve"), ("/nonexistent/python3", "No such file")],
)
def test_bench_service_refuses_an_interpreter_that_cannot_serve(interpreter: str, reason: str):
    with pytest.raises(SystemExit) as exited:
        main(["bench", "service", "--spawn", "--server-python", interpreter, "--duration", "1"])
    assert interpreter in str(exited.value.code) and reason in str(exited.value.code)


def test_bench_service_server_python_is_for_a_spawned_server():
    with pytest.raises(SystemExit) as exited:
        main(["bench", "service", "--target", "127.0.0.1:1", "--server-python", sys.executable, "--duration", "1"])
    assert "--server-python" in str(exited.value.code)


@pytest.mark.parametrize("refused", [["--workers", "2"], ["--redis-url", "redis://127.0.0.1:1/0"]])
def test_bench_service_embedded_store_is_one_spawned_worker_without_redis(refused: list[str]):
    with pytest.raises(SystemExit) as exited:
        main(["bench", "service", "--spawn", "--embedded-store", *refused, "--duration", "1"])
    assert "--embedded-store" in str(exited.value.code)


@pytest.mark.parametrize(
    ("front", "transport"), [("nginx", "ws-proto"), ("nginx", "grpc"), ("nginx-round-robin", "grpc")]
)
def test_bench_service_replicas_play_through_the_front(front: str, transport: str):
    report = _bench(
        "service", "--spawn", "--replicas", "2", "--front", front, "--sessions", "--transport", transport,
        "--game", "up-or-down", "--players", "2", "--matches", "4", "--concurrency", "4", "--duration", "3",
        "--baseline-seconds", "0.5",
    )  # fmt: skip
    assert report["replicas"] == 2 and report["front"] == front
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["consistency"]["unknown_outcomes"] == 0
    assert report["actions_committed"] > 0
    assert report["server_cpu_ms_per_action"] > 0 and report["front_cpu_ms_per_action"] > 0


@pytest.mark.parametrize(
    "refused",
    [
        ["--replicas", "2", "--sessions", "--transport", "ws"],  # no front
        ["--front", "nginx", "--sessions", "--transport", "ws"],  # no replicas
        ["--replicas", "2", "--front", "nginx", "--embedded-store"],  # replicas share a Redis
    ],
)
def test_bench_service_replicas_go_with_a_front_over_http(refused: list[str]):
    with pytest.raises(SystemExit) as exited:
        main(["bench", "service", "--spawn", *refused, "--duration", "1"])
    assert "--replicas" in str(exited.value.code)


def test_bench_storage_cost_reports_cpu_and_bytes_as_play_grows():
    report = _bench(
        "storage", "--cost", "--cost-long-actions", "60", "--cost-window", "20", "--cost-matches", "2,6",
        "--cost-actions", "30", "--cost-concurrency", "2",
    )  # fmt: skip
    long_match = report["long_match"]
    assert long_match["actions"] == 60 and len(long_match["windows"]) == 3
    assert [window["actions"] for window in long_match["windows"]] == [20, 40, 60]
    assert long_match["early"]["bytes"] < long_match["late"]["bytes"]  # the log grows with play
    for figures in (*long_match["windows"], *report["concurrent"]):
        assert figures["service_cpu_ms_per_action"] > 0
        assert figures["redis_cpu_ms_per_action"] > 0
    assert [level["matches"] for level in report["concurrent"]] == [2, 6]
    for level in report["concurrent"]:
        assert level["actions"] == 30 and level["waiting"] + level["active"] == level["matches"]
        assert 0 < level["bytes_per_waiting_match"] < level["bytes_per_active_match"]
        assert level["global_bytes"] > 0  # the lobby sets and the sequence
    assert len(report["load_average"]["before"]) == 3


def test_bench_service_contention_commits_once_per_version():
    report = _bench(
        "service", "--spawn", "--contention", "--game", "up-or-down", "--matches", "1", "--concurrency", "4",
        "--duration", "2", "--baseline-seconds", "0.2",
    )  # fmt: skip
    assert report["mode"] == "contention"
    assert report["lost_or_doubled"] == 0, report["consistency"]
    assert report["actions_committed"] > 0
    assert report["commits_per_s"] > 0
    assert report["aborts_per_s"] >= 0


@pytest.mark.parametrize("target", ["10.1.2.3:50051", "8.8.8.8:443", "example.invalid:1", "127.0.0.1"])
def test_bench_service_refuses_targets_off_this_machine(target):
    with pytest.raises(SystemExit):
        loopback_only(target)


@pytest.mark.parametrize("target", ["127.0.0.1:50051", "[::1]:50051", "localhost:50051"])
def test_bench_service_accepts_loopback_targets(target):
    assert loopback_only(target) == target


def test_simulate_says_what_it_times(capsys):
    assert main(["simulate", "--game", "up-or-down", "--games", "3", "--players", "2", "--seed", "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["invariant_violations"] == 0 and report["invariants_checked"] is True
    # the timed pass is part of the command, the invariant pass is not part of the timed pass
    assert 0 < report["play_seconds"] <= report["total_seconds"]
    assert "seconds" not in report and "cpu_seconds" not in report


def test_bench_transport_floor_measures_each_bare_transport():
    report = _bench("transport-floor", "--moves", "200", "--streams", "4", timeout=60)
    for transport in ("grpc_unary_noop_call", "grpc_stream_move_1_in_2_out", "websocket_move_1_in_2_out"):
        figures = report[transport]
        assert figures["per_s"] > 0
        assert figures["server_cpu_ms_each"] >= 0
