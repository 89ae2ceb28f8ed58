"""Match stores: Redis in production, memory for one process; one contract."""

from __future__ import annotations

from cardroom.store.contract import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    STATUSES,
    WAITING,
    DocVersion,
    DueClaim,
    LogEntry,
    MatchExists,
    MatchNotFound,
    MatchStore,
    Page,
    Replayed,
    StoredMatch,
    StoreError,
    StoreUnavailable,
    VersionConflict,
)
from cardroom.store.limiter import Limiter, MemoryLimiter
from cardroom.store.memory import MemoryStore

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "FINISHED",
    "STATUSES",
    "WAITING",
    "DocVersion",
    "DueClaim",
    "Limiter",
    "LogEntry",
    "MatchExists",
    "MatchNotFound",
    "MatchStore",
    "MemoryLimiter",
    "MemoryStore",
    "Page",
    "Replayed",
    "StoreError",
    "StoreUnavailable",
    "StoredMatch",
    "VersionConflict",
    "open_limiter",
    "open_store",
]


def open_store(
    redis_url: str | None, finished_ttl: float, idle_ttl: float, pool_size: int = 32, *, due_buckets: int = 16
) -> MatchStore:
    """The Redis store for a URL (``pool_size`` command connections; a ``redis+cluster://`` URL opens a Redis
    Cluster, see store/redis_client.py), else the in-process memory store."""
    if redis_url is None:
        return MemoryStore(finished_ttl=finished_ttl, idle_ttl=idle_ttl)
    # imported here so the embedded default runs without the redis client installed
    from cardroom.store.redis import RedisStore

    return RedisStore(
        redis_url, finished_ttl=finished_ttl, idle_ttl=idle_ttl, pool_size=pool_size, due_buckets=due_buckets
    )


def open_limiter(store: MatchStore) -> Limiter:
    """The limiter storage beside ``store``: in its Redis (shared by every replica, over the store's own
    connection pool), else in this process's memory."""
    if isinstance(store, MemoryStore):
        return MemoryLimiter()
    from cardroom.store.redis import RedisStore
    from cardroom.store.redis_limiter import RedisLimiter

    assert isinstance(store, RedisStore), type(store)
    return RedisLimiter(store.client, key_prefix=store.key_prefix)
