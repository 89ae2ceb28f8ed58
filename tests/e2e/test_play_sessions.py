"""The Play session through the Python SDK against a live server and a real Redis: whole matches played with
one session per seat (every version once, each the seat's exact view, a spectator's session never holding a
hidden card), refusals as typed errors that leave the session open, and the errors of opening one."""

from __future__ import annotations

import asyncio
import random
import uuid

import grpc
import pytest
from cardroom_client import CardroomError, SessionEnded, StaleVersion, connect, legal_actions
from cardroom_client.v1 import match_pb2 as cmatch
from play_sessions import check_viewer, gather_all, play_seat
from table import Table
from test_log_leaks import Replayed

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc, match_pb2

SHORT_PUMPTOWN = {"rounds": 2, "round_turn_limit": 10}
CONFIGS = [
    ("flip-7", 3, {}),
    ("pumptown", 4, {**SHORT_PUMPTOWN, "poll_mode": "holders_only"}),  # simultaneous, private decisions
    ("up-or-down", 2, {"card_range": "SHORT", "show_known_cards": False}),
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("game", "players", "options"), CONFIGS, ids=[c[0] for c in CONFIGS])
async def test_sessions_play_whole_matches_and_each_viewer_sees_only_its_view(server, stub, game, players, options):
    seed = 2024
    table = Table(stub, game, players, options=options, seed=seed)
    started = table.start()
    start_version = started.match.version
    match = Replayed(game, players, options, seed)
    match.started(start_version)
    played: dict[int, tuple[int, dict]] = {}
    async with connect(server.address) as client:
        sessions = [client.play(table.name, token=table.tokens[seat]) for seat in range(players)]
        spectator = client.play(table.name)  # from version 0: the whole match
        rngs = [random.Random(seat) for seat in range(players)]
        *seen, watched = await gather_all(
            *(play_seat(sessions[seat], seat, game, rngs[seat], played) for seat in range(players)),
            play_seat(spectator, -1, game, random.Random(0), played),
        )
        for session in [*sessions, spectator]:
            await session.close()
    final = table.get(None).match
    assert final.status == cmatch.MATCH_STATUS_FINISHED
    assert sorted(played) == list(range(start_version + 1, final.version + 1)), "an accepted action per version"
    for version in sorted(played):
        match.applied(version, *played[version])
    for viewer, updates in enumerate(seen):
        check_viewer(match, viewer, updates, 1, final.version)
    check_viewer(match, None, watched, 1, final.version)


@pytest.mark.asyncio
async def test_a_refused_action_is_a_typed_error_and_the_session_goes_on(server, stub):
    table = Table(stub, "up-or-down", 2, options={"card_range": "SHORT"}, seed=7)
    state = table.start()
    version = state.match.version
    mover = state.to_act[0]
    async with connect(server.address) as client:
        mine = client.play(table.name, token=table.tokens[mover], after_version=version)
        other = client.play(table.name, token=table.tokens[1 - mover], after_version=version)
        spectator = client.play(table.name, after_version=version)
        action = cmatch.Action.FromString(legal_actions(table.get(mover))[0].SerializeToString())

        with pytest.raises(CardroomError) as not_yours:
            await other.act(action, expected_version=version)
        assert (not_yours.value.code, not_yours.value.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
        with pytest.raises(StaleVersion) as stale:
            await mine.act(action, expected_version=version - 1)
        assert stale.value.current_version == version
        with pytest.raises(CardroomError) as watching:
            await spectator.act(action, expected_version=version)
        assert watching.value.reason == "SEAT_TOKEN_REQUIRED"
        with pytest.raises(CardroomError) as bad_id:
            await mine.act(action, expected_version=version, request_id="not-a-uuid")
        assert bad_id.value.reason == "INVALID_REQUEST_ID"

        # the refusals left every session open: the action is accepted, and its update is pushed to each
        assert await mine.act(action, expected_version=version) == version + 1
        for session in (mine, other, spectator):
            update = await anext(aiter(session))
            assert update.version == version + 1
        assert mine.state.match.version == version + 1
        for session in (mine, other, spectator):
            await session.close()
        with pytest.raises(SessionEnded):
            await mine.act(action)


@pytest.mark.asyncio
async def test_opening_a_session_refuses_what_watch_match_refuses(server, stub):
    table = Table(stub, "flip-7", 3, seed=3)
    async with connect(server.address) as client:
        with pytest.raises(CardroomError) as missing:
            async for _ in client.play("games/flip-7/matches/nope"):
                pass
        assert (missing.value.code, missing.value.reason) == (grpc.StatusCode.NOT_FOUND, "MATCH_NOT_FOUND")
        with pytest.raises(CardroomError) as forged:
            async for _ in client.play(table.name, token=table.tokens[0] + "x"):
                pass
        assert forged.value.reason == "INVALID_SEAT_TOKEN"
        with pytest.raises(CardroomError) as beyond:
            async for _ in client.play(table.name, after_version=99):
                pass
        assert beyond.value.reason == "FIELD_OUT_OF_RANGE"


@pytest.mark.asyncio
async def test_a_session_opened_with_outcomes_in_updates_gets_an_accepted_outcome_in_its_update(server, stub):
    table = Table(stub, "up-or-down", 2, options={"card_range": "SHORT"}, seed=11)
    state = table.start()
    version, mover = state.match.version, state.to_act[0]
    action = match_pb2.Action.FromString(legal_actions(table.get(mover))[0].SerializeToString())
    outbox: asyncio.Queue[pb.PlayRequest | None] = asyncio.Queue()
    opening = pb.PlayOpen(
        name=table.name, seat_token=table.tokens[mover], after_version=version, outcomes_in_updates=True
    )
    outbox.put_nowait(pb.PlayRequest(open=opening))

    async def requests():
        while (request := await outbox.get()) is not None:
            yield request

    async with grpc.aio.insecure_channel(server.address) as channel:
        call = game_service_pb2_grpc.GameServiceStub(channel).Play(requests())
        responses = aiter(call)
        accepted, stale = str(uuid.uuid4()), str(uuid.uuid4())
        outbox.put_nowait(
            pb.PlayRequest(action=pb.PlayAction(request_id=accepted, expected_version=version, action=action))
        )
        first = await asyncio.wait_for(anext(responses), 30)
        assert first.WhichOneof("kind") == "update" and first.update.version == version + 1
        expected = pb.PlayOutcome(request_id=accepted, accepted=True, version=version + 1)
        if not first.HasField("update_outcome"):  # the update went out before the commit answered: rare, allowed
            assert (await asyncio.wait_for(anext(responses), 30)).outcome == expected
        else:
            assert first.update_outcome == expected
        # a refusal has no update to go with: it comes on its own, and no outcome of the first action follows
        outbox.put_nowait(
            pb.PlayRequest(action=pb.PlayAction(request_id=stale, expected_version=version, action=action))
        )
        refused = await asyncio.wait_for(anext(responses), 30)
        assert refused.WhichOneof("kind") == "outcome" and refused.outcome.request_id == stale
        assert not refused.outcome.accepted and not refused.HasField("update_outcome")
        outbox.put_nowait(None)
        call.cancel()
