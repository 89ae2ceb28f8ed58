"""What a refused request must not change: the whole content of the test's Redis, key by key."""

from __future__ import annotations

import time
from typing import Any

import redis

#: the creation-sequence counter: every create attempt draws a number, a replayed one too; it
#: orders listings and holds nothing of any match
SEQUENCE_KEYS = {b"cardroom:seq"}
#: per-client rate-limit buckets: every call, refused or not, takes a token (that is their point)
LIMIT_PREFIX = b"cardroom:limit:"
#: the lobby sweeper's lock: set by a timer (every few minutes), whatever the calls are
SWEEP_LOCK = b"cardroom:sweep-lock"
#: how far ahead a due entry must be for the server to leave the store alone meanwhile: a claimed entry is
#: pushed --turn-lease (5 s) ahead while its replica plays it, plus a margin
SETTLED_MS = 7000
#: presence sets of live streams: every open stream of the session's server (another test's SSE
#: or WatchMatch) refreshes its entry every third of --presence-ttl; liveness, not match state
PRESENCE_SUFFIX = b":presence"


def redis_state(url: str) -> dict[bytes, Any]:
    """Every key of the database with its content, read by type (a hash as a dict, a stream as its
    entries...): the logical content, whatever order Redis keeps fields in. TTLs are not compared."""
    with redis.Redis.from_url(url) as client:
        keys = sorted(key for key in client.scan_iter(count=1000) if _compared(key))
        return {key: _content(client, key) for key in keys}


def _compared(key: bytes) -> bool:
    return (
        key not in SEQUENCE_KEYS
        and key != SWEEP_LOCK
        and not key.startswith(LIMIT_PREFIX)
        and not key.endswith(PRESENCE_SUFFIX)
    )


def _content(client: redis.Redis, key: bytes) -> Any:
    kind = client.type(key).decode()
    readers = {
        "string": client.get,
        "hash": client.hgetall,
        "list": lambda k: client.lrange(k, 0, -1),
        "set": lambda k: sorted(client.smembers(k)),
        "zset": lambda k: client.zrange(k, 0, -1, withscores=True),
        "stream": lambda k: client.xrange(k),
    }
    return (kind, readers[kind](key)) if kind in readers else (kind, None)


def settle(url: str, timeout: float = 60) -> None:
    """Wait until no entry of the due index (``cardroom:{due:N}``) is due within SETTLED_MS: the server has
    played what it plays by itself (a left seat's default actions, a full table's start) and will not change
    the store before a call made now is compared. Servers whose bots and lobbies wait long (``--bot-think-seconds``,
    ``--lobby-ttl``) settle as soon as the seats left are played."""
    deadline = time.monotonic() + timeout
    with redis.Redis.from_url(url) as client:
        while True:
            soon_ms = int(time.time() * 1000) + SETTLED_MS
            due = [
                key
                for key in client.scan_iter(match="cardroom:{due:*}")
                if client.zrangebyscore(key, "-inf", soon_ms, start=0, num=1)
            ]
            if not due:
                return
            assert time.monotonic() < deadline, f"the server still has due turns after {timeout}s: {due}"
            time.sleep(0.1)
