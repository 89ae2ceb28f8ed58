"""End to end on a real local Redis Cluster (3 masters, ``support.processes.RedisClusterProcess``).

The tests imported below are the single-server tests themselves, collected here a second time: this module's
fixtures (``server``, ``redis_process``, ``redis_server``, ``own_redis``) replace each redis-server they use
by a cluster, and the servers get a ``redis+cluster://`` URL. They are the subset that exercises what a cluster
changes: a whole match of every game over gRPC, the rate limit shared by two workers, turn deadlines fired once
by two racing replicas, a killed server replaced, and a whole-cluster outage. Then a test of this module moves a
live match's slot to another master while a client plays on one replica and a spectator watches on another.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections.abc import Iterator

import grpc
import pytest
from cardroom_client import legal_actions
from table import Table
from test_failover import (
    test_a_killed_server_is_replaced_and_the_match_continues,
    test_redis_outage_fails_fast_and_the_service_recovers,
)
from test_full_games import test_full_match_matches_the_engine
from test_limits import test_the_rate_limit_holds_across_two_workers_sharing_redis
from test_turn_clocks import pair, test_deadlines_fire_exactly_once_while_two_replicas_race

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import RedisClusterProcess, ServerProcess, wait_until

__all__ = [  # collected by pytest with this module's fixtures
    "pair",
    "test_a_killed_server_is_replaced_and_the_match_continues",
    "test_deadlines_fire_exactly_once_while_two_replicas_race",
    "test_full_match_matches_the_engine",
    "test_redis_outage_fails_fast_and_the_service_recovers",
    "test_the_rate_limit_holds_across_two_workers_sharing_redis",
]


def _cluster(*, persistent: bool = False) -> Iterator[RedisClusterProcess]:
    cluster = RedisClusterProcess(persistent=persistent)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def redis_process() -> Iterator[RedisClusterProcess]:
    """The module's shared cluster (the single-server suite's ``redis_process``)."""
    yield from _cluster()


@pytest.fixture(scope="module")
def server(redis_process: RedisClusterProcess) -> Iterator[ServerProcess]:
    process = ServerProcess(redis_process.url, "--allow-fixed-decks")
    process.start()
    yield process
    process.stop()


@pytest.fixture
def redis_server() -> Iterator[RedisClusterProcess]:
    """A cluster per test, for tests whose replicas must not play another test's matches."""
    yield from _cluster()


@pytest.fixture
def own_redis() -> Iterator[RedisClusterProcess]:
    """A cluster per test whose nodes sync every write to disk: it is stopped and started again."""
    yield from _cluster(persistent=True)


# -- a slot moved mid-play ---------------------------------------------------------------------------------------

#: actions played before the move, and after it before playing to the end
PER_PHASE = 4


class Player:
    """Plays one table at random, submitting each action under one request id until it is accepted:
    UNAVAILABLE (while its slot moves, a commit naming a key the move has not brought yet gets TRYAGAIN) is
    retried, and a commit whose answer was lost is replayed, never applied twice."""

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.rng = random.Random(seed)
        self.accepted: list[tuple[int, int, dict]] = []  # (version, seat, action)
        self.attempts = 0
        self.refused = 0

    def play(self, count: int) -> None:
        for _ in range(count):
            state = self.table.get(None)
            if state.match.status != match_pb2.MATCH_STATUS_ACTIVE:
                return
            seat = self.rng.choice(list(state.to_act))
            mine = self.table.get(seat)
            action = convert.action_from_proto(self.table.game, self.rng.choice(legal_actions(mine)))
            answer = self._until_accepted(seat, action, mine.match.version)
            self.accepted.append((answer.state.match.version, seat, action))

    def _until_accepted(self, seat: int, action: dict, version: int) -> pb.SubmitActionResponse:
        request_id = str(uuid.uuid4())
        for _ in range(2000):
            self.attempts += 1
            try:
                return self.table.act(seat, action, expected_version=version, request_id=request_id)
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise
                self.refused += 1
                time.sleep(0.02)
        raise AssertionError("the store stayed unavailable")


def _watch_to_the_end(stub, name: str, versions: list[int], errors: list[BaseException]) -> None:
    """A spectator's stream, resumed after the last version received whenever it breaks."""
    try:
        for _ in range(100):
            try:
                after = versions[-1] if versions else 0
                for update in stub.WatchMatch(pb.WatchMatchRequest(name=name, after_version=after), timeout=300):
                    versions.append(update.version)
                return
            except grpc.RpcError as error:
                if error.code() != grpc.StatusCode.UNAVAILABLE:
                    raise
                time.sleep(0.05)
    except BaseException as error:  # reported by the test thread
        errors.append(error)


def _whole_log(stub, name: str) -> list[pb.MatchLogEntry]:
    entries, token = [], ""
    while True:
        page = stub.GetMatchLog(pb.GetMatchLogRequest(name=name, page_size=100, page_token=token))
        entries += page.entries
        token = page.next_page_token
        if not token:
            return entries


def test_a_match_plays_on_while_its_slot_moves_to_another_master(redis_process: RedisClusterProcess) -> None:
    cluster = redis_process
    player_side, watcher_side = ServerProcess(cluster.url), ServerProcess(cluster.url)
    player_side.start()
    watcher_side.start()
    try:
        with player_side.channel() as one, watcher_side.channel() as two:
            table = Table(game_service_pb2_grpc.GameServiceStub(one), "flip-7", 3)
            watcher = game_service_pb2_grpc.GameServiceStub(two)
            table.start()
            versions: list[int] = []
            errors: list[BaseException] = []
            watching = threading.Thread(target=_watch_to_the_end, args=(watcher, table.name, versions, errors))
            watching.start()

            match_id = table.name.rsplit("/", 1)[1]
            slot = cluster.keyslot(f"cardroom:{{{match_id}}}:m")
            source = cluster.owner(slot)
            target = next(port for port in cluster.ports if port != source)
            player = Player(table, 21)
            player.play(PER_PHASE)
            moving = threading.Event()

            def move() -> None:
                """Each step of the move waits until the player has tried to act since the previous one."""

                def player_tried() -> None:
                    seen = player.attempts
                    wait_until(lambda: player.attempts >= seen + 2, 120, "the player's next attempts")

                cluster.begin_move(slot, target)
                player_tried()  # the slot is MIGRATING: its keys are still on the source
                moved.append(cluster.migrate_keys(slot, source, target))
                player_tried()  # the keys are on the target: the source answers ASK
                cluster.end_move(slot, target)
                moving.set()

            moved: list[int] = []
            mover = threading.Thread(target=move)
            mover.start()
            while not moving.is_set():
                player.play(1)
                assert table.get(None).match.status == match_pb2.MATCH_STATUS_ACTIVE, "the match ended too soon"
            mover.join(120)
            player.play(100_000)  # to the end, on the new master
            watching.join(300)
            assert not watching.is_alive() and not errors, errors

            final = table.get(None)
            log = _whole_log(watcher, table.name)
    finally:
        player_side.stop()
        watcher_side.stop()

    assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert cluster.owner(slot) == target and moved[0] >= 3  # the match's keys did move: document, log, answers
    # nothing lost, nothing doubled: one log entry per version, each accepted action exactly once, in order
    assert [entry.version for entry in log] == list(range(1, final.match.version + 1))
    tail = [entry for entry in log if entry.version > final.match.version - len(player.accepted)]
    assert [
        (entry.version, entry.seat, convert.action_from_proto("flip-7", entry.action)) for entry in tail
    ] == player.accepted
    assert versions == list(range(1, final.match.version + 1))
