"""``cardroom bench bots`` and ``cardroom simulate --bots`` end to end, with tiny bounds: JSON shape only."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from support.processes import REPO

LATENCY_KEYS = {"decisions", "p50", "p99", "max", "cpu_p50", "cpu_p99"}


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardroom.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO / "service")},
    )


def test_bench_bots_reports_entrants_with_intervals_and_decision_times() -> None:
    done = _cli("bench", "bots", "--game", "flip-7", "--seats", "standard,random,random", "--games", "6", "--seed", "3")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["game"] == "flip-7" and report["players"] == 3 and report["rotate"] is True
    assert report["games"] == report["finished_games"] == 6
    assert [entrant["level"] for entrant in report["entrants"]] == ["standard", "random", "random"]
    for entrant in report["entrants"]:
        low, high = entrant["win_share_ci95"]
        assert 0 <= low <= entrant["win_share"] <= high <= 1
        low, high = entrant["mean_score_ci95"]
        assert low <= entrant["mean_score"] <= high
    # every game has a winner; a shared win counts for each winner
    wins = sum(entrant["wins"] for entrant in report["entrants"])
    assert sum(report["wins_by_seat"]) == wins
    assert wins == 6 if report["shared_win_games"] == 0 else wins > 6
    assert set(report["decision_ms"]) == {"standard", "random"}
    for figures in report["decision_ms"].values():
        assert set(figures) == LATENCY_KEYS and figures["decisions"] > 0
    assert report["refused_actions"] == 0 and report["invariant_violations"] == 0 and report["invariants_checked"]
    assert report["cores"] >= 1 and len(report["load_average"]) == 3


def test_bench_bots_takes_options_and_refuses_unknown_levels_and_bad_options() -> None:
    done = _cli(
        "bench",
        "bots",
        "--game",
        "flip-7",
        "--seats",
        "random,random",
        "--games",
        "2",
        "--option",
        "min_players=2",
        "--no-rotate",
        "--no-checks",
    )
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["options"]["min_players"] == 2 and report["rotate"] is False
    assert report["invariants_checked"] is False

    unknown = _cli("bench", "bots", "--game", "flip-7", "--seats", "genius,random,random", "--games", "1")
    assert unknown.returncode == 2 and json.loads(unknown.stderr)["error"] == "UNKNOWN_BOT"
    bad = _cli("bench", "bots", "--game", "flip-7", "--seats", "random,random,random", "--option", "nope=1")
    assert bad.returncode == 2 and json.loads(bad.stderr)["error"] == "INVALID_OPTION"


def test_simulate_with_bots_keeps_seats_in_place() -> None:
    done = _cli("simulate", "--game", "up-or-down", "--bots", "standard,random", "--games", "2", "--seed", "4")
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout)
    assert report["rotate"] is False and report["players"] == 2
    assert [entrant["level"] for entrant in report["entrants"]] == ["standard", "random"]
    assert report["wins_by_seat"] == [entrant["wins"] for entrant in report["entrants"]]
    assert report["refused_actions"] == 0 and report["invariant_violations"] == 0

    mismatch = _cli("simulate", "--game", "up-or-down", "--bots", "standard,random", "--players", "3")
    assert mismatch.returncode == 2
