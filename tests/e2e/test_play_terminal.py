"""`cardroom play` as a terminal game, driven through real pseudo-terminals against a live server on a real
redis-server: a whole match of each game, leaving with Ctrl-C before and after the start, resuming, a
hostile player name, starting with fewer players than seats."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys

import grpc
import pytest
import redis
from terminals import Player, play_to_the_end, play_until

from cardroom.app.documents import decode_doc, encode
from cardroom.v1 import game_service_pb2, game_service_pb2_grpc
from support.processes import REPO, ServerProcess

DECK = [9, 31, 4, 18, 27, 12, 40, 2, 22, 35, 15, 7, 29, 11, 38, 20, 5, 33]
PUMBA_HANDS = [["3o", "5o", "Rc"], ["4o", "6c", "Se"]]
PUMBA_CARDS = [rank + suit for suit in "oceb" for rank in "1234567SCR"]
#: a round dealt mid-way: three cards each, the As of oros on the pile
PUMBA = {
    "state": {
        "hands": PUMBA_HANDS,
        "discard": ["1o"],
        "stock": [card for card in PUMBA_CARDS if card != "1o" and all(card not in hand for hand in PUMBA_HANDS)],
    }
}
#: short matches of every game: (game, creator's flags, players at terminals)
GAMES = {
    # 18 cards: hands, the ring and 6 cards to draw, 12 turns
    "up-or-down": (["--players", "2", "--fixture", json.dumps({"deck_order": DECK}), "--turn-seconds", "600"], 2),
    "pumba": (["--players", "2", "--option", "point_limit=1", "--fixture", json.dumps(PUMBA)], 2),
    "flip-7": (["--players", "2", "--option", "min_players=2", "--option", "target_score=30", "--auto-start"], 2),
    "pumptown": (["--players", "3", "--bots", "1", "--option", "rounds=1", "--option", "round_turn_limit=6"], 2),
}
NAMES = ["ann", "bob", "cy"]
RAW_PROTO = re.compile(r'\{"|[a-z_]+ \{$|^\s*[a-z_]+: [{"\[]', re.M)


def _table(server, game: str, flags: list[str], seed: int = 1) -> tuple[Player, str]:
    creator = Player(server.address, "--game", game, "--seed", str(seed), *flags, name=NAMES[0])
    match_name = creator.expect(r"Created (\S+)").group(1)
    return creator, match_name


def _join(server, match_name: str, name: str) -> Player:
    player = Player(server.address, "--join", match_name, name=name)
    player.expect(r"Joined ")
    return player


def _get_match(server, match_name: str):
    with grpc.insecure_channel(server.address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        return stub.GetMatch(game_service_pb2.GetMatchRequest(name=match_name), timeout=10)


@pytest.mark.parametrize("game", list(GAMES))
def test_terminals_play_a_whole_match(server, game):
    flags, humans = GAMES[game]
    creator, match_name = _table(server, game, flags)
    players = [creator] + [_join(server, match_name, NAMES[seat]) for seat in range(1, humans)]
    try:
        play_to_the_end(players, seed=7)
        for player in players:
            assert player.finish() == 0, player.text[-3000:]
    finally:
        for player in players:
            player.kill()
    for player in players:
        text = player.text
        first_menu = text.index("Your move")
        # the seat's view comes before its first decision, with names and the turn in words
        assert "── " in text[:first_menu] and "Your decision" in text[:first_menu], text[:first_menu]
        assert "Match over." in text and re.search(r"^\s+1\s+-?\d+\s+\S", text, re.M), text[-2000:]
        assert not RAW_PROTO.search(text), RAW_PROTO.search(text)
        assert "Traceback" not in text
        for name in NAMES[:humans]:
            assert name in text
    others = "\n".join(player.text for player in players[1:])
    assert re.search(rf"^  • {NAMES[0]}: ", others, re.M), "the other seats read the creator's moves as sentences"
    if "--auto-start" in flags:
        assert "Every seat is taken: starting." not in creator.text and "The match starts" in creator.text
    else:
        assert "Every seat is taken: starting." in creator.text
    if "--turn-seconds" in flags:
        assert re.search(r"⏱ \d+ s left \(until \d\d:\d\d:\d\d UTC\)", creator.text)
    if "--bots" in flags:
        assert "(bot)" in creator.text


def test_ctrl_c_before_the_start_gives_the_seat_up(server):
    creator, match_name = _table(server, "pumba", ["--players", "3"])
    joiner = _join(server, match_name, "bob")
    try:
        creator.expect("bob.*sat down at seat 2")
        joiner.expect("waiting for")
        joiner.interrupt()
        joiner.expect("your seat is free again")
        assert joiner.finish() == 130
        creator.expect("bob.* left seat 2")
        seats = _get_match(server, match_name).match.seats
        assert [seat.occupied for seat in seats] == [True, False, False]
        creator.eof()
        creator.expect("your seat is free again")
        assert creator.finish() == 1
    finally:
        creator.kill()
        joiner.kill()
    assert "Traceback" not in joiner.text + creator.text


def test_ctrl_c_mid_match_prints_a_resume_command_that_works(server):
    flags = ["--players", "2", "--option", "min_players=2", "--option", "target_score=40"]
    creator, match_name = _table(server, "flip-7", flags)
    joiner = _join(server, match_name, "bob")
    players = [creator, joiner]
    try:
        play_until([creator], seed=3, done=lambda: "pick 1-" in joiner.peek())
        joiner.interrupt()
        joiner.expect(r"Come back to the match with:\s+(cardroom play [^\r\n]+)")
        command = shlex.split(joiner.process.match.group(1))
        assert joiner.finish() == 130
        assert command[:2] == ["cardroom", "play"] and "--resume" in command and "--token" in command
        back = Player(server.address, *command[2:])
        players[1] = back
        back.expect("Back at ")
        play_to_the_end(players, seed=3)
        assert creator.finish() == 0 and back.finish() == 0, back.text[-2000:]
    finally:
        for player in (creator, joiner, *players):
            player.kill()
    assert "Traceback" not in joiner.text and match_name in joiner.text


HOSTILE = "\x1b]0;owned\x07mal\u202eory"


def test_a_hostile_name_from_the_server_is_printed_without_escapes(server, redis_process):
    """The server refuses such names, so this one is written into the stored match (a store someone
    else wrote to, or an older server): the terminal must still print it as plain text."""
    # The rename writes behind the service's back, without a new version, and every replica that holds the
    # joined version (committed it, or received it live on a watch or Play session) commits the next change from
    # that document (app/recent_docs.py). So carol then joins through a replica that never saw the match: it
    # reads the renamed match from the store, and every later change and view carries the name.
    other = ServerProcess(redis_process.url)
    other.start()
    try:
        creator, match_name = _table(server, "pumba", ["--players", "3"])
        joiners = [_join(server, match_name, "bob")]
        try:
            creator.expect("bob.*sat down at seat 2")
            _rename_in_store(redis_process.url, match_name.rsplit("/", 1)[1], "bob", HOSTILE)
            joiners.append(_join(other, match_name, "carol"))
            creator.expect("carol.*sat down at seat 3")
            creator.send("s")
            creator.expect(r"pick 1-\d+> ")
            creator.send("r")
            creator.expect("House rules")
            creator.interrupt()
            assert creator.finish() == 130
        finally:
            creator.kill()
            for joiner in joiners:
                joiner.kill()
    finally:
        other.stop()
    raw = creator.output
    assert "]0;ownedmalory" in creator.text  # the name, as the text that is left of it
    for forbidden in ("\x1b]", "\x07", "\u202e"):
        assert forbidden not in raw, repr(forbidden)
    assert not re.search(r"\x1b(?!\[[0-9;]*m)", raw), "only colour sequences reach the terminal"


def _rename_in_store(url: str, match_id: str, old: str, new: str) -> None:
    client = redis.Redis.from_url(url)
    try:
        (key,) = [key for key in client.scan_iter(f"*{{{match_id}}}:m")]
        doc = decode_doc(client.hget(key, "data"))
        for player in doc.players:
            if player.name == old:
                player.name = new
        client.hset(key, "data", encode(doc))
    finally:
        client.close()


def test_the_creator_starts_with_fewer_players_than_seats(server):
    flags = ["--players", "4", "--option", "min_players=2", "--option", "target_score=20"]
    creator, match_name = _table(server, "flip-7", flags)
    joiner = _join(server, match_name, "bob")
    players = [creator, joiner]
    try:
        creator.expect(r"start now with the 2 players seated")
        creator.send("s")
        creator.expect("The match starts with 2 players")
        play_to_the_end(players, seed=5)
        assert creator.finish() == 0 and joiner.finish() == 0
    finally:
        for player in players:
            player.kill()
    assert "the game needs 2 players to start; 1 seated" in creator.text
    assert len(_get_match(server, match_name).result.scores) == 2


def test_the_creator_fills_the_empty_seats_with_bots(server):
    creator, match_name = _table(server, "pumba", ["--players", "3"])
    joiner = _join(server, match_name, "bob")
    try:
        creator.expect("bob.*sat down at seat 2")
        creator.expect("start now, with bots in the 1 empty seat")
        creator.send("b")
        creator.expect("The match starts with 3 players")
        joiner.expect("The match starts with 3 players")
        seats = _get_match(server, match_name).match.seats
        assert [seat.bot for seat in seats] == [False, False, True]
        for player in (creator, joiner):
            player.interrupt()
            player.expect("cardroom play --server .* --resume ")
            assert player.finish() == 130
    finally:
        creator.kill()
        joiner.kill()
    assert "(bot)" in creator.text


def test_through_pipes_the_output_is_plain_text(server, tmp_path):
    """Not a terminal: no colour or other escape sequence, the same words."""
    script = tmp_path / "input"
    script.write_text("?\nr\nq\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO / "service"), str(REPO / "clients/python/src")])}
    command = [sys.executable, "-m", "cardroom.cli", "play", "--server", server.address, "--game", "pumba"]
    with script.open() as stdin:
        done = subprocess.run(command, stdin=stdin, capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\x1b" not in done.stdout
    for words in ("Created games/pumba/matches/", "Commands", "Rules of Pumba", "House rules", "seat is free again"):
        assert words in done.stdout


def test_a_decision_that_times_out_is_told(server):
    """Nobody answers the menu: the server plays the seat's default action and the terminal says so."""
    flags = ["--players", "2", "--bots", "1", "--turn-seconds", "1", "--fixture", json.dumps({"deck_order": DECK})]
    creator, _ = _table(server, "up-or-down", flags)
    try:
        creator.expect(r"⏱ \d+ s left")
        creator.expect(r"ann.* ran out of time \(or is away\): the server played for them")
        creator.interrupt()
        # the server may have played the short match to its end meanwhile (the seat went away)
        ended = creator.process.expect(["Come back to the match with:", "Match over"], timeout=60)
        assert creator.finish() == (0 if ended else 130)
    finally:
        creator.kill()
    assert "Traceback" not in creator.text
