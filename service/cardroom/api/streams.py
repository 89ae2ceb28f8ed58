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
import contextlib
from collections.abc import AsyncIterator
from typing import TypeVar

Item = TypeVar("Item")

RECONNECT_EVENT = "reconnect"
RECONNECT_RETRY_MS = 500


class ShutdownSignal:
    """Set once when the server starts shutting down; streams watch it."""

    def __init__(self) -> None:
        self.closing = asyncio.Event()

    async def on_shutdown(self, _app: object) -> None:
        self.closing.set()

    async def until_closing(self, items: AsyncIterator[Item]) -> AsyncIterator[Item]:
        """``items`` until they end or the server starts shutting down."""
        closing = asyncio.ensure_future(self.closing.wait())
        iterator = aiter(items)
        following: asyncio.Future[Item] | None = None
        try:
            while True:
                following = asyncio.ensure_future(anext(iterator))
                await asyncio.wait({following, closing}, return_when=asyncio.FIRST_COMPLETED)
                if not following.done():
                    following.cancel()
                    with contextlib.suppress(asyncio.CancelledError, StopAsyncIteration):
                        await following
                    return
                try:
                    item = following.result()
                except StopAsyncIteration:
                    return
                yield item
        finally:
            closing.cancel()
            if following is not None and not following.done():  # the caller was cancelled mid-wait
                following.cancel()
                with contextlib.suppress(asyncio.CancelledError, StopAsyncIteration, Exception):
                    await following
            aclose = getattr(iterator, "aclose", None)
            if aclose is not None:
                await aclose()
