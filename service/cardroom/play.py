"""``cardroom play``: a terminal frontend for one seat, built on the Python SDK (cardroom-client).

A person creates a match of any game (or joins one by name), sees their seat's view and
their numbered legal actions, types the number of the one to play, and sees what the
other seats do as the match's updates arrive. It is a client of the API like any other:
the view and the legal actions come from the server, no rule runs here, so it plays every
game the catalog has. The creator's seat starts the match once every seat is taken.

Input is one number per line, so the command can also be driven through a pipe.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import AsyncIterator
from typing import Any, TextIO

from cardroom_client import CardroomError, Seat, StaleVersion, connect
from cardroom_client.v1 import game_service_pb2, match_pb2
from google.protobuf import json_format
from google.protobuf.message import Message

ENDED = (match_pb2.MATCH_STATUS_FINISHED, match_pb2.MATCH_STATUS_ABANDONED)


def _plain(message: Message) -> dict[str, Any]:
    return json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def describe_tagged(message: match_pb2.Action | match_pb2.Event) -> str:
    """``assign {"target": 2}`` for the Action/Event of any game: its kind and its parameters."""
    game = message.WhichOneof("game")
    if game is None:
        return "?"
    inner = getattr(message, game)
    kind = inner.WhichOneof(inner.DESCRIPTOR.oneofs[0].name)
    if kind is None:
        return "?"
    params = _plain(getattr(inner, kind))
    return f"{kind} {json.dumps(params, separators=(', ', ': '))}" if params else kind


def render_state(state: match_pb2.MatchState) -> list[str]:
    """The match header and the seat's view, one line per view field."""
    match = state.match
    seat = f"you are seat {state.your_seat}" if state.HasField("your_seat") else "spectating"
    status = match_pb2.MatchStatus.Name(match.status).removeprefix("MATCH_STATUS_").lower()
    players = ", ".join(f"{s.seat}:{s.player_name or '(open)'}" for s in match.seats)
    lines = [f"== {match.name} · version {match.version} · {status} · {seat} · seats {players}"]
    game = state.view.WhichOneof("game")
    if game:
        for key, value in _plain(getattr(state.view, game)).items():
            if key != "legal_actions":
                lines.append(f"   {key}: {json.dumps(value, separators=(',', ':'))}")
    if state.to_act:
        lines.append(f"   to act: {', '.join(str(seat) for seat in state.to_act)}")
    return lines


def render_update(update: game_service_pb2.MatchUpdate) -> list[str]:
    return [f"-- version {update.version}: {describe_tagged(event)}" for event in update.events] or [
        f"-- version {update.version}"
    ]


class Terminal:
    """The person at the keyboard: lines out, numbers in (read off the event loop)."""

    def __init__(self, stdin: TextIO, stdout: TextIO):
        self.stdin = stdin
        self.stdout = stdout

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.stdout, flush=True)

    async def choose(self, actions: list[match_pb2.Action]) -> int | None:
        """The index of the action picked, or None once the input is closed."""
        self.say("Your move:", *(f"  {number}. {describe_tagged(a)}" for number, a in enumerate(actions, 1)))
        while True:
            print(f"pick 1-{len(actions)}> ", end="", file=self.stdout, flush=True)
            line = await asyncio.to_thread(self.stdin.readline)
            if not line:
                return None
            if line.strip().isdigit() and 1 <= int(line) <= len(actions):
                return int(line) - 1
            self.say(f"type a number from 1 to {len(actions)}")


async def _forward(updates: AsyncIterator[game_service_pb2.MatchUpdate], queue: asyncio.Queue) -> None:
    try:
        async for update in updates:
            await queue.put(update)
    except CardroomError as error:
        await queue.put(error)


async def play(
    server: str,
    *,
    tls: bool = False,
    game: str | None = None,
    players: int = 2,
    join: str | None = None,
    name: str = "",
    options: dict[str, Any] | None = None,
    stdin: TextIO = sys.stdin,
    stdout: TextIO = sys.stdout,
) -> int:
    """Create a match of ``game`` (or join the match named ``join``) and play it to its end;
    0 when the match ended, 1 when the input closed first or the server refused the table."""
    terminal = Terminal(stdin, stdout)
    async with connect(server, tls=tls) as client:
        try:
            if join:
                seat = await client.join_match(join, player_name=name)
                terminal.say(f"Joined {seat.match_name} as seat {seat.seat}")
            else:
                assert game is not None, "a game to create or a match to join"
                game_options = json_format.ParseDict({game.replace("-", "_"): options or {}}, match_pb2.GameOptions())
                seat = await client.create_match(game, players, player_name=name, options=game_options)
                terminal.say(
                    f"Created {seat.match_name}",
                    f"others join with: cardroom play --server {server} --join {seat.match_name}",
                )
        except CardroomError as error:
            terminal.say(f"refused: {error}")
            return 1
        return await _play_seat(seat, terminal)


async def _play_seat(seat: Seat, terminal: Terminal) -> int:
    queue: asyncio.Queue = asyncio.Queue()
    watcher = asyncio.create_task(_forward(seat.watch(), queue))
    shown = seat.state.match.version
    terminal.say(*render_state(seat.state))
    try:
        while True:
            state = seat.state
            if state.match.status in ENDED:
                terminal.say(
                    "Match over.",
                    f"scores: {list(state.result.scores)} · winners: {list(state.result.winners)}",
                )
                return 0
            full = all(s.occupied for s in state.match.seats)
            if state.match.status == match_pb2.MATCH_STATUS_WAITING and full and seat.seat == state.match.creator_seat:
                terminal.say("Every seat is taken: starting.")
                await seat.start()
                continue
            if state.legal_actions:
                actions = list(state.legal_actions)
                picked = await terminal.choose(actions)
                if picked is None:
                    terminal.say("input closed: leaving the table as it is")
                    return 1
                try:
                    answer = await seat.act(actions[picked])
                except StaleVersion as stale:
                    terminal.say(f"the table moved on (now version {stale.current_version}): look again")
                    await seat.refresh()
                    terminal.say(*render_state(seat.state))
                    continue
                except CardroomError as error:
                    terminal.say(f"refused: {error.reason or error.code.name}: {error.message}")
                    continue
                shown = answer.state.match.version
                terminal.say(*render_update(game_service_pb2.MatchUpdate(version=shown, events=answer.events)))
                terminal.say(*render_state(seat.state))
                continue
            update = await queue.get()
            if isinstance(update, CardroomError):
                terminal.say(f"lost the match: {update}")
                return 1
            if update.version > shown:
                shown = update.version
                terminal.say(*render_update(update), *render_state(seat.state))
    finally:
        watcher.cancel()
