"""The Pumptown state: every zone, the knowledge model and the pending decision.

Seats that do not exist are ``-1`` (the views turn them into ``None``). Draw
pile and pump deck keep their top card at the end of the list, so a draw is a
``pop()``; the discard and the pump discard keep their top at the end too.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..codec import VersionedCodec

GAME_ID = "pumptown"
PUBLIC = 1 << 8  # knowledge bit meaning "seen face up by everyone"; seats use bits 0..7


class Play(msgspec.Struct, array_like=True):
    """A pump card played, with its arguments (a chain entry, a REDIS record)."""

    seat: int
    card: str
    args: dict[str, Any]


class Poll(msgspec.Struct, array_like=True):
    """A response window being polled (§3.2)."""

    kind: str  # RS_WINDOW, TB_WINDOW, AK_WINDOW, RE_WINDOW or NOPE_WINDOW
    seats: list[int]  # eligible seats in poll order
    idx: int  # the seat asked now is seats[idx]
    passes: int  # multi windows: passes in a row since the last play


class Duel(msgspec.Struct, array_like=True):
    """A tie duel or a Duel-card duel in progress (§4.4)."""

    kind: str  # "tie" or "card"
    order: list[int]  # every participant, in duel order
    origs: list[int]  # original score of each participant of ``order``
    live: list[int]  # participants of the current pass (the tied ones after a replay)
    slots: list[list[str]]  # [L, R] of each live participant
    cycle: int
    turn: int  # index into ``live`` of the seat to play
    replays: int


class PumptownState(msgspec.Struct):
    seed: int
    rng_counter: int
    stack: list[Any]  # test hook: outcomes of the next R-events (§6); never shown
    n: int
    opts: dict[str, Any]
    round: int
    cumulative: list[int]
    phase: str  # see the package docstring; REDIS_ALLOC since schema 2
    # number cards
    grids: list[list[str]]  # TL TR BL BR per seat; "" = slot emptied by ELIM
    draw: list[str]
    discard: list[str]
    set_aside: list[str]
    pending: str
    pending_from: str  # "pile" or "discard" while a card is pending
    seen: dict[str, int]  # card -> knowledge bits (§5.1)
    recent: dict[str, int]  # knowledge a shuffle reset during the last action (events may still name it)
    revealed: bool
    acked: list[bool]
    # pump cards
    hands: list[list[str]]  # acquisition order
    pump_deck: list[str]
    pump_discard: list[str]
    chain: list[Play]
    win: Poll | None
    nope: Poll | None
    autopass: list[bool]
    # round bookkeeping (§3.1)
    mode: str
    last_actor: int
    scheduled: int
    actor: int  # the seat whose turn (or knock decision) it is
    knocker: int
    knock_blocked: list[int]
    final_pending: list[int]
    turns_done: int
    doubles: list[int]
    redis: list[Play]
    duels: list[list[int]]  # [challenger, target] of resolved DUEL plays
    peek_all: list[bool]
    # scoring pipeline (§4.1)
    stage: str
    tallies: list[int]
    scores: list[int]
    winner: int
    duel: Duel | None
    duel_idx: int
    prizes: list[list[int]]  # [winner, loser] of decided card duels
    awards: list[list[int]]  # E7 queue: [receiver, loser or -1 for the pump deck]
    award_idx: int
    limit_seat: int


def _schema_1_to_2(plain: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 added the REDIS_ALLOC phase (a Redistribute allotted step by step, D60).

    Every schema-1 state is a valid schema-2 state; the version exists so that a release
    which does not know the phase refuses a state in it instead of misreading it."""
    return plain


CODEC: VersionedCodec[PumptownState] = VersionedCodec(GAME_ID, PumptownState, schema=2, migrations={1: _schema_1_to_2})


def clone(s: PumptownState) -> PumptownState:
    """A deep copy, by hand: ``apply`` copies once per action, so this is hot.

    Play args, Poll and Duel lists are copied where the rules code mutates them;
    Play records themselves are never mutated after creation and are shared.
    """
    win, nope, duel = s.win, s.nope, s.duel
    return PumptownState(
        s.seed, s.rng_counter, list(s.stack) if s.stack else [], s.n, s.opts, s.round, list(s.cumulative), s.phase,
        [list(g) for g in s.grids], list(s.draw), list(s.discard), list(s.set_aside), s.pending, s.pending_from,
        dict(s.seen), dict(s.recent) if s.recent else {}, s.revealed, list(s.acked),
        [list(h) for h in s.hands], list(s.pump_deck), list(s.pump_discard), list(s.chain),
        Poll(win.kind, win.seats, win.idx, win.passes) if win else None,
        Poll(nope.kind, nope.seats, nope.idx, nope.passes) if nope else None,
        list(s.autopass),
        s.mode, s.last_actor, s.scheduled, s.actor, s.knocker, list(s.knock_blocked), list(s.final_pending),
        s.turns_done, list(s.doubles), list(s.redis), [list(d) for d in s.duels], list(s.peek_all),
        s.stage, list(s.tallies), list(s.scores), s.winner,
        Duel(duel.kind, duel.order, duel.origs, list(duel.live), [list(x) for x in duel.slots], duel.cycle,
             duel.turn, duel.replays) if duel else None,
        s.duel_idx, [list(p) for p in s.prizes], [list(a) for a in s.awards], s.award_idx, s.limit_seat,
    )
