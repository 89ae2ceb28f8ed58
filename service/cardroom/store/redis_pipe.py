"""One multiplexed Redis connection per worker for the commit script: concurrent calls pipelined on it.

redis-py's asyncio client takes a connection of its pool for each call and holds it until the reply comes: a
pool checkout under a lock, a write under ``asyncio.wait_for`` (a task per write, for the socket timeout), a read
under a timeout, a check-in. For the commit script (23 arguments, ~1.7 KB) that is ~80 µs of client CPU per
call on this project's 2-core host, against ~25 µs for the same command on one redis-py connection driven by
hand, the concurrent calls' commands written one after the other and their replies read in order by one task
(``/tmp``-only measurement quoted in docs/benchmarks.md, thirteenth pass). Redis answers a connection's commands
in the order it received them, so the n-th reply read is the n-th waiting call's. redis-py has no such
multiplexed client, hence this module; redis-py's connection class still does the connecting (TCP or Unix
socket, TLS, AUTH, SELECT) and the reply parsing (hiredis), only the queueing of calls is written here. Commands
are packed by hiredis itself (``hiredis.pack_command``, the packer redis-py calls): redis-py's wrapper around
it encodes each argument in Python first, 12.5 µs against 2.0 µs for the commit script's 17 arguments, the same
bytes (timeit, fifteenth pass).

What a caller sees is what the pool gave it:

* a reply, or the command's error (``ResponseError`` and its kinds, e.g. ``NoScriptError``), raised to it alone;
* a call waits at most ``timeout`` for its reply; past it the connection is taken as lost (closed: every call
  waiting on it fails with ``ConnectionError``) and the call raises ``TimeoutError``, as a pool connection's read
  timeout does. One timer per connection, set for the earliest due time among its waiting calls and moved on
  when it fires, does this, not one ``asyncio.timeout`` per call: under uvloop a timeout's timer costs about as
  much as the rest of the call's client work (docs/benchmarks.md, fifteenth pass);
* a connection that fails (reset, closed by the server) fails every call waiting on it with ``ConnectionError``;
  the next call opens a new one;
* each call is tried once more on a fresh connection after a ``ConnectionError`` or ``TimeoutError``, as the
  pool's ``Retry(NoBackoff(), 1)`` does, within the caller's overall bound when it gives one (``within``): the
  store only sends commands that are safe to repeat (a commit whose reply was lost comes back as replayed or as
  a version conflict, never applied twice);
* a caller cancelled while it waits leaves the queue: its reply, when it comes, is read and dropped.

The calls' order on the wire is their order in the queue because a call appends itself and writes its command in
one step of the event loop (``send_packed_command`` on a connected connection reaches the socket's write before
its first suspension). A write that has to wait for the socket (its buffer over the high-water mark) and is
cancelled there makes redis-py drop the connection: the calls waiting on it then fail and are tried again.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import math
from collections.abc import Awaitable, Callable
from typing import Any

import hiredis
from redis import exceptions as redis_errors
from redis.asyncio.connection import AbstractConnection

from cardroom.cancelling import cancel_and_wait

#: what makes a call try once more on a new connection
_RETRIED = (redis_errors.ConnectionError, redis_errors.TimeoutError)


def _lost(error: Exception) -> redis_errors.ConnectionError:
    """What the calls of a failed connection raise: redis-py's own ConnectionError, or one wrapping ``error``."""
    if isinstance(error, redis_errors.ConnectionError):
        return error
    return redis_errors.ConnectionError(f"Redis connection lost: {error}")


def _packed(args: tuple[Any, ...]) -> bytes:
    """One command in the Redis protocol (``args``: str, bytes and ints, as the store sends them)."""
    try:
        return hiredis.pack_command(args)
    except TypeError as error:  # what redis-py's packer raises for an argument it cannot send
        raise redis_errors.DataError(str(error)) from error


class _Link:
    """One open connection, its calls waiting in order (each with the loop time its reply is due by), the task
    reading their replies and the timer that fails the connection when a reply is overdue."""

    def __init__(self, conn: AbstractConnection) -> None:
        self.conn = conn
        self.waiting: collections.deque[tuple[asyncio.Future[Any], float]] = collections.deque()
        self.error: Exception | None = None
        self._loop = asyncio.get_running_loop()
        self._watchdog: asyncio.TimerHandle | None = None
        self.reader = asyncio.ensure_future(self._read_forever())

    def wait(self, call: asyncio.Future[Any], due: float) -> None:
        """Queue ``call``, whose reply is due by the loop time ``due``."""
        self.waiting.append((call, due))
        # the timer is set for an earlier call's due time; a call with a shorter bound (``within``) needs it sooner
        if self._watchdog is None or due < self._watchdog.when():
            if self._watchdog is not None:
                self._watchdog.cancel()
            self._watchdog = self._loop.call_at(due, self._watch)

    def _watch(self) -> None:
        """Fail the connection when a waiting call is overdue (its oldest, or a later one with a shorter bound);
        else look again at the earliest due time."""
        self._watchdog = None
        if self.error is not None or not self.waiting:
            return
        now = self._loop.time()
        overdue = [call for call, due in self.waiting if due <= now]
        if not overdue:
            self._watchdog = self._loop.call_at(min(due for _call, due in self.waiting), self._watch)
            return
        for call in overdue:
            if not call.done():
                call.set_exception(redis_errors.TimeoutError("Timeout reading from Redis"))
        self.fail(redis_errors.ConnectionError("Redis connection dropped: a reply on it did not come in time"))

    async def _read_forever(self) -> None:
        try:
            while True:
                try:
                    reply: Any = await self.conn.read_response(timeout=math.inf, disconnect_on_error=False)
                except redis_errors.ResponseError as error:  # the command's error: its caller's alone
                    reply = error
                call, _due = self.waiting.popleft()
                if call.done():  # its caller was cancelled
                    continue
                if isinstance(reply, redis_errors.ResponseError):
                    call.set_exception(reply)
                else:
                    call.set_result(reply)
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the connection failed: every waiting call with it
            self.fail(_lost(error))

    def fail(self, error: Exception) -> None:
        if self.error is None:
            self.error = error
        while self.waiting:
            call, _due = self.waiting.popleft()
            if not call.done():
                call.set_exception(self.error)
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None

    async def close(self) -> None:
        self.fail(redis_errors.ConnectionError("Redis connection closed"))
        await cancel_and_wait(self.reader)
        with contextlib.suppress(Exception):
            await self.conn.disconnect(nowait=True)


class MultiplexedConnection:
    """Calls of any number of tasks on one connection at a time (see the module docstring)."""

    def __init__(self, connect: Callable[[], Awaitable[AbstractConnection]], *, timeout: float) -> None:
        """``connect``: a new, connected redis-py connection in RESP2 without a socket timeout (reads wait for
        as long as a call may; the calls' own ``timeout`` bounds them)."""
        self._connect = connect
        self._timeout = timeout
        self._link: _Link | None = None
        self._opening: asyncio.Future[_Link] | None = None
        self._closed = False

    async def execute(self, *args: Any, within: float | None = None) -> Any:
        """The reply of one command (``args`` as redis-py's ``execute_command`` takes them); ``within``: seconds
        the call may take in all, its retry and a reconnection included (each try still waits at most
        ``timeout`` for its reply)."""
        loop = asyncio.get_running_loop()
        end = math.inf if within is None else loop.time() + within
        try:
            return await self._once(args, end)
        except _RETRIED:
            if loop.time() >= end:
                raise
            return await self._once(args, end)

    async def close(self) -> None:
        self._closed = True
        if self._opening is not None:  # a connection on its way would outlive the store
            await cancel_and_wait(self._opening)
        link, self._link = self._link, None
        if link is not None:
            await link.close()

    async def _once(self, args: tuple[Any, ...], end: float) -> Any:
        loop = asyncio.get_running_loop()
        link = self._link
        if link is None or link.error is not None or not link.conn.is_connected:
            try:
                async with asyncio.timeout_at(end if end < math.inf else None):
                    link = await self._open()
            except TimeoutError:
                raise redis_errors.TimeoutError("Timeout connecting to Redis") from None
        call: asyncio.Future[Any] = loop.create_future()
        # queued before the write: a write stuck on a full socket buffer is overdue like a reply
        link.wait(call, min(loop.time() + self._timeout, end))
        try:
            await link.conn.send_packed_command(_packed(args), check_health=False)
            return await call
        except redis_errors.TimeoutError:  # overdue: the watchdog failed the connection
            await self._drop(link, redis_errors.ConnectionError("no reply from Redis in time"))
            raise
        except (OSError, redis_errors.ConnectionError) as error:
            failure = _lost(error)
            await self._drop(link, failure)
            raise failure from error
        except asyncio.CancelledError:
            call.cancel()  # its reply, when it comes, is dropped
            raise

    async def _open(self) -> _Link:
        """The connection, opened once for every call that finds none (concurrent callers share one attempt)."""
        if self._closed:
            raise redis_errors.ConnectionError("the store is closed")
        if self._opening is None:
            self._opening = asyncio.ensure_future(self._new_link())
            self._opening.add_done_callback(self._opened)
        opening = self._opening
        try:
            return await asyncio.shield(opening)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if opening.cancelled() and task is not None and not task.cancelling():  # by close(), not our caller
                raise redis_errors.ConnectionError("the store closed while connecting") from None
            raise

    async def _new_link(self) -> _Link:
        try:
            async with asyncio.timeout(self._timeout):
                conn = await self._connect()
        except TimeoutError:
            raise redis_errors.TimeoutError("Timeout connecting to Redis") from None
        stale, self._link = self._link, _Link(conn)
        if stale is not None:
            await stale.close()
        return self._link

    def _opened(self, opening: asyncio.Future[_Link]) -> None:
        self._opening = None
        if not opening.cancelled():
            opening.exception()  # retrieved here: each waiting caller gets it from the shield

    async def _drop(self, link: _Link, error: Exception) -> None:
        link.fail(error)
        if self._link is link:
            self._link = None
        await link.close()
