"""What the terminal shows of a match: the seat's view before a decision, the waiting room, the menu of
legal actions, updates as sentences and the final result. Each function returns rich markup lines;
every string from the server goes through ``safe`` (directly or through ``words``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from cardroom_client import legal_actions
from cardroom_client.v1 import game_service_pb2, match_pb2
from google.protobuf import json_format
from google.protobuf.message import Message

from .safe import safe
from .words import SeatName, action_words, event_words, fields_words, humanize, shown, value_words

ENDED = (match_pb2.MATCH_STATUS_FINISHED, match_pb2.MATCH_STATUS_ABANDONED)
AWAY = match_pb2.SEAT_CONTROLLER_AWAY
#: view fields drawn apart from the table (or not at all: the options are in the rules, `r`)
APART = frozenset({"you", "options", "legal_actions", "players", "hand", "winners", "ranks"})
#: card piles shown by their size and top card: the whole pile is history, not a decision
PILES = frozenset({"discard", "pump_discard"})


def plain(message: Message) -> dict[str, Any]:
    """A message as the engines' plain data: proto field names, zero values kept (seat 0 is a seat)."""
    return json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def payload(tagged: Message) -> dict[str, Any]:
    """The game member of a per-game oneof (SeatView, Action, Event) as plain data."""
    game = tagged.WhichOneof("game")
    return plain(getattr(tagged, game)) if game else {}


def seat_namer(match: match_pb2.Match, you: int | None = None) -> SeatName:
    """Names of the seats: the player's name (safe), ``seat N`` while open, marked when a bot plays."""

    def name(seat: int) -> str:
        if not 0 <= seat < len(match.seats):
            return f"seat {seat + 1}"
        info = match.seats[seat]
        text = f"[bold]{safe(info.player_name)}[/]" if info.player_name else f"seat {seat + 1}"
        return text + (" (bot)" if info.bot else "") + (" (you)" if seat == you else "")

    return name


def deadline_words(state: match_pb2.MatchState, now: datetime | None = None) -> str | None:
    """``⏱ 27 s left (until 14:02:11 UTC)`` when the pending decision has a turn clock."""
    if not state.HasField("deadline"):
        return None
    deadline = state.deadline.ToDatetime(tzinfo=UTC)
    left = max(0, int((deadline - (now or datetime.now(UTC))).total_seconds() + 0.999))
    return f"[bold]⏱ {left} s left[/] (until {deadline:%H:%M:%S} UTC)"


def turn_words(state: match_pb2.MatchState, view: Mapping[str, Any], seat_name: SeatName) -> str:
    """Whose decision it is, and why (the view's phase and decision kind)."""
    why = [humanize(str(view[key])) for key in ("phase",) if shown(view.get(key))]
    decision = view.get("decision")
    if isinstance(decision, Mapping) and shown(decision.get("kind")) and humanize(decision["kind"]) not in why:
        why.append(humanize(decision["kind"]))
    reason = f" ({safe(', '.join(why))})" if why else ""
    if state.HasField("your_seat") and state.your_seat in state.to_act:
        others = [seat_name(seat) for seat in state.to_act if seat != state.your_seat]
        also = f", with {', '.join(others)}" if others else ""
        return f"[bold reverse] Your decision [/]{reason}{also}"
    waiting = ", ".join(seat_name(seat) for seat in state.to_act) or "nobody"
    return f"Waiting for {waiting}{reason}"


def _table_field(game: str, key: str, value: Any, seat_name: SeatName) -> str:
    if key in PILES and isinstance(value, list):
        return f"{len(value)} cards, top {value_words(game, 'card', value[-1], seat_name)}"
    return value_words(game, key, value, seat_name)


def view_lines(state: match_pb2.MatchState, display_name: str) -> list[str]:
    """The seat's view: header, every player's public state, the table, the seat's private cards,
    whose decision it is and the turn clock."""
    match = state.match
    game = match.game_id
    you = state.your_seat if state.HasField("your_seat") else None
    seat_name = seat_namer(match, you)
    view = payload(state.view)
    where = f"you are {seat_namer(match)(you)}" if you is not None else "spectating"
    lines = [f"[bold cyan]── {safe(display_name)} · {safe(match.name)} · version {match.version} · {where} ──[/]"]
    players = view.get("players") or []
    if players:
        lines.append("[underline]Players[/]")
    for index, player in enumerate(players):
        seat = player.get("seat", index)
        mark = " [bold yellow]◀ deciding[/]" if seat in state.to_act else ""
        status = _seat_status(match, seat)
        lines.append(f"  {seat_name(seat)}{status}{mark}: {fields_words(game, player, seat_name, frozenset({'seat'}))}")
    table = [
        f"{safe(humanize(key))}: {_table_field(game, key, value, seat_name)}"
        for key, value in view.items()
        if key not in APART and shown(value)
    ]
    if table:
        lines.append("[underline]Table[/]")
        lines += [f"  {line}" for line in table]
    if you is not None and "hand" in view:
        lines.append(f"[underline]Your cards[/]: {value_words(game, 'hand', view['hand'], seat_name)}")
    if match.status == match_pb2.MATCH_STATUS_ACTIVE:
        lines.append(turn_words(state, view, seat_name))
        clock = deadline_words(state)
        if clock:
            lines.append(clock)
    return lines


def _seat_status(match: match_pb2.Match, seat: int) -> str:
    if not 0 <= seat < len(match.seats):
        return ""
    info = match.seats[seat]
    if info.left:
        return " [dim](left)[/]"
    if info.controller == AWAY:
        return " [dim](away)[/]"
    return ""


def menu_lines(state: match_pb2.MatchState) -> list[str]:
    """The legal actions as a numbered menu, in words."""
    seat_name = seat_namer(state.match, state.your_seat)
    game = state.match.game_id
    lines = ["[underline]Your move[/] (type its number; ? for help):"]
    for number, action in enumerate(legal_actions(state), 1):
        lines.append(f"  [bold]{number}[/]. {action_words(game, payload(action), seat_name)}")
    return lines


def update_lines(update: game_service_pb2.MatchUpdate, before: match_pb2.MatchState | None) -> list[str]:
    """An update in sentences: who joined, left, went away or came back, the start, then its events
    (with who acted, and whether the server played a timed-out seat or a bot decided)."""
    state = update.state
    match = state.match
    seat_name = seat_namer(match, state.your_seat if state.HasField("your_seat") else None)
    lines = seat_change_lines(before.match if before else None, match, seat_name)
    if update.timed_out and update.HasField("seat"):
        lines.append(f"{seat_name(update.seat)} ran out of time (or is away): the server played for them")
    events = [f"  • {event_words(match.game_id, payload(event), seat_name)}" for event in update.events]
    if before is not None and before.match.status != match.status:
        # the start comes before the events it caused (the deal), the end after those that ended it
        started = match.status == match_pb2.MATCH_STATUS_ACTIVE
        return [*lines, _status_change(match), *events] if started else [*lines, *events, _status_change(match)]
    return lines + events


def seat_change_lines(before: match_pb2.Match | None, after: match_pb2.Match, seat_name: SeatName) -> list[str]:
    lines = []
    old_seats = list(before.seats) if before else []
    for seat, info in enumerate(after.seats):
        old = old_seats[seat] if seat < len(old_seats) else None
        if info.occupied and not (old and old.occupied):
            lines.append(f"{seat_name(seat)} sat down at seat {seat + 1}")
        elif old and old.occupied and not info.occupied:
            lines.append(f"[bold]{safe(old.player_name)}[/] left seat {seat + 1}")
        elif old and info.left and not old.left:
            lines.append(f"{seat_name(seat)} left the match (the server plays their seat)")
        elif old and info.controller != old.controller and info.controller == AWAY:
            lines.append(f"{seat_name(seat)} is away (the server plays their seat)")
        elif old and old.controller == AWAY and info.controller == match_pb2.SEAT_CONTROLLER_PLAYER:
            lines.append(f"{seat_name(seat)} is back")
    return lines


def _status_change(match: match_pb2.Match) -> str:
    if match.status == match_pb2.MATCH_STATUS_ACTIVE:
        return f"[bold green]The match starts with {sum(1 for s in match.seats if s.occupied)} players.[/]"
    if match.status == match_pb2.MATCH_STATUS_ABANDONED:
        return "[bold red]The match was abandoned.[/]"
    if match.status == match_pb2.MATCH_STATUS_FINISHED:
        return "[bold]The match is over.[/]"
    return ""


def waiting_lines(state: match_pb2.MatchState) -> list[str]:
    """The waiting room: the seats, who is still missing, and what the creator may do now."""
    match = state.match
    seat_name = seat_namer(match, state.your_seat)
    seated = sum(1 for info in match.seats if info.occupied)
    lines = [f"[bold cyan]── waiting room of {safe(match.name)}: {seated} of {match.seat_count} seats taken ──[/]"]
    for seat, info in enumerate(match.seats):
        who = seat_name(seat) if info.occupied else "[dim]free[/]" + (" (held for a rematch)" if info.held else "")
        lines.append(f"  seat {seat + 1}: {who}")
    if match.HasField("expire_time"):
        lines.append(f"the table closes at {match.expire_time.ToDatetime():%H:%M:%S} UTC unless it starts")
    if state.your_seat != match.creator_seat:
        lines.append(f"waiting for {seat_name(match.creator_seat)} to start the match")
    return lines


def creator_choices(state: match_pb2.MatchState, min_players: int, bot_levels: Sequence[str]) -> list[str]:
    """What the creator may type in the waiting room (start with fewer players, fill with bots)."""
    match = state.match
    seated = sum(1 for info in match.seats if info.occupied)
    empty = match.seat_count - seated
    lines = []
    if empty and seated >= min_players:
        lines.append(f"  [bold]s[/]: start now with the {seated} players seated")
    elif empty:
        lines.append(f"  (the game needs {min_players} players to start; {seated} seated)")
    if empty and bot_levels:
        lines.append(f"  [bold]b[/]: start now, with bots in the {empty} empty seat{'s' if empty > 1 else ''}")
    if lines:
        lines.insert(0, "You created this table. Type:")
    return lines


def result_lines(state: match_pb2.MatchState) -> list[str]:
    """The final standing: rank, player, score; the winners."""
    match = state.match
    seat_name = seat_namer(match, state.your_seat if state.HasField("your_seat") else None)
    if match.status == match_pb2.MATCH_STATUS_ABANDONED:
        return ["[bold red]Match over: it was abandoned.[/]"]
    result = state.result
    winners = " and ".join(seat_name(seat) for seat in result.winners) or "nobody"
    lines = [f"[bold]Match over.[/] Winner: {winners}", "  rank  score  player"]
    order = sorted(range(len(result.scores)), key=lambda seat: (result.ranks[seat] if result.ranks else 0, seat))
    for seat in order:
        rank = result.ranks[seat] if seat < len(result.ranks) else ""
        left = " (left)" if seat in result.left_seats else ""
        lines.append(f"  {rank:>4}  {result.scores[seat]:>5}  {seat_name(seat)}{left}")
    return lines
