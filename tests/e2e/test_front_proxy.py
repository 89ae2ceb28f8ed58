"""Replicas behind nginx configured by ``deploy/nginx/`` (its include files as shipped), against two live servers on
one real Redis, over the HTTP port: every request about one match (its Play WebSockets, its SSE watch stream, its
REST calls) reaches one replica, whole matches play through the proxy with every version once to every viewer
(the SSE stream passed on unbuffered), requests about no match are spread, and a match whose
replica goes away moves, with its sessions, to the other one. The gRPC port behind the same proxy:
clients/python/tests/test_play_session.py (the SDK names the match of every call)."""

from __future__ import annotations

import asyncio
import collections
import json
import random
import signal
from urllib.parse import quote

import aiohttp
import grpc
import httpx
import pytest
from httpx_sse import aconnect_sse
from play_sessions import gather_all
from play_sockets import play_url, socket_seat
from table import Table

from cardroom.v1 import game_service_pb2_grpc
from support.front_proxy import ReplicasBehindNginx

OPTIONS = {"card_range": "SHORT", "show_known_cards": False}
#: matches played through the proxy: with two replicas, all of them on one is a 1 in 2,048 chance
MATCHES = 12
#: the version at which a match's replica goes away, mid-match
LOST_AT = 12


@pytest.fixture
def front(redis_server, tmp_path):
    with ReplicasBehindNginx(redis_server.url, tmp_path / "access.log").running() as replicas:
        yield replicas


def _socket_url(front: ReplicasBehindNginx, table: Table) -> str:
    return f"{play_url(front.http_url)}?match={quote(table.name, safe='')}"  # as the SDKs name the match


def _match_id(table: Table) -> str:
    return table.name.rpartition("/")[2]


async def _watched_over_sse(front: ReplicasBehindNginx, table: Table) -> list[int]:
    """The versions a spectator's SSE watch stream of ``table`` received through the proxy, until the service
    ended it with the match."""
    versions = []
    async with httpx.AsyncClient(base_url=front.http_url, timeout=httpx.Timeout(30, read=60)) as client:
        url = f"/v1/{table.name}:watch"
        async with aconnect_sse(client, "GET", url, params={"afterVersion": "0"}) as source:
            async for event in source.aiter_sse():
                if event.data:  # else a heartbeat
                    versions.append(int(json.loads(event.data)["version"]))
    return versions


@pytest.mark.asyncio
async def test_every_request_about_a_match_reaches_one_replica_and_whole_matches_play(front):
    with grpc.insecure_channel(front.replicas[0].address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        tables = [Table(stub, "up-or-down", 2, options=OPTIONS) for _ in range(MATCHES)]
        starts = [table.start().match.version for table in tables]
    played = [{} for _ in tables]
    async with aiohttp.ClientSession() as http:
        seats = [
            socket_seat(
                http, [_socket_url(front, table)], table.name, token, seat, "up-or-down",
                random.Random(index * 10 + seat), played[index],
            )
            for index, table in enumerate(tables)
            for seat, token in [*enumerate(table.tokens), (-1, None)]
        ]  # fmt: skip
        *seen, watched = await gather_all(*seats, gather_all(*(_watched_over_sse(front, table) for table in tables)))
    finals = [httpx.get(f"{front.http_url}/v1/{table.name}", timeout=10).json() for table in tables]  # REST, by path
    for index, final in enumerate(finals):
        assert final["match"]["status"] == "MATCH_STATUS_FINISHED"
        version = int(final["match"]["version"])
        assert sorted(played[index]) == list(range(starts[index] + 1, version + 1)), "an accepted action per version"
        for viewer in seen[index * 3 : index * 3 + 3]:  # socket_seat fails on a version repeated or skipped
            assert viewer.close_codes == [1000] and viewer.last_version == version
        assert watched[index] == list(range(1, version + 1)), "the SSE stream lost or doubled a version"
    replicas = collections.defaultdict(set)
    for key, port, _uri in front.requests_when(lambda logged: len(logged) == MATCHES * 5):  # sockets, streams, GETs
        replicas[key].add(port)
    assert set(replicas) == {_match_id(table) for table in tables}, "each request keyed by its match"
    assert all(len(ports) == 1 for ports in replicas.values()), dict(replicas)
    assert len(set().union(*replicas.values())) == 2, "both replicas serve matches"


def test_requests_about_no_match_are_spread(front):
    for _ in range(20):  # keyed by nginx's random request id: all 20 on one replica is a 1 in 2^19 chance
        assert httpx.get(f"{front.http_url}/v1/games", timeout=10).status_code == 200
    logged = front.requests_when(lambda logged: len(logged) == 20)
    assert {port for _key, port, _uri in logged} == {str(r.http_port) for r in front.replicas}


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("how", "close_code"), [(signal.SIGTERM, 1012), (signal.SIGKILL, 1006)], ids=["shutdown", "killed"]
)
async def test_a_match_moves_to_the_other_replica_when_its_replica_goes_away(front, how, close_code):
    with grpc.insecure_channel(front.replicas[0].address) as channel:
        table = Table(game_service_pb2_grpc.GameServiceStub(channel), "up-or-down", 2, options=OPTIONS)
        start = table.start().match.version
    assert httpx.get(f"{front.http_url}/v1/{table.name}", timeout=10).status_code == 200
    owner = front.replica_of(_match_id(table))
    played: dict[int, tuple[int, dict]] = {}
    stopping: list[asyncio.Future] = []

    def lose_the_owner(update) -> None:
        if update.version == LOST_AT and not stopping:  # stop() waits for the exit: off the event loop
            stopping.append(asyncio.ensure_future(asyncio.to_thread(owner.stop, how)))

    url = _socket_url(front, table)
    async with aiohttp.ClientSession() as http:
        viewers = [  # none acts at LOST_AT on the owner: the match cannot end there, however late the signal
            socket_seat(
                http, [url], table.name, token, seat, "up-or-down", random.Random(seat), played,
                on_update=lose_the_owner, hold_from=LOST_AT,
            )
            for seat, token in [*enumerate(table.tokens), (-1, None)]
        ]  # fmt: skip
        seen = await gather_all(*viewers)
    assert stopping, "the match ended before its replica was lost"
    final = httpx.get(f"{front.http_url}/v1/{table.name}", timeout=10).json()["match"]
    assert final["status"] == "MATCH_STATUS_FINISHED" and int(final["version"]) > LOST_AT
    for viewer in seen:
        assert viewer.close_codes == [close_code, 1000], viewer.close_codes
        assert viewer.last_version == int(final["version"])
    assert sorted(played) == list(range(start + 1, int(final["version"]) + 1)), "an accepted action per version"
    (survivor,) = [replica for replica in front.replicas if replica is not owner]
    # each viewer's two sockets: on the owner, then, reopened through the proxy, on the survivor
    logged = front.requests_when(lambda logged: sum(uri == "/v1/play" for _key, _port, uri in logged) == 6)
    ports = {port for _key, port, uri in logged if uri == "/v1/play"}
    assert ports == {str(owner.http_port), str(survivor.http_port)}, "the sessions reopened on the survivor"
