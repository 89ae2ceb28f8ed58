"""Play WebSockets across a lost replica, against two live servers on one real Redis: a server shutting down
(SIGTERM) closes its sessions with 1012 (service restart), a server killed (SIGKILL) drops them without a close,
and in both cases every seat's and a spectator's socket reopens on the other replica after the last version it
received, sends again the action it had no outcome for, and plays the match to its end with every version
exactly once, each the engine's view for that viewer (nothing lost, doubled or leaked)."""

from __future__ import annotations

import asyncio
import random
import signal

import aiohttp
import grpc
import pytest
from play_sessions import check_viewer, gather_all
from play_sockets import play_url, socket_seat
from table import Table
from test_log_leaks import Replayed

from cardroom.v1 import game_service_pb2_grpc, match_pb2
from support.processes import ServerProcess

OPTIONS = {"card_range": "SHORT", "show_known_cards": False}
#: the version at which the first replica goes away, mid-match
LOST_AT = 12


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("how", "close_code"), [(signal.SIGTERM, 1012), (signal.SIGKILL, 1006)], ids=["shutdown", "killed"]
)
async def test_sessions_resume_on_another_replica_when_theirs_goes_away(redis_process, how, close_code):
    first = ServerProcess(redis_process.url, "--allow-fixed-decks")
    second = ServerProcess(redis_process.url, "--allow-fixed-decks")
    first.start()
    second.start()
    try:
        with grpc.insecure_channel(second.address) as channel:
            await _play_across(first, second, game_service_pb2_grpc.GameServiceStub(channel), how, close_code)
    finally:
        first.stop()
        second.stop()


async def _play_across(first, second, stub, how: signal.Signals, close_code: int) -> None:
    game, players, seed = "up-or-down", 2, 41
    table = Table(stub, game, players, options=OPTIONS, seed=seed)
    start = table.start().match.version
    match = Replayed(game, players, OPTIONS, seed)
    match.started(start)
    played: dict[int, tuple[int, dict]] = {}
    stopping: list[asyncio.Future] = []

    def lose_the_first(update) -> None:
        if update.version == LOST_AT and not stopping:  # stop() waits for the exit: off the event loop
            stopping.append(asyncio.ensure_future(asyncio.to_thread(first.stop, how)))

    urls = [play_url(first.http_url), play_url(second.http_url)]
    async with aiohttp.ClientSession() as http:
        viewers = [  # none acts at LOST_AT on the first replica: the match cannot end there, however late the signal
            socket_seat(
                http, urls, table.name, token, seat, game, random.Random(seat), played,
                on_update=lose_the_first, hold_from=LOST_AT,
            )
            for seat, token in [*enumerate(table.tokens), (-1, None)]
        ]
        *seen, watched = await gather_all(*viewers)
    assert stopping, "the match ended before the replica was lost"
    final = table.get(None).match
    assert final.status == match_pb2.MATCH_STATUS_FINISHED and final.version > LOST_AT
    for viewer in (*seen, watched):
        assert viewer.close_codes == [close_code, 1000], viewer.close_codes
    assert sorted(played) == list(range(start + 1, final.version + 1)), "an accepted action per version"
    for version in sorted(played):
        match.applied(version, *played[version])
    for viewer, updates in enumerate(seen):
        check_viewer(match, viewer, updates.received, 1, final.version)
    check_viewer(match, None, watched.received, 1, final.version)
