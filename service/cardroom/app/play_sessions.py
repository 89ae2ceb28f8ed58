"""Play sessions: one seat's (or a spectator's) realtime session on a match, whatever the transport.

A session is the match's watch stream (every committed update after a version as its viewer sees it:
``MatchService.watch``, built once per viewer class by watch_updates.py) merged with the outcomes of the
actions its client sends, into one ordered stream of items:

* actions are applied one at a time, in the order they arrive, so a client's next action is decided
  on what its previous one produced;
* an accepted action's outcome comes after the update of the version it produced: a client holding
  the outcome already holds the state it led to (and a repeated request id, answered with an older
  version, is answered at once); a session that folds outcomes (``fold_outcomes``) hands it over with
  that update instead, as one ``Answered`` item, when the update had not gone out before the action
  was answered (one message fewer per action on the wire), and takes the next action meanwhile (the
  actor's task is not woken again for that update);
* a refused action's outcome carries the ``AppError``, after the updates of the actions accepted before
  it; the session goes on;
* the session ends after the update that finishes or abandons the match, once the actions received by
  then are answered; a failure of the watch (the store lost, the match expired) ends it with that error.

The watch's live updates reach the session by either road, in order and once: through its own iterator
(the pump), or, once the stream joins its match's feed (app/watch_feeds.py; ``sink``, offered by
``GameHandlers.Play``), handed straight from the feed's one task per match, which saves each session its own
chain of iterators and task wake-up per update.

The items leave the same two ways: through the session's iterator (the transport's task takes them one by one),
or, when the transport gives a synchronous writer (``deliver_to``: the WebSocket writes a frame at once when its
peer keeps up), handed straight to it as they are made while no item waits in the iterator's queue before
them; one it refuses (the peer is behind) waits there, and so do the items after it, so the order holds.

The transports (api/play_*.py) turn client messages into ``send`` calls and items into wire messages.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .errors import AppError

#: actions a session holds before the transport stops reading the client (back pressure)
ACTIONS_IN_FLIGHT = 16


class Versioned(Protocol):
    @property
    def version(self) -> int: ...


Update = TypeVar("Update", bound=Versioned)
#: applies one action: the version it produced, or ``AppError`` for a refusal
Apply = Callable[[], Awaitable[int]]
#: a transport's synchronous writer of one item: True when it took it (module docstring)
Deliver = Callable[[object], bool]


@dataclass(frozen=True)
class Outcome:
    """What became of one action of the session: accepted with ``version``, or refused with ``error``."""

    request_id: str
    version: int | None = None
    error: AppError | None = None

    @property
    def accepted(self) -> bool:
        return self.error is None


@dataclass(frozen=True)
class Answered(Generic[Update]):
    """The update of a version one of the session's own actions produced, with that action's (accepted)
    outcome: one item, for a session that folds outcomes into updates."""

    update: Update
    outcome: Outcome


@dataclass(frozen=True)
class _Failed:
    error: BaseException


Shared = TypeVar("Shared")


class FeedSink(Generic[Shared, Update]):
    """A session joined to its match's feed (``watch_feeds.Sink``): takes every update handed to it, as the pump
    does. Always ready: the session queues its items for the transport however the pump delivers them."""

    def __init__(self, take: Callable[[Update], None], convert: Callable[[Shared], Update]) -> None:
        self._take = take
        self._convert = convert

    def ready(self) -> bool:
        return True

    def send(self, update: Shared) -> bool:
        self._take(self._convert(update))
        return True


_DONE = object()
_WAKE = ("", None)


class PlaySession(Generic[Update]):
    """One session: ``send`` actions in, iterate updates and outcomes out (once)."""

    def __init__(self, updates: AsyncIterator[Update] | None, after_version: int, *, fold_outcomes: bool = False):
        """``updates``: the viewer's watch stream after ``after_version`` (None: the match is over and the
        viewer has seen all of it, so the session ends once its actions are answered); ``fold_outcomes``:
        an accepted action's outcome goes with its update (``Answered``) when that update is still to come."""
        self._updates = updates
        self._seen = after_version
        self._fold = fold_outcomes
        #: version -> request id of an accepted action whose outcome goes out with that version's update
        self._folding: dict[int, str] = {}
        self._updates_done = updates is None
        #: what the actor waits on for the next update (``_advance``), made only when it waits
        self._advanced: asyncio.Future[None] | None = None
        self._actions: asyncio.Queue[tuple[str, Apply | None]] = asyncio.Queue(ACTIONS_IN_FLIGHT)
        self._out: asyncio.Queue[object] = asyncio.Queue()
        self._deliver: Deliver | None = None

    async def send(self, request_id: str, apply: Apply) -> None:
        """Queue one action; waits while ``ACTIONS_IN_FLIGHT`` are queued."""
        await self._actions.put((request_id, apply))

    async def refuse(self, request_id: str, error: AppError) -> None:
        """Answer an action the transport could not even read (a malformed message), in its turn."""

        async def refused() -> int:
            raise error

        await self.send(request_id, refused)

    async def __aiter__(self) -> AsyncIterator[Update | Outcome | Answered[Update]]:
        tasks = [asyncio.ensure_future(self._act())]
        if self._updates is not None:
            tasks.append(asyncio.ensure_future(self._pump(self._updates)))
        try:
            while True:
                item = await self._out.get()
                if item is _DONE:
                    return
                if isinstance(item, _Failed):
                    raise item.error
                yield item  # type: ignore[misc]
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            if self._updates is not None:
                aclose = getattr(self._updates, "aclose", None)
                if aclose is not None:
                    with contextlib.suppress(Exception):
                        await aclose()

    def deliver_to(self, deliver: Deliver | None) -> None:
        """Hand each later item to ``deliver`` while none waits before it in the iterator's queue (module
        docstring); None: every item through the iterator again."""
        self._deliver = deliver

    def _emit(self, item: Update | Outcome | Answered[Update]) -> None:
        deliver = self._deliver
        if deliver is None or not self._out.empty() or not deliver(item):
            self._out.put_nowait(item)

    def sink(self, convert: Callable[[Shared], Update]) -> FeedSink[Shared, Update]:
        """The session's end of its match's feed (app/watch_feeds.py): the watch stream hands its live updates
        straight to it, converted by ``convert``, instead of through the pump's chain of iterators."""
        return FeedSink(self._take, convert)

    def _take(self, update: Update) -> None:
        request_id = self._folding.pop(update.version, None) if self._folding else None
        if request_id is None:
            self._emit(update)
        else:
            self._emit(Answered(update, Outcome(request_id, version=update.version)))
        if self._folding:  # versions these updates went past without handing them here (not seen to happen)
            self._unfold(before=update.version)
        self._seen = max(self._seen, update.version)
        self._wake()

    async def _pump(self, updates: AsyncIterator[Update]) -> None:
        try:
            async for update in updates:
                self._take(update)
        except Exception as error:  # handed to the iterator, which raises it to the transport
            self._out.put_nowait(_Failed(error))
        finally:
            self._updates_done = True
            self._wake()
            with contextlib.suppress(asyncio.QueueFull):  # full: the actor is busy and sees the flag next
                self._actions.put_nowait(_WAKE)

    def _wake(self) -> None:
        advanced, self._advanced = self._advanced, None
        if advanced is not None and not advanced.done():
            advanced.set_result(None)

    async def _advance(self) -> None:
        """Wait for the next update taken (or the end of the updates)."""
        if self._advanced is None:
            self._advanced = asyncio.get_running_loop().create_future()
        await self._advanced

    async def _act(self) -> None:
        try:
            await self._answer()
        except Exception as error:  # a bug must end the session loudly, not hang it
            self._out.put_nowait(_Failed(error))

    async def _answer(self) -> None:
        while True:
            if self._updates_done and self._actions.empty():
                self._unfold()
                self._out.put_nowait(_DONE)
                return
            request_id, apply = await self._actions.get()
            if apply is None:
                continue
            try:
                version = await apply()
            except AppError as error:
                # after the updates of the accepted actions before it, as when each was awaited in turn
                while self._folding and not self._updates_done:
                    await self._advance()
                self._unfold()
                self._emit(Outcome(request_id, error=error))
                continue
            if self._fold and self._seen < version and not self._updates_done:
                # its update hands the outcome over (``_take``): the next action need not wait for it
                self._folding[version] = request_id
                continue
            while self._seen < version and not self._updates_done:
                await self._advance()
            self._emit(Outcome(request_id, version=version))

    def _unfold(self, before: float = math.inf) -> None:
        """The outcomes of the versions below ``before`` still waiting for their updates, each alone: the updates
        ended (a failed or ended watch) or went past them."""
        for version in sorted(version for version in self._folding if version < before):
            self._emit(Outcome(self._folding.pop(version), version=version))
