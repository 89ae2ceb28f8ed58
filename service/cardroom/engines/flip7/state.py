"""The authoritative Flip 7 state (rules §3.1) and its versioned codec.

Piles are lists with the top first. ``deck`` (the match's card set) and
``options`` never change after creation, so clones share them.
"""

from __future__ import annotations

import msgspec

from ..codec import VersionedCodec

GAME_ID = "flip-7"

# phases
DEAL, TURN, GAME_OVER = "DEAL", "TURN", "GAME_OVER"
# player statuses
ACTIVE, STAYED, FROZEN, BUSTED, FLIP7, OUT = "ACTIVE", "STAYED", "FROZEN", "BUSTED", "FLIP7", "OUT"
STATUSES = (ACTIVE, STAYED, FROZEN, BUSTED, FLIP7, OUT)


class Options(msgspec.Struct, frozen=True):
    """The validated §7 options (immutable, shared by every state of a match)."""

    target_score: int
    flip7_bonus: int
    min_players: int
    max_players: int
    first_dealer: str | int
    flip3_sc_timing: str
    stay_requires_card: bool
    auto_single_target: bool
    tie_break: str
    show_remaining_counts: bool


class Player(msgspec.Struct):
    status: str
    numbers: list[str]
    mods: list[str]
    sc: str | None
    total: int


class Frame(msgspec.Struct):
    """One Flip Three being resolved (innermost last on the stack)."""

    target: int
    draws_left: int
    set_aside: list[str]


class Pending(msgspec.Struct, frozen=True):
    """An action card waiting for ASSIGN by ``decider``; replaced, never mutated."""

    decider: int
    card: str
    legal_targets: list[int]


class Flip7State(msgspec.Struct):
    seed: int
    rng_counter: int
    #: R3 keeps canonical order (test hook, §6)
    identity_shuffle: bool
    options: Options
    deck: list[str]
    phase: str
    round: int
    dealer: int
    deal_queue: list[int]
    current: int
    turn_open: bool
    pending: Pending | None
    stack: list[Frame]
    players: list[Player]
    draw: list[str]
    discard: list[str]
    #: True once the draw pile was refilled from the (public) discard pile: its
    #: cards have all been seen face up, only their order is secret
    draw_seen: bool
    winners: list[int]


CODEC = VersionedCodec(GAME_ID, Flip7State, schema=1)


def clone(s: Flip7State) -> Flip7State:
    """A deep copy of everything ``apply`` may mutate (much faster than the codec)."""
    return Flip7State(
        s.seed,
        s.rng_counter,
        s.identity_shuffle,
        s.options,
        s.deck,
        s.phase,
        s.round,
        s.dealer,
        s.deal_queue.copy(),
        s.current,
        s.turn_open,
        s.pending,
        [Frame(f.target, f.draws_left, f.set_aside.copy()) for f in s.stack],
        [Player(p.status, p.numbers.copy(), p.mods.copy(), p.sc, p.total) for p in s.players],
        s.draw.copy(),
        s.discard.copy(),
        s.draw_seen,
        s.winners.copy(),
    )
