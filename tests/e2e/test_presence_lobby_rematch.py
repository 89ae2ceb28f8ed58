"""Presence, start-when-ready, lobby expiry and rematch, end to end on real processes."""

from __future__ import annotations

import threading
import uuid

import grpc
import pytest
from live_tables import bearer, create, get, join, log_of, replicas, start, stub_of, until
from table import error_reason

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

WAITING, ACTIVE, FINISHED, ABANDONED = (
    match_pb2.MATCH_STATUS_WAITING,
    match_pb2.MATCH_STATUS_ACTIVE,
    match_pb2.MATCH_STATUS_FINISHED,
    match_pb2.MATCH_STATUS_ABANDONED,
)


class Watcher:
    """A seat's WatchMatch stream, read on a thread until cancelled."""

    def __init__(self, stub, name: str, token: str):
        self.call = stub.WatchMatch(pb.WatchMatchRequest(name=name), metadata=bearer(token))
        self.received = 0
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for _update in self.call:
                self.received += 1
        except grpc.RpcError:
            pass  # cancelled, or its server died

    def cancel(self) -> None:
        self.call.cancel()
        self.thread.join(10)


def test_presence_flips_when_a_client_drops_and_when_its_replica_dies(redis_server):
    first, second = replicas(redis_server.url, "--presence-ttl", "1.5")
    try:
        with stub_of(first) as one, stub_of(second) as two:
            name, token = create(one, "up-or-down", 3)
            seat1, seat2 = join(one, name), join(one, name)
            version = get(two, name).match.version
            assert not any(seat.connected for seat in get(two, name).match.seats)
            # seat 1 follows the match on the first replica: every replica sees it connected
            watcher = Watcher(one, name, seat1)
            until(lambda: get(two, name).match.seats[1].connected, "seat 1 connected")
            assert [seat.connected for seat in get(two, name).match.seats] == [False, True, False]
            watcher.cancel()  # the client hangs up
            until(lambda: not get(two, name).match.seats[1].connected, "seat 1 disconnected")
            # seat 2's stream is on the first replica, which dies: its entry expires with the TTL
            Watcher(one, name, seat2)
            until(lambda: get(two, name).match.seats[2].connected, "seat 2 connected")
            first.kill()
            until(lambda: not get(two, name).match.seats[2].connected, "seat 2 gone with its replica")
            # presence is not part of the match: no version was spent on it
            assert get(two, name).match.version == version
            assert start(two, name, token).match.status == ACTIVE
    finally:
        first.stop()
        second.stop()


def test_a_table_starts_when_full_and_an_unfilled_one_expires(redis_server):
    [server] = replicas(redis_server.url, "--lobby-ttl", "2", count=1)
    try:
        with stub_of(server) as stub:
            request = pb.CreateMatchRequest(
                parent="games/up-or-down",
                seat_count=2,
                request_id=str(uuid.uuid4()),
                table=match_pb2.TableSettings(auto_start_when_full=True),
            )
            auto = stub.CreateMatch(request).state.match
            assert auto.table.auto_start_when_full and auto.HasField("expire_time")
            join(stub, auto.name)
            until(lambda: get(stub, auto.name).match.status == ACTIVE, "started when full")
            started = [entry for entry in log_of(stub, auto.name) if not entry.HasField("action")]
            assert len(started) == 3  # created, joined, started by the server

            name, _token = create(stub, "up-or-down", 3)
            listed = stub.ListMatches(pb.ListMatchesRequest(parent="games/up-or-down")).matches
            assert name in [m.name for m in listed]
            until(lambda: get(stub, name).match.status == ABANDONED, "the unfilled table expired")
            listed = stub.ListMatches(pb.ListMatchesRequest(parent="games/up-or-down")).matches
            assert name not in [m.name for m in listed]
            with pytest.raises(grpc.RpcError) as refused:
                join(stub, name)
            assert error_reason(refused.value) == "MATCH_NOT_WAITING"
    finally:
        server.stop()


def test_rematch_seats_the_same_players_and_holds_their_seats(redis_server):
    [server] = replicas(redis_server.url, "--away-after-timeouts", "1000", count=1)
    try:
        with stub_of(server) as stub:
            # two players who never act and a bot: the clock plays the match to its end
            name, token0 = create(stub, "up-or-down", 3, turn_seconds=0.05, bots={2: "random"})
            token1 = join(stub, name)
            with pytest.raises(grpc.RpcError) as refused:
                stub.RematchMatch(pb.RematchMatchRequest(name=name), metadata=bearer(token0))
            assert error_reason(refused.value) == "MATCH_NOT_FINISHED"
            start(stub, name, token0)
            until(lambda: get(stub, name).match.status == FINISHED, "the first match finished")

            first = stub.RematchMatch(pb.RematchMatchRequest(name=name), metadata=bearer(token1))
            table = first.state.match
            assert table.status == WAITING and table.rematch_of == name and table.name != name
            assert first.seat == 1 and table.creator_seat == 1
            assert table.seats[2].bot and table.seats[2].bot_level == "random"
            assert table.seats[0].held and not table.seats[0].occupied
            assert table.table.turn_seconds == 0.05
            # a stranger finds no free seat: seat 0 is held for its player
            with pytest.raises(grpc.RpcError) as refused:
                join(stub, table.name)
            assert error_reason(refused.value) == "MATCH_FULL"
            second = stub.RematchMatch(pb.RematchMatchRequest(name=name), metadata=bearer(token0))
            assert second.seat == 0 and second.state.match.name == table.name
            again = stub.RematchMatch(pb.RematchMatchRequest(name=name), metadata=bearer(token0))
            assert again.seat_token == second.seat_token  # asking again is answered the same
            assert get(stub, table.name, second.seat_token).your_seat == 0
            assert start(stub, table.name, first.seat_token).match.status == ACTIVE
            # the finished match is untouched
            assert get(stub, name).match.status == FINISHED
    finally:
        server.stop()
