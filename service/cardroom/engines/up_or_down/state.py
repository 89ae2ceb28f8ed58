"""The state of one Up or Down? match, its versioned codec and its fast copy."""

from __future__ import annotations

import msgspec

from ..codec import VersionedCodec

GAME_ID = "up-or-down"

# Phases of rules §3.2 that wait for the current player; END_TURN is resolved inside ``apply``.
PLAY, TAKE, PLACE, DRAW, GAME_OVER = "PLAY", "TAKE", "PLACE", "DRAW", "GAME_OVER"

HAND_SIZE = 3
DISPLAY_SIZE = 6
MAX_COLUMNS = 3
HIGHEST_CARD = 126


class Options(msgspec.Struct, frozen=True):
    """The public house rules of rules §7 (the deck_order test hook is not one of them)."""

    card_range: str
    first_player: str
    give_up_with_free_slot: bool
    show_known_cards: bool


class UpOrDownState(msgspec.Struct):
    """Everything about a match. Piles are top first; hands and ``known`` are ascending.

    ``known[s]`` are the cards of ``hands[s]`` that seat ``s`` drew from the face-up
    pile (everyone saw them). ``played``/``lower``/``upper`` are set from ``play``
    to the end of the turn, ``taken`` from ``take`` until it is placed.
    """

    seats: int
    seed: int
    rng_counter: int
    options: Options
    cards: list[int]
    first_player: int
    current: int
    turn: int
    phase: str
    hands: list[list[int]]
    known: list[list[int]]
    display: list[int]
    pile_down: list[int]
    pile_up: list[int]
    columns: list[list[list[int]]]
    discards: list[list[int]]
    played: int | None = None
    lower: int | None = None
    upper: int | None = None
    taken: int | None = None


CODEC = VersionedCodec(GAME_ID, UpOrDownState, schema=1)

_copy = list.copy


def clone(s: UpOrDownState) -> UpOrDownState:
    """A deep copy for ``apply`` to mutate (the codec round trip is ~10x slower).

    ``options`` and ``cards`` are never mutated, so they are shared.
    """
    return UpOrDownState(
        seats=s.seats,
        seed=s.seed,
        rng_counter=s.rng_counter,
        options=s.options,
        cards=s.cards,
        first_player=s.first_player,
        current=s.current,
        turn=s.turn,
        phase=s.phase,
        hands=list(map(_copy, s.hands)),
        known=list(map(_copy, s.known)),
        display=s.display[:],
        pile_down=s.pile_down[:],
        pile_up=s.pile_up[:],
        columns=[list(map(_copy, columns)) for columns in s.columns],
        discards=list(map(_copy, s.discards)),
        played=s.played,
        lower=s.lower,
        upper=s.upper,
        taken=s.taken,
    )


def colour(card: int) -> int:
    """Colour index of rules §1: 0 yellow, 1 red, 2 blue, 3 pink, 4 purple, 5 teal."""
    return (card - 1) % 6


def direction(column: list[int]) -> str:
    """UNSET/ASC/DESC: fixed by the second card (rules §3.1), so it is derived, not stored."""
    if len(column) < 2:
        return "UNSET"
    return "ASC" if column[1] > column[0] else "DESC"


def fits(card: int, column: list[int]) -> bool:
    """Rules §3.1 Fits: a 1-card column takes anything, else the card continues the direction."""
    if len(column) < 2:
        return True
    if column[1] > column[0]:
        return card > column[-1]
    return card < column[-1]
