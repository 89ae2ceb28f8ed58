"""Creating a match: options (§7), seat count, the first dealer and shuffle
(§6 R1-R2), and the §6 test hook fixtures (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rng
from ..contract import OptionError, OptionSpec, RuleError, Transition, validate_options
from .cards import CANONICAL, CATEGORY, KIND, MODIFIER, NUMBER, VALUE, expand_stacked
from .rules import Resolver
from .state import ACTIVE, BUSTED, FLIP7, STATUSES, TURN, Flip7State, Options, Player

MAX_SEATS = 12
#: the seat range's low end with default options (rules D24); the option ``min_players`` may lower it to 2
DEFAULT_MIN_SEATS = 3
#: option maxima that keep every reachable total far inside the API's int32: a round scores at most
#: 2 x 63 + 30 + the bonus, so even a game prolonged by ties stays below 2^31 for millions of rounds
MAX_TARGET_SCORE = 1000
MAX_FLIP7_BONUS = 100

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("target_score", "int", 200, "A round ending with a total at or above this ends the game.", minimum=1,
               maximum=MAX_TARGET_SCORE),
    OptionSpec("flip7_bonus", "int", 15, "Bonus for 7 distinct number cards (never doubled).", minimum=0,
               maximum=MAX_FLIP7_BONUS),
    OptionSpec(
        "min_players",
        "int",
        DEFAULT_MIN_SEATS,
        "Fewest seats; 2 allows a two-player game.",
        minimum=2,
        maximum=MAX_SEATS,
    ),
    OptionSpec("max_players", "int", MAX_SEATS, "Most seats.", minimum=2, maximum=MAX_SEATS),
    OptionSpec(
        "first_dealer", "seat", "random", "Seat of the first dealer, or random.", choices=("random",), minimum=0,
        maximum=MAX_SEATS - 1,
    ),
    OptionSpec(
        "flip3_sc_timing", "enum", "deferred",
        "Second Chance drawn in a Flip Three: set aside (deferred) or assigned at once (immediate).",
        choices=("deferred", "immediate"),
    ),
    OptionSpec("stay_requires_card", "bool", True, "STAY needs at least one card in the line."),
    OptionSpec("auto_single_target", "bool", True, "Assign an action card automatically when one recipient is legal."),
    OptionSpec(
        "tie_break", "enum", "tied_only",
        "Tie for the top at game end: tied players play on (tied_only), everyone plays on (all_players), or shared.",
        choices=("tied_only", "all_players", "shared"),
    ),
    OptionSpec("show_remaining_counts", "bool", False, "Views show the draw pile's count per kind."),
)

_FIXTURE_KEYS = frozenset({"stacked_deck", "shuffle", "totals", "table"})
_TABLE_KEYS = frozenset({"dealer", "current", "round", "draw", "discard", "lines"})
_LINE_KEYS = frozenset({"status", "numbers", "mods", "sc"})
#: statuses a fixture line may have: FLIP7 would mean the round is already over
_FIXTURE_STATUSES = tuple(status for status in STATUSES if status != FLIP7)


def parse_options(seats: Any, given: Mapping[str, Any] | None) -> Options:
    values = validate_options(OPTION_SPECS, given)
    if values["min_players"] > values["max_players"]:
        raise OptionError("min_players", "must not exceed max_players")
    if not isinstance(seats, int) or isinstance(seats, bool):
        raise RuleError("INVALID_SEAT_COUNT", f"seat count must be an integer, got {seats!r}", malformed=True)
    if not values["min_players"] <= seats <= values["max_players"]:
        raise RuleError(
            "INVALID_SEAT_COUNT",
            f"{seats} seats; this table allows {values['min_players']}-{values['max_players']}",
            malformed=True,
        )
    first = values["first_dealer"]
    if first != "random" and first >= seats:
        raise OptionError("first_dealer", f"seat {first} does not exist with {seats} seats")
    return Options(**values)


def start_match(
    seats: int, options: Options, seed: int, fixture: Mapping[str, Any] | None
) -> Transition[Flip7State]:
    """The state after setup and the engine loop's first run (the initial deal), with its events."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RuleError("INVALID_ARGUMENT", "the seed must be an integer")
    fixture = _checked_mapping(fixture or {}, _FIXTURE_KEYS, "fixture")
    shuffle = fixture.get("shuffle", "seeded")
    if shuffle not in ("seeded", "identity"):
        raise _bad("fixture shuffle must be 'seeded' or 'identity'")
    totals = fixture.get("totals", [0] * seats)
    if not _int_list(totals) or len(totals) != seats or min(totals) < 0:
        raise _bad(f"fixture totals must be {seats} non-negative integers")
    state = Flip7State(
        seed=seed, rng_counter=0, identity_shuffle=shuffle == "identity", options=options, deck=[],
        phase=TURN, round=1, dealer=0, deal_queue=[], current=0, turn_open=False, pending=None, stack=[],
        players=[Player(ACTIVE, [], [], None, total) for total in totals], draw=[], discard=[], draw_seen=False,
        winners=[],
    )
    if "table" in fixture:
        if "stacked_deck" in fixture:
            raise _bad("fixture: give either stacked_deck or table, not both")
        _set_table(state, fixture["table"])
        state.deck = [*state.draw, *state.discard, *(c for p in state.players for c in _line_cards(p))]
        return Transition(state, [])
    if options.first_dealer == "random":
        state.dealer = rng.rand_below(rng.stream(seed, state.rng_counter), seats)
        state.rng_counter += 1
    else:
        state.dealer = options.first_dealer
    if "stacked_deck" in fixture:
        listed = fixture["stacked_deck"]
        draw = expand_stacked(listed) if isinstance(listed, list) else "stacked_deck must be a list"
        if isinstance(draw, str):
            raise _bad(draw)
    else:
        draw = rng.shuffled(seed, state.rng_counter, list(CANONICAL))
        state.rng_counter += 1
    state.draw = draw
    state.deck = list(CANONICAL)
    resolver = Resolver(state)
    resolver.start_round()
    resolver.run()
    return Transition(state, resolver.events)


def _set_table(state: Flip7State, table: Any) -> None:
    """A state fixture: a round in progress in phase TURN (§6 test hook (c))."""
    seats = len(state.players)
    table = _checked_mapping(table, _TABLE_KEYS, "fixture table")
    seen: set[str] = set()

    def cards(value: Any, what: str, category: int | None = None) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(c, str) and c in KIND for c in value):
            raise _bad(f"fixture {what} must be a list of card ids")
        if category is not None and any(CATEGORY[c] != category for c in value):
            raise _bad(f"fixture {what} holds a card of the wrong kind")
        if seen.intersection(value) or len(set(value)) != len(value):
            raise _bad(f"fixture {what}: a card is listed twice")
        seen.update(value)
        return list(value)

    for key in ("dealer", "current"):
        if not isinstance(table.get(key), int) or isinstance(table.get(key), bool) or not 0 <= table[key] < seats:
            raise _bad(f"fixture table {key} must be a seat")
    round_number = table.get("round", 1)
    if not isinstance(round_number, int) or isinstance(round_number, bool) or round_number < 1:
        raise _bad("fixture table round must be a positive integer")
    lines = table.get("lines")
    if not isinstance(lines, list) or len(lines) != seats:
        raise _bad(f"fixture table lines must list {seats} lines")
    for seat, line in enumerate(lines):
        line = _checked_mapping(line, _LINE_KEYS, f"line {seat}")
        player = state.players[seat]
        player.status = line.get("status", ACTIVE)
        if player.status not in _FIXTURE_STATUSES:
            raise _bad(f"line {seat}: status must be one of {', '.join(_FIXTURE_STATUSES)}")
        player.numbers = cards(line.get("numbers", []), f"line {seat} numbers", NUMBER)
        player.mods = cards(line.get("mods", []), f"line {seat} mods", MODIFIER)
        sc = line.get("sc")
        if sc is not None:
            if not isinstance(sc, str) or KIND.get(sc) != "SC":
                raise _bad(f"line {seat}: sc must be a Second Chance card id")
            cards([sc], f"line {seat} sc")
        player.sc = sc
        distinct = len({VALUE[c] for c in player.numbers})
        busted = player.status == BUSTED
        if busted != (distinct < len(player.numbers)) or distinct >= 7 or len(player.numbers) > distinct + 1:
            raise _bad(f"line {seat}: numbers must be distinct (one duplicate if and only if BUSTED), fewer than 7")
    if state.players[table["current"]].status != ACTIVE:
        raise _bad("fixture table current must be an ACTIVE seat")
    state.draw = cards(table.get("draw", []), "draw")
    state.discard = cards(table.get("discard", []), "discard")
    if not seen:
        raise _bad("fixture table names no card")
    state.dealer = table["dealer"]
    state.current = table["current"]
    state.round = round_number


def _line_cards(player: Player) -> list[str]:
    return [*player.numbers, *player.mods, *([player.sc] if player.sc else [])]


def _checked_mapping(value: Any, keys: frozenset[str], what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _bad(f"{what} must be a mapping")
    unknown = sorted(set(value) - keys)
    if unknown:
        raise _bad(f"{what}: unknown key {unknown[0]!r}; known: {', '.join(sorted(keys))}")
    return value


def _int_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


def _bad(message: str) -> RuleError:
    return RuleError("INVALID_ARGUMENT", message)
