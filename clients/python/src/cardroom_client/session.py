"""A realtime play session: the Play RPC (one bidirectional stream) with reconnection.

::

    async with seat.play() as session:              # or client.play(match_name, token=...)
        async for update in session:                # every committed update, pushed as the seat sees it
            if actions := legal_actions(update.state):  # cardroom_client.legal_actions: the sets expanded
                try:
                    version = await session.act(actions[0])
                except StaleVersion:
                    pass                            # the next update brings the fresh view

``act`` sends the action on the open stream with a fresh ``request_id`` and the version of the last
update the session yielded as its expected version, and returns the version it produced once the
service accepted it (the update of that version has then been received: the service sends an outcome
after its update, or in the same message, as the session asks with ``outcomes_in_updates``), or raises
the typed ``CardroomError`` it was refused with; the session goes on.

A dropped stream (a server killed or restarted, a connection cut) is reopened, through whatever replica
the channel reaches, after the last version received: no update is skipped or repeated. Actions sent and
not yet answered are sent again with their ``request_id``, so the service applies each once and answers
it whether it was applied before the drop or not. After ``RetryPolicy.watch_reconnects`` failed reopenings
in a row, or on an error that is not a dropped connection, the session fails with that error.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING

import grpc

from .errors import RESUMABLE, CardroomError, SessionEnded, from_play_status, from_rpc_error
from .metadata import call_metadata
from .v1 import game_service_pb2 as pb
from .v1 import match_pb2

if TYPE_CHECKING:
    from .client import Client

_END = object()


class Session:
    """One seat's (or, without a token, a spectator's) play session; iterate it once, ``act`` any time."""

    def __init__(
        self,
        client: Client,
        match_name: str,
        token: str | None,
        after_version: int = 0,
        state: match_pb2.MatchState | None = None,
        follow: Callable[[match_pb2.MatchState], None] | None = None,
    ) -> None:
        self.client = client
        self.match_name = match_name
        self.token = token
        #: the last version received: a reopened stream resumes after it
        self.last_version = after_version
        #: the state of the last update this session yielded (what the player saw), or the one it started from
        self.state = state
        self._follow = follow
        self._updates: asyncio.Queue[object] = asyncio.Queue()
        #: request id -> (message, future) of actions sent and not yet answered, in the order sent
        self._pending: OrderedDict[str, tuple[pb.PlayRequest, asyncio.Future[int]]] = OrderedDict()
        self._outgoing: asyncio.Queue[pb.PlayRequest | None] | None = None
        self._ended: BaseException | None = None
        self._closed = False
        self._runner: asyncio.Task[None] | None = None

    async def __aenter__(self) -> Session:
        self.start()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    def start(self) -> None:
        """Open the stream (``async with`` and iterating do it)."""
        if self._runner is None:
            self._runner = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        self._closed = True
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
        self._finish(SessionEnded("the session was closed"))

    async def __aiter__(self) -> AsyncIterator[pb.MatchUpdate]:
        self.start()
        while True:
            item = await self._updates.get()
            if item is _END:
                if isinstance(self._ended, CardroomError) and not isinstance(self._ended, SessionEnded):
                    raise self._ended
                return
            assert isinstance(item, pb.MatchUpdate)
            self.state = item.state
            if self._follow is not None:
                self._follow(item.state)
            yield item

    async def act(
        self, action: match_pb2.Action, *, expected_version: int | None = None, request_id: str | None = None
    ) -> int:
        """Apply ``action`` for this session's seat, decided on ``expected_version`` (default: the version of
        ``state``, none when the session has no state yet): the version it produced. Raises ``StaleVersion``
        when the match has moved on, ``CardroomError`` for any other refusal (the session goes on), and
        ``SessionEnded`` once the session is over."""
        from .client import new_request_id

        if self._ended is not None:
            raise SessionEnded("the session is over")
        self.start()
        message = pb.PlayAction(action=action, request_id=request_id or new_request_id())
        if expected_version is None and self.state is not None:
            expected_version = self.state.match.version
        if expected_version is not None:
            message.expected_version = expected_version
        request = pb.PlayRequest(action=message)
        answered: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._pending[message.request_id] = (request, answered)
        if self._outgoing is not None:  # else the next stream sends it after its open
            self._outgoing.put_nowait(request)
        return await answered

    async def _run(self) -> None:
        failures = 0
        retry = self.client.retry
        try:
            while True:
                outgoing: asyncio.Queue[pb.PlayRequest | None] = asyncio.Queue()
                after = self.last_version
                opening = pb.PlayOpen(
                    name=self.match_name, seat_token=self.token or "", after_version=after, outcomes_in_updates=True
                )
                outgoing.put_nowait(pb.PlayRequest(open=opening))
                for request, _ in self._pending.values():  # unanswered: sent again, answered once
                    outgoing.put_nowait(request)
                self._outgoing = outgoing
                metadata = call_metadata(None, self.match_name)  # the token goes in the open message
                call = self.client.stub.Play(_messages(outgoing), metadata=metadata, wait_for_ready=True)
                try:
                    async for response in call:
                        failures = 0
                        self._receive(response)
                    self._finish(SessionEnded("the match is over"))
                    return
                except grpc.aio.AioRpcError as error:
                    if error.code() not in RESUMABLE or failures >= retry.watch_reconnects:
                        self._finish(from_rpc_error(error))
                        return
                finally:
                    self._outgoing = None
                    outgoing.put_nowait(None)
                    call.cancel()
                failures += 1
                await asyncio.sleep(retry.backoff(failures))
        except asyncio.CancelledError:
            if not self._closed:
                raise

    def _receive(self, response: pb.PlayResponse) -> None:
        if response.HasField("update"):
            update = response.update
            if update.version > self.last_version:  # resumed after the last received: never a repeat
                self.last_version = update.version
                self._updates.put_nowait(update)
            if response.HasField("update_outcome"):  # one of this session's actions produced it
                self._answer(response.update_outcome)
            return
        self._answer(response.outcome)

    def _answer(self, outcome: pb.PlayOutcome) -> None:
        pending = self._pending.pop(outcome.request_id, None)
        if pending is None or pending[1].done():
            return
        if outcome.accepted:
            pending[1].set_result(outcome.version)
        else:
            pending[1].set_exception(from_play_status(outcome.error))

    def _finish(self, error: BaseException) -> None:
        if self._ended is not None:
            return
        self._ended = error
        for _, answered in self._pending.values():
            if not answered.done():
                answered.set_exception(error)
        self._pending.clear()
        self._updates.put_nowait(_END)


async def _messages(outgoing: asyncio.Queue[pb.PlayRequest | None]) -> AsyncIterator[pb.PlayRequest]:
    while True:
        message = await outgoing.get()
        if message is None:
            return
        yield message
