"""The production match store on Redis: any number of replicas share it.

Keys of one match share the hash tag ``{match_id}`` so they live in one Redis
Cluster slot and one Lua script may touch them all:

* ``<prefix>{id}:m``   hash: version, status, game, data, seq (creation sequence)
* ``<prefix>{id}:log`` stream: the entry of version v has the id ``v-1``, so a
  reader resumes after any version with an exclusive range from ``v-1``
* ``<prefix>{id}:req`` hash: request_id -> first answer
* ``<prefix>{id}:snap`` stream: snapshots of the document (``d``) at some versions, ids as in the log
* ``<prefix>{id}:ch``  pub/sub channel (not a key): each commit publishes its entry there, and one
  connection per worker fans the messages out to all its watchers (see ``redis_watch``)
* ``<prefix>{id}:aux`` hash: server-private side data (bot memory), expiring with the match
* ``<prefix>{id}:presence`` sorted set: live streams, scored by when they stop counting

``create`` and ``commit`` are each one Lua script: the idempotency check, the
compare-and-set on the version and all writes happen atomically or not at all.
Every script names only keys of one hash tag, so on a Redis Cluster each runs on the
one shard that owns the match (CROSSSLOT is impossible by construction). On a single
server a worker's commits share one connection, pipelined (``redis_pipe``); every other
command, and a cluster's commits, take a connection of redis-py's pool.

Global keys (not of one match), laid out for Redis Cluster (see store/redis_client.py for the
``redis+cluster://`` URL); none is written on every action:

* lobby: sorted sets of match ids scored by the creation sequence. On a single server
  ``<prefix>lobby:<game>:<status>`` (the layout since the first release: existing matches
  list without a migration). On a cluster ``CLUSTER_LOBBY_BUCKETS`` buckets per (game,
  status), ``<prefix>{lobby:<game>:<status>:<n>}``, n = CRC-32 of the match id modulo the
  bucket count: each bucket has a hash tag of its own, so the buckets spread over the
  slots and no single lobby set takes every create and status change. ``list_matches``
  reads the buckets side by side and merges them by sequence. The lobby is updated right
  after the commit, in other slots: it is a hint; ``list_matches`` checks each entry against
  its match and repairs it, and a periodic sweep drops entries of expired matches from sets
  nobody lists.
* ``<prefix>lobbies``: a set naming the lobby sets (the sweep's list; cheaper than SCAN,
  which a cluster would need per node). Each worker adds a set's name once per sweep
  interval, not per change, so it is not a hot key.
* ``<prefix>seq``: INCR once per create (the lobby's order). One key in one slot: creates
  are a small fraction of the commits, and INCR is among Redis's cheapest commands.
* ``<prefix>sweep-lock``: SET NX once per sweep interval by each worker.
* due index ``<prefix>{due:N}``, N < ``due_buckets`` (below).
* rate limits ``<prefix>limit:{<client>}:<name>``: one hash tag per client
  (store/redis_limiter.py), so clients spread over the slots.

The due index (``<prefix>{due:N}``, N < ``due_buckets``) holds matches whose
pending decision the server may play, each sorted set scored by due time in
milliseconds; a match's bucket is the CRC-32 of its id, so buckets spread over
cluster slots and a claim reads only due entries. Beside each bucket, in its
slot, ``<prefix>{due:N}:v`` (hash: match id -> ``created_ms:version``) names the
document each entry was written from, so a late write of an older document is
ignored. The index is in other slots than the match, so it is written around the
commit (app/due_index.py): the application checks the match before acting.

Watch messages use classic PUBLISH, not Redis 7's sharded SPUBLISH, on a cluster too (see
docs/operations.md, "Redis Cluster"): a worker's one pub/sub connection, to any node, then
receives every match's messages whatever the number of shards, and keeps them while a slot
moves (Redis 7.0 unsubscribes sharded subscribers of a moving slot). The price is that the
cluster bus copies each message to every node.
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import AsyncIterator, Awaitable, Sequence
from typing import Any, TypeVar

from redis import exceptions as redis_errors
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.connection import AbstractConnection
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff

from cardroom.cancelling import cancel_and_wait
from cardroom.store.common import (
    check_commit,
    check_new,
    decode_page_token,
    encode_page_token,
    page_size_or_default,
    ttl_for,
)
from cardroom.store.contract import (
    DocVersion,
    DueClaim,
    LogEntry,
    MatchExists,
    MatchNotFound,
    MatchStore,
    Page,
    Replayed,
    StoredMatch,
    StoreUnavailable,
    VersionConflict,
)
from cardroom.store.redis_client import Client, dedicated_connection, open_client, ready
from cardroom.store.redis_pipe import MultiplexedConnection
from cardroom.store.redis_watch import WatchFanout

log = logging.getLogger(__name__)
T = TypeVar("T")

#: lobby sets per (game, status) on a Redis Cluster (see the module docstring); one on a single server
CLUSTER_LOBBY_BUCKETS = 16

#: command connections per worker (the ``--redis-pool-size`` setting): commits, reads and the watchers'
#: backlog reads share them; a call waits up to the timeout for a free one instead of opening more
DEFAULT_POOL_SIZE = 32

# What "Redis cannot serve us right now" looks like: unreachable, slow, loading its
# dataset, full, or a replica/cluster mid-failover. All map to UNAVAILABLE (retryable).
_UNAVAILABLE = (
    redis_errors.ConnectionError,  # includes BusyLoadingError and MaxConnectionsError
    redis_errors.TimeoutError,
    redis_errors.ReadOnlyError,
    redis_errors.ClusterDownError,  # includes MasterDownError
    # redirections or TRYAGAIN without end (redis-py's "TTL exhausted"): a slot in the middle of a move, where a
    # script naming a key that does not exist yet is refused until the move ends
    redis_errors.ClusterError,
    # redis-py's cluster client: no node reachable ("Redis Cluster cannot be connected"), or slots not all served
    # mid-failover (SlotNotCoveredError); it reports misuse (e.g. a script in a pipeline) with this class too,
    # which the contract suite on a cluster would show
    redis_errors.RedisClusterException,
    redis_errors.TryAgainError,
    redis_errors.OutOfMemoryError,  # maxmemory reached: writes refused until it drains
    OSError,
    TimeoutError,
)

# An empty request_id means "no request id" in both stores (AIP-155: absent).
_CREATE = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  if ARGV[1] ~= '' then
    local answer = redis.call('HGET', KEYS[3], ARGV[1])
    if answer then return {'replay', answer} end
  end
  return {'exists'}
end
-- keys of an older match with this id expire together, but never trust leftovers
redis.call('DEL', KEYS[2], KEYS[3], KEYS[4])
redis.call('XADD', KEYS[2], ARGV[3] .. '-1', 'p', ARGV[8])
redis.call('HSET', KEYS[1], 'version', ARGV[3], 'status', ARGV[4], 'game', ARGV[5], 'data', ARGV[6], 'seq', ARGV[7])
if ARGV[1] ~= '' then redis.call('HSET', KEYS[3], ARGV[1], ARGV[2]) end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[9]) end
return {'ok'}
"""

# XADD runs before any other write: it is the only call that could fail (an id not
# above the last one), and a script is not rolled back after a failing call.
_COMMIT = """
local current = redis.call('HMGET', KEYS[1], 'version', 'status', 'game', 'seq')
if not current[1] then return {'missing'} end
if ARGV[1] ~= '' then
  local answer = redis.call('HGET', KEYS[3], ARGV[1])
  if answer then return {'replay', answer} end
end
-- a lost race answers the match as it is: the caller goes on from it without reading it again
if current[1] ~= ARGV[3] then
  return {'conflict', current[1], current[2], current[3], redis.call('HGET', KEYS[1], 'data')}
end
redis.call('XADD', KEYS[2], ARGV[4] .. '-1', 'p', ARGV[7])
redis.call('HSET', KEYS[1], 'version', ARGV[4], 'status', ARGV[5], 'data', ARGV[6])
if ARGV[1] ~= '' then redis.call('HSET', KEYS[3], ARGV[1], ARGV[2]) end
if ARGV[10] == '1' then redis.call('XADD', KEYS[4], ARGV[4] .. '-1', 'd', ARGV[6]) end
for i = 1, 4 do redis.call('PEXPIRE', KEYS[i], ARGV[8]) end
-- watchers' wake-up (redis_watch.py): version, entry length, entry, document
redis.call('PUBLISH', ARGV[9], ARGV[4] .. ' ' .. string.len(ARGV[7]) .. ' ' .. ARGV[7] .. ARGV[6])
return {'ok', current[2], current[3], current[4]}
"""

# Schedule: KEYS bucket and its documents hash; ARGV member, created (ms), version, score ('' removes),
# '1' for "at the latest" (ZADD LT: added, or moved earlier only). Ignored for an older document.
_SCHEDULE = """
local seen = redis.call('HGET', KEYS[2], ARGV[1])
if seen then
  local created, version = string.match(seen, '^(%d+):(%d+)$')
  created, version = tonumber(created), tonumber(version)
  local c, v = tonumber(ARGV[2]), tonumber(ARGV[3])
  if created > c or (created == c and version > v) then return 0 end
end
if ARGV[4] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 1
end
if ARGV[5] == '1' then
  redis.call('ZADD', KEYS[1], 'LT', ARGV[4], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[4], ARGV[1])
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
return 1
"""

# Claim: every due entry of one bucket (score <= now), up to a limit, gets the lease
# end as its score, so another claim skips it until the lease runs out.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, ARGV[3])
for i = 1, #due, 2 do redis.call('ZADD', KEYS[1], 'XX', ARGV[2], due[i]) end
return due
"""

# Release: drop the entry only while it still carries the claim's lease (a commit
# since then rescheduled it with the next decision's due time).
_RELEASE = """
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
end
return 0
"""

# Private side data lives as long as the match does (no later than its current expiry).
_PUT_PRIVATE = """
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ttl)
return 1
"""


class RedisStore(MatchStore):
    """Matches in Redis; every failure to reach it is raised as StoreUnavailable, fast."""

    def __init__(
        self,
        url: str,
        finished_ttl: float,
        idle_ttl: float,
        *,
        key_prefix: str = "cardroom:",
        timeout: float = 1.0,
        watch_block: float = 5.0,
        health_check_interval: int = 2,
        pool_size: int = DEFAULT_POOL_SIZE,
        index_sweep_interval: float | None = None,
        due_buckets: int = 16,
        lobby_buckets: int | None = None,
    ):
        self._finished_ttl = finished_ttl
        self._idle_ttl = idle_ttl
        self._prefix = key_prefix
        self._deadline = 2 * timeout
        # the index only needs cleaning about as often as matches can expire
        self._sweep_interval = index_sweep_interval or min(max(min(finished_ttl, idle_ttl), 1.0), 300.0)
        self._sweeper: asyncio.Task[None] | None = None
        # One retry without backoff: it replaces a connection that died with a
        # restarted server, yet a server that is really down fails within ~2 timeouts.
        # Retrying a script is safe: a commit whose reply was lost comes back as
        # Replayed (with a request_id) or VersionConflict, never applied twice.
        options: dict[str, Any] = {
            "health_check_interval": health_check_interval,
            "retry": Retry(NoBackoff(), 1),
            # no CLIENT SETINFO on connect: one round trip (and one timeout) less per reconnect
            "driver_info": None,
        }
        # watchers hold none of the command connections (they share one pub/sub connection per worker)
        self._redis = open_client(url, pool_size=pool_size, timeout=timeout, **options)
        self._cluster = isinstance(self._redis, RedisCluster)
        self._lobby_buckets = max(1, lobby_buckets or (CLUSTER_LOBBY_BUCKETS if self._cluster else 1))
        self._registered: set[str] = set()  # lobby sets this store already named in ``lobbies``
        self._fanout = WatchFanout(
            self._pubsub_connection,
            self._channel,
            self._read_after,
            self._newest,
            self._exists,
            interval=watch_block,
            deadline=self._deadline,
        )
        self._create_script = self._redis.register_script(_CREATE)
        self._commit_script = self._redis.register_script(_COMMIT)
        # a single server's commits share one pipelined connection per worker (store/redis_pipe.py: a fraction of
        # the pool's client CPU per call); a cluster's go through redis-py's slot routing
        self._commits = None if self._cluster else MultiplexedConnection(self._commit_connection, timeout=timeout)
        self._schedule_script = self._redis.register_script(_SCHEDULE)
        self._claim_script = self._redis.register_script(_CLAIM)
        self._release_script = self._redis.register_script(_RELEASE)
        self._put_private_script = self._redis.register_script(_PUT_PRIVATE)
        self._due_keys = [f"{self._prefix}{{due:{n}}}" for n in range(max(1, due_buckets))]

    @property
    def client(self) -> Client:
        """The command client and its bounded pool, for the limiter (store/redis_limiter.py) to share."""
        return self._redis

    @property
    def key_prefix(self) -> str:
        return self._prefix

    # -- keys -------------------------------------------------------------------

    def _match_keys(self, match_id: str) -> list[str]:
        base = f"{self._prefix}{{{match_id}}}"
        return [f"{base}:m", f"{base}:log", f"{base}:req", f"{base}:snap"]

    def _channel(self, match_id: str) -> str:
        return f"{self._prefix}{{{match_id}}}:ch"

    def _due_key(self, match_id: str) -> str:
        return self._due_keys[zlib.crc32(match_id.encode()) % len(self._due_keys)]

    def _due_index_keys(self, match_id: str) -> list[str]:
        """The match's bucket and, in the same slot, the hash of the documents its entries come from."""
        bucket = self._due_key(match_id)
        return [bucket, f"{bucket}:v"]

    def _lobby_key(self, game: str, status: str, match_id: str) -> str:
        if self._lobby_buckets == 1:
            return f"{self._prefix}lobby:{game}:{status}"
        return self._lobby_keys(game, status)[zlib.crc32(match_id.encode()) % self._lobby_buckets]

    def _lobby_keys(self, game: str, status: str) -> list[str]:
        """Every lobby set of (game, status): the single-server name, or one hash-tagged bucket per slot."""
        if self._lobby_buckets == 1:
            return [f"{self._prefix}lobby:{game}:{status}"]
        return [f"{self._prefix}{{lobby:{game}:{status}:{n}}}" for n in range(self._lobby_buckets)]

    def _lobby_of(self, key: str) -> tuple[str, str]:
        """(game, status) of a lobby set's name, in either layout."""
        name = key[len(self._prefix) :]
        if name.startswith("{"):
            game, status, _ = name.strip("{}")[len("lobby:") :].rsplit(":", 2)
        else:
            game, status = name[len("lobby:") :].rsplit(":", 1)
        return game, status

    def _ttl_ms(self, status: str) -> int:
        return max(1, int(ttl_for(status, self._finished_ttl, self._idle_ttl) * 1000))

    # -- contract ---------------------------------------------------------------

    async def create(
        self, match: StoredMatch, log_entry: bytes, request_id: str | None, answer: bytes | None
    ) -> Replayed | None:
        check_new(match)
        self._start_sweeper()
        seq = await self._call(self._redis.incr(f"{self._prefix}seq"))
        args = [request_id or "", answer or b"", match.version, match.status, match.game, match.data, seq, log_entry]
        reply = await self._call(
            self._create_script(keys=self._match_keys(match.match_id), args=[*args, self._ttl_ms(match.status)])
        )
        if reply[0] == b"replay":
            return Replayed(reply[1])
        if reply[0] == b"exists":
            raise MatchExists(match.match_id)
        await self._index(match.match_id, match.game, None, match.status, seq)
        return None

    async def get(self, match_id: str) -> StoredMatch:
        game, version, status, data = await self._call(
            self._redis.hmget(self._match_keys(match_id)[0], ["game", "version", "status", "data"])
        )
        if version is None:
            raise MatchNotFound(match_id)
        return StoredMatch(match_id, game.decode(), int(version), status.decode(), data)

    async def get_many(self, match_ids: Sequence[str]) -> list[StoredMatch | None]:
        async with self._redis.pipeline(transaction=False) as pipe:
            for match_id in match_ids:
                pipe.hmget(self._match_keys(match_id)[0], ["game", "version", "status", "data"])
            rows = await self._call(pipe.execute())
        return [
            None if version is None else StoredMatch(match_id, game.decode(), int(version), status.decode(), data)
            for match_id, (game, version, status, data) in zip(match_ids, rows, strict=True)
        ]

    async def commit(
        self,
        match: StoredMatch,
        expected_version: int,
        log_entry: bytes,
        request_id: str | None,
        answer: bytes | None,
        *,
        snapshot: bool = False,
    ) -> Replayed | None:
        check_commit(match, expected_version)
        self._start_sweeper()
        args = [request_id or "", answer or b"", expected_version, match.version, match.status, match.data, log_entry]
        args += [self._ttl_ms(match.status), self._channel(match.match_id), "1" if snapshot else "0"]
        reply = await self._run_commit(self._match_keys(match.match_id), args)
        outcome = reply[0]
        if outcome == b"missing":
            raise MatchNotFound(match.match_id)
        if outcome == b"replay":
            return Replayed(reply[1])
        if outcome == b"conflict":
            version, status, game, data = int(reply[1]), reply[2].decode(), reply[3].decode(), reply[4]
            raise VersionConflict(version, StoredMatch(match.match_id, game, version, status, data))
        previous, game, seq = reply[1].decode(), reply[2].decode(), int(reply[3])
        if previous != match.status:
            await self._index(match.match_id, game, previous, match.status, seq)
        return None

    async def answer_for(self, match_id: str, request_id: str) -> bytes | None:
        return await self._call(self._redis.hget(self._match_keys(match_id)[2], request_id))

    async def log(self, match_id: str, after_version: int, limit: int = 1000) -> list[LogEntry]:
        keys = self._match_keys(match_id)
        rows = await self._call(self._redis.xrange(keys[1], min=f"({_stream_id(after_version)}", max="+", count=limit))
        if not rows and not await self._call(self._redis.exists(keys[0])):
            raise MatchNotFound(match_id)
        return [_entry(stream_id, fields) for stream_id, fields in rows]

    async def snapshot_at(self, match_id: str, version: int) -> tuple[int, bytes] | None:
        key = self._match_keys(match_id)[3]
        rows = await self._call(self._redis.xrevrange(key, max=_stream_id(version), min="-", count=1))
        return (int(rows[0][0].split(b"-", 1)[0]), rows[0][1][b"d"]) if rows else None

    def watch(self, match_id: str, after_version: int) -> AsyncIterator[LogEntry]:
        # the fan-out's own iterator (it checks the match exists first): no re-yielding layer per stream
        return self._fanout.watch(match_id, after_version)

    async def list_matches(self, game: str, status: str, page_size: int, page_token: str) -> Page:
        size = page_size_or_default(page_size)
        keys = self._lobby_keys(game, status)
        cursor = decode_page_token(page_token)
        # one live match beyond the page tells whether a next page exists
        live: list[tuple[int, StoredMatch]] = []
        while len(live) <= size:
            wanted = size + 1 - len(live)
            # the first ``wanted`` entries after the cursor of every bucket hold the first ``wanted`` overall
            async with self._redis.pipeline(transaction=False) as pipe:
                for key in keys:
                    pipe.zrangebyscore(key, f"({cursor}", "+inf", start=0, num=wanted, withscores=True)
                replies = await self._call(pipe.execute())
            rows = sorted((row for reply in replies for row in reply), key=lambda row: row[1])[:wanted]
            if not rows:
                break
            live += await self._checked(game, status, rows)
            cursor = int(rows[-1][1])
        page = live[:size]
        token = encode_page_token(page[-1][0]) if len(live) > size else ""
        return Page([stored for _, stored in page], token)

    async def count_matches(self) -> dict[tuple[str, str], int]:
        keys = sorted(key.decode() for key in await self._call(self._redis.smembers(f"{self._prefix}lobbies")))
        async with self._redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.zcard(key)
            sizes = await self._call(pipe.execute())
        counts: dict[tuple[str, str], int] = {}
        for key, size in zip(keys, sizes, strict=True):
            lobby = self._lobby_of(key)
            counts[lobby] = counts.get(lobby, 0) + size
        return counts

    async def schedule(self, match_id: str, due: float | None, of: DocVersion) -> None:
        await self._schedule(match_id, "" if due is None else _ms(due), of, at_latest=False)

    async def schedule_at_latest(self, match_id: str, due: float, of: DocVersion) -> None:
        await self._schedule(match_id, _ms(due), of, at_latest=True)

    async def _schedule(self, match_id: str, score: int | str, of: DocVersion, *, at_latest: bool) -> None:
        args = [match_id, _ms(of.created), of.version, score, "1" if at_latest else "0"]
        await self._call(self._schedule_script(keys=self._due_index_keys(match_id), args=args))

    async def claim_due(self, now: float, lease: float, limit: int) -> list[DueClaim]:
        until = _ms(now + lease)
        args = [_ms(now), until, limit]
        if self._cluster:
            # redis-py refuses scripts in a cluster pipeline: one call per bucket, side by side
            calls = (self._claim_script(keys=[key], args=args) for key in self._due_keys)
            replies = await self._call(asyncio.gather(*calls))
        else:
            async with self._redis.pipeline(transaction=False) as pipe:
                for key in self._due_keys:
                    await self._claim_script(keys=[key], args=args, client=pipe)
                replies = await self._call(pipe.execute())
        claims = []
        for reply in replies:
            for member, score in zip(reply[::2], reply[1::2], strict=True):
                claims.append(DueClaim(member.decode(), int(score) / 1000, until / 1000))
        return claims

    async def release(self, claim: DueClaim) -> None:
        keys = self._due_index_keys(claim.match_id)
        await self._call(self._release_script(keys=keys, args=[claim.match_id, _ms(claim.lease_until)]))

    async def due_time(self, match_id: str) -> float | None:
        score = await self._call(self._redis.zscore(self._due_key(match_id), match_id))
        return None if score is None else score / 1000

    async def next_due(self) -> float | None:
        async with self._redis.pipeline(transaction=False) as pipe:
            for key in self._due_keys:
                pipe.zrange(key, 0, 0, withscores=True)
            firsts = await self._call(pipe.execute())
        return min((rows[0][1] / 1000 for rows in firsts if rows), default=None)

    async def touch_presence(self, match_id: str, member: str, now: float, ttl: float) -> None:
        key = self._presence_key(match_id)
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.zremrangebyscore(key, "-inf", _ms(now))
            pipe.zadd(key, {member: _ms(now + ttl)})
            pipe.pexpire(key, max(1, _ms(2 * ttl)))  # a set nobody refreshes goes away by itself
            await self._call(pipe.execute())

    async def drop_presence(self, match_id: str, member: str) -> None:
        await self._call(self._redis.zrem(self._presence_key(match_id), member))

    async def present(self, match_id: str, now: float) -> list[str]:
        rows = await self._call(self._redis.zrangebyscore(self._presence_key(match_id), f"({_ms(now)}", "+inf"))
        return sorted(row.decode() for row in rows)

    def _presence_key(self, match_id: str) -> str:
        return f"{self._prefix}{{{match_id}}}:presence"

    async def put_private(self, match_id: str, key: str, value: bytes) -> None:
        match_key = self._match_keys(match_id)[0]
        stored = await self._call(
            self._put_private_script(keys=[match_key, f"{self._prefix}{{{match_id}}}:aux"], args=[key, value])
        )
        if not stored:
            raise MatchNotFound(match_id)

    async def get_private(self, match_id: str, key: str) -> bytes | None:
        return await self._call(self._redis.hget(f"{self._prefix}{{{match_id}}}:aux", key))

    async def ping(self) -> bool:
        try:
            return bool(await self._call(self._redis.ping()))
        except StoreUnavailable:
            return False

    async def close(self) -> None:
        if self._sweeper is not None:
            await cancel_and_wait(self._sweeper)
            self._sweeper = None
        await self._fanout.close()
        if self._commits is not None:
            await self._commits.close()
        await self._redis.aclose()

    # -- internals --------------------------------------------------------------

    async def _run_commit(self, keys: list[str], args: list[Any]) -> list[Any]:
        """The commit script's reply: on the multiplexed connection (loading the script into a server that lost
        it, as redis-py's scripts do), or through redis-py's cluster client."""
        if self._commits is None:
            return await self._call(self._commit_script(keys=keys, args=args))
        command = ("EVALSHA", self._commit_script.sha, len(keys), *keys, *args)
        try:
            # the connection bounds the call itself (within the deadline), without _call's asyncio.timeout
            return await self._commits.execute(*command, within=self._deadline)
        except redis_errors.NoScriptError:
            await self._call(self._redis.script_load(_COMMIT))
            return await self._call(self._commits.execute(*command))
        except _UNAVAILABLE as exc:
            raise StoreUnavailable(str(exc) or type(exc).__name__) from exc

    async def _commit_connection(self) -> AbstractConnection:
        """A connection of its own for the multiplexed commits: reads wait without a socket timeout (each call
        has its own)."""
        return await dedicated_connection(self._redis, socket_timeout=None)

    async def _pubsub_connection(self) -> AbstractConnection:
        """A connection of its own (not from the pool) for the watch fan-out's subscriptions."""
        return await dedicated_connection(self._redis)

    async def _read_after(self, match_id: str, version: int, limit: int) -> list[LogEntry]:
        log_key = self._match_keys(match_id)[1]
        rows = await self._call(self._redis.xrange(log_key, min=f"({_stream_id(version)}", max="+", count=limit))
        return [_entry(stream_id, fields) for stream_id, fields in rows]

    async def _newest(self, match_id: str) -> int:
        rows = await self._call(self._redis.xrevrange(self._match_keys(match_id)[1], count=1))
        return _entry(*rows[0]).version if rows else 0

    async def _exists(self, match_id: str) -> bool:
        return bool(await self._call(self._redis.exists(self._match_keys(match_id)[0])))

    async def _call(self, awaitable: Awaitable[T]) -> T:
        """Await a Redis call, turning "cannot reach Redis" into StoreUnavailable.

        The overall deadline caps what redis-py's layers add up to (connect, health
        check PING, the command, one retry of each): a hung server costs one deadline,
        not several timeouts in a row. Cancelling a command drops its connection, and
        a script cut short is no worse than a lost reply (see the retry note)."""
        try:
            async with asyncio.timeout(self._deadline):
                await ready(self._redis)
                return await awaitable
        except _UNAVAILABLE as exc:
            raise StoreUnavailable(str(exc) or type(exc).__name__) from exc

    async def _checked(self, game: str, status: str, rows: list[tuple[bytes, float]]) -> list[tuple[int, StoredMatch]]:
        """The lobby entries ``rows`` of (game, status) whose match is still there in that
        status, with their creation sequence; the others are repaired on the way."""
        async with self._redis.pipeline(transaction=False) as pipe:
            for member, _ in rows:
                pipe.hmget(self._match_keys(member.decode())[0], ["status", "version", "data"])
            docs = await self._call(pipe.execute())
        live = []
        # Statuses only move forward (waiting -> active -> finished/abandoned), so a
        # match seen in another status than its set's will not come back to it.
        async with self._redis.pipeline(transaction=False) as repairs:
            for (member, score), (found_status, version, data) in zip(rows, docs, strict=True):
                key = self._lobby_key(game, status, member.decode())
                if found_status is None:  # expired
                    repairs.zrem(key, member)
                elif found_status.decode() != status:  # an index update was lost: move it
                    repairs.zrem(key, member)
                    repairs.zadd(self._lobby_key(game, found_status.decode(), member.decode()), {member: score})
                else:
                    live.append((int(score), StoredMatch(member.decode(), game, int(version), status, data)))
            if len(repairs):
                await self._call(repairs.execute())
        return live

    def _start_sweeper(self) -> None:
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        """Drop index entries of expired matches. Listing repairs what it reads, but
        sets nobody lists (finished, abandoned) would otherwise grow forever."""
        while True:
            await asyncio.sleep(self._sweep_interval)
            self._registered.clear()  # name them again: a Redis that lost its data lost ``lobbies`` too
            try:
                await self._sweep_index()
            except StoreUnavailable:
                log.info("lobby index sweep skipped: Redis unavailable")

    async def _sweep_index(self) -> None:
        # one replica per interval walks the index; the lock expires by itself
        lock = self._redis.set(f"{self._prefix}sweep-lock", b"1", nx=True, px=int(self._sweep_interval * 1000))
        if not await self._call(lock):
            return
        for key in await self._call(self._redis.smembers(f"{self._prefix}lobbies")):
            game, status = self._lobby_of(key.decode())
            cursor = None
            while cursor != 0:
                cursor, rows = await self._call(self._redis.zscan(key, cursor or 0, count=200))
                if rows:
                    await self._checked(game, status, rows)

    async def _index(self, match_id: str, game: str, previous: str | None, status: str, seq: int) -> None:
        """Move the match between lobby sets. The commit is already durable, so a
        failure here is logged, not raised: list_matches repairs entries it finds in
        the wrong set."""
        key = self._lobby_key(game, status, match_id)
        async with self._redis.pipeline(transaction=False) as pipe:
            if previous is not None:
                pipe.zrem(self._lobby_key(game, previous, match_id), match_id)
            pipe.zadd(key, {match_id: seq})
            # the sweep's list of lobby sets: cheaper than SCAN, and per-node SCAN is not needed on a cluster;
            # named once per store, so ``lobbies`` is not a hot key (written once per set and worker)
            if key not in self._registered:
                pipe.sadd(f"{self._prefix}lobbies", key)
            try:
                await self._call(pipe.execute())
            except StoreUnavailable:
                log.warning("lobby index of match %s not updated (%s -> %s)", match_id, previous, status)
            else:
                self._registered.add(key)


def _ms(seconds: float) -> int:
    """A due-index score: whole milliseconds, exact in a sorted set's double."""
    return round(seconds * 1000)


def _stream_id(version: int) -> str:
    """Stream id of the entry of ``version``; below 0 it is the id before every entry."""
    return f"{version}-1" if version >= 0 else "0-0"


def _entry(stream_id: bytes, fields: dict[bytes, bytes]) -> LogEntry:
    return LogEntry(int(stream_id.split(b"-", 1)[0]), fields[b"p"])
