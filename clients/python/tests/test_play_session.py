"""The SDK's play session across a replica's death: two `cardroom serve` processes on one Redis, one channel to
both; the server every session is on is killed mid-match, and the sessions go on through the other one, losing
and doubling nothing (every version once per session, every action applied once). Behind a proxy (nginx with the
repository's deploy/nginx/), every call the SDK makes about a match names it, and all of them reach one replica."""

from __future__ import annotations

import asyncio
import collections
import random

import pytest
from cardroom_client import CardroomError, RetryPolicy, Session, connect, legal_actions
from cardroom_client.v1 import match_pb2, up_or_down_pb2

from support.front_proxy import ReplicasBehindNginx
from support.processes import ServerProcess
from support.silent_proxy import SilentProxy

SHORT = match_pb2.GameOptions(up_or_down=up_or_down_pb2.UpOrDownOptions(card_range="SHORT"))


async def _seat_loop(session: Session, seat: int, rng: random.Random, accepted: list[int], moves: asyncio.Event):
    received = []
    async for update in session:
        received.append(update.version)
        state = update.state
        if update.version < session.last_version or state.match.status != match_pb2.MATCH_STATUS_ACTIVE:
            continue
        if seat in state.to_act and (actions := legal_actions(state)):
            try:
                accepted.append(await session.act(rng.choice(actions)))
            except CardroomError as refused:
                assert refused.reason == "STALE_VERSION", refused
            moves.set()
    return received


@pytest.mark.asyncio
async def test_sessions_resume_on_another_replica_when_theirs_is_killed(redis_server):
    first, second = ServerProcess(redis_server.url), ServerProcess(redis_server.url)
    await asyncio.gather(asyncio.to_thread(first.start), asyncio.to_thread(second.start))
    try:
        # pick_first: every call and stream goes to the first address while it answers, then to the second
        target = f"ipv4:{first.address},{second.address}"
        async with connect(target, retry=RetryPolicy(initial_backoff=0.1, max_backoff=0.5)) as client:
            creator = await client.create_match("up-or-down", 2, options=SHORT)
            joiner = await client.join_match(creator.match_name)
            started = (await creator.start()).match.version
            await joiner.refresh()
            accepted: list[int] = []
            moves = asyncio.Event()
            spectator = client.play(creator.match_name, after_version=0)
            sessions = [seat.play() for seat in (creator, joiner)]
            loops = [
                asyncio.create_task(_seat_loop(s, seat, random.Random(seat), accepted, moves))
                for seat, s in enumerate(sessions)
            ]
            watched = asyncio.create_task(_seat_loop(spectator, -1, random.Random(0), accepted, moves))
            for _ in range(3):  # a few moves on the first server, then it dies under the sessions
                moves.clear()
                await asyncio.wait_for(moves.wait(), 60)
            first.kill()
            received = await asyncio.wait_for(asyncio.gather(*loops, watched), 180)
            for session in (*sessions, spectator):
                await session.close()
            final = await client.get_match(creator.match_name)
        resumed = second.log_path.read_text()
    finally:
        first.stop()
        second.stop()
    assert "grpc Play" in resumed, "no session was reopened on the second server"
    assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
    last = final.match.version
    assert sorted(accepted) == list(range(started + 1, last + 1)), "not one accepted action per version"
    for seat, versions in enumerate(received[:2]):  # Seat.play(): from the version the seat held, the start
        assert versions == list(range(started, last + 1)), f"seat {seat} lost or doubled an update"
    assert received[2] == list(range(1, last + 1)), "the spectator lost or doubled an update"


@pytest.mark.asyncio
async def test_sessions_whose_connection_goes_silent_reconnect_by_keepalive(redis_server):
    """The network under the sessions vanishes without closing anything: the channel's keepalive ping goes
    unanswered, the connection is dropped, and the sessions resume on a new one, losing and doubling nothing.
    The server's own pings are 10 minutes apart here, so only the client's keepalive can find the silence."""
    server = ServerProcess(redis_server.url, "--grpc-min-client-ping", "0.5", "--grpc-keepalive", "600")
    await asyncio.to_thread(server.start)
    proxy = await SilentProxy(server.address).start()
    try:
        retry = RetryPolicy(initial_backoff=0.1, max_backoff=0.5)
        async with connect(proxy.address, retry=retry, keepalive=1.0) as client:
            creator = await client.create_match("up-or-down", 2, options=SHORT)
            joiner = await client.join_match(creator.match_name)
            started = (await creator.start()).match.version
            await joiner.refresh()
            accepted: list[int] = []
            moves = asyncio.Event()
            sessions = [seat.play() for seat in (creator, joiner)]
            loops = [
                asyncio.create_task(_seat_loop(s, seat, random.Random(seat), accepted, moves))
                for seat, s in enumerate(sessions)
            ]
            for _ in range(3):
                moves.clear()
                await asyncio.wait_for(moves.wait(), 60)
            before = proxy.connections
            proxy.silence()
            received = await asyncio.wait_for(asyncio.gather(*loops), 180)
            for session in sessions:
                await session.close()
            final = await client.get_match(creator.match_name)
        reconnected = proxy.connections - before
    finally:
        await proxy.close()
        server.stop()
    assert reconnected >= 1, "the sessions never left the silent connection"
    assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
    last = final.match.version
    assert sorted(accepted) == list(range(started + 1, last + 1)), "not one accepted action per version"
    for seat, versions in enumerate(received):
        assert versions == list(range(started, last + 1)), f"seat {seat} lost or doubled an update"


#: matches played through the proxy: their creations (about no match yet) all on one replica is a 1 in 2,048 chance
PROXIED_MATCHES = 12
#: the calls ``_play_a_match`` makes: CreateMatch, JoinMatch, StartMatch, GetMatch (refresh), 3 Play, GetMatch
CALLS_PER_MATCH = 8


@pytest.mark.asyncio
async def test_behind_a_proxy_every_call_about_a_match_reaches_one_replica(redis_server, tmp_path):
    with ReplicasBehindNginx(redis_server.url, tmp_path / "access.log").running() as front:
        async with connect(front.grpc_address) as client:
            names = await asyncio.gather(*(_play_a_match(client, index) for index in range(PROXIED_MATCHES)))
        logged = front.requests_when(lambda logged: len(logged) == CALLS_PER_MATCH * PROXIED_MATCHES)
        calls = [(key, port, uri.rpartition("/")[2]) for key, port, uri in logged]
    replicas = collections.defaultdict(set)
    for key, port, method in calls:
        if method != "CreateMatch":  # about no match yet: spread
            replicas[key].add(port)
    assert set(replicas) == {name.rpartition("/")[2] for name in names}, "every other call keyed by its match"
    assert all(len(ports) == 1 for ports in replicas.values()), dict(replicas)
    methods = collections.Counter(method for _key, _port, method in calls)
    assert methods["Play"] == 3 * PROXIED_MATCHES and methods["GetMatch"] == 2 * PROXIED_MATCHES, methods
    assert len({port for _key, port, method in calls if method == "CreateMatch"}) == 2, "creations spread"


async def _play_a_match(client, index: int) -> str:
    """One match through ``client``: created, joined, started, played to its end by two seats' sessions with a
    spectator's beside them, read back; its name."""
    creator = await client.create_match("up-or-down", 2, options=SHORT)
    joiner = await client.join_match(creator.match_name)
    started = (await creator.start()).match.version
    await joiner.refresh()
    accepted: list[int] = []
    sessions = [creator.play(), joiner.play(), client.play(creator.match_name)]
    loops = [
        _seat_loop(session, seat, random.Random(index * 10 + seat), accepted, asyncio.Event())
        for seat, session in zip((0, 1, -1), sessions, strict=True)
    ]
    received = await asyncio.wait_for(asyncio.gather(*loops), 120)
    for session in sessions:
        await session.close()
    final = await client.get_match(creator.match_name)
    last = final.match.version
    assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert sorted(accepted) == list(range(started + 1, last + 1)), "not one accepted action per version"
    assert received[2] == list(range(1, last + 1)), "the spectator lost or doubled an update"
    return creator.match_name
