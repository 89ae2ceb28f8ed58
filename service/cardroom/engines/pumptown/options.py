"""Options (§7) and the test-hook fixture (§6) of Pumptown, with their validation."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import OptionError, OptionSpec, RuleError, validate_options
from .cards import DEFAULT_MIX, KIND_OF, MAX_COPIES, NUMBER_CARDS, POSITIONS, pump_cards

MIN_PLAYERS, MAX_PLAYERS = 3, 8
#: bounds of the options that had none: every reachable total stays far inside the API's int32
#: (at most 100 rounds of bounded round scores) and the option list stays small in every answer
MAX_REDUCTION_TOTAL = 1000
MAX_REDUCTION_TOTALS = 10
MAX_ROUND_TURN_LIMIT = 1000

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("rounds", "int", 10, "number of rounds in the game", minimum=1, maximum=100),
    OptionSpec("first_seat", "seat", 0, "the seat that starts round 1 (seat the youngest player here)", minimum=0,
               maximum=MAX_PLAYERS - 1),
    OptionSpec("pump_enabled", "bool", True, "play with pump cards (false = the base game)"),
    OptionSpec("pump_mix", "int_list", list(DEFAULT_MIX),
               "copies of PEEK DOUB SWAP STEAL BLOCK SWIPE NOPE REARR DUEL ELIM REDIS, in this order",
               minimum=0, maximum=MAX_COPIES, max_items=len(DEFAULT_MIX)),
    OptionSpec("pump_hand_limit", "int", 3, "pump cards a player may hold; a card beyond it must be discarded",
               minimum=0, maximum=21),
    OptionSpec("moon_threshold", "int", 40, "a raw grid sum at or above this scores 0 (shooting the moon)",
               minimum=1, maximum=48),
    OptionSpec("knock_penalty", "int", 10, "points added to a knocker who is not lowest", minimum=0, maximum=100),
    OptionSpec("reduction_totals", "int_list", [100, 200], "a cumulative score landing exactly here is halved",
               minimum=1, maximum=MAX_REDUCTION_TOTAL, max_items=MAX_REDUCTION_TOTALS),
    OptionSpec("allow_rediscard", "bool", False, "a card taken from the discard may be discarded again"),
    OptionSpec("memory_assist", "bool", False, "views show face-down values the viewer has legitimately seen"),
    OptionSpec("poll_mode", "enum", "all_seats", "who is asked in response windows",
               choices=("all_seats", "holders_only")),
    OptionSpec("nope_on_nope", "bool", True, "a Nope may target a Nope"),
    OptionSpec("duel_first", "enum", "right_of_dealer", "who starts a duel",
               choices=("right_of_dealer", "left_of_dealer")),
    OptionSpec("duel_turns", "int", 3, "turns per duellist", minimum=1, maximum=20),
    OptionSpec("duel_may_discard", "bool", True, "a duellist may discard a pile-drawn card instead of swapping"),
    OptionSpec("duel_max_replays", "int", 2, "replays of a tied duel before it has no winner", minimum=0,
               maximum=10),
    OptionSpec("card_duel_prize", "enum", "from_loser", "the Duel-card winner's prize",
               choices=("from_loser", "pump_deck")),
    OptionSpec("round_turn_limit", "int", 0, "completed turns after which a round ends with no knocker (0 = off)",
               minimum=0, maximum=MAX_ROUND_TURN_LIMIT),
)

FIXTURE_KEYS = frozenset({"stack", "hands", "round", "cumulative", "zones"})


def options_for(seats: int, given: Mapping[str, Any] | None) -> dict[str, Any]:
    if not isinstance(seats, int) or isinstance(seats, bool) or not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise RuleError("INVALID_SEAT_COUNT", f"Pumptown needs {MIN_PLAYERS}-{MAX_PLAYERS} players", malformed=True)
    opts = validate_options(OPTIONS, given)
    if opts["first_seat"] >= seats:
        raise OptionError("first_seat", f"no seat {opts['first_seat']} with {seats} players")
    if len(opts["pump_mix"]) != len(DEFAULT_MIX):
        raise OptionError("pump_mix", f"needs {len(DEFAULT_MIX)} copy counts, one per kind")
    opts["reduction_totals"] = sorted(set(opts["reduction_totals"]))
    return opts


def _bad(message: str) -> RuleError:
    return RuleError("INVALID_ARGUMENT", f"fixture: {message}")


def check_fixture(fixture: Mapping[str, Any], seats: int, opts: dict[str, Any]) -> None:
    """Refuse a malformed test hook before any state exists (§6)."""
    if not isinstance(fixture, Mapping) or set(fixture) - FIXTURE_KEYS:
        raise _bad(f"known keys are {sorted(FIXTURE_KEYS)}")
    stack = fixture.get("stack", [])
    if not isinstance(stack, list):
        raise _bad("stack must be a list")
    for entry in stack:
        if isinstance(entry, list):
            if len(set(entry)) != len(entry) or any(c not in KIND_OF and c not in _NUMBER_SET for c in entry):
                raise _bad(f"stack entry {entry!r} must list distinct card IDs")
        elif type(entry) is not int or entry < 0:
            raise _bad(f"stack entry {entry!r} must be a card list or an index")
    if "round" in fixture and (type(fixture["round"]) is not int or not 1 <= fixture["round"] <= opts["rounds"]):
        raise _bad("round must be within 1..rounds")
    if "cumulative" in fixture:
        cumulative = fixture["cumulative"]
        if not isinstance(cumulative, list) or len(cumulative) != seats or any(
            type(c) is not int or c < 0 for c in cumulative
        ):
            raise _bad("cumulative must list one score >= 0 per seat")
    if "hands" in fixture:
        hands = fixture["hands"]
        deck = set(pump_cards(opts["pump_mix"])) if opts["pump_enabled"] else set()
        cards = [c for h in hands for c in h] if isinstance(hands, list) and all(isinstance(h, list) for h in hands) \
            else None
        if cards is None or len(hands) != seats or len(set(cards)) != len(cards) or not set(cards) <= deck:
            raise _bad("hands must list, per seat, distinct pump cards of this game's deck")
    if "zones" in fixture:
        _check_zones(fixture["zones"], seats)


_NUMBER_SET = frozenset(NUMBER_CARDS)


def _check_zones(zones: Any, seats: int) -> None:
    if not isinstance(zones, Mapping) or set(zones) != {"grids", "draw", "discard"}:
        raise _bad("zones needs grids, draw and discard")
    grids, draw, discard = zones["grids"], zones["draw"], zones["discard"]
    if not isinstance(grids, list) or len(grids) != seats or any(
        not isinstance(g, list) or len(g) != len(POSITIONS) for g in grids
    ):
        raise _bad("zones.grids needs 4 cards per seat")
    if not isinstance(draw, list) or not isinstance(discard, list) or not discard:
        raise _bad("zones.draw and zones.discard must be lists, the discard not empty")
    cards = [c for g in grids for c in g] + draw + discard
    if sorted(cards, key=str) != sorted(NUMBER_CARDS):
        raise _bad("zones must hold each of the 76 number cards exactly once")
