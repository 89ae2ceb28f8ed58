"""One worker holds 2,000 concurrent WatchMatch streams, each receiving every update (issue 12, item 1).

Before the watch fan-out every stream held a connection of the Redis store's pool (100), so the 101st watcher
and everyone after it got STORE_UNAVAILABLE. Now a worker's watchers share one pub/sub connection: the server's
Redis connections stay under the command pool's size however many streams are open.
"""

from __future__ import annotations

import asyncio
import random

import grpc
import pytest
import redis
from cardroom_client import legal_actions
from table import Table

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc
from support.processes import RedisProcess, ServerProcess

STREAMS, MATCHES, PLAYED, ACTIONS = 2000, 8, 4, 6
POOL_SIZE = 8
CHANNELS = 20  # HTTP/2 connections the streams are spread over
BATCH = 200


@pytest.fixture(scope="module")
def lone_server():
    """A redis-server and one worker of our own, so the connections counted are this server's only."""
    redis_process = RedisProcess()
    redis_process.start()
    server = ServerProcess(redis_process.url, "--allow-fixed-decks", "--redis-pool-size", str(POOL_SIZE))
    server.start()
    yield redis_process, server
    server.stop()
    redis_process.close()


def play_some(table: Table, rng: random.Random, actions: int) -> int:
    """``actions`` legal actions by whichever seats are to act; returns the version reached."""
    version = 0
    for _ in range(actions):
        state = table.get(0)
        seat = rng.choice(list(state.to_act))
        mine = table.get(seat)
        action = convert.action_from_proto(table.game, rng.choice(legal_actions(mine)))
        version = table.act(seat, action, expected_version=mine.match.version).state.match.version
    return version


async def follow(stub, name: str, after: int, seen: list[int]) -> None:
    """Collect the versions one stream delivers, until cancelled."""
    async for update in stub.WatchMatch(pb.WatchMatchRequest(name=name, after_version=after)):
        seen.append(update.version)


async def until(predicate, seconds: float) -> bool:
    """Poll ``predicate`` for at most ``seconds`` (a bound, not a timed assertion)."""
    for _ in range(int(seconds * 10)):
        if predicate():
            return True
        await asyncio.sleep(0.1)
    return predicate()


def test_one_worker_holds_2000_watch_streams_and_each_gets_every_update(lone_server) -> None:
    redis_process, server = lone_server
    with grpc.insecure_channel(server.address) as channel:
        sync_stub = game_service_pb2_grpc.GameServiceStub(channel)
        tables = [Table(sync_stub, "pumba", 2, seed=500 + i) for i in range(MATCHES)]
        starts = [table.start().match.version for table in tables]
        finals = asyncio.run(_watch_while_playing(server.address, sync_stub, tables, starts))

    admin = redis.Redis.from_url(redis_process.url)
    try:
        # everyone but this admin connection is the server's
        held = len(admin.client_list()) - 1
    finally:
        admin.close()
    # the command pool (lazily filled, at most POOL_SIZE), the one pub/sub connection and the one connection the
    # commits are multiplexed on, whatever the streams
    assert held <= POOL_SIZE + 2, f"{held} Redis connections for {STREAMS} streams"
    assert finals


def _cancelled_here(error: BaseException) -> bool:
    if isinstance(error, asyncio.CancelledError):
        return True
    return isinstance(error, grpc.aio.AioRpcError) and error.code() == grpc.StatusCode.CANCELLED


async def _watch_while_playing(address: str, sync_stub, tables: list[Table], starts: list[int]) -> list[int]:
    channels = [
        grpc.aio.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]) for _ in range(CHANNELS)
    ]
    try:
        stubs = [game_service_pb2_grpc.GameServiceStub(c) for c in channels]
        seen: list[list[int]] = [[] for _ in range(STREAMS)]
        # half follow from the start of the match (backlog from the stream), half from the version now (live)
        afters = [0 if i % 2 else starts[i % MATCHES] for i in range(STREAMS)]
        tasks = []
        for i in range(STREAMS):
            tasks.append(asyncio.create_task(follow(stubs[i % CHANNELS], tables[i % MATCHES].name, afters[i], seen[i])))
            if i % BATCH == BATCH - 1:
                # opened in batches: gRPC's server cancels calls beyond its queue of not yet accepted ones (a
                # burst of 2,000 at once), so wait until this batch's backlog followers got their first messages
                await until(lambda opened=i + 1: all(seen[j] for j in range(opened) if afters[j] == 0), 60)
        # another match's watcher is served while 2,000 streams are open
        extra_table = await asyncio.to_thread(Table, sync_stub, "flip-7", 3, seed=7)
        extra_seen: list[int] = []
        extra = asyncio.create_task(follow(stubs[0], extra_table.name, 0, extra_seen))
        assert await until(lambda: extra_seen == [1, 2, 3], 60), extra_seen  # created, joined, joined
        extra.cancel()

        rng = random.Random(5)
        finals = []
        for index, table in enumerate(tables):
            final = await asyncio.to_thread(play_some, table, rng, ACTIONS) if index < PLAYED else starts[index]
            finals.append(final)
        await until(lambda: all(len(seen[i]) >= finals[i % MATCHES] - afters[i] for i in range(STREAMS)), 120)
        # nothing more may come: a duplicate would show as a longer list
        await asyncio.sleep(0.5)
        for task in tasks:
            task.cancel()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        # every stream was cancelled here, which ends it with CANCELLED; anything else is a failure
        errors = [r for r in results if isinstance(r, BaseException) and not _cancelled_here(r)]
        assert not errors, f"{len(errors)} streams failed, first: {errors[0]!r}"
        for i in range(STREAMS):
            match = i % MATCHES
            expected = list(range(afters[i] + 1, finals[match] + 1))
            assert seen[i] == expected, f"stream {i} on match {match} from {afters[i]}: {seen[i]} != {expected}"
        return finals
    finally:
        for c in channels:
            await c.close()
