"""Store factories for the store tests (the redis-server process is support.processes.RedisProcess).

In a module of its own (not conftest.py) so test modules can import these names
unambiguously: other test directories have a conftest.py of their own.
"""

from __future__ import annotations

import uuid

from cardroom.store import MatchStore, MemoryStore
from support.processes import RedisClusterProcess, RedisProcess


class StoreFactory:
    """Opens stores of one kind. Redis stores from one factory share a key prefix, so
    two of them act as two replicas of the service while other tests never see their
    keys; memory stores are each their own world (``shared`` is False)."""

    def __init__(self, server: RedisProcess | RedisClusterProcess | None):
        self.server = server
        self.shared = server is not None
        self.prefix = f"test:{uuid.uuid4().hex}:"
        self.opened: list[MatchStore] = []

    def open(self, finished_ttl: float = 60.0, idle_ttl: float = 60.0) -> MatchStore:
        store: MatchStore
        if self.server is None:
            store = MemoryStore(finished_ttl=finished_ttl, idle_ttl=idle_ttl)
        else:
            from cardroom.store.redis import RedisStore

            store = RedisStore(self.server.url, finished_ttl=finished_ttl, idle_ttl=idle_ttl, key_prefix=self.prefix)
        self.opened.append(store)
        return store

    async def close(self) -> None:
        for store in self.opened:
            await store.close()
