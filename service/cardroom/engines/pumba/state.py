"""Pumba's state, options and codec.

Zones: ``hands`` (each kept in canonical order), ``stock`` stored with its **top
at the end** (so a draw is an O(1) ``pop``), ``discard`` oldest first (top at the
end). The fixture decks and reshuffles of the §6 test hook are stored here too:
they are immutable, never shown, and shared between copies.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..codec import VersionedCodec
from ..contract import OptionError, OptionSpec, validate_options

GAME_ID = "pumba"
#: the largest point limit: totals stay below it plus one round's hand, far inside the API's int32
MAX_POINT_LIMIT = 1000

PLAYING = "playing"
OVER = "game_over"

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("point_limit", "int", 100, "total that eliminates a player (or ends the game)", minimum=1,
               maximum=MAX_POINT_LIMIT),
    OptionSpec(
        "end_mode",
        "enum",
        "elimination",
        "elimination: last player under the limit wins; first_to_limit: game ends when anyone reaches it",
        choices=("elimination", "first_to_limit"),
    ),
    OptionSpec("max_draws", "int", 2, "voluntary draws allowed per turn", minimum=1, maximum=3),
    OptionSpec("stack_twos", "bool", True, "a Two may answer a pending Two, passing on the debt"),
    OptionSpec("two_penalty_ends_turn", "bool", True, "taking the Two penalty ends the turn"),
    OptionSpec(
        "ace_target",
        "enum",
        "choose",
        "who draws 1 after an Ace: a chosen opponent or the next player",
        choices=("choose", "next"),
    ),
    OptionSpec(
        "seven_two_players",
        "enum",
        "no_effect",
        "a Seven with two players: no effect on turn order or a skip",
        choices=("no_effect", "skip"),
    ),
    OptionSpec(
        "king_followup",
        "enum",
        "full_turn",
        "after a King: must play or draw, or may also pass at once",
        choices=("full_turn", "optional"),
    ),
    OptionSpec(
        "pumba_enforcement",
        "enum",
        "challenge",
        "missing Pumba call: penalty only if challenged, always, or never",
        choices=("challenge", "auto", "off"),
    ),
    OptionSpec("pumba_penalty", "int", 2, "cards drawn for a missing Pumba call", minimum=0, maximum=4),
    OptionSpec(
        "starter_effects",
        "enum",
        "ignore",
        "whether a special starter card has its effect",
        choices=("ignore", "apply"),
    ),
    OptionSpec(
        "final_card_effects",
        "enum",
        "none",
        "whether a finishing Ace or Two still makes someone draw",
        choices=("none", "apply_draws"),
    ),
    OptionSpec(
        "opener_rule",
        "enum",
        "rotate",
        "who opens rounds 2+: next seat, or the last round's winner",
        choices=("rotate", "round_winner"),
    ),
    OptionSpec(
        "first_opener",
        "seat",
        0,
        "opener of round 1: a seat index or random",
        choices=("random",),
        minimum=0,
        maximum=5,
    ),
)


class PumbaOptions(msgspec.Struct, frozen=True):
    point_limit: int
    end_mode: str
    max_draws: int
    stack_twos: bool
    two_penalty_ends_turn: bool
    ace_target: str
    seven_two_players: str
    king_followup: str
    pumba_enforcement: str
    pumba_penalty: int
    starter_effects: str
    final_card_effects: str
    opener_rule: str
    first_opener: int | str


def build_options(given: Any, seats: int) -> PumbaOptions:
    """Validated options with defaults filled in; OptionError names the bad option."""
    if given is not None and not isinstance(given, dict):
        raise OptionError("options", "expected a mapping of option names to values")
    values = validate_options(OPTION_SPECS, given)
    opener = values["first_opener"]
    if isinstance(opener, int) and opener >= seats:
        raise OptionError("first_opener", f"seat {opener} does not exist with {seats} players")
    return PumbaOptions(**values)


def options_dict(options: PumbaOptions) -> dict[str, Any]:
    return {spec.name: getattr(options, spec.name) for spec in OPTION_SPECS}


class PumbaState(msgspec.Struct, omit_defaults=True):
    options: PumbaOptions
    seed: int
    rng_counter: int
    round: int
    phase: str  # PLAYING or OVER; normal vs penalty turn is pending_draw > 0
    opener: int
    current: int
    dir: int
    hands: list[list[str]]
    stock: list[str]  # top at the end
    discard: list[str]  # oldest first, top at the end
    active_suit: str
    pending_draw: int
    draws_this_turn: int
    extra_turn: bool
    pumba_window: int  # offender seat, -1 when closed
    idle_passes: int
    totals: list[int]
    eliminated_in: list[int]  # round of elimination, 0 while active
    round_scores: list[int]  # of the last finished round
    round_winner: int  # of the last finished round, -1 before the first or after a blocked round
    winners: list[int]
    ranks: list[int]
    fixture_decks: list[list[str]]  # test hook: round r uses fixture_decks[r-1] (top first)
    fixture_reshuffles: list[list[str]]  # test hook: the n-th reshuffle's new stock (top first)
    reshuffles: int  # reshuffles done so far
    # Added after schema 1 with a default, so a state saved before it loads (without the hands of the round it
    # was in) and an older release still reads a newer state: no schema change. ``omit_defaults`` keeps such a
    # state's bytes as they were until a round ends.
    revealed_hands: list[list[str]] = []  # every hand at the end of the last finished round (§4), by seat


CODEC: VersionedCodec[PumbaState] = VersionedCodec(GAME_ID, PumbaState, schema=1)


def clone(state: PumbaState) -> PumbaState:
    """A deep copy of the mutable parts; options and fixtures are immutable and shared."""
    new = state.__copy__()
    new.hands = [hand[:] for hand in state.hands]
    new.stock = state.stock[:]
    new.discard = state.discard[:]
    new.totals = state.totals[:]
    new.eliminated_in = state.eliminated_in[:]
    new.round_scores = state.round_scores[:]  # revealed_hands is replaced whole at a round end, never mutated
    return new
