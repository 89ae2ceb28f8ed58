"""cancel_and_wait (cardroom/cancelling.py): a task that swallows its cancellation, as Python 3.11's
asyncio.wait_for can inside a redis-py call, is cancelled again until it ends."""

from __future__ import annotations

import asyncio
import gc

import pytest

from cardroom.cancelling import RECANCEL_SECONDS, cancel_and_wait


async def _swallowing(times: int, swallowed: list[int], released: asyncio.Event | None = None) -> None:
    """A loop that goes on after its first ``times`` cancellations, as if they had never come (until released)."""
    while released is None or not released.is_set():
        try:
            await asyncio.sleep(RECANCEL_SECONDS / 2)
        except asyncio.CancelledError:
            if times == 0:
                raise
            times -= 1
            asyncio.current_task().uncancel()
            swallowed.append(1)


@pytest.mark.asyncio
async def test_a_task_that_swallows_its_cancellation_is_cancelled_again() -> None:
    swallowed: list[int] = []
    task = asyncio.ensure_future(_swallowing(2, swallowed))
    await asyncio.sleep(0)
    assert await cancel_and_wait(task) == set()
    assert task.cancelled() and len(swallowed) == 2


@pytest.mark.asyncio
async def test_with_a_timeout_a_task_that_never_ends_is_returned() -> None:
    swallowed: list[int] = []
    released = asyncio.Event()
    task = asyncio.ensure_future(_swallowing(10**6, swallowed, released))
    await asyncio.sleep(0)
    assert await cancel_and_wait(task, timeout=3 * RECANCEL_SECONDS) == {task}
    assert not task.done() and len(swallowed) >= 2
    released.set()
    await task


@pytest.mark.asyncio
async def test_cancelling_the_caller_cancels_the_caller() -> None:
    swallowed: list[int] = []
    task = asyncio.ensure_future(_swallowing(1, swallowed))
    await asyncio.sleep(0)
    waiting = asyncio.ensure_future(cancel_and_wait(task))
    await asyncio.sleep(RECANCEL_SECONDS / 2)
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert await cancel_and_wait(task) == set()


@pytest.mark.asyncio
async def test_a_task_s_exception_is_neither_raised_nor_logged_as_never_retrieved() -> None:
    async def failing() -> None:
        raise ValueError("its own")

    task = asyncio.ensure_future(failing())
    await asyncio.sleep(0)
    unretrieved: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda _loop, context: unretrieved.append(context))
    assert await cancel_and_wait(task) == set()
    del task
    gc.collect()
    assert unretrieved == []
