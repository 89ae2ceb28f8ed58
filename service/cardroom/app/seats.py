"""Who decides for each seat (pure): a player, nobody (the server's default actions) or a bot.

A seat's player goes *away* after ``away_after_timeouts`` consecutive timeouts,
and *leaves* with LeaveMatch on a started match; either way the server plays the
seat from then on, by default actions or, when the table names an
``absent_bot_level``, by a bot. An away player takes the seat back with its
token (``returned``); a player who left cannot (its token is revoked).
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from ..bots import UnknownBot, levels_of
from . import documents as docs
from .config import Settings
from .errors import INVALID_ARGUMENT, AppError

#: the level of a bot seat when the request names none
DEFAULT_LEVEL = "standard"


def bot_levels(game: str) -> tuple[str, ...]:
    """The bot levels the service plays ``game`` at, weakest first."""
    try:
        return levels_of(game)
    except UnknownBot:
        return ()


def bot_level(game: str, level: str) -> str:
    """``level`` (or the default) checked against the bots ``game`` has; UNKNOWN_BOT_LEVEL otherwise."""
    levels = bot_levels(game)
    chosen = level or (DEFAULT_LEVEL if DEFAULT_LEVEL in levels else (levels[-1] if levels else ""))
    if chosen not in levels:
        raise AppError(
            INVALID_ARGUMENT,
            "UNKNOWN_BOT_LEVEL",
            f"no {chosen or 'bot'} level for {game}; levels: {', '.join(levels) or 'none'}",
            {"game": game},
        )
    return chosen


def bot_players(game: str, seat_count: int, bots: Mapping[int, str]) -> list[docs.Player]:
    """The bot seats asked for at creation, ``{seat: level}``; seat 0 is the creator's."""
    for seat in bots:
        if not 1 <= seat < seat_count:
            raise AppError(INVALID_ARGUMENT, "INVALID_SEAT", f"bot seats must be 1..{seat_count - 1}; seat 0 is yours")
    return [bot_player(seat, bot_level(game, level)) for seat, level in sorted(bots.items())]


def fill(doc: docs.MatchDoc, level: str) -> list[docs.Player]:
    """Bots for every empty seat of a waiting match (StartMatch's ``fill_with_bots``)."""
    taken = {p.seat for p in doc.players}
    return [bot_player(seat, level) for seat in range(doc.seat_count) if seat not in taken]


def bot_player(seat: int, level: str) -> docs.Player:
    """A seat the server's bot plays from the start; no token is ever issued for it."""
    return docs.Player(
        f"{docs.BOT_ID_PREFIX}{seat}", f"Bot {seat + 1} ({level})", seat, controller=docs.BOT, bot_level=level
    )


def _absent(player: docs.Player, table: docs.TableSettings, now: float) -> docs.Player:
    if table.absent_bot_level:
        return msgspec.structs.replace(player, controller=docs.BOT, bot_level=table.absent_bot_level, away_since=now)
    return msgspec.structs.replace(player, controller=docs.AWAY, away_since=now)


def left(player: docs.Player, table: docs.TableSettings, now: float) -> docs.Player:
    """The player forfeited the seat of a started match: the server plays it to the end."""
    return msgspec.structs.replace(_absent(player, table, now), left=True, timeouts=0)


def returned(player: docs.Player) -> docs.Player:
    """An away player is back: it decides again, with a fresh count of timeouts."""
    return msgspec.structs.replace(player, controller=docs.PLAYER, bot_level=None, away_since=None, timeouts=0)


def is_away(player: docs.Player) -> bool:
    """Away and allowed back (not left, not a bot seat)."""
    return player.away_since is not None and not player.left and not player.is_bot_seat


def after_decision(
    doc: docs.MatchDoc, seat: int, now: float, settings: Settings, *, timed_out: bool
) -> list[docs.Player]:
    """The players once ``seat`` decided (``timed_out``: the server played its default).

    The list is ``doc.players`` itself when nothing changed, which is the usual case:
    a player deciding in time with no timeouts to forget."""
    player = doc.seat_holder(seat)
    if player is None or player.controller != docs.PLAYER:
        return doc.players
    if timed_out:
        changed = msgspec.structs.replace(
            player, timeouts=player.timeouts + 1, reserve_used=doc.table.reserve_seconds
        )
        if changed.timeouts >= settings.away_after_timeouts:
            changed = _absent(changed, doc.table, now)
    else:
        over = now - (doc.turn_start if doc.turn_start is not None else doc.update_time) - doc.table.turn_seconds
        used = player.reserve_used
        if doc.table.turn_seconds > 0 and doc.table.reserve_seconds > 0 and over > 0:
            used = min(doc.table.reserve_seconds, used + over)
        if player.timeouts == 0 and used == player.reserve_used:
            return doc.players
        changed = msgspec.structs.replace(player, timeouts=0, reserve_used=used)
    return with_player(doc, changed)


def with_player(doc: docs.MatchDoc, changed: docs.Player) -> list[docs.Player]:
    return [changed if p.player_id == changed.player_id else p for p in doc.players]
