"""The limiter storage on Redis: every replica takes tokens from the same buckets.

Each operation is one Lua script on one key, timed by the Redis server's own
clock (``TIME``), so replicas with skewed clocks still share one bucket. Keys
carry the client in a hash tag (``<prefix>limit:{<client>}:<name>``): everything
of one client is in one Redis Cluster slot, and clients spread over the slots.

* bucket: a hash ``tokens``, ``stamp`` (seconds, as strings: Lua numbers are
  doubles, Redis replies would truncate them to integers); it expires once it
  would be full again, so idle clients cost nothing. It also keeps the last take's
  call id and answer (``call``, ``taken``, ``wait``): the client retries a command
  whose reply timed out (``store/redis.py``), and a take that ran before its reply was
  lost must answer its retry again, not take a second time (a client would get fewer
  than its burst from a slow Redis);
* claim set: a sorted set member -> expiry (milliseconds of the server clock); the
  key itself expires with its last member.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Sequence
from typing import TypeVar

from redis import exceptions as redis_errors

from cardroom.store.contract import StoreUnavailable
from cardroom.store.limiter import Limiter
from cardroom.store.redis_client import Client, ready

T = TypeVar("T")

_TAKE = """
local rate, burst, count = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local saved = redis.call('HMGET', KEYS[1], 'tokens', 'stamp', 'call', 'taken', 'wait')
if saved[3] == ARGV[4] then
  return {tonumber(saved[4]), saved[5]}
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local tokens = tonumber(saved[1]) or burst
local stamp = tonumber(saved[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - stamp) * rate)
local taken, wait = 0, 0
if tokens >= 1 then
  taken = math.min(count, math.floor(tokens))
  tokens = tokens - taken
else
  wait = (1 - tokens) / rate
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'stamp', tostring(now),
  'call', ARGV[4], 'taken', taken, 'wait', tostring(wait))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return {taken, tostring(wait)}
"""

_CLAIM = """
local limit, ttl = tonumber(ARGV[2]), tonumber(ARGV[3])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= limit then
  return {0, redis.call('ZRANGE', KEYS[1], 0, -1)}
end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
return {1}
"""

_RENEW = """
local ttl = tonumber(ARGV[1])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], 'XX', now + ttl, ARGV[i])
end
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then redis.call('PEXPIREAT', KEYS[1], last[2]) end
return 1
"""


class RedisLimiter(Limiter):
    """Buckets and claims in Redis; a Redis that cannot answer is raised as StoreUnavailable, fast.

    It sends its scripts through a client it is given: the Redis store's, so the limiter
    takes turns on the store's bounded connection pool instead of opening connections
    of its own. The client stays its owner's (``close`` leaves it open)."""

    def __init__(self, client: Client, *, key_prefix: str = "cardroom:", timeout: float = 1.0):
        self._prefix = key_prefix
        self._deadline = 2 * timeout
        self._redis = client
        self._take = self._redis.register_script(_TAKE)
        self._claim = self._redis.register_script(_CLAIM)
        self._renew = self._redis.register_script(_RENEW)

    def _key(self, key: str) -> str:
        client, _, name = key.partition("/")
        return f"{self._prefix}limit:{{{client}}}:{name}"

    async def take_many(self, key: str, rate: float, burst: int, count: int) -> tuple[int, float]:
        args = [repr(float(rate)), burst, max(1, count), secrets.token_hex(8)]
        taken, wait = await self._call(self._take(keys=[self._key(key)], args=args))
        return int(taken), float(wait)

    async def claim(self, key: str, member: str, limit: int, ttl: float) -> list[str] | None:
        reply = await self._call(self._claim(keys=[self._key(key)], args=[member, limit, max(1, int(ttl * 1000))]))
        return None if reply[0] == 1 else sorted(held.decode() for held in reply[1])

    async def renew(self, key: str, members: Sequence[str], ttl: float) -> None:
        if members:
            await self._call(self._renew(keys=[self._key(key)], args=[max(1, int(ttl * 1000)), *members]))

    async def release(self, key: str, members: Sequence[str]) -> None:
        if members:
            await self._call(self._redis.zrem(self._key(key), *members))

    async def close(self) -> None:
        """Nothing to release: the client belongs to whoever gave it."""

    async def _call(self, awaitable: Awaitable[T]) -> T:
        try:
            async with asyncio.timeout(self._deadline):
                await ready(self._redis)
                return await awaitable
        except (redis_errors.RedisError, redis_errors.RedisClusterException, OSError, TimeoutError) as exc:
            raise StoreUnavailable(str(exc) or type(exc).__name__) from exc
