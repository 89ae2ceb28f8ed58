"""``cardroom bench bots``: a bot tournament with the engines directly (no service), as one JSON report.

The games are :func:`cardroom.tournament.tournament`'s (the loop ``cardroom
simulate --bots`` uses too), with the seats rotated between games by default.
The report adds what the decision times depend on: the machine's cores and
its load average while the tournament ran.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import UnknownBot
from ..engines.contract import RuleError
from ..tournament import tournament


def bench_bots(
    game: str,
    levels: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, Any],
    *,
    rotate: bool = True,
    check: bool = True,
    first_game: int = 0,
) -> int:
    """Print the tournament's JSON; exit status 1 if any action was refused or any invariant broke."""
    try:
        report = tournament(game, levels, games, seed, options, rotate=rotate, check=check, first_game=first_game)
    except RuleError as error:
        print(json.dumps({"error": error.code, "message": error.message}), file=sys.stderr)
        return 2
    except UnknownBot as error:
        print(json.dumps({"error": "UNKNOWN_BOT", "message": str(error)}), file=sys.stderr)
        return 2
    report["cores"] = os.cpu_count()
    report["load_average"] = [round(load, 2) for load in os.getloadavg()]
    print(json.dumps(report))
    return 0 if report["refused_actions"] == 0 and report["invariant_violations"] == 0 else 1
