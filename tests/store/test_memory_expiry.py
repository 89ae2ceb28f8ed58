"""The memory store's periodic sweep, driven by an injected clock."""

from __future__ import annotations

import asyncio

import pytest

from cardroom.store import FINISHED, WAITING, MatchNotFound, MemoryStore, StoredMatch

pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def test_sweep_frees_expired_matches_and_ends_their_watchers() -> None:
    clock = Clock()
    store = MemoryStore(finished_ttl=0.1, idle_ttl=10, clock=clock)
    try:
        await store.create(StoredMatch("done", "pumba", 1, WAITING, b""), b"e1", None, None)
        await store.create(StoredMatch("live", "pumba", 1, WAITING, b""), b"e1", None, None)
        await store.commit(StoredMatch("done", "pumba", 2, FINISHED, b""), 1, b"e2", None, None)
        watcher = asyncio.create_task(anext(store.watch("done", 2)))
        await asyncio.sleep(0)
        clock.now = 1.0  # past the finished TTL only; nothing touches the store from here on
        with pytest.raises(MatchNotFound):
            await asyncio.wait_for(watcher, 5)
        assert "done" not in store._records  # freed by the sweep, not by an access
        assert "live" in store._records
    finally:
        await store.close()
