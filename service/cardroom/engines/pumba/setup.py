"""Match creation: seat count, options, the §6 test hook (fixture) and the first deal."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rng
from ..contract import Event, RuleError, Transition
from .cards import CARDS, INDEX, SUITS, canonical
from .rounds import start_round
from .state import PLAYING, PumbaState, build_options

MIN_SEATS, MAX_SEATS = 2, 6
_STATE_KEYS = frozenset(
    {
        "hands",
        "stock",
        "discard",
        "active_suit",
        "current",
        "opener",
        "dir",
        "pending_draw",
        "draws_this_turn",
        "extra_turn",
        "totals",
        "round",
    }
)


def start_match(
    seats: Any, options: Mapping[str, Any] | None, seed: int, fixture: Mapping[str, Any] | None
) -> Transition[PumbaState]:
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise RuleError("INVALID_SEAT_COUNT", f"Pumba needs {MIN_SEATS} to {MAX_SEATS} players", malformed=True)
    opts = build_options(options, seats)
    fixture = dict(fixture or {})
    unknown = sorted(set(fixture) - {"decks", "reshuffles", "state"})
    if unknown:
        raise _bad(f"unknown fixture key {unknown[0]!r}")
    decks = [_complete_deck(deck) for deck in _list(fixture.get("decks", []), "decks")]
    reshuffles = [_cards(order, "reshuffles") for order in _list(fixture.get("reshuffles", []), "reshuffles")]
    state = PumbaState(
        options=opts,
        seed=seed,
        rng_counter=0,
        round=1,
        phase=PLAYING,
        opener=0,
        current=0,
        dir=1,
        hands=[[] for _ in range(seats)],
        stock=[],
        discard=[],
        active_suit="",
        pending_draw=0,
        draws_this_turn=0,
        extra_turn=False,
        pumba_window=-1,
        idle_passes=0,
        totals=[0] * seats,
        eliminated_in=[0] * seats,
        round_scores=[0] * seats,
        round_winner=-1,
        winners=[],
        ranks=[],
        fixture_decks=decks,
        fixture_reshuffles=reshuffles,
        reshuffles=0,
    )
    if opts.first_opener == "random":
        state.opener = rng.rand_below(rng.stream(seed, state.rng_counter), seats)
        state.rng_counter += 1
    else:
        state.opener = opts.first_opener
    events: list[Event] = []
    if "state" in fixture:
        _install(state, fixture["state"])
    else:
        start_round(state, events)
    return Transition(state, events)


def _bad(message: str) -> RuleError:
    return RuleError("INVALID_ARGUMENT", f"fixture: {message}")


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a list")
    return value


def _cards(value: Any, what: str) -> list[str]:
    cards = _list(value, what)
    if not all(type(card) is str and card in INDEX for card in cards) or len(set(cards)) != len(cards):
        raise _bad(f"{what} must list distinct card ids")
    return list(cards)


def _complete_deck(value: Any) -> list[str]:
    """A deck top first; the unlisted cards follow in canonical order (the §9 "rest")."""
    listed = _cards(value, "decks")
    seen = set(listed)
    return listed + [card for card in CARDS if card not in seen]


def _int(spec: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = spec.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise _bad(f"state.{key} must be an integer in {low}..{high}")
    return value


def _install(state: PumbaState, spec: Any) -> None:
    """Start from a mid-round position instead of a deal (e.g. an empty stock, §9 SC12)."""
    if not isinstance(spec, Mapping) or set(spec) - _STATE_KEYS:
        raise _bad(f"state must be a mapping with keys among {sorted(_STATE_KEYS)}")
    seats = len(state.hands)
    hands = _list(spec.get("hands"), "state.hands")
    if len(hands) != seats:
        raise _bad("state.hands needs one hand per seat")
    state.hands = [sorted(_cards(hand, "state.hands"), key=canonical) for hand in hands]
    stock = _cards(spec.get("stock", []), "state.stock")
    stock.reverse()
    state.stock = stock
    state.discard = _cards(spec.get("discard"), "state.discard")
    placed = [card for hand in state.hands for card in hand] + state.stock + state.discard
    if not state.discard or sorted(placed, key=canonical) != list(CARDS):
        raise _bad("hands, stock and discard must hold the 40 cards once, with a non-empty discard")
    suit = spec.get("active_suit", state.discard[-1][1])
    if type(suit) is not str or len(suit) != 1 or suit not in SUITS:
        raise _bad("state.active_suit must be one of o, c, e, b")
    state.active_suit = suit
    state.opener = _int(spec, "opener", state.opener, 0, seats - 1)
    state.current = _int(spec, "current", state.opener, 0, seats - 1)
    direction = spec.get("dir", 1)
    if direction not in (1, -1) or type(direction) is not int:
        raise _bad("state.dir must be 1 or -1")
    state.dir = direction
    state.pending_draw = _int(spec, "pending_draw", 0, 0, 40)
    state.draws_this_turn = _int(spec, "draws_this_turn", 0, 0, state.options.max_draws)
    extra = spec.get("extra_turn", False)
    if type(extra) is not bool:
        raise _bad("state.extra_turn must be true or false")
    state.extra_turn = extra
    state.round = _int(spec, "round", 1, 1, 10_000)
    totals = _list(spec.get("totals", [0] * seats), "state.totals")
    if len(totals) != seats or not all(type(total) is int for total in totals):
        raise _bad("state.totals needs one integer per seat")
    state.totals = list(totals)
