"""Stopping background tasks for sure, on Python 3.11.

``asyncio.wait_for`` on 3.11 can swallow a cancellation that lands just as its inner await completes (CPython
gh-86296 and gh-107547; 3.12 rebuilt ``wait_for`` on ``asyncio.timeout``). redis-py awaits ``wait_for`` while it
sends a command, so a task cancelled in the middle of a Redis call may go on as if it had never been cancelled:
a store's index sweeper was seen looping on after ``close()`` (a store test's teardown hung for 600 s in CI), and
a presence heartbeat going on would keep a seat that left "connected". ``cancel_and_wait`` cancels again a task
that goes on; no library we use offers this, hence these few lines.
"""

from __future__ import annotations

import asyncio

#: how long a cancelled task gets to end before it is cancelled again (the swallowing race is one loop turn wide)
RECANCEL_SECONDS = 0.1


async def cancel_and_wait(*tasks: asyncio.Future, timeout: float | None = None) -> set[asyncio.Future]:
    """Cancel ``tasks`` and wait until they have all ended, cancelling again any that goes on; with ``timeout``,
    give up after that many seconds. The tasks' exceptions stay theirs (never raised here), while cancelling the
    caller still cancels the caller. Returns the tasks still running (only ever non-empty with a timeout)."""
    loop = asyncio.get_running_loop()
    until = None if timeout is None else loop.time() + timeout
    pending = {task for task in tasks if not task.done()}
    while pending:
        left = RECANCEL_SECONDS if until is None else min(RECANCEL_SECONDS, until - loop.time())
        if left <= 0:
            break
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=left)
    for task in tasks:
        if task.done() and not task.cancelled():
            task.exception()  # retrieved, so asyncio does not log it as never retrieved: the caller let it go
    return pending
