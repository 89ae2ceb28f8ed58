"""A full match of each game over gRPC, every seat with its own token, checked against the engine."""

from __future__ import annotations

import random

import pytest
from table import Table

from cardroom.engines import get_engine
from cardroom.v1 import match_pb2

GAMES = [
    ("flip-7", 3, {}),
    ("up-or-down", 2, {"card_range": "SHORT"}),
    ("pumba", 3, {}),
    ("pumptown", 3, {"round_turn_limit": 12}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_full_match_matches_the_engine(stub, game, players, options):
    seed = 4242
    table = Table(stub, game, players, options=options, seed=seed)
    started = table.start()
    assert started.match.status == match_pb2.MATCH_STATUS_ACTIVE
    played = table.play_randomly(random.Random(7))

    final = table.get(None)
    assert final.match.status == match_pb2.MATCH_STATUS_FINISHED
    assert final.match.version == 1 + (players - 1) + 1 + len(played)  # create, joins, start, actions

    engine = get_engine(game)
    state = engine.new_game(players, options, seed)
    for seat, action in played:
        state = engine.apply(state, seat, action).state
    expected = engine.result(state)
    assert list(final.result.scores) == expected.scores
    assert list(final.result.winners) == expected.winners
    assert list(final.result.ranks) == expected.ranks
