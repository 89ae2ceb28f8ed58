"""The end-of-run check: does the server hold exactly what its answers said it committed?

For one match, through the public API only (GetMatch, GetMatchLog):

* the stored version equals the versions the client saw committed: creation,
  one per join, the start and one per SubmitAction answered OK;
* the log holds versions 1..stored version, each once, and the entry of every
  acknowledged action carries that action's seat and action;
* replaying the log's actions through the engine from the match's known seed
  (sent at creation, so the server must accept fixed decks) reaches the stored
  state: every seat's view, the spectator's view and the result equal the
  server's answers to GetMatch.

Each failed point counts one in ``lost_or_doubled``; a sample of what failed is
reported beside the count.
"""

from __future__ import annotations

from typing import Any

from ..api import convert
from ..engines import get_engine
from ..engines.contract import RuleError
from ..v1 import game_service_pb2 as pb
from .calls import Meter
from .players import MatchRecord

LOG_PAGE_SIZE = 1000


async def check_match(meter: Meter, stub: Any, record: MatchRecord) -> list[str]:
    """Every inconsistency between ``record`` and the server's copy of the match, as sentences."""
    problems = []
    spectator = await meter.call(stub, "GetMatch", pb.GetMatchRequest(name=record.name))
    stored = spectator.match.version
    expected = len(record.tokens) + 1 + len(record.acked)
    if record.claimed_twice:
        problems.append(f"{record.name}: {record.claimed_twice} answers claimed an already committed version")
    if stored != expected and not record.unknown_outcomes:
        problems.append(f"{record.name}: stored version {stored}, the client saw {expected} versions committed")
    entries = await _log(meter, stub, record)
    if [entry.version for entry in entries] != list(range(1, stored + 1)):
        problems.append(f"{record.name}: log versions are not 1..{stored}")
    logged = {
        entry.version: (entry.seat, convert.action_from_proto(record.game, entry.action))
        for entry in entries
        if entry.HasField("action")
    }
    mismatched = [
        version
        for version, (seat, action) in record.acked.items()
        if logged.get(version) != (seat, convert.action_from_proto(record.game, action))
    ]
    if mismatched:
        problems.append(f"{record.name}: acknowledged versions {mismatched[:5]} differ in the log")
    problems += await _replay(meter, stub, record, spectator, [logged[v] for v in sorted(logged)])
    return problems


async def _log(meter: Meter, stub: Any, record: MatchRecord) -> list[Any]:
    entries, token = [], ""
    while True:
        page = await meter.call(
            stub,
            "GetMatchLog",
            pb.GetMatchLogRequest(name=record.name, page_size=LOG_PAGE_SIZE, page_token=token),
            record.tokens[0],
        )
        entries += page.entries
        token = page.next_page_token
        if not token:
            return entries


async def _replay(
    meter: Meter, stub: Any, record: MatchRecord, spectator: Any, actions: list[tuple[int, dict[str, Any]]]
) -> list[str]:
    engine = get_engine(record.game)
    _, options = convert.options_from_proto(spectator.match.options)
    state = engine.new_game(len(record.tokens), options, record.seed)
    for index, (seat, action) in enumerate(actions):
        try:
            state = engine.apply(state, seat, action).state
        except RuleError as error:
            return [f"{record.name}: logged action {index + 1} does not replay: {error}"]
    problems = []
    seats: list[int | None] = [None, *range(len(record.tokens))]
    for seat in seats:
        served = (
            spectator
            if seat is None
            else await meter.call(stub, "GetMatch", pb.GetMatchRequest(name=record.name), record.tokens[seat])
        )
        if served.view != convert.view_to_proto(record.game, engine.view(state, seat)):
            problems.append(f"{record.name}: the replayed view of seat {seat} differs from the server's")
    result = engine.result(state)
    if (result is None) != (not spectator.HasField("result")) or (
        result is not None and list(spectator.result.scores) != result.scores
    ):
        problems.append(f"{record.name}: the replayed result differs from the server's")
    return problems
