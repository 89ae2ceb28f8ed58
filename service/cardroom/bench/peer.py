"""``cardroom bench peer``: boardgame.io and cardroom, interleaved on this machine, at the same concurrencies.

The peer is the boardgame.io 0.50.2 harness in ``../shared/peers/boardgameio/`` (installed by its own
``install.sh`` into /tmp/bgio), run as it is: its ``server.js`` (Koa + socket.io, in-memory storage) on a
loopback port and its ``load.js`` driver (MATCHES concurrent two-player matches, each player a boardgame.io
client on socket.io; latency = move sent until the mover's client has the next state). Its server CPU per move
is the server process's CPU time during the load run over the moves played (measured plus warm-up), as the
harness's own ``run_bgio.sh`` computes it.

cardroom's side is ``cardroom bench service --spawn`` (a real redis-server, ``cardroom serve --workers W``)
with the same number of concurrent matches; its latency is SubmitAction's, its server CPU per move the
server's CPU during play over the actions committed (including the next seat's GetMatch and the match set-ups).
Its servers run on this interpreter or on ``--server-python``'s (``server_python`` in the report): the CPython
build alone moves the server's CPU per move by more than a tenth (docs/benchmarks.md, twenty-third pass).

For each concurrency and round the two run back to back (the peer first, then cardroom with each worker count,
then the same with every seat on its own Play session (``bench service --sessions``: each update pushed to every
seat, as the peer's clients get every state; latency from an action sent to its outcome) over each session
transport (the Play RPC, and the HTTP port's WebSocket with its binary protobuf subprotocol, the counterpart of the
peer's socket.io WebSocket), then the same sessions on one worker serving from its embedded memory store (no Redis:
the like-for-like counterpart of the peer's in-memory storage, and what a single-process deployment runs), then
cardroom over REST/JSON with the first worker count: SubmitAction's server CPU over REST against gRPC), so
all meet the same load from the rest of the machine; the report gives every run and the ratios of each round.
The load average is read before and after each run.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .process_clock import cpu_seconds, load_average
from .service import ServiceBench, bench_service
from .spawned import free_port, server_interpreter

#: moves the peer's driver plays before it measures (its own default)
PEER_WARMUP = 200
#: where the peer's install.sh puts boardgame.io
PEER_NODE_PATH = "/tmp/bgio/node_modules"


@dataclass(frozen=True)
class PeerBench:
    peer_dir: Path
    matches: tuple[int, ...] = (10, 50)
    workers: tuple[int, ...] = (1, 2)
    rounds: int = 1
    seconds: float = 20.0
    game: str = "all"
    players: int = 2
    baseline_seconds: float = 2.0
    #: ``bench service --transport`` values of the session runs
    session_transports: tuple[str, ...] = ("grpc", "ws-proto")
    #: also run the sessions on one worker on the embedded memory store (``bench service --embedded-store``)
    embedded_store: bool = True
    #: the interpreter cardroom's servers run on (``bench service --server-python``; None: this one)
    server_python: str | None = None


def default_peer_dir() -> Path:
    """``shared/peers/boardgameio`` beside the repository (its checkout's parent holds ``shared/``)."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        candidate = parent.parent / "shared" / "peers" / "boardgameio"
        if (parent / "pyproject.toml").exists() and candidate.is_dir():
            return candidate
    return Path("/work/shared/peers/boardgameio")


def run_peer(peer_dir: Path, matches: int, seconds: float) -> dict[str, Any]:
    """One load run of the boardgame.io harness against a fresh server; its JSON line plus server CPU."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("node is not on PATH: the boardgame.io peer needs Node.js")
    node_path = os.environ.get("NODE_PATH", PEER_NODE_PATH)
    if not (Path(node_path) / "boardgame.io").is_dir():
        raise SystemExit(f"boardgame.io is not installed in {node_path}: run {peer_dir / 'install.sh'}")
    port = free_port()
    env = {**os.environ, "NODE_PATH": node_path, "PORT": str(port), "MAX_SECONDS": str(int(seconds) + 120)}
    with tempfile.NamedTemporaryFile(prefix="cardroom-peer-server-", suffix=".log") as log:
        server = subprocess.Popen([node, str(peer_dir / "server.js")], env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 30
            while b"server pid" not in Path(log.name).read_bytes():
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the boardgame.io server did not start: {Path(log.name).read_text()[-500:]}")
                time.sleep(0.1)
            load = {"MATCHES": str(matches), "MOVES": "100000000", "LOAD_SECONDS": str(seconds)}
            load["WARMUP"] = str(PEER_WARMUP)
            before, load_before = cpu_seconds(server.pid), load_average()
            driver = subprocess.run(
                [node, str(peer_dir / "load.js")],
                env={**env, **load},
                capture_output=True,
                text=True,
                timeout=seconds + 60,
                check=True,
            )
            cpu = cpu_seconds(server.pid) - before
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    line = json.loads(driver.stdout.strip().splitlines()[-1])
    played = line["moves"] + PEER_WARMUP
    return {
        "moves_per_s": line["moves_s"],
        "moves": line["moves"],
        "latency_ms": {"p50": line["p50_ms"], "p99": line["p99_ms"]},
        "server_cpu_s": round(cpu, 3),
        "server_cpu_ms_per_move": round(cpu * 1000 / played, 3) if played else None,
        "driver_cpu_ms_per_move": round(line["cpu_s"] * 1000 / played, 3) if played else None,
        "errors": line["errors"],
        "hidden_info_leaks": line["hidden_info_leaks"],
        "load_average_before": load_before,
        "load_average_after": load_average(),
    }


def run_cardroom(
    bench: PeerBench,
    matches: int,
    workers: int,
    *,
    rest: bool = False,
    session_transport: str | None = None,
    embedded_store: bool = False,
) -> dict[str, Any]:
    """One ``bench service --spawn`` run: unary gRPC, or over REST with ``rest``, or on Play sessions over
    ``session_transport``; on a redis-server, or on the embedded memory store with ``embedded_store``."""
    load_before = load_average()
    service = ServiceBench(
        rest=rest,
        sessions=session_transport is not None,
        session_transport=session_transport or "grpc",
        workers=workers,
        embedded_store=embedded_store,
        game=bench.game,
        players=bench.players,
        matches=100_000,
        concurrency=matches,
        duration=bench.seconds,
        baseline_seconds=bench.baseline_seconds,
        generator_processes=2 if matches >= 50 else 1,
        server_python=bench.server_python,
    )
    report = bench_service(service)
    latency = report["submit_action_latency_ms"]
    return {
        "workers": workers,
        "store": report["store"],
        "transport": report["transport"],
        "sessions": report["sessions"],
        "moves_per_s": report["actions_per_s"],
        "moves": report["actions_committed"],
        "latency_ms": {"p50": latency["p50"], "p99": latency["p99"]},
        "server_cpu_s": report["server_cpu_s"],
        "server_cpu_ms_per_move": report["server_cpu_ms_per_action"],
        "server_cpu_ms_per_submit_action_est": report["server_cpu_ms_per_submit_action_est"],
        "redis_cpu_ms_per_move": report["redis_cpu_ms_per_action"],
        "driver_cpu_ms_per_move": report["driver_cpu_ms_per_action"],
        "redis_commands_per_move": (report["redis_commands_per_action"] or {}).get("all"),
        "calls": report["calls"],
        "errors": report["errors"],
        "lost_or_doubled": report["lost_or_doubled"],
        "load_average_before": load_before,
        "load_average_after": load_average(),
    }


def bench_peer(bench: PeerBench) -> dict[str, Any]:
    interpreter = server_interpreter(bench.server_python)  # before anything runs: refused if it cannot serve
    rounds = []
    for matches in bench.matches:
        for index in range(bench.rounds):
            peer = run_peer(bench.peer_dir, matches, bench.seconds)
            ours = [run_cardroom(bench, matches, workers) for workers in bench.workers]
            # every seat on its own Play session: each update pushed to every seat, as the peer does
            ours += [
                run_cardroom(bench, matches, workers, session_transport=transport)
                for transport in bench.session_transports
                for workers in bench.workers
            ]
            if bench.embedded_store:  # the peer keeps its matches in memory: so does this one, in one process
                ours += [
                    run_cardroom(bench, matches, 1, session_transport=transport, embedded_store=True)
                    for transport in bench.session_transports
                ]
            # the same play over REST/JSON, right after: SubmitAction's CPU over both transports in one run
            rest = run_cardroom(bench, matches, bench.workers[0], rest=True)
            rounds.append(
                {"matches": matches, "round": index + 1, "boardgameio": peer, "cardroom": ours, "cardroom_rest": rest}
            )
    return {
        "bench": "peer",
        "peer": "boardgame.io 0.50.2 (../shared/peers/boardgameio, run as it is)",
        "cores": os.cpu_count(),
        "seconds_per_run": bench.seconds,
        "game": bench.game,
        "players": bench.players,
        "server_python": interpreter,
        "rounds": [_with_ratios(r) for r in rounds],
    }


def _with_ratios(round_: dict[str, Any]) -> dict[str, Any]:
    peer = round_["boardgameio"]
    ratios = {}
    for ours in round_["cardroom"]:
        key = f"sessions_{ours['transport']}" if ours["sessions"] else "unary"
        key = f"{key}_workers_{ours['workers']}"
        if ours["store"] == "embedded":
            key = f"{key}_embedded_store"
        ratios[key] = {
            "moves_per_s": _ratio(ours["moves_per_s"], peer["moves_per_s"]),
            "server_cpu_per_move": _ratio(ours["server_cpu_ms_per_move"], peer["server_cpu_ms_per_move"]),
            "p99": _ratio(ours["latency_ms"]["p99"], peer["latency_ms"]["p99"]),
        }
    grpc_run, rest = round_["cardroom"][0], round_["cardroom_rest"]
    rest_vs_grpc = {
        "server_cpu_per_submit_action": _ratio(
            rest["server_cpu_ms_per_submit_action_est"], grpc_run["server_cpu_ms_per_submit_action_est"]
        ),
        "server_cpu_per_move": _ratio(rest["server_cpu_ms_per_move"], grpc_run["server_cpu_ms_per_move"]),
    }
    return {**round_, "cardroom_vs_boardgameio": ratios, "cardroom_rest_vs_grpc": rest_vs_grpc}


def _ratio(ours: float | None, theirs: float | None) -> float | None:
    return round(ours / theirs, 3) if ours is not None and theirs else None
