"""``cardroom bench service``: a full-stack load test over gRPC, with its baseline and consistency check.

The run, all against one server (``--target`` on a loopback address, or one
this command spawns with its own redis-server, or with ``--embedded-store`` on its
embedded memory store, as a single-process deployment runs, or ``--replicas N``
spawned on one redis-server behind nginx configured by ``deploy/nginx/`` (every
call through it, gRPC and HTTP), as several pods behind a proxy run):

1. baseline: the same generator calls GetGame (a catalog lookup: no store, no
   rules) for ``baseline_seconds``;
2. play: ``concurrency`` clients play up to ``matches`` whole matches by random
   legal actions for at most ``duration`` seconds (or, in contention mode, all
   clients act on one match at a time);
3. check: every match played is compared with the server's copy
   (:mod:`.consistency`).

The server's CPU time (user + system of its processes and their children, read
with psutil from /proc; every replica's, and nginx's apart) is sampled around phases 1 and 2, so the report gives
the server's CPU per committed action beside the throughputs; when the run knows
the server's Redis (spawned, or ``--redis-url`` with ``--target``), so are the
commands Redis ran per committed action, by command (INFO commandstats, which
counts the commands a script calls too, beside the EVALSHA itself): counts that
no load on the machine moves.
"""

from __future__ import annotations

import contextlib
import ipaddress
import multiprocessing
import os
import secrets
import socket
import statistics
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import psutil
import redis

from ..engines import game_ids
from .engines import seats_for
from .generator import BASELINE, CHECK, CONTENTION, PLAY, TIMED_METHODS, VIEWS, Job, run_job
from .spawned import cardroom_server, free_port, nginx_front, redis_server, server_interpreter

#: samples of problems shown beside the lost_or_doubled count
PROBLEM_SAMPLES = 10


@dataclass(frozen=True)
class ServiceBench:
    """What to run; ``target`` None means spawn the server (and Redis, unless ``redis_url``)."""

    target: str | None = None
    server_pids: tuple[int, ...] = ()
    workers: int = 1
    redis_url: str | None = None
    #: spawn the server on its embedded memory store (one worker, no Redis) instead of on a redis-server
    embedded_store: bool = False
    game: str = "all"
    players: int = 4
    matches: int = 100
    concurrency: int = 10
    duration: float = 30.0
    baseline_seconds: float = 5.0
    contention: bool = False
    generator_processes: int = 1
    seed: int = 1
    #: the baseline, views and play phases over REST/JSON (the spawned server's HTTP port) instead of gRPC
    rest: bool = False
    #: play with one Play session per seat (bench/sessions.py) instead of unary calls
    sessions: bool = False
    #: the sessions' transport: ``grpc`` (the Play RPC), ``ws`` (the HTTP port's WebSocket, bench/ws_play.py,
    #: proto3 JSON) or ``ws-proto`` (the same socket's binary protobuf subprotocol)
    session_transport: str = "grpc"
    #: with ``target``: the server's HTTP port (HOST:PORT), for ``session_transport="ws"``
    http_target: str | None = None
    #: spawned ``cardroom serve`` processes on one Redis, sharing a seat-token key, behind ``front``
    replicas: int = 1
    #: with ``replicas``: the proxy every call goes through (its gRPC and HTTP ports), one of commands.FRONTS
    front: str | None = None
    #: the Python interpreter the spawned servers run on (None: this one)
    server_python: str | None = None


@dataclass(frozen=True)
class _Served:
    """What a run measures against: the gRPC address, the processes whose CPU is the server's, Redis, the HTTP
    base URL the clients use (the front's when there is one) and the front's pid."""

    target: str
    server_pids: tuple[int, ...]
    redis_pid: int | None
    redis_url: str | None
    http_url: str | None
    front_pid: int | None = None


def loopback_only(target: str) -> str:
    """``target`` if every address its host resolves to is a loopback address; SystemExit otherwise."""
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        raise SystemExit(f"--target must be HOST:PORT, got {target!r}")
    try:
        found = {info[4][0] for info in socket.getaddrinfo(host.strip("[]"), int(port))}
    except socket.gaierror as error:
        raise SystemExit(f"--target {target!r} does not resolve: {error}") from None
    if not all(ipaddress.ip_address(address.partition("%")[0]).is_loopback for address in found):
        raise SystemExit(f"--target {target!r} is not a loopback address: load tests run only against this machine")
    return target


def bench_service(bench: ServiceBench) -> dict[str, Any]:
    """Run the whole benchmark and return its JSON report."""
    if bench.rest and bench.sessions:
        raise SystemExit("--sessions plays over gRPC's Play: it does not go with --rest")
    if bench.rest and bench.target is not None:
        raise SystemExit("--rest measures a server this command spawns (its HTTP port): use --spawn")
    if bench.embedded_store and (bench.target is not None or bench.redis_url is not None or bench.workers != 1):
        raise SystemExit("--embedded-store is a server this command spawns with one worker and no --redis-url")
    websocket = bench.session_transport in ("ws", "ws-proto")
    if websocket and not bench.sessions:
        raise SystemExit("--transport ws carries Play sessions: it goes with --sessions")
    if websocket and bench.target is not None and bench.http_target is None:
        raise SystemExit("--transport ws with --target needs --http-target (the server's HTTP port)")
    if (bench.replicas > 1) != (bench.front is not None):
        raise SystemExit("--replicas N (N > 1) and --front go together: the replicas are reached through the front")
    if bench.replicas > 1 and (bench.target is not None or bench.embedded_store):
        raise SystemExit("--replicas spawns the replicas, on one redis-server")
    if bench.server_python is not None and bench.target is not None:
        raise SystemExit("--server-python is the interpreter of a server this command spawns: use --spawn")
    interpreter = server_interpreter(bench.server_python) if bench.target is None else None
    with _server(bench) as served:
        target = served.target
        rest_url = served.http_url if bench.rest else None
        ws_url = served.http_url if websocket else None
        processes = 1 if bench.contention else max(1, min(bench.generator_processes, bench.concurrency))
        context = multiprocessing.get_context("spawn")
        with context.Pool(processes) as pool:
            clocks = {
                "server": _cpu_clock(served.server_pids),
                "redis": _cpu_clock((served.redis_pid,) if served.redis_pid else ()),
                "front": _cpu_clock((served.front_pid,) if served.front_pid else ()),
            }
            redis_commands = _commands_clock(served.redis_url)
            pool.map(_warm_up, range(processes), chunksize=1)

            games = game_ids() if bench.game == "all" else [bench.game]
            tables = [(game, seats_for(game, bench.players)) for game in games]
            baseline, baseline_cpu = {}, {}
            for phase in (BASELINE, VIEWS):
                jobs = [
                    Job(phase, target, clients, bench.baseline_seconds, tables[:1], bench.seed, rest_url=rest_url)
                    for clients in _split(bench.concurrency, processes)
                ]
                baseline[phase], cpu = _measured(pool, jobs, clocks)
                baseline_cpu[phase] = cpu["server"]

            tables = [tables[index % len(tables)] for index in range(bench.matches)]
            phase = CONTENTION if bench.contention else PLAY
            play_jobs = [
                Job(
                    phase,
                    target,
                    clients,
                    bench.duration,
                    tables[first : first + share],
                    bench.seed + first,
                    rest_url=rest_url,
                    sessions=bench.sessions,
                    ws_url=ws_url,
                    ws_binary=bench.session_transport == "ws-proto",
                )
                for clients, share, first in _shares(bench.concurrency, bench.matches, processes)
            ]
            commands_before = redis_commands()
            played, play_cpu = _measured(pool, play_jobs, clocks)
            play_commands = _commands_difference(redis_commands(), commands_before)

            records = [record for result in played for record in result["records"]]
            check_jobs = [
                Job(CHECK, target, max(1, bench.concurrency // processes), records=records[index::processes])
                for index in range(processes)
            ]
            checked = pool.map(run_job, check_jobs, chunksize=1)
    report = _report(bench, target, baseline, baseline_cpu, played, play_cpu, records, checked)
    report["server_python"] = interpreter
    committed = report["actions_committed"]
    if play_commands is not None and committed:
        # INFO itself is among the commands counted: twice per run, nothing per action
        per_action = {name: round(calls / committed, 3) for name, calls in play_commands.most_common()}
        report["redis_commands_per_action"] = {"all": round(sum(play_commands.values()) / committed, 3), **per_action}
    else:
        report["redis_commands_per_action"] = None
    return report


@contextlib.contextmanager
def _server(bench: ServiceBench) -> Iterator[_Served]:
    """The target, spawning what --spawn asks for."""
    if bench.target is not None:
        http = f"http://{loopback_only(bench.http_target)}" if bench.http_target else None
        yield _Served(loopback_only(bench.target), bench.server_pids, None, bench.redis_url, http)
        return
    with contextlib.ExitStack() as stack:
        redis_pid = None
        redis_url = bench.redis_url
        if redis_url is None and not bench.embedded_store:
            redis_url, redis_pid = stack.enter_context(redis_server())
        secret = secrets.token_hex(16)  # every replica must accept the others' seat tokens
        replicas = []
        for _ in range(bench.replicas):
            http_port = free_port()
            replica = cardroom_server(
                redis_url, bench.workers, http_port=http_port, secret=secret, python=bench.server_python
            )
            replicas.append((*stack.enter_context(replica), http_port))
        pids = tuple(pid for _address, pid, _port in replicas)
        if bench.front is None:
            address, _pid, http_port = replicas[0]
            yield _Served(address, pids, redis_pid, redis_url, f"http://127.0.0.1:{http_port}")
            return
        grpc_ports = [int(address.rpartition(":")[2]) for address, _pid, _port in replicas]
        http_ports = [port for _address, _pid, port in replicas]
        placement = bench.front == "nginx"
        front = stack.enter_context(nginx_front(http_ports, grpc_ports, placement=placement))
        yield _Served(front.grpc_address, pids, redis_pid, redis_url, front.http_url, front.pid)


def _redis_origin(bench: ServiceBench) -> str:
    """``spawned`` when this command started the Redis it measures against, ``given`` when it was told one."""
    return "spawned" if bench.target is None and bench.redis_url is None else "given"


def _warm_up(_index: int) -> None:
    """Import the generator's modules in each pool process before anything is timed."""
    from . import generator  # noqa: F401


def _cpu_clock(pids: Sequence[int]) -> Callable[[], float | None]:
    """A function returning the CPU seconds used so far by ``pids`` and their descendants (None without pids)."""

    def read() -> float | None:
        if not pids:
            return None
        total = 0.0
        for pid in pids:
            root = psutil.Process(pid)
            for process in (root, *root.children(recursive=True)):
                with contextlib.suppress(psutil.NoSuchProcess):
                    times = process.cpu_times()
                    total += times.user + times.system
        return total

    return read


def _commands_clock(url: str | None) -> Callable[[], Counter | None]:
    """A function returning the calls of each command the Redis at ``url`` ran so far (None without a url)."""

    def read() -> Counter | None:
        if url is None:
            return None
        with redis.Redis.from_url(url, socket_timeout=5) as client:
            stats = client.info("commandstats")
        return Counter({name.removeprefix("cmdstat_"): int(entry["calls"]) for name, entry in stats.items()})

    return read


def _commands_difference(after: Counter | None, before: Counter | None) -> Counter | None:
    return None if after is None or before is None else after - before


def _measured(
    pool: Any, jobs: list[Job], clocks: dict[str, Callable[[], float | None]]
) -> tuple[list[dict[str, Any]], dict[str, float | None]]:
    """Run ``jobs`` in the pool; their results and the CPU seconds each clock (server, Redis...) counted meanwhile."""
    before = {name: clock() for name, clock in clocks.items()}
    results = pool.map(run_job, jobs, chunksize=1)
    return results, {name: _difference(clock(), before[name]) for name, clock in clocks.items()}


def _difference(after: float | None, before: float | None) -> float | None:
    return None if after is None or before is None else after - before


def _split(total: int, parts: int) -> list[int]:
    """``total`` in ``parts`` near-equal positive shares."""
    return [total // parts + (index < total % parts) for index in range(parts)]


def _shares(clients: int, matches: int, processes: int) -> list[tuple[int, int, int]]:
    """(clients, matches, index of the first match) of each generator process."""
    shares, first = [], 0
    for process_clients, process_matches in zip(_split(clients, processes), _split(matches, processes), strict=True):
        shares.append((process_clients, process_matches, first))
        first += process_matches
    return shares


def _report(
    bench: ServiceBench,
    target: str,
    baseline: dict[str, list[dict[str, Any]]],
    baseline_cpu: dict[str, float | None],
    played: list[dict[str, Any]],
    play_cpu: dict[str, float | None],
    records: list[Any],
    checked: list[dict[str, Any]],
) -> dict[str, Any]:
    repeated = {phase: _repeated(phase, baseline[phase], baseline_cpu[phase]) for phase in baseline}
    committed = sum(result["committed"] for result in played)
    actions_rate = _rate(committed, played)
    calls = sum((Counter(result["calls"]) for result in played), Counter())
    problems = [problem for result in checked for problem in result["problems"]]
    baseline_rate = repeated[BASELINE]["calls_per_s"]
    report: dict[str, Any] = {
        "mode": CONTENTION if bench.contention else PLAY,
        "transport": "rest" if bench.rest else bench.session_transport,
        "sessions": bench.sessions,
        "target": target,
        "spawned": bench.target is None,
        "workers": bench.workers if bench.target is None else None,
        "replicas": bench.replicas if bench.target is None else None,
        "front": bench.front,
        "store": "embedded" if bench.embedded_store else "redis",
        "redis": None if bench.embedded_store else _redis_origin(bench),
        "cores": os.cpu_count(),
        "generator_processes": len(played),
        "game": bench.game,
        "players": bench.players,
        "matches": bench.matches,
        "concurrency": bench.concurrency,
        "duration_s": bench.duration,
        "seconds": round(_wall(played), 3),
        "actions_committed": committed,
        "actions_per_s": _round(actions_rate),
        "submit_action_latency_ms": _percentiles([x for result in played for x in result["latencies"]]),
        "errors": dict(sum((Counter(result["errors"]) for result in played), Counter())),
        "conflicts_retried": sum(result["conflicts_retried"] for result in played),
        "matches_started": len(records),
        "matches_finished": sum(record.finished for record in records),
        "calls": dict(calls),
        "server_cpu_s": _round(play_cpu["server"]),
        "server_cpu_ms_per_action": _per_thousand(play_cpu["server"], committed),
        "server_cpu_ms_per_call": _per_thousand(play_cpu["server"], sum(calls.values())),
        "server_cpu_ms_per_submit_action_est": _submit_action_cpu(play_cpu["server"], calls, repeated[VIEWS]),
        "redis_cpu_ms_per_action": _per_thousand(play_cpu["redis"], committed),
        "front_cpu_ms_per_action": _per_thousand(play_cpu["front"], committed),
        # the clients' side of the same cores: with the server and Redis, what bounds moves/s on this machine
        "driver_cpu_ms_per_action": _per_thousand(sum(result["cpu_s"] for result in played), committed),
        "baseline": repeated[BASELINE],
        "get_match": repeated[VIEWS],
        "actions_per_s_vs_baseline": round(actions_rate / baseline_rate, 3) if baseline_rate else None,
        # the same ratio from CPU counters: what the server could do per core-second, which
        # the other processes sharing the cores move far less than the throughputs
        "actions_per_server_cpu_s_vs_baseline": _ratio(
            repeated[BASELINE]["server_cpu_ms_per_call"], play_cpu["server"], committed
        ),
        "consistency": {
            "matches_checked": len(records),
            "unknown_outcomes": sum(record.unknown_outcomes for record in records),
            "check_errors": dict(sum((Counter(result["errors"]) for result in checked), Counter())),
            "problems": problems[:PROBLEM_SAMPLES],
        },
        "lost_or_doubled": len(problems),
    }
    if bench.contention:
        aborts = report["errors"].get("ABORTED/STALE_VERSION", 0)
        report["commits_per_s"] = report["actions_per_s"]
        report["aborts_per_s"] = _round(_rate(aborts, played))
    return report


def _repeated(phase: str, results: list[dict[str, Any]], cpu: float | None) -> dict[str, Any]:
    """Figures of a phase that repeats one method (the GetGame baseline, GetMatch views)."""
    calls = sum(len(result["latencies"]) for result in results)
    return {
        "method": TIMED_METHODS[phase],
        "seconds": round(_wall(results), 3),
        "calls": calls,
        "calls_per_s": _round(_rate(calls, results)),
        "latency_ms": _percentiles([x for result in results for x in result["latencies"]]),
        "server_cpu_ms_per_call": _per_thousand(cpu, calls),
    }


def _ratio(baseline_ms_per_call: float | None, play_cpu: float | None, committed: int) -> float | None:
    per_action = _per_thousand(play_cpu, committed)
    return round(baseline_ms_per_call / per_action, 3) if baseline_ms_per_call and per_action else None


def _submit_action_cpu(play_cpu: float | None, calls: Counter, views: dict[str, Any]) -> float | None:
    """Server CPU per SubmitAction call: the play phase's, less its GetMatch calls at the cost measured
    for GetMatch alone (the other calls, one create/join/start per seat and match, are left in)."""
    per_view = views["server_cpu_ms_per_call"]
    if play_cpu is None or per_view is None or not calls["SubmitAction"]:
        return None
    return round((play_cpu * 1000 - per_view * calls["GetMatch"]) / calls["SubmitAction"], 3)


def _wall(results: list[dict[str, Any]]) -> float:
    """Seconds from the first process's start to the last one's end (the monotonic clock is system-wide)."""
    return max(result["ended"] for result in results) - min(result["started"] for result in results)


def _rate(count: int, results: list[dict[str, Any]]) -> float:
    seconds = _wall(results)
    return count / seconds if seconds > 0 else 0.0


def _percentiles(seconds: list[float]) -> dict[str, float | None]:
    if len(seconds) < 2:
        only = round(seconds[0] * 1000, 3) if seconds else None
        return {"p50": only, "p95": only, "p99": only, "max": only}
    cuts = statistics.quantiles(seconds, n=100, method="inclusive")
    return {
        "p50": round(cuts[49] * 1000, 3),
        "p95": round(cuts[94] * 1000, 3),
        "p99": round(cuts[98] * 1000, 3),
        "max": round(max(seconds) * 1000, 3),
    }


def _per_thousand(cpu_seconds: float | None, count: int) -> float | None:
    return round(cpu_seconds * 1000 / count, 3) if cpu_seconds is not None and count else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 1)
