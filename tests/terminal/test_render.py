"""What the terminal draws of a MatchState: names not seat numbers, words not proto, nothing unsafe."""

from __future__ import annotations

import io
import re

from cardroom_client.v1 import match_pb2
from google.protobuf import json_format
from rich.console import Console

from cardroom.terminal.render import creator_choices, menu_lines, result_lines, view_lines, waiting_lines

HOSTILE = "\x1b]0;owned\x07eve\u202e"


def _state(status: int, **extra) -> match_pb2.MatchState:
    state = match_pb2.MatchState(
        match=match_pb2.Match(
            name="games/up-or-down/matches/abc",
            game_id="up-or-down",
            status=status,
            seat_count=3,
            creator_seat=0,
            version=7,
            seats=[
                match_pb2.SeatInfo(seat=0, player_name="ann", occupied=True),
                match_pb2.SeatInfo(seat=1, player_name=HOSTILE, occupied=True),
                match_pb2.SeatInfo(seat=2),
            ],
        ),
        your_seat=0,
    )
    return json_format.ParseDict(extra, state) if extra else state


def _printed(lines: list[str]) -> str:
    """The lines as a colour terminal gets them, checked for anything but colour sequences; returned as the
    text a person reads."""
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, highlight=False, emoji=False, soft_wrap=True)
    for line in lines:
        console.print(line)
    raw = out.getvalue()
    for forbidden in ("\x1b]", "\x07", "\u202e"):
        assert forbidden not in raw, forbidden
    assert not re.search(r"\x1b(?!\[[0-9;]*m)", raw)
    return re.sub(r"\x1b\[[0-9;]*m", "", raw)


def test_the_view_before_a_decision():
    view = {
        "up_or_down": {
            "you": 0,
            "phase": "TAKE",
            "current": 0,
            "display": [20, 42, 60],
            "played": 43,
            "lower": 42,
            "upper": 60,
            "hand": [7, 106],
            "players": [{"seat": 0, "hand_size": 2, "score": 3}, {"seat": 1, "hand_size": 3, "score": 1}],
        }
    }
    actions = [{"up_or_down": {"take": {"card": 42}}}, {"up_or_down": {"take": {"card": 60}}}]
    state = _state(match_pb2.MATCH_STATUS_ACTIVE, view=view, legalActions=actions, toAct=[0])
    text = _printed(view_lines(state, "Up or Down?") + menu_lines(state))
    for words in ("Up or Down?", "ann", "eve", "7 yellow", "106 pink", "Your decision", "take", "1.", "2."):
        assert words in text, words
    assert "60 teal" in text and "hand size" in text
    for raw_proto in ("up_or_down", "{", "legal_actions", "hand_size:"):
        assert raw_proto not in text, raw_proto


def test_the_waiting_room_offers_the_creator_a_short_start():
    state = _state(match_pb2.MATCH_STATUS_WAITING)
    text = _printed(waiting_lines(state) + creator_choices(state, 2, ["random", "standard"]))
    assert "2 of 3 seats taken" in text and "free" in text
    assert "start now with the 2 players seated" in text and "bots in the 1 empty seat" in text
    assert "needs" not in text
    alone = _state(match_pb2.MATCH_STATUS_WAITING)
    alone.match.seats[1].Clear()
    assert "the game needs 2 players to start; 1 seated" in _printed(creator_choices(alone, 2, []))


def test_the_result_ranks_players_by_name():
    result = {"scores": [12, 30, 0], "winners": [1], "ranks": [2, 1, 3], "leftSeats": [2]}
    text = _printed(result_lines(_state(match_pb2.MATCH_STATUS_FINISHED, result=result)))
    assert "Winner: ]0;ownedeve" in text
    lines = [line for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert "eve" in lines[0] and "ann" in lines[1] and "(left)" in lines[2]
