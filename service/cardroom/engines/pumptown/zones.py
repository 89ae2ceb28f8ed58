"""Randomness (§6), draws with the lazy reshuffle (§3.6) and knowledge bookkeeping (§5.1)."""

from __future__ import annotations

from collections.abc import Callable

from .. import rng
from ..contract import Event
from .cards import NUMBER_INDEX, PUMP_INDEX
from .state import PUBLIC, PumptownState


def _next_stacked(st: PumptownState):
    """The test hook's outcome for this R-event, or None when the PRNG decides."""
    return st.stack.pop(0) if st.stack else None


def shuffle(st: PumptownState, items: list[str], order: Callable[[str], int]) -> list[str]:
    """One R-event shuffle of ``items`` (input order as §6 states); the result is top first.

    A stacked outcome gives a prefix; every unlisted card follows in factory order.
    """
    counter = st.rng_counter
    st.rng_counter += 1
    stacked = _next_stacked(st)
    if not isinstance(stacked, list):  # no stacked outcome, or an R5 index where a shuffle comes
        return rng.shuffled(st.seed, counter, items)
    present = set(items)
    listed = list(dict.fromkeys(c for c in stacked if c in present))
    chosen = set(listed)
    return listed + sorted((c for c in items if c not in chosen), key=order)


def pick_index(st: PumptownState, k: int) -> int:
    """R5: an index below ``k`` (stacked as an int)."""
    counter = st.rng_counter
    st.rng_counter += 1
    stacked = _next_stacked(st)
    if isinstance(stacked, int):
        return stacked % k
    return rng.rand_below(rng.stream(st.seed, counter), k)


def forget(st: PumptownState, cards: list[str]) -> None:
    """Cards shuffled face down are unknown again; events of this action may still name them."""
    seen, recent = st.seen, st.recent
    for card in cards:
        if seen[card]:
            recent[card] = recent.get(card, 0) | seen[card]
            seen[card] = 0


def draw_number(st: PumptownState, ev: list[Event]) -> str:
    """The top card of the draw pile, refilled from the discard (R3) when empty."""
    if not st.draw:
        top = st.discard.pop()
        below = st.discard
        forget(st, below)
        st.draw = shuffle(st, below, NUMBER_INDEX.__getitem__)[::-1]
        st.discard = [top]
        ev.append(Event("reshuffle", {"pile": "draw", "count": len(st.draw)}))
    return st.draw.pop()


def draw_pump(st: PumptownState, ev: list[Event]) -> str | None:
    """The top of the pump deck, refilled from the pump discard (R4); None if both are empty."""
    if not st.pump_deck:
        if not st.pump_discard:
            return None
        for card in st.pump_discard:
            st.recent[card] = PUBLIC
        st.pump_deck = shuffle(st, st.pump_discard, PUMP_INDEX.__getitem__)[::-1]
        st.pump_discard = []
        ev.append(Event("reshuffle", {"pile": "pump_deck", "count": len(st.pump_deck)}))
    return st.pump_deck.pop()


def to_discard(st: PumptownState, card: str) -> None:
    st.discard.append(card)
    st.seen[card] = PUBLIC
