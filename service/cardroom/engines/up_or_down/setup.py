"""Match creation (rules §2, §6, §7): options, the deck_order fixture, the deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rng
from ..contract import OptionSpec, RuleError, validate_options
from .state import DISPLAY_SIZE, HAND_SIZE, HIGHEST_CARD, PLAY, Options, UpOrDownState

MIN_PLAYERS, MAX_PLAYERS = 2, 6

OPTION_SPECS = (
    OptionSpec(
        "card_range",
        "enum",
        "ALL",
        "Deck: ALL = cards 1-126; LONG/SHORT = the published long/short game range for the player count",
        choices=("ALL", "LONG", "SHORT"),
    ),
    OptionSpec("first_player", "enum", "SEAT0", "Who plays first: seat 0 or a random seat", ("SEAT0", "RANDOM")),
    OptionSpec("give_up_with_free_slot", "bool", False, "Allow giving up a column with 1-2 columns (else only with 3)"),
    OptionSpec("show_known_cards", "bool", True, "Views list opponents' cards drawn face up and still in hand"),
)

#: highest card T per card range and player count (rules §2 table)
RANGE_TOP = {
    "ALL": dict.fromkeys(range(MIN_PLAYERS, MAX_PLAYERS + 1), HIGHEST_CARD),
    "LONG": {2: 54, 3: 78, 4: 102, 5: 126, 6: 126},
    "SHORT": {2: 42, 3: 60, 4: 78, 5: 96, 6: 96},
}

FIXTURE_KEYS = frozenset({"deck_order"})


def new_game(
    seats: Any, options: Mapping[str, Any] | None, seed: int, fixture: Mapping[str, Any] | None
) -> UpOrDownState:
    if isinstance(seats, bool) or not isinstance(seats, int) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise RuleError("INVALID_SEAT_COUNT", f"Up or Down? is for 2-6 players, not {seats!r}", malformed=True)
    values = validate_options(OPTION_SPECS, options)
    opts = Options(
        card_range=values["card_range"],
        first_player=values["first_player"],
        give_up_with_free_slot=values["give_up_with_free_slot"],
        show_known_cards=values["show_known_cards"],
    )
    counter = 0
    deck = _fixture_deck(fixture, seats)
    if deck is None:
        deck = rng.shuffled(seed, counter, list(range(1, RANGE_TOP[opts.card_range][seats] + 1)))
        counter += 1
    first = 0
    if opts.first_player == "RANDOM":
        first = rng.rand_below(rng.stream(seed, counter), seats)
        counter += 1

    dealt = HAND_SIZE * seats
    rest = deck[dealt + DISPLAY_SIZE :]
    split = (len(rest) + 1) // 2  # the face-down pile gets the odd card (rules §2.5)
    return UpOrDownState(
        seats=seats,
        seed=seed,
        rng_counter=counter,
        options=opts,
        cards=sorted(deck),
        first_player=first,
        current=first,
        turn=1,
        phase=PLAY,
        hands=[sorted(deck[s:dealt:seats]) for s in range(seats)],
        known=[[] for _ in range(seats)],
        display=sorted(deck[dealt : dealt + DISPLAY_SIZE]),
        pile_down=rest[:split],
        pile_up=rest[split:],
        columns=[[] for _ in range(seats)],
        discards=[[] for _ in range(seats)],
    )


def _fixture_deck(fixture: Mapping[str, Any] | None, seats: int) -> list[int] | None:
    """The deck_order test hook (rules §7), validated; None without a fixture."""
    if fixture is None:
        return None
    if not isinstance(fixture, Mapping) or not set(fixture) <= FIXTURE_KEYS:
        raise RuleError("INVALID_ARGUMENT", f"fixture keys must be among {sorted(FIXTURE_KEYS)}")
    order = fixture.get("deck_order")
    if order is None:
        return None
    if not isinstance(order, (list, tuple)) or not all(
        isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= HIGHEST_CARD for card in order
    ):
        raise RuleError("INVALID_ARGUMENT", "deck_order must be a list of card numbers 1-126")
    if len(set(order)) != len(order):
        raise RuleError("INVALID_ARGUMENT", "deck_order has a repeated card")
    minimum = HAND_SIZE * seats + DISPLAY_SIZE
    if len(order) < minimum:
        raise RuleError("INVALID_ARGUMENT", f"deck_order needs at least {minimum} cards for {seats} players")
    return list(order)
