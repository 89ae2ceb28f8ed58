"""RematchMatch: a new table with the same game, options, table settings and players as a finished match.

The first player of the finished match to ask creates it (its id is derived from the
finished match's, so every replica and every retry finds the same table) and sits at
its old seat as the new table's creator; bots come back at their seats; every other
player's seat is held for it until ``rematch_window`` seconds after the end, and it
accepts by asking too (a new token, at its old seat). Asking again returns the same
seat and token. After the window, held seats open to anyone (JoinMatch).
"""

from __future__ import annotations

import secrets

import msgspec

from ..store.contract import FINISHED, WAITING, MatchNotFound
from . import documents as docs
from . import seats
from .config import Settings
from .errors import FAILED_PRECONDITION, UNAUTHENTICATED, AppError
from .matches import MatchService, Seated


def _window_end(old: docs.MatchDoc, settings: Settings) -> float:
    return old.update_time + settings.rematch_window


async def rematch(matches: MatchService, game: str, match_id: str, token: str | None) -> Seated:
    if not token:
        raise AppError(UNAUTHENTICATED, "SEAT_TOKEN_REQUIRED", "a rematch is asked with the seat token of the match")
    old = await matches.load(game, match_id)
    asker = matches.authenticate(old, token)
    assert asker is not None
    if old.status != FINISHED:
        raise AppError(FAILED_PRECONDITION, "MATCH_NOT_FINISHED", f"the match is {old.status}, not finished")
    if matches.clock() > _window_end(old, matches.settings):
        raise AppError(FAILED_PRECONDITION, "REMATCH_CLOSED", "the rematch window of this match is over")
    new_id = matches.signer.derived_id("rematch", old.match_id)
    player_id = matches.signer.derived_id("rematch-player", f"{old.match_id}:{asker.player_id}", 22)
    try:
        await matches.store.get(new_id)
    except MatchNotFound:
        created = _table(old, new_id, asker, player_id, matches.clock(), matches.settings)
        if await matches.create_prepared(created):
            return matches.seated(created, created.players[0])
    return await _accept(matches, game, new_id, asker, player_id)


def _table(
    old: docs.MatchDoc, new_id: str, asker: docs.Player, player_id: str, now: float, settings: Settings
) -> docs.MatchDoc:
    me = docs.Player(player_id, asker.name, asker.seat)
    bots = [seats.bot_player(p.seat, p.bot_level or "") for p in old.players if p.is_bot_seat]
    held = {p.seat: p.player_id for p in old.players if not p.is_bot_seat and p.player_id != asker.player_id}
    return docs.MatchDoc(
        match_id=new_id,
        game=old.game,
        status=WAITING,
        version=1,
        seat_count=len(old.players),
        options=old.options,
        players=sorted([me, *bots], key=lambda p: p.seat),
        creator_player_id=player_id,
        seed=secrets.randbits(63),  # a new deal: never the finished match's
        create_time=now,
        update_time=now,
        table=old.table,
        rematch_of=old.match_id,
        held=held or None,
        held_until=_window_end(old, settings) if held else None,
    )


async def _accept(matches: MatchService, game: str, new_id: str, asker: docs.Player, player_id: str) -> Seated:
    def change(doc: docs.MatchDoc) -> tuple[docs.MatchDoc, docs.LogRecord]:
        if doc.player(player_id) is not None:
            raise _Already()
        if doc.status != WAITING:
            raise AppError(FAILED_PRECONDITION, "MATCH_NOT_WAITING", "the rematch has started without this player")
        if doc.held is None or doc.held.get(asker.seat) != asker.player_id or doc.seat_holder(asker.seat):
            raise AppError(FAILED_PRECONDITION, "SEAT_TAKEN", f"seat {asker.seat} of the rematch is taken")
        player = docs.Player(player_id, asker.name, asker.seat)
        new = msgspec.structs.replace(
            doc, version=doc.version + 1, update_time=matches.clock(), players=[*doc.players, player]
        )
        return new, docs.LogRecord(new.version, "joined", asker.seat, None, [], new)

    try:
        doc = await matches.commit_as_server(game, new_id, None, change)
    except _Already:
        doc = await matches.load(game, new_id)
    player = doc.player(player_id)
    assert player is not None
    return matches.seated(doc, player)


class _Already(Exception):
    """The asker accepted before: its seat and token are answered again."""
