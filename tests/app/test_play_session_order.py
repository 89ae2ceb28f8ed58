"""The play session's ordering rules (app/play_sessions.py), driven step by step: updates from a queue the test
feeds, actions whose commit the test releases. No clock and no sleeps: each step waits for what it needs."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import pytest

from cardroom.app.errors import FAILED_PRECONDITION, AppError
from cardroom.app.play_sessions import Answered, Outcome, PlaySession


@dataclass(frozen=True)
class Update:
    version: int


class Feed:
    """A watch stream the test writes: ``push`` an update, ``end`` it, or ``fail`` it."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[object] = asyncio.Queue()

    async def stream(self):
        while True:
            item = await self.queue.get()
            if item is None:
                return
            if isinstance(item, BaseException):
                raise item
            yield item


async def _next(items) -> object:
    return await asyncio.wait_for(anext(items), 30)


def _session(after_version: int, fold_outcomes: bool = False) -> tuple[Feed, PlaySession, AsyncIterator[object]]:
    """A session on a fresh feed after ``after_version``, and its items (iterating them starts it)."""
    feed = Feed()
    session = PlaySession(feed.stream(), after_version=after_version, fold_outcomes=fold_outcomes)
    return feed, session, aiter(session)


def _committing(version: int) -> tuple[asyncio.Event, Callable[[], Awaitable[int]]]:
    """An action accepted with ``version``, and the event it sets once applied."""
    committed = asyncio.Event()

    async def accepted() -> int:
        committed.set()
        return version

    return committed, accepted


@pytest.mark.asyncio
async def test_an_accepted_outcome_waits_for_the_update_of_its_version_and_refusals_do_not_end_it():
    feed, session, items = _session(4)
    committed, accepted = _committing(6)

    async def refused() -> int:
        raise AppError(FAILED_PRECONDITION, "NOT_YOUR_TURN", "not yours")

    await session.send("a", refused)
    await session.send("b", accepted)
    outcome = await _next(items)
    assert isinstance(outcome, Outcome) and outcome.error is not None and outcome.error.reason == "NOT_YOUR_TURN"
    await committed.wait()
    feed.queue.put_nowait(Update(5))
    assert await _next(items) == Update(5)
    feed.queue.put_nowait(Update(6))  # the version action b produced: its outcome follows it, never before
    assert await _next(items) == Update(6)
    assert await _next(items) == Outcome("b", version=6)
    feed.queue.put_nowait(None)  # the match is over: the session ends
    with pytest.raises(StopAsyncIteration):
        await _next(items)


@pytest.mark.asyncio
async def test_a_repeated_request_answered_with_an_old_version_is_answered_at_once():
    _, session, items = _session(9)

    async def replayed() -> int:
        return 7  # applied before the session (re)opened after version 9

    await session.send("r", replayed)
    assert await _next(items) == Outcome("r", version=7)
    await items.aclose()


@pytest.mark.asyncio
async def test_the_session_ends_after_the_last_update_once_the_action_under_way_is_answered():
    feed, session, items = _session(0)
    release = asyncio.Event()
    started = asyncio.Event()

    async def slow_refusal() -> int:
        started.set()
        await release.wait()
        raise AppError(FAILED_PRECONDITION, "MATCH_NOT_ACTIVE", "over")

    await session.send("late", slow_refusal)
    first = asyncio.ensure_future(_next(items))  # iterating starts the session
    await started.wait()
    feed.queue.put_nowait(Update(1))
    feed.queue.put_nowait(None)
    assert await first == Update(1)
    release.set()
    outcome = await _next(items)
    assert isinstance(outcome, Outcome) and outcome.request_id == "late" and not outcome.accepted
    with pytest.raises(StopAsyncIteration):
        await _next(items)


@pytest.mark.asyncio
async def test_a_failed_watch_ends_the_session_with_its_error_and_a_finished_match_ends_it_at_once():
    feed = Feed()
    items = aiter(PlaySession(feed.stream(), after_version=0))
    feed.queue.put_nowait(AppError("UNAVAILABLE", "STORE_UNAVAILABLE", "gone"))
    with pytest.raises(AppError) as failed:
        await _next(items)
    assert failed.value.reason == "STORE_UNAVAILABLE"
    with pytest.raises(StopAsyncIteration):
        await _next(aiter(PlaySession(None, after_version=3)))


@pytest.mark.asyncio
async def test_a_folding_session_hands_an_accepted_outcome_over_with_its_update_unless_that_update_went_out():
    feed, session, items = _session(4, fold_outcomes=True)
    committed, accepted = _committing(5)

    async def replayed() -> int:
        return 5  # a repeat of the first request, answered after version 5 went out

    await session.send("a", accepted)
    first = asyncio.ensure_future(_next(items))  # iterating starts the session
    await committed.wait()
    feed.queue.put_nowait(Update(5))
    assert await first == Answered(Update(5), Outcome("a", version=5))  # one item: no outcome follows
    await session.send("a", replayed)
    assert await _next(items) == Outcome("a", version=5)
    feed.queue.put_nowait(None)
    with pytest.raises(StopAsyncIteration):
        await _next(items)


@pytest.mark.asyncio
async def test_a_folding_session_takes_the_next_action_before_the_update_and_a_refusal_still_follows_it():
    feed, session, items = _session(4, fold_outcomes=True)
    first_committed, first = _committing(5)
    second_committed, second = _committing(6)
    refused_tried = asyncio.Event()

    async def refused() -> int:
        refused_tried.set()
        raise AppError(FAILED_PRECONDITION, "NOT_YOUR_TURN", "not yours")

    await session.send("a", first)
    await session.send("b", second)
    await session.send("c", refused)
    pending = asyncio.ensure_future(_next(items))  # iterating starts the session
    # both accepted and the refusal tried before either update went out: no action waited for an update
    await asyncio.wait_for(asyncio.gather(first_committed.wait(), second_committed.wait(), refused_tried.wait()), 30)
    assert not pending.done()  # the refusal waits for the updates of the actions accepted before it
    feed.queue.put_nowait(Update(5))
    assert await pending == Answered(Update(5), Outcome("a", version=5))
    feed.queue.put_nowait(Update(6))
    assert await _next(items) == Answered(Update(6), Outcome("b", version=6))
    refusal = await _next(items)
    assert isinstance(refusal, Outcome) and refusal.request_id == "c" and refusal.error is not None
    feed.queue.put_nowait(None)
    with pytest.raises(StopAsyncIteration):
        await _next(items)


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("after_commit", "expected"),
    [
        # the watch ends before version 5 was handed to this session: the outcome goes out alone, then the end
        (None, [Outcome("a", version=5)]),
        # the updates go past version 5 without it: the outcome goes out alone after the update that went past
        (Update(6), [Update(6), Outcome("a", version=5)]),
    ],
)
async def test_a_folded_outcome_whose_update_never_comes_goes_out_alone(after_commit, expected):
    feed, session, items = _session(4, fold_outcomes=True)
    committed, accepted = _committing(5)
    await session.send("a", accepted)
    first = asyncio.ensure_future(_next(items))  # iterating starts the session
    await committed.wait()
    feed.queue.put_nowait(after_commit)
    feed.queue.put_nowait(None)
    assert [await first] + [await _next(items) for _ in expected[1:]] == expected
    with pytest.raises(StopAsyncIteration):
        await _next(items)
