"""The ``cardroom`` command line: ``simulate`` (and, as the service grows, ``serve``, ``bench``...)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from .app.config import Settings, add_arguments
from .bench.commands import add_bench_parser, run_bench
from .cli_options import options_of, parse_levels, parse_option
from .engines import game_ids


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardroom", description="cardroom game-engine service")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser(
        "serve", help="run the service: gRPC and REST/JSON (flags override CARDROOM_* environment variables)"
    )
    add_arguments(serve)

    sim = commands.add_parser("simulate", help="play random games; print JSON figures (the engine benchmark)")
    sim.add_argument("--game", required=True, choices=game_ids())
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--players", type=int, help="seats per game (default: one per --bots level)")
    sim.add_argument(
        "--bots", type=parse_levels, metavar="LEVELS", help="a bot level per seat, e.g. standard,random,random"
    )
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    sim.add_argument("--no-checks", action="store_true", help="skip the invariant pass (timing only)")
    add_bench_parser(commands)

    play = commands.add_parser("play", help="play a match in the terminal (needs clients/python installed)")
    play.add_argument("--server", default="localhost:50051", help="HOST:PORT of the gRPC service")
    play.add_argument("--tls", action="store_true")
    table = play.add_mutually_exclusive_group(required=True)
    table.add_argument("--game", choices=game_ids(), help="create a match of this game")
    table.add_argument("--join", metavar="MATCH", help="join this match (games/GAME/matches/ID)")
    play.add_argument("--players", type=int, default=2, help="seats of a created match")
    play.add_argument("--name", default="", help="your display name")
    play.add_argument("--option", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "serve":
        from .api.server import serve_workers

        return serve_workers(Settings.from_args(args))
    if args.command == "simulate":
        from .bots import UnknownBot
        from .engines.contract import RuleError
        from .simulation import simulate

        options = options_of(args.option)
        players = args.players or (len(args.bots) if args.bots else None)
        if players is None or (args.bots and players != len(args.bots)):
            print(json.dumps({"error": "INVALID_ARGUMENT", "message": "give --players, or one --bots level per seat"}))
            return 2
        try:
            report = simulate(
                args.game, args.games, players, args.seed, options, check=not args.no_checks, bots=args.bots
            )
        except RuleError as exc:
            print(json.dumps({"error": exc.code, "message": exc.message}), file=sys.stderr)
            return 2
        except UnknownBot as exc:
            print(json.dumps({"error": "UNKNOWN_BOT", "message": str(exc)}), file=sys.stderr)
            return 2
        print(json.dumps(report))
        return 0 if report["invariant_violations"] == 0 and not report.get("refused_actions") else 1
    if args.command == "bench":
        return run_bench(args)
    if args.command == "play":
        from .play import play

        options = options_of(args.option)
        return asyncio.run(
            play(
                args.server,
                tls=args.tls,
                game=args.game,
                players=args.players,
                join=args.join,
                name=args.name,
                options=options,
            )
        )
    return 2


if __name__ == "__main__":
    sys.exit(main())
