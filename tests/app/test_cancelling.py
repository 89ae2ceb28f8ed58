"""cancel_and_wait (cardroom/cancelling.py): a task that swallows its cancellation, as Python 3.11's
asyncio.wait_for can inside a redis-py call, is cancelled again until it ends."""

from __future__ import annotations

import asyncio
import gc

import pytest

from cardroom.cancelling import RECANCEL_SECONDS, cancel_and_wait


class Swallowing:
    """A loop that goes on after its first ``times`` cancellations as if they had never come, until released."""

    def __init__(self, times: int) -> None:
        self.times = times
        self.swallowed = 0
        self.running = asyncio.Event()  # set once the loop is in its first wait
        self.one_swallowed = asyncio.Event()
        self.released = asyncio.Event()
        self.task = asyncio.ensure_future(self._run())

    async def started(self) -> Swallowing:
        await self.running.wait()
        return self

    async def _run(self) -> None:
        self.running.set()
        while not self.released.is_set():
            try:
                await asyncio.sleep(RECANCEL_SECONDS / 2)
            except asyncio.CancelledError:
                if self.swallowed == self.times:
                    raise
                self.swallowed += 1
                asyncio.current_task().uncancel()
                self.one_swallowed.set()


@pytest.mark.asyncio
async def test_a_task_that_swallows_its_cancellation_is_cancelled_again() -> None:
    loop = await Swallowing(2).started()
    assert await cancel_and_wait(loop.task) == set()
    assert loop.task.cancelled() and loop.swallowed == 2


@pytest.mark.asyncio
async def test_with_a_timeout_a_task_that_never_ends_is_returned() -> None:
    loop = await Swallowing(10**6).started()
    assert await cancel_and_wait(loop.task, timeout=3 * RECANCEL_SECONDS) == {loop.task}
    assert not loop.task.done() and loop.swallowed >= 2
    loop.released.set()
    await loop.task


@pytest.mark.asyncio
async def test_cancelling_the_caller_cancels_the_caller_and_leaves_the_task() -> None:
    loop = await Swallowing(10**6).started()
    waiting = asyncio.ensure_future(cancel_and_wait(loop.task))
    await loop.one_swallowed.wait()  # the caller is waiting to cancel it again
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert not loop.task.done()
    loop.released.set()
    await loop.task


@pytest.mark.asyncio
async def test_a_task_s_exception_is_neither_raised_nor_logged_as_never_retrieved() -> None:
    async def failing() -> None:
        raise ValueError("its own")

    task = asyncio.ensure_future(failing())
    await asyncio.wait({task})  # it has raised: nobody has looked at its exception yet
    unretrieved: list[dict] = []
    asyncio.get_running_loop().set_exception_handler(lambda _loop, context: unretrieved.append(context))
    assert await cancel_and_wait(task) == set()
    del task
    gc.collect()
    assert unretrieved == []
