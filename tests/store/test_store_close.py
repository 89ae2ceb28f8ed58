"""A Redis store closes while its lobby-index sweeper is in the middle of a sweep, on a real redis-server and a
real Redis Cluster: on Python 3.11 such a cancellation can be swallowed inside redis-py (cardroom/cancelling.py),
and close() once waited for that sweeper forever (a CI teardown hung for 600 s)."""

from __future__ import annotations

import asyncio
import random
import uuid

import pytest

from cardroom.store import WAITING, StoredMatch
from cardroom.store.redis import RedisStore

#: closes per server kind: before the fix, a cluster store hung on the first few
ROUNDS = 20


@pytest.mark.asyncio
@pytest.mark.parametrize("server", ["redis_server", "redis_cluster"])
async def test_close_ends_while_the_sweeper_sweeps(request: pytest.FixtureRequest, server: str) -> None:
    url = request.getfixturevalue(server).url
    prefix = f"test:{uuid.uuid4().hex}:"
    rng = random.Random(7)
    for round_ in range(ROUNDS):
        store = RedisStore(url, finished_ttl=60, idle_ttl=60, key_prefix=prefix, index_sweep_interval=0.005)
        await store.create(StoredMatch(f"m{round_}", "pumba", 1, WAITING, b"doc"), b"created", None, None)
        await asyncio.sleep(rng.uniform(0, 0.05))  # the sweeper is somewhere in a sweep
        closing = asyncio.ensure_future(store.close())
        done, _ = await asyncio.wait({closing}, timeout=10)  # not a timeout that cancels: close() might swallow it
        assert done, f"close() still waits for the sweeper after 10 s (round {round_})"
        closing.result()
