"""A full match of each game over REST only, followed over Server-Sent Events by a second client that
reconnects once midway with Last-Event-ID and misses nothing."""

from __future__ import annotations

import random

import pytest
from rest_table import RestTable, SseFollower, bearer

from cardroom.v1 import game_service_pb2 as pb
from support.processes import wait_until

GAMES = [
    ("flip-7", 3, {}),
    ("up-or-down", 2, {"cardRange": "SHORT"}),
    ("pumba", 3, {}),
    ("pumptown", 3, {"roundTurnLimit": 12}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_full_match_over_rest_followed_over_sse(server, http, stub, game, players, options):
    table = RestTable(http, game, players, options=options, seed=4242)
    start_version = players + 1  # create, joins, start

    def moved_on(last_seen: int) -> None:
        # resume only once the match went on without the follower (or ended)
        wait_until(lambda: _moved_on(table, last_seen), 60, "the match to move on")

    follower = SseFollower(server.http_url, table.name, table.tokens[1], start_version + 3, moved_on)
    follower.start()
    table.start()
    actions = table.play_randomly(random.Random(7))
    follower.join(60)
    assert not follower.is_alive(), "the SSE stream did not end with the match"
    if follower.error is not None:
        raise follower.error

    final = table.get(1)
    assert final["match"]["status"] == "MATCH_STATUS_FINISHED"
    assert final["match"]["version"] == start_version + actions
    versions = [update["version"] for _, update in follower.events]
    assert versions == list(range(1, final["match"]["version"] + 1))
    connections = [connection for connection, _ in follower.events]
    assert "first" in connections and "resumed" in connections
    last = follower.events[-1][1]["state"]
    assert last["match"]["status"] == "MATCH_STATUS_FINISHED"
    assert last["result"] == final["result"]
    # seat 1 is seated from its join (version 2) on, and sees the match as that seat
    assert all(update["state"].get("yourSeat") == 1 for _, update in follower.events[1:])

    # an EventSource reconnects when a stream ends: after the last version it is told to stop
    final_version = str(final["match"]["version"])
    resumed = http.get(f"/v1/{table.name}:watch", headers={**bearer(table.tokens[1]), "Last-Event-ID": final_version})
    assert resumed.status_code == 204
    watched = stub.WatchMatch(pb.WatchMatchRequest(name=table.name, after_version=int(final_version)), timeout=10)
    assert list(watched) == []  # gRPC: an empty stream that ends at once


def _moved_on(table: RestTable, last_seen: int) -> bool:
    match = table.get(None)["match"]
    return match["version"] > last_seen + 2 or match["status"] == "MATCH_STATUS_FINISHED"
