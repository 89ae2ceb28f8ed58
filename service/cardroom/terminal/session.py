"""One seat played from the terminal: open it (create, join or resume), then react to what happens —
a line typed, an update of the match, the end of input, Ctrl-C — until the match ends or the player
leaves. Everything arrives on one queue, so the session is a plain loop with no cancellation."""

from __future__ import annotations

import asyncio
import shlex
import sys
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from cardroom_client import CardroomError, Client, Seat, StaleVersion, connect, legal_actions
from cardroom_client.v1 import game_service_pb2, match_pb2
from google.protobuf import json_format
from rich.console import Console

from . import keyboard
from .keyboard import Keyboard
from .render import (
    ENDED,
    creator_choices,
    deadline_words,
    menu_lines,
    payload,
    result_lines,
    seat_namer,
    update_lines,
    view_lines,
    waiting_lines,
)
from .rules import HELP, rules_lines
from .safe import safe
from .words import action_words

UPDATE = "update"
LOST = "lost"
TICK = "tick"
#: seconds before a deadline at which the countdown is printed once more
LAST_CALL = 10.0
#: exit codes: the match ended / input closed or refused / Ctrl-C
DONE, CLOSED, INTERRUPTED = 0, 1, 130


@dataclass
class PlayRequest:
    """What ``cardroom play`` was asked: a table to create, to join or to resume, and the player."""

    server: str
    tls: bool = False
    game: str | None = None
    players: int = 2
    join: str | None = None
    resume: str | None = None
    token: str | None = None
    name: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    fixture: dict[str, Any] | None = None
    bots: int = 0
    bot_level: str = ""
    auto_start: bool = False
    turn_seconds: float = 0.0

    def resume_command(self, seat: Seat) -> str:
        words = ["cardroom", "play", "--server", self.server, *(["--tls"] if self.tls else [])]
        return shlex.join([*words, "--resume", seat.match_name, "--token", seat.token])


async def play(request: PlayRequest, *, stdout: TextIO | None = None, input_fd: int = 0) -> int:
    """Play one seat to the end of its match; the exit code (``DONE``, ``CLOSED``, ``INTERRUPTED``)."""
    console = Console(file=stdout or sys.stdout, highlight=False, emoji=False, soft_wrap=True)
    queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
    keys = Keyboard(queue, input_fd)
    keys.start()
    try:
        async with connect(request.server, tls=request.tls) as client:
            try:
                seat = await _open_seat(client, request, console)
                game = await client.get_game(seat.state.match.game_id)
            except CardroomError as error:
                console.print(f"refused: {safe(error.reason or error.code.name)}: {safe(error.message)}")
                return CLOSED
            return await Session(console, request, seat, game, queue).run()
    finally:
        keys.stop()


async def _open_seat(client: Client, request: PlayRequest, console: Console) -> Seat:
    if request.resume:
        seat = await client.resume(request.resume, request.token or "")
        console.print(f"Back at {safe(seat.match_name)} as seat {seat.seat + 1}")
        return seat
    if request.join:
        seat = await client.join_match(request.join, player_name=request.name)
        console.print(f"Joined {safe(seat.match_name)} at seat {seat.seat + 1}")
        return seat
    assert request.game is not None, "a game to create, a match to join or one to resume"
    game_options = json_format.ParseDict({request.game.replace("-", "_"): request.options}, match_pb2.GameOptions())
    bots = [
        match_pb2.BotSeat(seat=seat, level=request.bot_level)
        for seat in range(request.players - request.bots, request.players)
    ]
    table = match_pb2.TableSettings(turn_seconds=request.turn_seconds, auto_start_when_full=request.auto_start)
    seat = await client.create_match(
        request.game,
        request.players,
        player_name=request.name,
        options=game_options,
        seed=request.seed,
        fixture=request.fixture,
        table=table,
        bots=bots,
    )
    console.print(f"Created {safe(seat.match_name)}")
    join = shlex.join(["cardroom", "play", "--server", request.server, "--join", seat.match_name])
    console.print(f"others join with: {safe(join)}")
    return seat


async def _forward(updates: AsyncIterator[game_service_pb2.MatchUpdate], queue: asyncio.Queue) -> None:
    try:
        async for update in updates:
            await queue.put((UPDATE, update))
    except CardroomError as error:
        await queue.put((LOST, error))


class Session:
    """The loop of one seat: every input and update is handled in the order it arrived."""

    def __init__(
        self,
        console: Console,
        request: PlayRequest,
        seat: Seat,
        game: match_pb2.Game,
        queue: asyncio.Queue[tuple[str, Any]],
    ):
        self.console = console
        self.request = request
        self.seat = seat
        self.game = game
        self.queue = queue
        #: the state shown last; decisions are sent against its version
        self.state = seat.state
        self.prompted = -1
        self.timer: asyncio.TimerHandle | None = None
        #: whether this seat started the full table itself already
        self.start_tried = False

    def say(self, *lines: str) -> None:
        for line in lines:
            self.console.print(line)

    @property
    def match(self) -> match_pb2.Match:
        return self.state.match

    @property
    def is_creator(self) -> bool:
        return self.state.your_seat == self.match.creator_seat

    def min_players(self) -> int:
        """The fewest players that may start: the game's, or the table's `min_players` option."""
        options = self.match.options
        member = options.WhichOneof("game")
        if member and "min_players" in getattr(options, member).DESCRIPTOR.fields_by_name:
            return getattr(options, member).min_players or self.game.min_players
        return self.game.min_players

    async def run(self) -> int:
        watcher = asyncio.create_task(_forward(self.seat.watch(), self.queue))
        try:
            self.prompt()
            while True:
                if self.match.status in ENDED:
                    self.say(*result_lines(self.state))
                    return DONE
                if self._should_start():
                    self.start_tried = True  # once: a refusal is shown, not retried in a loop
                    self.say("Every seat is taken: starting.")
                    await self.start(fill_with_bots=False)
                    continue
                kind, value = await self.queue.get()
                if kind == keyboard.INTERRUPT:
                    return await self.leave(INTERRUPTED)
                if kind == keyboard.EOF:
                    self.say("input closed")
                    return await self.leave(CLOSED)
                if kind == LOST:
                    self.say(f"lost the match: {safe(value)}")
                    return CLOSED
                if kind == UPDATE:
                    self.on_update(value)
                elif kind == TICK:
                    self.on_tick(value)
                elif kind == keyboard.LINE:
                    code = await self.on_line(value.strip())
                    if code is not None:
                        return code
        finally:
            watcher.cancel()
            if self.timer:
                self.timer.cancel()

    def _should_start(self) -> bool:
        match = self.match
        full = all(info.occupied for info in match.seats)
        waiting = match.status == match_pb2.MATCH_STATUS_WAITING
        mine = self.is_creator and not match.table.auto_start_when_full and not self.start_tried
        return waiting and full and mine

    # -- what is shown ---------------------------------------------------------------------------

    def my_decision(self) -> bool:
        """Whether this seat is to act now (``legal_actions`` may also hold standing actions, such as
        Pumptown's auto-pass, while others decide: they are offered with the seat's own decisions)."""
        state = self.state
        deciding = state.HasField("your_seat") and state.your_seat in state.to_act
        return self.match.status == match_pb2.MATCH_STATUS_ACTIVE and deciding and bool(legal_actions(state))

    def prompt(self, *, again: bool = False) -> None:
        """Show what the player may do now, once per version (or ``again`` on request): the view and
        the menu before a decision, the waiting room before the start."""
        if self.prompted == self.match.version and not again:
            return
        self.prompted = self.match.version
        if self.match.status == match_pb2.MATCH_STATUS_WAITING:
            self.say(*waiting_lines(self.state))
            if self.is_creator:
                self.say(*creator_choices(self.state, self.min_players(), self.game.bot_levels))
            return
        if self.match.status in ENDED:
            return
        if self.my_decision():
            self.say(*view_lines(self.state, self.game.display_name), *menu_lines(self.state))
            self._set_timer()
            self._ask()
        elif again:
            self.say(*view_lines(self.state, self.game.display_name))

    def _ask(self) -> None:
        self.console.print(f"pick 1-{len(legal_actions(self.state))}> ", end="")

    def _set_timer(self) -> None:
        if self.timer:
            self.timer.cancel()
            self.timer = None
        if not self.state.HasField("deadline"):
            return
        loop = asyncio.get_running_loop()
        left = self.state.deadline.ToMilliseconds() / 1000 - time.time()
        if left > LAST_CALL:
            self.timer = loop.call_later(left - LAST_CALL, self.queue.put_nowait, (TICK, self.match.version))

    def on_tick(self, version: int) -> None:
        if version == self.match.version and self.my_decision():
            self.say("", deadline_words(self.state) or "")
            self._ask()

    def on_update(self, update: game_service_pb2.MatchUpdate) -> None:
        if update.version <= self.match.version:
            return  # this seat's own action (already shown) or an update from before the start of the watch
        self.say(*update_lines(update, self.state))
        before, self.state = self.state, update.state
        turn_moved = list(before.to_act) != list(self.state.to_act)
        if turn_moved and not self.my_decision() and self.match.status == match_pb2.MATCH_STATUS_ACTIVE:
            waiting = ", ".join(seat_namer(self.match)(seat) for seat in self.state.to_act)
            self.say(f"[dim](waiting for {waiting})[/]")
        self.prompt()

    # -- what the player typed -------------------------------------------------------------------

    async def on_line(self, line: str) -> int | None:
        """Handle one typed line; an exit code when it ends the session."""
        command = line.lower()
        if command in ("q", "quit"):
            return await self.leave(DONE)
        if command.isdigit() and self.my_decision():
            await self.choose(int(command))
        elif command in ("s", "b") and self.match.status == match_pb2.MATCH_STATUS_WAITING:
            await self.start_now(fill_with_bots=command == "b")
        elif command in ("v", "view", ""):
            self.prompt(again=True)
        else:
            self.say(*self._answer(command, line))
            if self.my_decision():
                self._ask()  # the menu is still the one shown
        return None

    def _answer(self, command: str, line: str) -> Sequence[str]:
        """What help, the rules or a mistyped line print."""
        if command in ("?", "h", "help"):
            return HELP
        if command in ("r", "rules"):
            return rules_lines(self.game, self.match)
        if command.isdigit():
            return ("it is not your decision now",)
        return (f"unknown command {safe(line)!r}: type ? for help",)

    async def start_now(self, *, fill_with_bots: bool) -> None:
        if not self.is_creator:
            self.say("only the creator of the table starts it")
            return
        await self.start(fill_with_bots=fill_with_bots)

    async def start(self, *, fill_with_bots: bool) -> None:
        before = self.state
        try:
            self.state = await self.seat.start(fill_with_bots=fill_with_bots, bot_level=self.request.bot_level)
        except CardroomError as error:
            self.say(f"cannot start: {safe(error.reason)}: {safe(error.message)}")
            return
        self.say(*update_lines(game_service_pb2.MatchUpdate(version=self.match.version, state=self.state), before))
        self.prompt()

    async def choose(self, number: int) -> None:
        actions = legal_actions(self.state)
        if not 1 <= number <= len(actions):
            self.say(f"type a number from 1 to {len(actions)}")
            self._ask()
            return
        action = actions[number - 1]
        try:
            answer = await self.seat.act(action, expected_version=self.match.version)
        except StaleVersion:
            self.say("the table moved on before your move arrived: here is what changed")
            return  # the updates that moved it are on their way through the watch
        except CardroomError as error:
            self.say(f"refused: {safe(error.reason or error.code.name)}: {safe(error.message)}")
            self.prompt(again=True)
            return
        seat_name = seat_namer(self.match, self.state.your_seat)
        words = action_words(self.match.game_id, payload(action), seat_name)
        self.say(f"you: {words}")
        version = answer.state.match.version
        update = game_service_pb2.MatchUpdate(version=version, events=answer.events, state=answer.state)
        self.say(*update_lines(update, self.state))
        self.state = answer.state
        self.prompt()

    async def leave(self, code: int) -> int:
        """Leave the terminal: give the seat up before the start; after it, keep it and say how to come back."""
        if self.match.status == match_pb2.MATCH_STATUS_WAITING:
            try:
                await self.seat.leave()
                self.say(f"You left {safe(self.match.name)}: your seat is free again.")
            except CardroomError as error:
                self.say(f"could not give the seat up: {safe(error.reason)}: {safe(error.message)}")
        elif self.match.status == match_pb2.MATCH_STATUS_ACTIVE:
            self.say(
                "",
                "Your seat is kept. Your seat token (keep it secret, it is the seat):",
                f"  {safe(self.seat.token)}",
                "Come back to the match with:",
                f"  {safe(self.request.resume_command(self.seat))}",
            )
        return code
