"""Turn clocks with reserves, away seats and rematch windows, in one process on a clock the test moves.

The service (MatchService, TurnScheduler) runs on the embedded memory store with a
wall clock of the test's own, so every deadline, reserve and window is checked at
exact instants, never by waiting; what a client sees is checked on the proto
(``snapshot_to_proto``) the transports send.
"""

from __future__ import annotations

import uuid

import pytest
import pytest_asyncio

from cardroom.api.handlers import snapshot_to_proto
from cardroom.app import clock as turn_clock
from cardroom.app import rematch
from cardroom.app.config import Settings
from cardroom.app.documents import TableSettings
from cardroom.app.errors import AppError
from cardroom.app.matches import MatchService, Snapshot
from cardroom.app.tokens import TokenSigner
from cardroom.app.turns import TurnScheduler
from cardroom.store import MemoryStore
from cardroom.store.contract import FINISHED, WAITING

pytestmark = pytest.mark.asyncio

GAME = "up-or-down"
T0 = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def now() -> Clock:
    return Clock()


def service_with(now: Clock, **settings: float) -> tuple[MatchService, TurnScheduler]:
    matches = MatchService(MemoryStore(600, 600), Settings(**settings), TokenSigner("unit"), clock=now)
    return matches, TurnScheduler(matches, wall_clock=now)


@pytest_asyncio.fixture
async def table(now: Clock):
    """Two players, a 10 s clock with a 30 s reserve each; seats never go away."""
    matches, scheduler = service_with(now, away_after_timeouts=1000)
    table = TableSettings(turn_seconds=10, reserve_seconds=30)
    created = await matches.create_match(GAME, 2, {}, "a", str(uuid.uuid4()), table=table)
    match_id = created.snapshot.doc.match_id
    joined = await matches.join_match(GAME, match_id, "b", str(uuid.uuid4()), None)
    await matches.start_match(GAME, match_id, created.seat_token, str(uuid.uuid4()))
    yield matches, scheduler, match_id, [created.seat_token, joined.seat_token]
    await matches.store.close()


async def _seen(matches: MatchService, match_id: str, token: str | None = None) -> Snapshot:
    return await matches.get_match(GAME, match_id, token)


def _reserves(snapshot: Snapshot) -> list[float]:
    return [seat.reserve_seconds for seat in snapshot_to_proto(snapshot).match.seats]


async def _act(matches: MatchService, match_id: str, tokens: list[str], seat: int) -> Snapshot:
    mine = await _seen(matches, match_id, tokens[seat])
    assert seat in mine.to_act
    update = await matches.submit_action(GAME, match_id, tokens[seat], mine.legal_actions[0], None, "", "")
    return update.snapshot


async def _next_decision_of(matches: MatchService, match_id: str, tokens: list[str], seat: int, now: Clock) -> Snapshot:
    """Let the other seat act at once until ``seat`` is to act; its decision starts now."""
    while True:
        seen = await _seen(matches, match_id)
        if seat in seen.to_act:
            return seen
        now.now += 0.5
        await _act(matches, match_id, tokens, seen.to_act[0])


async def test_a_decision_runs_into_the_reserve_which_shrinks_and_is_shown(table, now: Clock) -> None:
    matches, _scheduler, match_id, tokens = table
    opened = await _seen(matches, match_id)
    assert opened.to_act == [0] and _reserves(opened) == [30, 30]
    assert opened.deadline == opened.doc.update_time + 10 + 30  # the clock, then the whole reserve
    now.now = opened.doc.update_time + 15  # 5 s past the clock: from the reserve
    after = await _act(matches, match_id, tokens, 0)
    assert _reserves(after) == [25, 30]
    again = await _next_decision_of(matches, match_id, tokens, 0, now)
    assert again.deadline == turn_clock.decision_start(again.doc) + 10 + 25
    assert snapshot_to_proto(again).deadline.ToNanoseconds() == round(again.deadline * 1e9)
    # a decision within the clock leaves the reserve as it was
    now.now = turn_clock.decision_start(again.doc) + 9
    assert _reserves(await _act(matches, match_id, tokens, 0)) == [25, 30]


async def test_a_seat_out_of_reserve_times_out_at_the_clock(table, now: Clock) -> None:
    matches, scheduler, match_id, tokens = table
    opened = await _seen(matches, match_id)
    deadline = opened.deadline
    now.now = deadline - 0.001
    assert await scheduler.play_due(match_id) is None  # not yet: nothing played
    assert (await _seen(matches, match_id)).doc.version == opened.doc.version
    now.now = deadline
    assert await scheduler.play_due(match_id) == 0.0  # the clock and the reserve spent: timed out
    timed_out = await _seen(matches, match_id)
    assert _reserves(timed_out) == [0, 30]
    # from now on seat 0 has the bare clock
    again = await _next_decision_of(matches, match_id, tokens, 0, now)
    start = turn_clock.decision_start(again.doc)
    assert again.deadline == start + 10
    now.now = start + 10 - 0.001
    assert await scheduler.play_due(match_id) is None
    now.now = start + 10
    assert await scheduler.play_due(match_id) == 0.0
    entries, _ = await matches.match_log(GAME, match_id, None, again.doc.version, 10)
    assert entries[0].seat == 0 and entries[0].timed_out


async def test_away_since_is_the_time_of_the_timeout_that_made_the_seat_away(now: Clock) -> None:
    matches, scheduler = service_with(now, away_after_timeouts=2)
    created = await matches.create_match(GAME, 2, {}, "a", str(uuid.uuid4()), table=TableSettings(turn_seconds=10))
    match_id = created.snapshot.doc.match_id
    await matches.join_match(GAME, match_id, "b", str(uuid.uuid4()), None)
    await matches.start_match(GAME, match_id, created.seat_token, str(uuid.uuid4()))
    for timeout in (1, 2):
        seen = await _seen(matches, match_id)
        assert seen.to_act == [0], "seat 0 decides first and keeps deciding while it times out"
        now.now = seen.deadline + 3  # the scheduler fires 3 s late
        assert await scheduler.play_due(match_id) == 3.0
        seat0 = snapshot_to_proto(await _seen(matches, match_id)).match.seats[0]
        assert seat0.timeouts == timeout
    assert seat0.HasField("away_since")
    assert seat0.away_since.ToNanoseconds() == round(now.now * 1e9)  # since the second timeout's commit
    await matches.store.close()


async def _finished_match(matches: MatchService, scheduler: TurnScheduler, now: Clock, seats: int):
    """A match of ``seats`` players nobody plays: every seat times out once, then is away and played at once."""
    table = TableSettings(turn_seconds=1)
    created = await matches.create_match(GAME, seats, {}, "p0", str(uuid.uuid4()), table=table)
    match_id = created.snapshot.doc.match_id
    tokens = [created.seat_token]
    for n in range(1, seats):
        tokens.append((await matches.join_match(GAME, match_id, f"p{n}", str(uuid.uuid4()), None)).seat_token)
    await matches.start_match(GAME, match_id, tokens[0], str(uuid.uuid4()))
    while (await _seen(matches, match_id)).doc.status != FINISHED:
        now.now += 1
        await scheduler.play_due(match_id)
    return match_id, tokens


async def test_a_rematch_after_the_window_is_closed_and_creates_nothing(now: Clock) -> None:
    matches, scheduler = service_with(now, away_after_timeouts=1, rematch_window=300)
    match_id, tokens = await _finished_match(matches, scheduler, now, 2)
    ended = (await _seen(matches, match_id)).doc.update_time
    now.now = ended + 300.001
    with pytest.raises(AppError) as closed:
        await rematch.rematch(matches, GAME, match_id, tokens[0])
    assert closed.value.reason == "REMATCH_CLOSED"
    new_id = matches.signer.derived_id("rematch", match_id)  # where the rematch table would be
    with pytest.raises(AppError) as missing:
        await matches.load(GAME, new_id)
    assert missing.value.reason == "MATCH_NOT_FOUND"
    await matches.store.close()


async def test_accepting_after_the_window_or_once_the_table_is_full_or_started_is_refused(now: Clock) -> None:
    matches, scheduler = service_with(now, away_after_timeouts=1, rematch_window=300)
    match_id, tokens = await _finished_match(matches, scheduler, now, 3)
    ended = (await _seen(matches, match_id)).doc.update_time
    now.now = ended + 10
    first = await rematch.rematch(matches, GAME, match_id, tokens[1])  # creates the table, seats 0 and 2 held
    table_id = first.snapshot.doc.match_id
    assert first.snapshot.held == {0, 2}
    second = await rematch.rematch(matches, GAME, match_id, tokens[2])
    assert second.seat == 2
    # the window ends: the held seat 0 opens to anyone, and a stranger takes it (the table is full)
    now.now = ended + 300.001
    stranger = await matches.join_match(GAME, table_id, "stranger", str(uuid.uuid4()), None)
    assert stranger.seat == 0 and len(stranger.snapshot.doc.players) == 3
    with pytest.raises(AppError) as closed:
        await rematch.rematch(matches, GAME, match_id, tokens[0])
    assert closed.value.reason == "REMATCH_CLOSED"
    # within the window, a table started without a player refuses its late accept
    match_id, tokens = await _finished_match(matches, scheduler, now, 3)
    now.now += 1
    first = await rematch.rematch(matches, GAME, match_id, tokens[0])
    await rematch.rematch(matches, GAME, match_id, tokens[1])
    started = await matches.start_match(GAME, first.snapshot.doc.match_id, first.seat_token, str(uuid.uuid4()))
    assert started.doc.status != WAITING and len(started.doc.players) == 2
    with pytest.raises(AppError) as late:
        await rematch.rematch(matches, GAME, match_id, tokens[2])
    assert late.value.reason == "MATCH_NOT_WAITING"
    await matches.store.close()
