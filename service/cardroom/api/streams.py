"""Open Server-Sent Events streams at shutdown: each ends with a ``reconnect`` event.

A watch stream never ends by itself while its match is running, so a draining server would
wait its whole ``--shutdown-grace`` for them and then cut them. Instead, when the HTTP server
starts shutting down (aiohttp's ``on_shutdown``, before it waits for handlers) every open stream
stops following, sends one last event and closes::

    event: reconnect
    retry: 500
    data: {"reason": "SERVER_SHUTTING_DOWN", "lastEventId": "<last version sent, or empty>"}

An ``EventSource`` reconnects by itself after ``retry`` milliseconds with ``Last-Event-ID``,
and the load balancer sends it to another replica, where the stream resumes after that version.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any, TypeVar

Item = TypeVar("Item")

RECONNECT_EVENT = "reconnect"
RECONNECT_RETRY_MS = 500


class ShutdownSignal:
    """Set once when the server starts shutting down; streams watch it.

    A stream waiting for its next item is cancelled at shutdown, and only then: ``until_closing`` keeps the
    tasks waiting inside it, and swallows the cancellation it asked for. It used to race every item against
    the shutdown (a task per item, and an ``asyncio.wait``), which with thousands of streams cost more than
    the write of the item itself (docs/benchmarks.md, "Watchers, fourth pass").
    """

    def __init__(self) -> None:
        self.closing = asyncio.Event()
        self._waiting: set[asyncio.Task[Any]] = set()  # tasks waiting for a stream's next item
        self._cut: set[asyncio.Task[Any]] = set()  # those cancelled by the shutdown

    async def on_shutdown(self, _app: object) -> None:
        self.closing.set()
        for task in self._waiting - self._cut:
            self._cut.add(task)
            task.cancel()

    async def until_closing(self, items: AsyncIterator[Item]) -> AsyncIterator[Item]:
        """``items`` until they end or the server starts shutting down (then the wait for the next one is
        cancelled, as a client going away cancels it); the caller's task must be the one iterating."""
        task = asyncio.current_task()
        assert task is not None
        iterator = aiter(items)
        try:
            while not self.closing.is_set():  # a task busy elsewhere at the shutdown stops here
                self._waiting.add(task)
                try:
                    item = await anext(iterator)
                except StopAsyncIteration:
                    return
                except asyncio.CancelledError:
                    if task in self._cut:
                        self._cut.discard(task)
                        if task.uncancel() == 0:  # nobody else cancelled it: the shutdown ends the stream
                            return
                    raise
                finally:
                    self._waiting.discard(task)
                yield item
        finally:
            if task in self._cut:  # the items swallowed the shutdown's cancellation: it is spent
                self._cut.discard(task)
                task.uncancel()
            aclose = getattr(iterator, "aclose", None)
            if aclose is not None:
                await aclose()
