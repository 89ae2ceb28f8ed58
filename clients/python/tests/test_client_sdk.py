"""The Python SDK against a live server: a full match, typed errors, retries and watch resumption."""

from __future__ import annotations

import asyncio
import random
import time
import uuid

import grpc
import pytest
from cardroom_client import CardroomError, RetryPolicy, Seat, StaleVersion, connect, legal_actions
from cardroom_client.v1 import match_pb2, up_or_down_pb2

from support.processes import ServerProcess

SHORT = match_pb2.GameOptions(up_or_down=up_or_down_pb2.UpOrDownOptions(card_range="SHORT"))


async def _table(client, players: int = 2, seed: int | None = 11) -> list[Seat]:
    seats = [await client.create_match("up-or-down", players, player_name="p0", options=SHORT, seed=seed)]
    for index in range(1, players):
        seats.append(await client.join_match(seats[0].match_name, player_name=f"p{index}"))
    await seats[0].start()
    for seat in seats[1:]:
        await seat.refresh()
    return seats


async def _play_one(seats: list[Seat], rng: random.Random) -> None:
    """One legal action by a seat whose turn it is, decided on that seat's fresh view."""
    state = await seats[0].refresh()
    seat = seats[rng.choice(list(state.to_act))]
    mine = await seat.refresh()
    await seat.act(rng.choice(legal_actions(mine)))


async def _play_to_the_end(seats: list[Seat], rng: random.Random) -> None:
    for _ in range(5000):
        if (await seats[0].refresh()).match.status != match_pb2.MATCH_STATUS_ACTIVE:
            return
        await _play_one(seats, rng)
    raise AssertionError("the match did not end")


async def _collect(updates) -> list:
    return [update async for update in updates]


@pytest.mark.asyncio
async def test_a_full_match_with_a_watching_spectator(live_server):
    async with connect(live_server.address) as client:
        games = {game.game_id for game in await client.list_games()}
        assert games == {"pumptown", "pumba", "up-or-down", "flip-7"}
        seats = await _table(client)
        assert [seat.seat for seat in seats] == [0, 1]
        spectator = asyncio.create_task(_collect(client.watch(seats[0].match_name)))

        await _play_to_the_end(seats, random.Random(3))

        final = await client.get_match(seats[0].match_name)
        assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
        assert list(final.result.ranks)
        updates = await asyncio.wait_for(spectator, 30)
        assert [update.version for update in updates] == list(range(1, final.match.version + 1))
        assert updates[-1].state.match.status == match_pb2.MATCH_STATUS_FINISHED
        assert not any(update.state.HasField("your_seat") for update in updates)  # a spectator has no seat
        # a finished match watched after its last version: the watch ends at once, with no reconnection
        started = time.monotonic()
        assert await _collect(client.watch(seats[0].match_name, after_version=final.match.version)) == []
        assert time.monotonic() - started < client.retry.initial_backoff


@pytest.mark.asyncio
async def test_typed_errors_carry_the_reason_and_the_current_version(live_server):
    async with connect(live_server.address) as client:
        seats = await _table(client)
        waiting = seats[1 - seats[0].state.to_act[0]]
        current = waiting.state.match.version
        with pytest.raises(CardroomError) as refused:
            await waiting.act(waiting.legal_actions[0] if waiting.legal_actions else _any_action(seats))
        assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION
        assert refused.value.reason == "NOT_YOUR_TURN"

        mover = seats[seats[0].state.to_act[0]]
        action = mover.legal_actions[0]
        with pytest.raises(StaleVersion) as stale:
            await mover.act(action, expected_version=current - 1)
        assert stale.value.code == grpc.StatusCode.ABORTED
        assert stale.value.current_version == current

        with pytest.raises(CardroomError) as missing:
            await client.get_match("games/up-or-down/matches/nope")
        assert (missing.value.code, missing.value.reason) == (grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND")


def _any_action(seats: list[Seat]) -> match_pb2.Action:
    return next(seat.legal_actions[0] for seat in seats if seat.legal_actions)


@pytest.mark.asyncio
async def test_a_retried_request_id_is_applied_once(live_server):
    async with connect(live_server.address) as client:
        seats = await _table(client)
        mover = seats[seats[0].state.to_act[0]]
        action = mover.legal_actions[0]
        version = mover.state.match.version
        request_id = str(uuid.uuid4())  # request ids are UUIDs (AIP-155)
        first = await mover.act(action, expected_version=version, request_id=request_id)
        again = await mover.act(action, expected_version=version, request_id=request_id)
        assert first == again
        assert (await mover.refresh()).match.version == version + 1


@pytest.mark.asyncio
async def test_act_retries_unavailable_through_a_redis_outage(live_server, redis_server):
    async with connect(live_server.address, retry=RetryPolicy(initial_backoff=0.5, max_backoff=2.0)) as client:
        seats = await _table(client)
        mover = seats[seats[0].state.to_act[0]]
        version = mover.state.match.version
        redis_server.stop()
        try:
            acting = asyncio.create_task(mover.act(mover.legal_actions[0]))
            await asyncio.sleep(0.3)
            assert not acting.done()
        finally:
            redis_server.start()
        answer = await asyncio.wait_for(acting, 30)
        assert answer.state.match.version == version + 1
        assert (await mover.refresh()).match.version == version + 1


@pytest.mark.asyncio
async def test_watch_resumes_after_its_server_is_killed(live_server, redis_server):
    watched_server = ServerProcess(redis_server.url)
    watched_server.start()
    try:
        async with connect(live_server.address) as client, connect(watched_server.address) as watcher:
            seats = await _table(client, seed=None)
            rng = random.Random(5)
            seen: list[int] = []
            ready = asyncio.Event()

            async def follow() -> None:
                async for update in watcher.watch(seats[0].match_name, token=seats[1].token):
                    seen.append(update.version)
                    ready.set()

            following = asyncio.create_task(follow())
            await _play_one(seats, rng)
            await asyncio.wait_for(ready.wait(), 15)

            watched_server.kill()
            for _ in range(3):
                await _play_one(seats, rng)
            replacement = ServerProcess(redis_server.url, port=watched_server.port)
            await asyncio.to_thread(replacement.start)
            watched_server = replacement

            await _play_to_the_end(seats, rng)
            await asyncio.wait_for(following, 30)
            final = await seats[0].refresh()
            assert seen == list(range(1, final.match.version + 1))
    finally:
        watched_server.stop()


@pytest.mark.asyncio
async def test_connect_over_tls_with_the_servers_root(live_tls_server):
    async with connect(live_tls_server.address, tls=True, root_certificates=live_tls_server.tls_ca) as client:
        seats = await _table(client)
        mover = seats[seats[0].state.to_act[0]]
        version = mover.state.match.version
        answer = await mover.act(mover.legal_actions[0])
        assert answer.state.match.version == version + 1


@pytest.mark.asyncio
async def test_get_game_carries_the_cards_phases_and_typed_phase(live_server):
    async with connect(live_server.address) as client:
        game = await client.get_game("pumptown")
        cards = {card.code: card for card in game.cards}
        assert cards["PEEK1"].display_name == "Peek" and cards["N12f"].value == 12
        kinds = {kind.name: kind.enum_value for kind in game.decision_kinds}
        assert kinds["NOPE_WINDOW"] == "PUMPTOWN_DECISION_KIND_NOPE_WINDOW"
        phases = {phase.name: phase.enum_value for phase in (await client.get_game("up-or-down")).phases}
        view = (await (await _table(client))[0].refresh()).view.up_or_down
        assert up_or_down_pb2.UpOrDownPhase.Name(view.typed_phase) == phases[view.phase]
