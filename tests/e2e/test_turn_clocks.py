"""Durable turn deadlines end to end: two server replicas on one real redis-server.

Deadlines fire exactly once whichever replica sees them, survive the replica
that would have fired them, and a seat that never acts neither stalls nor
breaks a match; away players come back with their token; a player may leave a
started match.
"""

from __future__ import annotations

import asyncio
import random
import signal
import time

import grpc
import pytest
from cardroom_client import legal_actions
from live_tables import (
    bearer,
    create,
    finished,
    get,
    join,
    log_of,
    replicas,
    start,
    stub_of,
    until,
)
from table import error_reason

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2
from support.processes import ServerProcess

PLAYER, AWAY, BOT = (
    match_pb2.SEAT_CONTROLLER_PLAYER,
    match_pb2.SEAT_CONTROLLER_AWAY,
    match_pb2.SEAT_CONTROLLER_BOT,
)


@pytest.fixture
def pair(redis_server):
    """Two replicas; seats go away only after many timeouts, so every timeout is a clock's."""
    servers = replicas(redis_server.url, "--away-after-timeouts", "1000")
    yield servers
    for server in servers:
        server.stop()


def _after_start(entries: list[pb.MatchLogEntry]) -> list[pb.MatchLogEntry]:
    # created, joined..., started: the actions follow
    return [entry for entry in entries if entry.HasField("action")]


def test_deadlines_fire_exactly_once_while_two_replicas_race(pair):
    one, two = pair
    with stub_of(one) as first, stub_of(two) as second:
        name, token = create(first, "up-or-down", 2, turn_seconds=0.05)
        join(second, name)
        start(second, name, token)
        # nobody ever acts: every decision times out, on whichever replica claims it first
        until(lambda: len(_after_start(log_of(first, name))) >= 30 or finished(first, name), "30 timeouts")
        entries = log_of(second, name)
    actions = _after_start(entries)
    assert len(actions) >= 30 and all(entry.timed_out and not entry.by_bot for entry in actions)
    # one entry per version and nothing else: a deadline fired twice would be a second entry
    # after the same version, which the versioned commit refuses
    assert [entry.version for entry in entries] == list(range(1, len(entries) + 1))


def test_a_claimed_deadline_whose_claimer_died_is_fired_after_its_lease(redis_server):
    """A replica claims a due turn and dies before firing it: once the lease runs out, a
    live replica fires it. The dying claimer is played by this test, through the store."""
    [server] = replicas(redis_server.url, "--turn-lease", "2", count=1)
    try:
        with stub_of(server) as stub:
            name, token = create(stub, "up-or-down", 2, turn_seconds=3)
            join(stub, name)
            start(stub, name, token)  # the first decision is due in 3 s
            server.process.send_signal(signal.SIGSTOP)  # from now on the live replica cannot claim it
            match_id = name.rsplit("/", 1)[1]
            claims = asyncio.run(_claim_when_due(redis_server.url, match_id))
            assert [claim.match_id for claim in claims] == [match_id]  # claimed, never fired nor released
            server.process.send_signal(signal.SIGCONT)
            until(lambda: any(entry.timed_out for entry in log_of(stub, name)), "the deadline fired")
            timed_out = [entry for entry in log_of(stub, name) if entry.timed_out]
            assert timed_out[0].version == 4  # created, joined, started, then the first decision's timeout
    finally:
        if server.process is not None:
            server.process.send_signal(signal.SIGCONT)
        server.stop()


async def _claim_when_due(redis_url: str, match_id: str) -> list:
    """What a replica does before it fires a turn: claim it (as of its due time) with a lease."""
    from cardroom.store.redis import RedisStore

    store = RedisStore(redis_url, finished_ttl=60, idle_ttl=60)
    try:
        due = await store.due_time(match_id)
        assert due is not None
        return await store.claim_due(due, lease=2, limit=100)
    finally:
        await store.close()


def test_a_match_continues_when_the_only_replica_is_killed_and_another_starts(redis_server):
    first = ServerProcess(redis_server.url, "--turn-poll-interval", "0.02", "--away-after-timeouts", "1000")
    first.start()
    try:
        with stub_of(first) as stub:
            name, token = create(stub, "up-or-down", 2, turn_seconds=0.5)
            join(stub, name)
            start(stub, name, token)
            until(lambda: len(_after_start(log_of(stub, name))) >= 2, "two timeouts on the first replica")
        first.kill()
        second = ServerProcess(redis_server.url, "--turn-poll-interval", "0.02", "--away-after-timeouts", "1000")
        second.start()
        try:
            with stub_of(second) as stub:
                before = len(_after_start(log_of(stub, name)))
                until(lambda: len(_after_start(log_of(stub, name))) >= before + 2, "timeouts on the new replica")
        finally:
            second.stop()
    finally:
        first.stop()


@pytest.mark.parametrize("game", ["pumptown", "pumba", "up-or-down", "flip-7"])
def test_a_four_player_match_completes_with_a_seat_that_never_acts(redis_server, game):
    """Seat 0 never acts (a short clock, then away after two timeouts); seats 1-3 are random bots."""
    servers = replicas(redis_server.url)
    try:
        with stub_of(servers[0]) as stub:
            name, token = create(stub, game, 4, turn_seconds=0.2, bots={1: "random", 2: "random", 3: "random"})
            start(stub, name, token)
        with stub_of(servers[1]) as stub:
            done = until(lambda: finished(stub, name), f"{game} finished")
            entries = log_of(stub, name)
        assert len(done.result.scores) == 4
        seat0 = [entry for entry in entries if entry.HasField("action") and entry.seat == 0]
        assert seat0 and all(entry.timed_out for entry in seat0)
        assert all(entry.by_bot for entry in entries if entry.HasField("action") and entry.seat != 0)
        # away after two timeouts: a short Flip 7 game can end after seat 0's first (a CI run: timeouts 1, PLAYER)
        away = done.match.seats[0].timeouts >= 2
        assert (done.match.seats[0].controller == AWAY) == away
        assert done.match.seats[0].HasField("away_since") == away
    finally:
        for server in servers:
            server.stop()


def test_an_away_player_takes_its_seat_back_with_its_token(redis_server):
    [server] = replicas(redis_server.url, "--away-after-timeouts", "2", count=1)
    try:
        with stub_of(server) as stub:
            name, token = create(stub, "up-or-down", 2, turn_seconds=0.1)
            join(stub, name)
            start(stub, name, token)
            # seat 0 starts (first_player SEAT0) and never acts: two timeouts make it away
            until(lambda: get(stub, name).match.seats[0].controller == AWAY, "seat 0 away")
            spectator = get(stub, name)
            assert spectator.match.seats[0].HasField("away_since")
            # its own authenticated read brings it back, with a fresh count of timeouts
            back = get(stub, name, token)
            assert back.match.seats[0].controller == PLAYER
            assert back.match.seats[0].timeouts == 0 and not back.match.seats[0].HasField("away_since")
            # the commit that took it back is a log entry of its own, after the start (version 3)
            assert any(not entry.HasField("action") and entry.version > 3 for entry in log_of(stub, name))
    finally:
        server.stop()


def test_leaving_a_started_match_forfeits_the_seat_to_default_play(redis_server):
    [server] = replicas(redis_server.url, count=1)
    rng = random.Random(7)
    try:
        with stub_of(server) as stub:
            name, token = create(stub, "flip-7", 3)
            tokens = [token, join(stub, name), join(stub, name)]
            start(stub, name, token)
            left = stub.LeaveMatch(pb.LeaveMatchRequest(name=name), metadata=bearer(tokens[1]))
            seat = left.match.seats[1]
            assert seat.left and seat.controller == AWAY and seat.HasField("away_since")
            with pytest.raises(grpc.RpcError) as refused:
                get(stub, name, tokens[1])
            assert error_reason(refused.value) == "SEAT_TOKEN_REVOKED"
            # the two others play; seat 1's turns are played by the server at once
            while (state := get(stub, name)).match.status == match_pb2.MATCH_STATUS_ACTIVE:
                humans = [s for s in state.to_act if s != 1]
                mine = get(stub, name, tokens[humans[0]]) if humans else None
                if mine is None or not legal_actions(mine):
                    time.sleep(0.02)  # the server is playing seat 1
                    continue
                seat_no = humans[0]
                request = pb.SubmitActionRequest(
                    name=name, action=rng.choice(legal_actions(mine)), expected_version=mine.match.version
                )
                try:
                    stub.SubmitAction(request, metadata=bearer(tokens[seat_no]))
                except grpc.RpcError as error:
                    assert error.code() == grpc.StatusCode.ABORTED, error
            assert state.match.status == match_pb2.MATCH_STATUS_FINISHED
            assert list(state.result.left_seats) == [1]
            seat1 = [entry for entry in log_of(stub, name) if entry.HasField("action") and entry.seat == 1]
            assert seat1 and all(entry.timed_out for entry in seat1)
    finally:
        server.stop()


def test_the_deadline_is_in_every_view_and_table_settings_are_checked(redis_server):
    [server] = replicas(redis_server.url, count=1)
    try:
        with stub_of(server) as stub:
            name, token = create(stub, "up-or-down", 2, turn_seconds=600, reserve_seconds=60)
            join(stub, name)
            started = start(stub, name, token)
            assert started.HasField("deadline")
            assert started.match.table.turn_seconds == 600 and started.match.table.reserve_seconds == 60
            assert all(seat.reserve_seconds == 60 for seat in started.match.seats)
            opened = started.match.update_time.ToNanoseconds()
            assert abs(started.deadline.ToNanoseconds() - opened - 660 * 10**9) < 10**6
            refusals = [
                ({"turn_seconds": -1}, "FIELD_OUT_OF_RANGE"),  # the request bounds (api/request_bounds.py)
                ({"turn_seconds": 10**6}, "FIELD_OUT_OF_RANGE"),
                ({"reserve_seconds": 5}, "INVALID_TABLE_SETTINGS"),  # a reserve needs a clock
            ]
            for bad, reason in refusals:
                with pytest.raises(grpc.RpcError) as refused:
                    create(stub, "up-or-down", 2, **bad)
                assert error_reason(refused.value) == reason
            with pytest.raises(grpc.RpcError) as refused:
                create(stub, "up-or-down", 2, absent_bot_level="grandmaster")
            assert error_reason(refused.value) == "UNKNOWN_BOT_LEVEL"
            # no clock: no deadline
            name, token = create(stub, "up-or-down", 2)
            join(stub, name)
            assert not start(stub, name, token).HasField("deadline")
    finally:
        server.stop()
