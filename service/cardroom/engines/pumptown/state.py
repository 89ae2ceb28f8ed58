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


class DuelPass(msgspec.Struct, array_like=True, frozen=True):
    """One reveal of a duel (§4.4 step 5): a tie replays with fresh cards, so a duel has one or more."""

    seats: list[int]  # the participants of this pass, in duel order
    values: list[int]  # each one's duel value (0 for a pair); the cards are in the duel_reveal event


class DuelResult(msgspec.Struct, array_like=True, frozen=True):
    """A finished duel (E4 or E6): who, what was compared, who won, and the scores it left."""

    kind: str  # "tie" or "card"
    seats: list[int]  # every participant, in duel order
    challenger: int  # the Duel card's player; -1 for a tie duel
    original_scores: list[int]  # of each participant of ``seats``, before the duel
    passes: list[DuelPass]
    winner: int  # -1: still tied after the replays (D29)
    scores: list[int]  # of each participant of ``seats``, after the duel


class RoundSummary(msgspec.Struct, array_like=True, frozen=True):
    """A finished round as E10's public summary tells it (§4.1)."""

    round: int
    knocker: int  # -1: the round ended by the turn limit
    tallies: list[int]  # E2, by seat
    moon: list[bool]  # E2, by seat
    scores: list[int]  # the round scores after E8, by seat
    cumulative: list[int]  # after E9, by seat
    halved: list[int]  # seats whose cumulative was halved (E9)
    winner: int  # -1: no round winner
    duels: list[DuelResult]  # E4 and E6, in the order played
    doubles: list[int]  # seats Doubled (E8)
    redistributions: list[Play]  # resolved Redistributes (E5)


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
    passes: list[DuelPass] = []  # the reveals so far (a field added after schema 2: see PumptownState)


class PumptownState(msgspec.Struct, omit_defaults=True):
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
    # Derived state for the views (issue 16), added after schema 2 with defaults: a state saved before them
    # loads, and an older release reads a newer state (msgspec skips unknown fields), so there is no schema
    # change; ``omit_defaults`` leaves a state's bytes as they were while they are unset.
    set_aside_by: list[int] = []  # the seat whose card each ``set_aside`` card was (it played the Eliminate)
    duel_results: list[DuelResult] = []  # this round's finished duels
    last_round: RoundSummary | None = None  # the last finished round


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
             duel.turn, duel.replays, list(duel.passes)) if duel else None,
        s.duel_idx, [list(p) for p in s.prizes], [list(a) for a in s.awards], s.award_idx, s.limit_seat,
        list(s.set_aside_by), list(s.duel_results), s.last_round,  # results and summaries are never mutated
    )
