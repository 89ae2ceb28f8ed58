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

PLAY_HELP = """Play one seat of a match in the terminal: create a table (--game), join one (--join) or come
back to one (--resume with --token). Type the number of a legal action to play it, ? for help, r for
the rules. The creator may start with fewer players once the game's minimum is seated (s), or fill the
empty seats with bots (b). Ctrl-C or Ctrl-D leaves: before the start the seat is given up, after it the
command to resume is printed."""


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

    play = commands.add_parser(
        "play", help="play a match in the terminal (needs clients/python installed)", description=PLAY_HELP
    )
    play.add_argument("--server", default="localhost:50051", help="HOST:PORT of the gRPC service")
    play.add_argument("--tls", action="store_true")
    table = play.add_mutually_exclusive_group(required=True)
    table.add_argument("--game", choices=game_ids(), help="create a match of this game")
    table.add_argument("--join", metavar="MATCH", help="join this match (games/GAME/matches/ID)")
    table.add_argument("--resume", metavar="MATCH", help="come back to this match with --token")
    play.add_argument("--token", help="the seat token to --resume with (printed when you left)")
    play.add_argument("--players", type=int, default=2, help="table size of a created match (seats)")
    play.add_argument("--name", default="", help="your display name")
    play.add_argument("--option", action="append", type=parse_option, default=[], metavar="NAME=VALUE")
    play.add_argument("--bots", type=int, default=0, metavar="N", help="seat N server bots at a created table")
    play.add_argument("--bot-level", default="", help="level of the bots (random, standard, strong)")
    play.add_argument("--auto-start", action="store_true", help="the server starts the match once every seat is taken")
    play.add_argument("--turn-seconds", type=float, default=0.0, help="turn clock of a created match (0: none)")
    play.add_argument("--seed", type=int, help="deck seed (only on a server run with --allow-fixed-decks)")
    play.add_argument(
        "--fixture", type=json.loads, metavar="JSON", help="the rules' test hook, e.g. a stacked deck (as --seed)"
    )
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
        if args.resume and not args.token:
            build_parser().error("--resume needs --token")
        if not 0 <= args.bots < args.players:
            build_parser().error("--bots must leave a seat for you: 0 <= N < --players")
        try:
            from .terminal.session import PlayRequest, play
        except ModuleNotFoundError as missing:
            needs = f"cardroom play needs {missing.name} (the Python SDK: pip install -e clients/python)"
            print(needs, file=sys.stderr)
            return 2
        request = PlayRequest(
            server=args.server,
            tls=args.tls,
            game=args.game,
            players=args.players,
            join=args.join,
            resume=args.resume,
            token=args.token,
            name=args.name,
            options=options_of(args.option),
            seed=args.seed,
            fixture=args.fixture,
            bots=args.bots,
            bot_level=args.bot_level,
            auto_start=args.auto_start,
            turn_seconds=args.turn_seconds,
        )
        return asyncio.run(play(request))
    return 2


if __name__ == "__main__":
    sys.exit(main())
