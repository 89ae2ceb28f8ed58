"""Learning ``win_chances.json``, the Flip 7 strong bot's table of win chances at a round's end (``win_table.py``).

The table is learnt from games in which every seat is a ``standard`` bot (the engine itself, default options):
every round end of ``GAMES`` games per seat count that leaves every total below the target, each seat's eventual
win or loss (a tie for the win counted as a share), bucketed by the seat's own total and the best rival's. A
bucket's share is shrunk towards the normal race model (``race.game_chance`` at the bucket's centre, worth
``PRIOR`` games), then made monotone (a better own total never lowers the chance, a better rival total never
raises it) as the mean of the two orders of a running maximum over the own total and a running minimum over
the rival's.

Only the own total and the best rival's are used: splitting the buckets further by whose deal comes next or by
the second rival's total fitted held-out games no better (docs/benchmarks.md, "Strong bots, sixth pass").

Rebuild (deterministic: fixed engine seeds, the standard bots use no randomness)::

    PYTHONPATH=service python -m cardroom.bots.flip7.learn_win_table [OUTPUT]

which rewrites ``win_chances.json`` next to ``win_table.py``, or writes OUTPUT (about 3 minutes of CPU per seat
count on an idle core).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from ...engines import get_engine
from ...engines.contract import validate_options
from ...simulation import game_seed
from .. import get_bot, observe
from .race import game_chance
from .win_table import PATH, STEP, TARGET

#: games played per seat count, the seed of their engine seeds, and the seat counts learnt
GAMES = 9_000
SEED = 99
SEATS = (4,)
#: how many games' worth of the race model a bucket starts from
PRIOR = 10


def round_ends(seats: int, games: int, seed: int):
    """For every round end of ``games`` standard games that leaves every total below the target: the totals and
    the game's winners."""
    engine = get_engine("flip-7")
    options = validate_options(engine.info.options, {})
    bot = get_bot("flip-7", "standard")
    rng = random.Random(0)  # the standard bot draws nothing from it
    for index in range(games):
        opening = engine.start(seats, options, game_seed(seed, index))
        state, events, ends, winners = opening.state, opening.events, [], None
        while winners is None:
            for event in events:
                if event.type == "round_end" and max(event.data["totals"]) < TARGET:
                    ends.append(list(event.data["totals"]))
                elif event.type == "game_over":
                    winners = event.data["winners"]
            if winners is None:
                seat = engine.to_act(state)[0]
                action = bot.decide(observe(engine, state, seat, (), None, options), rng).action
                transition = engine.apply(state, seat, action)
                state, events = transition.state, transition.events
        for totals in ends:
            yield totals, winners


def learn(seats: int, ends: Iterable[tuple[list[int], list[int]]]) -> list[list[float]]:
    """The monotone table of win chances for ``seats`` seats from round ends (totals, the game's winners)."""
    size = (TARGET + STEP - 1) // STEP
    wins = [[0.0] * size for _ in range(size)]
    count = [[0] * size for _ in range(size)]
    for totals, winners in ends:
        for seat, mine in enumerate(totals):
            rival = max(total for other, total in enumerate(totals) if other != seat)
            wins[mine // STEP][rival // STEP] += 1 / len(winners) if seat in winners else 0.0
            count[mine // STEP][rival // STEP] += 1
    centre = [b * STEP + (STEP - 1) / 2 for b in range(size)]
    shrunk = [
        [
            (wins[i][j] + PRIOR * game_chance([centre[i], centre[j]] + [0] * (seats - 2), 0, TARGET))
            / (count[i][j] + PRIOR)
            for j in range(size)
        ]
        for i in range(size)
    ]
    up_then_down = _running(_running(shrunk, max, along_mine=True), min, along_mine=False)
    down_then_up = _running(_running(shrunk, min, along_mine=False), max, along_mine=True)
    return [
        [round((a + b) / 2, 5) for a, b in zip(row_a, row_b, strict=True)]
        for row_a, row_b in zip(up_then_down, down_then_up, strict=True)
    ]


def _running(table: list[list[float]], pick, *, along_mine: bool) -> list[list[float]]:
    """The running ``pick`` (max or min) of ``table`` along the own-total axis or along the rival axis."""
    out = [list(row) for row in table]
    size = len(out)
    for i in range(size):
        for j in range(size):
            if along_mine and i:
                out[i][j] = pick(out[i][j], out[i - 1][j])
            elif not along_mine and j:
                out[i][j] = pick(out[i][j], out[i][j - 1])
    return out


def main(argv: Sequence[str]) -> None:
    """Write the table to ``argv[0]`` if given, else over ``win_chances.json``."""
    path = Path(argv[0]) if argv else PATH
    tables = {str(seats): learn(seats, round_ends(seats, GAMES, SEED)) for seats in SEATS}
    data = {"target": TARGET, "step": STEP, "games": GAMES, "seed": SEED, "prior": PRIOR, "tables": tables}
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {path} ({', '.join(tables)} seats)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
