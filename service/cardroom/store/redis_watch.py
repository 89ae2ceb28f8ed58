"""One Redis reader per worker for all its watchers: a pub/sub fan-out.

Why pub/sub and not one multiplexed XREAD: on Redis Cluster one XREAD may only name keys of one hash slot,
and every match has a slot of its own, so a multiplexed XREAD needs a connection per slot in use. The commit
script publishes, atomically with the commit, one message per version on the match's channel
(``<prefix>{id}:ch``) carrying the log entry and the document just stored. A worker holds ONE pub/sub
connection, subscribed to the channels of the matches its watchers follow (one subscription per match, however
many watchers), and fans each message out to them. Plain PUBLISH reaches a subscriber connected to any node of a
cluster, so the same single connection serves a cluster; the price is that a cluster broadcasts each message over
its bus (see docs/benchmarks.md for the sizing).

Pub/sub delivers at most once, so it only ever wakes watchers; the stream stays the record:

* per match a ``_Hub`` keeps the last versions it has seen, contiguous; a watcher reads its backlog (anything
  older than the hub holds) from the stream with XRANGE on the command pool, then follows the hub; watchers
  asking for the same backlog at once share one read, and the hub keeps what it read for the next ones;
* a hub starts only once its subscription is confirmed and then reads the newest stream entry, so nothing
  committed around the subscription is missed; a message that skips versions makes the hub read the gap from
  the stream;
* every ``interval`` seconds each hub reads the stream after its newest version (the safety net for a message
  the connection lost) and checks that the match still exists (watchers of an expired match end with
  MatchNotFound), and the connection is pinged; a safety-net read that fails (a busy command pool) ends that
  round only: the PING, answered on the pub/sub connection, is what tells a lost Redis;
* when the connection fails, every watcher gets StoreUnavailable (as a blocked XREAD did before), and the next
  watch connects again.

The connection is a raw redis-py ``Connection`` driven by hand, not redis-py's PubSub object: PubSub reconnects
and resubscribes silently, and the hubs must know when messages may have been lost.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import itertools
import logging
import math
from collections.abc import AsyncIterator, Awaitable, Callable

from redis import exceptions as redis_errors
from redis.asyncio.connection import AbstractConnection

from cardroom.cancelling import cancel_and_wait
from cardroom.store.contract import LogEntry, MatchNotFound, StoreUnavailable

log = logging.getLogger(__name__)

#: versions a hub keeps in memory: watchers further behind read the stream
HUB_ENTRIES = 64


def encode_message(version: int, payload: bytes, data: bytes) -> bytes:
    """The message the commit publishes (built in Lua there; this is its Python twin, for tests)."""
    return b"%d %d " % (version, len(payload)) + payload + data


def decode_message(message: bytes) -> LogEntry:
    version, length, rest = message.split(b" ", 2)
    size = int(length)
    return LogEntry(int(version), rest[:size], rest[size:])


class _Hub:
    """What one worker knows of one watched match."""

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.watchers = 0
        self.entries: collections.deque[LogEntry] = collections.deque(maxlen=HUB_ENTRIES)
        self.head: int | None = None  # newest version known; None until the hub started
        self.early: list[LogEntry] = []  # messages received before the start
        self.ready = asyncio.Event()
        self.changed = asyncio.Event()
        self.error: Exception | None = None
        self.refilling = False
        self.reading: dict[int, asyncio.Future[list[LogEntry]]] = {}  # backlog reads under way, by version

    def wake(self) -> None:
        # replaced, then set: a watcher keeps the event it saw before reading, so it cannot miss a wake-up
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()

    def add(self, entry: LogEntry) -> bool:
        """Take the next version; False when ``entry`` skips versions (the gap must be read first)."""
        assert self.head is not None
        if entry.version <= self.head:
            return True
        if entry.version != self.head + 1:
            return False
        self.entries.append(entry)
        self.head = entry.version
        return True

    def keep_older(self, entries: list[LogEntry]) -> None:
        """Keep what a backlog read found before the versions held, when nothing is missing in between."""
        if self.head is None or not entries:
            return
        first = self.entries[0].version if self.entries else self.head + 1
        if entries[-1].version < first - 1:
            return
        older = [entry for entry in entries if entry.version < first]
        room = HUB_ENTRIES - len(self.entries)
        if older and room > 0:
            self.entries.extendleft(reversed(older[-room:]))

    def after(self, version: int) -> list[LogEntry] | None:
        """Entries after ``version`` from memory, or None when the hub does not hold the next one."""
        if self.head is None:
            return None
        if version >= self.head:
            return []
        if not self.entries or self.entries[0].version > version + 1:
            return None
        # every stream of the match asks at every version: index the contiguous versions, not a scan of all 64
        start = version + 1 - self.entries[0].version
        if self.entries[start].version == version + 1:
            return list(itertools.islice(self.entries, start, None))
        return [entry for entry in self.entries if entry.version > version]


class WatchFanout:
    """Serves every ``watch`` of a store from one pub/sub connection (see the module docstring)."""

    def __init__(
        self,
        connect: Callable[[], Awaitable[AbstractConnection]],
        channel_of: Callable[[str], str],
        read_after: Callable[[str, int, int], Awaitable[list[LogEntry]]],
        newest: Callable[[str], Awaitable[int]],
        exists: Callable[[str], Awaitable[bool]],
        *,
        interval: float,
        deadline: float,
    ) -> None:
        self._connect = connect
        self._channel_of = channel_of
        self._read_after = read_after
        self._newest = newest
        self._exists = exists
        self._interval = interval
        self._deadline = deadline
        self._hubs: dict[str, _Hub] = {}  # by channel
        self._pending: collections.Counter[str] = collections.Counter()  # SUBSCRIBEs not confirmed yet
        self._conn: AbstractConnection | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._lock = asyncio.Lock()
        self._pong = True

    @property
    def watched_matches(self) -> int:
        return len(self._hubs)

    async def watch(self, match_id: str, after_version: int) -> AsyncIterator[LogEntry]:
        """The store's ``watch``, served from this worker's hub of the match (MatchNotFound when it does not
        exist). The store hands this iterator out as it is: one generator per stream, not two. A match this
        worker follows already is not checked again: its hub checks it every ``interval`` (thousands of
        streams opening at once each took a pooled connection for it)."""
        hub = self._hubs.get(self._channel_of(match_id))
        following = hub is not None and hub.error is None and hub.head is not None
        if not following and not await self._exists(match_id):
            raise MatchNotFound(match_id)
        hub = await self._join(match_id)
        try:
            last = after_version
            while True:
                if hub.error is not None:
                    raise hub.error
                changed = hub.changed
                batch = hub.after(last)
                if batch is None:  # older than the hub holds: the stream has it
                    batch = await self._backlog(hub, last)
                for entry in batch:
                    yield entry
                    last = entry.version
                if not batch:
                    await changed.wait()
        finally:
            await self._leave(hub)

    async def close(self) -> None:
        for hub in self._hubs.values():
            hub.error = StoreUnavailable("the store was closed")
            hub.wake()
        self._hubs.clear()
        await self._disconnect()

    # -- hubs -------------------------------------------------------------------

    async def _join(self, match_id: str) -> _Hub:
        channel = self._channel_of(match_id)
        async with self._lock:
            hub = self._hubs.get(channel)
            if hub is None or hub.error is not None:  # a hub in error (its match expired) is not reused
                await self._connected()
                hub = self._hubs[channel] = _Hub(match_id)
                self._pending[channel] += 1
                await self._send("SUBSCRIBE", channel)
            hub.watchers += 1
        try:
            async with asyncio.timeout(self._deadline):
                await hub.ready.wait()
        except TimeoutError:
            await self._leave(hub)
            raise StoreUnavailable("no pub/sub subscription confirmed in time") from None
        except BaseException:
            await self._leave(hub)
            raise
        return hub

    async def _leave(self, hub: _Hub) -> None:
        hub.watchers -= 1
        channel = self._channel_of(hub.match_id)
        if hub.watchers == 0 and self._hubs.get(channel) is hub:
            del self._hubs[channel]
            if self._conn is not None:
                with contextlib.suppress(*_LOST):
                    await self._send("UNSUBSCRIBE", channel)

    async def _backlog(self, hub: _Hub, after: int) -> list[LogEntry]:
        """What the stream holds after ``after``, read once for all the watchers asking at the same time
        (many streams resume from the same version after a restart, or open together), and kept by the hub
        when it joins what the hub holds, for the next ones."""
        reading = hub.reading.get(after)
        if reading is None:
            reading = hub.reading[after] = asyncio.ensure_future(self._read_older(hub, after))
            reading.add_done_callback(lambda done: _forget_read(hub, after, done))
        return await asyncio.shield(reading)

    async def _read_older(self, hub: _Hub, after: int) -> list[LogEntry]:
        entries = await self._read_after(hub.match_id, after, 1000)
        hub.keep_older(entries)  # before the read is forgotten: a watcher coming next finds them here
        return entries

    async def _start(self, hub: _Hub) -> None:
        """After the subscription is confirmed: the newest version in the stream, then what arrived early."""
        try:
            hub.head = await self._newest(hub.match_id)
        except StoreUnavailable as error:
            hub.error = error
        else:
            early, hub.early = hub.early, []
            for entry in early:
                self._deliver(hub, entry)
        hub.ready.set()
        hub.wake()

    def _deliver(self, hub: _Hub, entry: LogEntry) -> None:
        if hub.head is None:
            hub.early.append(entry)
        elif hub.add(entry):
            hub.wake()
        else:
            self._refill_soon(hub)

    def _refill_soon(self, hub: _Hub) -> None:
        if not hub.refilling:
            hub.refilling = True
            self._spawn(self._refill(hub))

    async def _refill(self, hub: _Hub) -> None:
        """Read the gap a message skipped: when that read fails, the hub's watchers cannot go on."""
        try:
            await self._read_newer(hub)
        except StoreUnavailable as error:
            self._fail(error)
        finally:
            hub.refilling = False

    async def _read_newer(self, hub: _Hub) -> None:
        """Read what the stream holds after the hub's newest version."""
        while hub.head is not None:
            entries = await self._read_after(hub.match_id, hub.head, 1000)
            for entry in entries:
                hub.add(entry)
            if entries:
                hub.wake()
            if len(entries) < 1000:
                break

    # -- the connection -----------------------------------------------------------

    async def _connected(self) -> None:
        if self._conn is not None:
            return
        try:
            async with asyncio.timeout(self._deadline):
                self._conn = await self._connect()
        except (*_LOST, TimeoutError) as error:
            raise StoreUnavailable(f"pub/sub connection failed: {error}") from error
        self._pong = True
        self._tasks = [self._spawn(self._read_forever(self._conn)), self._spawn(self._tick_forever(self._conn))]

    async def _send(self, *args: str) -> None:
        assert self._conn is not None
        try:
            await self._conn.send_command(*args, check_health=False)
        except _LOST as error:
            self._fail(StoreUnavailable(f"pub/sub connection lost: {error}"))
            raise StoreUnavailable(str(error)) from error

    async def _read_forever(self, conn: AbstractConnection) -> None:
        try:
            while True:
                reply = await conn.read_response(timeout=math.inf, disconnect_on_error=False)
                if reply == b"PONG":
                    # the PING reply of a connection subscribed to nothing (every watcher left): a plain
                    # string, not the ["pong", ""] of subscribed mode
                    self._pong = True
                    continue
                kind = reply[0]
                if kind == b"message":
                    hub = self._hubs.get(reply[1].decode())
                    if hub is not None:
                        self._deliver(hub, decode_message(reply[2]))
                elif kind == b"subscribe":
                    channel = reply[1].decode()
                    self._pending[channel] -= 1
                    hub = self._hubs.get(channel)
                    if self._pending[channel] <= 0:
                        del self._pending[channel]
                        if hub is not None and not hub.ready.is_set():
                            self._spawn(self._start(hub))
                elif kind == b"pong":
                    self._pong = True
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the connection is gone, whatever the way it failed
            if conn is self._conn:
                self._fail(StoreUnavailable(f"pub/sub connection lost: {error or type(error).__name__}"))

    async def _tick_forever(self, conn: AbstractConnection) -> None:
        """The safety net: read each hub's stream, check its match exists, ping the connection."""
        while conn is self._conn:
            await asyncio.sleep(self._interval)
            if conn is not self._conn:
                return
            if not self._pong:
                self._fail(StoreUnavailable("pub/sub connection does not answer PING"))
                return
            self._pong = False
            try:
                await self._send("PING")
            except StoreUnavailable:
                return  # _send failed every watcher
            for hub in list(self._hubs.values()):
                if hub.head is None:
                    continue
                try:
                    if not await self._exists(hub.match_id):
                        hub.error = MatchNotFound(hub.match_id)
                        hub.wake()
                        continue
                    await self._read_newer(hub)
                except StoreUnavailable as error:
                    # a command timed out (the pool busy: thousands of streams opening at once used to fail
                    # every watcher here) or Redis is down: this round stops, the next reads again, and a Redis
                    # down fails the watchers then, through the PING above (its answer comes on the pub/sub
                    # connection, not the pool)
                    log.warning("watch fan-out: safety-net read of %s failed (%s)", hub.match_id, error)
                    break

    def _fail(self, error: Exception) -> None:
        """The connection is unusable: every watcher of this worker gets ``error``; the next watch reconnects."""
        log.warning("watch fan-out: %s", error)
        for hub in self._hubs.values():
            hub.error = error
            hub.ready.set()
            hub.wake()
        self._hubs.clear()
        self._pending.clear()
        conn, self._conn = self._conn, None
        tasks, self._tasks = self._tasks, []
        current = asyncio.current_task()
        for task in tasks:
            if task is not current:
                task.cancel()
        if conn is not None:
            self._spawn(conn.disconnect(nowait=True))

    async def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        tasks, self._tasks = self._tasks, []
        await cancel_and_wait(*tasks)
        if conn is not None:
            await conn.disconnect(nowait=True)

    def _spawn(self, coroutine: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coroutine)
        # keep a reference until done: the event loop only holds weak ones
        _background.add(task)
        task.add_done_callback(_background.discard)
        return task


_background: set[asyncio.Task[None]] = set()


def _forget_read(hub: _Hub, after: int, done: asyncio.Future[list[LogEntry]]) -> None:
    if hub.reading.get(after) is done:
        del hub.reading[after]
    if not done.cancelled():
        done.exception()  # retrieved: the watchers that waited for it have it; none may be left to

_LOST = (redis_errors.ConnectionError, redis_errors.TimeoutError, OSError, TimeoutError)
