"""The ``cardroom bench`` command lines (engines, service, storage, bots); each prints one JSON object."""

from __future__ import annotations

import argparse
import json
import sys

from ..cli_options import options_of, parse_levels, parse_option
from ..engines import game_ids

#: ``bench service --transport``: the Play RPC, or the HTTP port's WebSocket in proto3 JSON or binary protobuf
SESSION_TRANSPORTS = ("grpc", "ws", "ws-proto")
#: ``bench service --front``: nginx with deploy/nginx/ as shipped (each match's requests on one replica), or the
#: same in round robin (what a load balancer that knows nothing of matches does)
FRONTS = ("nginx", "nginx-round-robin")
#: ``bench service --server-python`` and ``bench peer --server-python``
SERVER_PYTHON_HELP = (
    "the Python interpreter the spawned cardroom serve processes run on (default: this one), with this "
    "checkout's service installed; e.g. a venv of Debian's python3, the optimised build deployments run"
)


def _session_transports(text: str) -> tuple[str, ...]:
    transports = tuple(text.split(","))
    unknown = [transport for transport in transports if transport not in SESSION_TRANSPORTS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown session transport(s) {unknown}: choose from {SESSION_TRANSPORTS}")
    return transports


def add_bench_parser(commands: argparse._SubParsersAction) -> None:
    bench = commands.add_parser(
        "bench", help="benchmarks printing JSON: engines, service, storage, watch, bots, deadlines, peer"
    )
    kinds = bench.add_subparsers(dest="bench", required=True)

    engines = kinds.add_parser("engines", help="random-play speed of every engine (the simulate loop)")
    engines.add_argument("--seconds", type=float, default=5.0, help="measured seconds per engine (about)")
    engines.add_argument("--game", action="append", choices=game_ids(), help="only these games (default: all)")
    engines.add_argument("--players", type=int, default=4, help="seats per game, clamped to each game's range")
    engines.add_argument("--seed", type=int, default=1)

    bots = kinds.add_parser("bots", help="bot tournaments with the engines directly: strength and decision time")
    bots.add_argument("--game", required=True, choices=game_ids())
    bots.add_argument(
        "--seats", required=True, type=parse_levels, help="one bot level per seat, e.g. standard,random,random,random"
    )
    bots.add_argument("--games", type=int, default=200)
    bots.add_argument("--seed", type=int, default=1)
    bots.add_argument(
        "--first-game",
        type=int,
        default=0,
        help="number of the first game of --seed to play (default 0): consecutive ranges of one seed, run in "
        "separate processes, play exactly the games of one run",
    )
    bots.add_argument("--option", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    bots.add_argument("--no-rotate", action="store_true", help="keep every level in its seat (default: rotate)")
    bots.add_argument("--no-checks", action="store_true", help="skip the invariant checks of every step")

    service = kinds.add_parser("service", help="full-stack load test over gRPC against 127.0.0.1")
    where = service.add_mutually_exclusive_group(required=True)
    where.add_argument("--target", help="HOST:PORT of a running server (loopback addresses only)")
    where.add_argument("--spawn", action="store_true", help="start the server (and a redis-server) here")
    service.add_argument(
        "--server-pid", type=int, action="append", default=[], help="with --target: server process for CPU figures"
    )
    service.add_argument("--workers", type=int, default=1, help="with --spawn: server worker processes")
    service.add_argument(
        "--replicas",
        type=int,
        default=1,
        help="with --spawn and --front: cardroom serve processes on one Redis (as pods), every call through the front",
    )
    service.add_argument(
        "--front",
        choices=FRONTS,
        help="with --replicas: nginx with deploy/nginx/ as shipped (each match on one replica), or the same in "
        "round robin",
    )
    service.add_argument(
        "--redis-url",
        help="with --spawn: use this Redis instead of starting a redis-server; with --target: the server's Redis "
        "(its commands per action are reported)",
    )
    service.add_argument(
        "--embedded-store",
        action="store_true",
        help="with --spawn and one worker: serve on the embedded memory store (no Redis), as a single-process "
        "deployment does",
    )
    service.add_argument("--server-python", help=f"with --spawn: {SERVER_PYTHON_HELP}")
    service.add_argument("--rest", action="store_true", help="with --spawn: call over REST/JSON instead of gRPC")
    service.add_argument("--sessions", action="store_true", help="play with one Play session per seat")
    service.add_argument(
        "--transport",
        choices=SESSION_TRANSPORTS,
        default="grpc",
        help="with --sessions: the Play RPC over gRPC, or the WebSocket /v1/play of the HTTP port (ws: proto3 JSON, "
        "ws-proto: its binary protobuf subprotocol)",
    )
    service.add_argument("--http-target", help="with --target and --transport ws: HOST:PORT of the server's HTTP port")
    service.add_argument("--game", default="all", choices=["all", *game_ids()])
    service.add_argument("--players", type=int, default=4, help="seats per match, clamped to each game's range")
    service.add_argument("--matches", type=int, default=100, help="at most this many matches")
    service.add_argument("--concurrency", type=int, default=10, help="matches in flight (contention: clients)")
    service.add_argument("--duration", type=float, default=30.0, help="at most this many seconds of play")
    service.add_argument("--baseline-seconds", type=float, default=5.0, help="seconds of the GetGame baseline")
    service.add_argument("--contention", action="store_true", help="all clients act on one match at a time")
    service.add_argument("--generator-processes", type=int, default=1, help="load generator processes")
    service.add_argument("--seed", type=int, default=1)

    storage = kinds.add_parser("storage", help="Redis bytes per finished match and per logged action (MEMORY USAGE)")
    storage.add_argument("--redis-url", help="use this Redis instead of starting a redis-server")
    storage.add_argument("--game", action="append", choices=game_ids(), help="only these games (default: all)")
    storage.add_argument("--players", type=int, default=4, help="seats per game, clamped to each game's range")
    storage.add_argument("--seed", type=int, default=1)
    watch = kinds.add_parser("watch", help="W WatchMatch streams over M matches being played, on one worker")
    watch.add_argument("--redis-url", help="use this Redis instead of starting a redis-server")
    watch.add_argument("--watchers", type=int, default=5000)
    watch.add_argument("--matches", type=int, default=100)
    watch.add_argument("--rate", type=float, default=200.0, help="target commits per second, over all matches")
    watch.add_argument("--duration", type=float, default=20.0, help="seconds of play")
    watch.add_argument("--seed", type=int, default=1)
    watch.add_argument("--watcher-processes", type=int, default=2, help="client processes the streams are spread over")
    watch.add_argument("--driver-processes", type=int, default=2, help="client processes the commits are driven by")
    watch.add_argument("--redis-pool-size", type=int, default=8, help="the server's command connections to Redis")
    watch.add_argument(
        "--transport",
        choices=("grpc", "sse"),
        default="grpc",
        help="the watchers' streams: gRPC WatchMatch, or Server-Sent Events over HTTP (GET .../matches/ID:watch); "
        "the commits are gRPC calls either way",
    )
    watch.add_argument(
        "--floor",
        action="store_true",
        help="then the same streams from a bare grpc.aio server that only pushes: grpcio's own CPU per update",
    )
    storage.add_argument("--samples", type=int, default=500, help="Pumba: measure the match every this many actions")
    storage.add_argument(
        "--cost",
        action="store_true",
        help="how cost grows instead: CPU (service, Redis) per action and bytes per match along a long Pumba game "
        "and at several counts of concurrent matches (bench/cost.py)",
    )
    storage.add_argument("--cost-window", type=int, default=500, help="--cost: actions per window of the long game")
    storage.add_argument(
        "--cost-matches", default="10,100,1000", help="--cost: concurrent matches (waiting + active) per level"
    )
    storage.add_argument("--cost-actions", type=int, default=2000, help="--cost: actions played at each level")
    storage.add_argument("--cost-concurrency", type=int, default=16, help="--cost: players acting at once")
    storage.add_argument(
        "--cost-long-actions", type=int, help="--cost: stop the long game after this many actions (default: its end)"
    )

    deadlines = kinds.add_parser("deadlines", help="turn-deadline firing lag and due-index memory on a real Redis")
    deadlines.add_argument("--matches", type=int, default=1000, help="matches whose every decision times out")
    deadlines.add_argument("--turn-seconds", type=float, default=1.0, help="the matches' turn clock")
    deadlines.add_argument("--replicas", type=int, default=2, help="scheduler processes racing for the deadlines")
    deadlines.add_argument("--duration", type=float, default=20.0, help="seconds measured after the set-up")
    deadlines.add_argument("--redis-url", help="use this Redis instead of starting a redis-server")
    deadlines.add_argument("--due-buckets", type=int, default=16)

    floor = kinds.add_parser(
        "transport-floor", help="server CPU per move of bare grpc.aio and aiohttp WebSocket servers (no cardroom code)"
    )
    floor.add_argument("--moves", type=int, default=6000, help="moves measured per transport (after a warm-up)")
    floor.add_argument("--streams", type=int, default=20, help="concurrent streams (or unary callers)")
    floor.add_argument("--payload-bytes", type=int, default=1500, help="bytes of each pushed message")

    peer = kinds.add_parser(
        "peer", help="boardgame.io (../shared/peers/boardgameio) and cardroom interleaved: moves/s, latency, CPU"
    )
    peer.add_argument("--peer-dir", help="the boardgame.io harness (default: shared/peers/boardgameio beside the repo)")
    peer.add_argument("--matches", default="10,50", help="concurrent matches, comma-separated")
    peer.add_argument("--workers", default="1,2", help="cardroom worker counts, comma-separated")
    peer.add_argument("--rounds", type=int, default=1, help="runs of each (peer, cardroom...) group")
    peer.add_argument("--seconds", type=float, default=20.0, help="seconds of play per run")
    peer.add_argument("--game", default="all", choices=["all", *game_ids()], help="cardroom's game(s)")
    peer.add_argument("--players", type=int, default=2, help="seats per cardroom match (the peer's are 2)")
    peer.add_argument(
        "--session-transports",
        type=_session_transports,
        default="grpc,ws-proto",
        help="transports of the Play session runs, comma-separated (grpc, ws, ws-proto; as bench service --transport)",
    )
    peer.add_argument(
        "--no-embedded-store",
        action="store_true",
        help="skip the session runs on one worker's embedded memory store (the peer's in-memory counterpart)",
    )
    peer.add_argument("--server-python", help=SERVER_PYTHON_HELP)


def run_bench(args: argparse.Namespace) -> int:
    if args.bench == "bots":
        from .bots import bench_bots

        return bench_bots(
            args.game,
            args.seats,
            args.games,
            args.seed,
            options_of(args.option),
            rotate=not args.no_rotate,
            check=not args.no_checks,
            first_game=args.first_game,
        )
    if args.bench == "engines":
        from .engines import EngineMissing, bench_engines

        try:
            report = bench_engines(args.seconds, args.game, args.players, args.seed)
        except EngineMissing as error:
            print(json.dumps({"error": "ENGINE_MISSING", "message": str(error)}), file=sys.stderr)
            return 2
        print(json.dumps(report))
        return 0
    if args.bench == "storage":
        return _bench_storage(args)
    if args.bench == "deadlines":
        from .deadlines import DeadlinesBench, bench_deadlines

        report = bench_deadlines(
            DeadlinesBench(
                matches=args.matches,
                turn_seconds=args.turn_seconds,
                replicas=args.replicas,
                duration=args.duration,
                redis_url=args.redis_url,
                due_buckets=args.due_buckets,
            )
        )
        print(json.dumps(report))
        return 0 if report["deadlines_fired"] else 1
    if args.bench == "transport-floor":
        from .transport_floor import FloorBench, bench_transport_floor

        report = bench_transport_floor(FloorBench(args.moves, args.streams, args.payload_bytes))
        print(json.dumps(report))
        return 0
    if args.bench == "peer":
        from pathlib import Path

        from .peer import PeerBench, bench_peer, default_peer_dir

        report = bench_peer(
            PeerBench(
                Path(args.peer_dir) if args.peer_dir else default_peer_dir(),
                tuple(int(m) for m in args.matches.split(",")),
                tuple(int(w) for w in args.workers.split(",")),
                args.rounds,
                args.seconds,
                args.game,
                args.players,
                session_transports=args.session_transports,
                embedded_store=not args.no_embedded_store,
                server_python=args.server_python,
            )
        )
        print(json.dumps(report))
        return 0 if all(ours["lost_or_doubled"] == 0 for r in report["rounds"] for ours in r["cardroom"]) else 1
    if args.bench == "watch":
        from .watch import WatchBench, bench_watch

        config = WatchBench(
            args.redis_url,
            args.watchers,
            args.matches,
            args.rate,
            args.duration,
            args.seed,
            args.watcher_processes,
            args.redis_pool_size,
            args.driver_processes,
            args.floor,
            args.transport,
        )
        report = bench_watch(config)
        print(json.dumps(report))
        return 0 if report["missed"] == 0 and report["duplicated"] == 0 else 1
    from .service import ServiceBench, bench_service

    if args.target is None and args.server_pid:
        raise SystemExit("--server-pid goes with --target; --spawn measures the server it starts")
    report = bench_service(
        ServiceBench(
            target=args.target,
            server_pids=tuple(args.server_pid),
            workers=args.workers,
            redis_url=args.redis_url,
            embedded_store=args.embedded_store,
            replicas=args.replicas,
            front=args.front,
            game=args.game,
            players=args.players,
            matches=args.matches,
            concurrency=args.concurrency,
            duration=args.duration,
            baseline_seconds=args.baseline_seconds,
            contention=args.contention,
            generator_processes=args.generator_processes,
            seed=args.seed,
            rest=args.rest,
            server_python=args.server_python,
            sessions=args.sessions,
            session_transport=args.transport,
            http_target=args.http_target,
        )
    )
    print(json.dumps(report))
    # no match set up (e.g. a --target refusing seeds) checks nothing: as much a failure as a mismatch
    return 0 if report["lost_or_doubled"] == 0 and report["matches_started"] else 1


def _bench_storage(args: argparse.Namespace) -> int:
    import contextlib
    import dataclasses

    from .spawned import redis_server
    from .storage import StorageBench, bench_storage

    with contextlib.ExitStack() as stack:
        url = args.redis_url or stack.enter_context(redis_server())[0]
        if args.cost:
            from .cost import CostBench, bench_cost

            levels = tuple(int(level) for level in args.cost_matches.split(","))
            config = CostBench(url, args.seed, args.cost_window, levels, args.cost_actions, args.cost_concurrency)
            config = dataclasses.replace(config, long_actions=args.cost_long_actions)
            report = bench_cost(config)
        else:
            report = bench_storage(StorageBench(url, args.game or game_ids(), args.players, args.seed, args.samples))
    print(json.dumps(report))
    return 0
