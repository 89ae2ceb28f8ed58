"""Round life cycle (rules §2, §4) and the draw procedure (§3.1) on a mutable state copy."""

from __future__ import annotations

from bisect import insort

from .. import rng
from ..contract import Event, RuleError, competition_ranks
from .cards import ACE, CABALLO, CARDS, SEVEN, TWO, canonical, hand_points
from .state import OVER, PLAYING, PumbaState

ROUND_WINNER_POINTS = -5


def next_seat(state: PumbaState, seat: int) -> int:
    """The next non-eliminated seat from ``seat`` in the current direction."""
    out = state.eliminated_in
    step = state.dir
    count = len(out)
    seat = (seat + step) % count
    while out[seat]:
        seat = (seat + step) % count
    return seat


def active_seats(state: PumbaState) -> list[int]:
    return [seat for seat, out in enumerate(state.eliminated_in) if not out]


def card_available(state: PumbaState) -> bool:
    return bool(state.stock) or len(state.discard) > 1


def new_turn(state: PumbaState, seat: int) -> None:
    state.current = seat
    state.draws_this_turn = 0
    state.extra_turn = False


def close_window(state: PumbaState, events: list[Event]) -> None:
    """An accepted turn action or the round end closes an open Pumba window without penalty."""
    if state.pumba_window >= 0:
        events.append(Event("pumba_window_closed", {"seat": state.pumba_window}))
        state.pumba_window = -1


def draw_cards(state: PumbaState, seat: int, count: int, reason: str, events: list[Event], *, private: bool = True):
    """drawN: reshuffle lazily when the stock runs out; draws beyond the last card are cancelled (D15).

    ``private=False`` is for draws revealed at once in the round-end reveal.
    """
    drawn = []
    hand = state.hands[seat]
    for _ in range(count):
        if not state.stock:
            if len(state.discard) < 2:
                break
            _reshuffle(state, events)
        card = state.stock.pop()
        insort(hand, card, key=canonical)
        drawn.append(card)
    data = {"seat": seat, "count": len(drawn), "reason": reason}
    events.append(Event("cards_drawn", data, {seat: {"cards": drawn}} if private else None))


def _reshuffle(state: PumbaState, events: list[Event]) -> None:
    """All discards but the top become the new stock (§6 point 3)."""
    pile = state.discard[:-1]
    if state.reshuffles < len(state.fixture_reshuffles):
        order = state.fixture_reshuffles[state.reshuffles]
        if sorted(order, key=canonical) != sorted(pile, key=canonical):
            raise RuleError("INVALID_ARGUMENT", "fixture reshuffle does not match the discard pile")
        order = list(order)
    else:
        order = rng.shuffled(state.seed, state.rng_counter, pile)
        state.rng_counter += 1
    state.reshuffles += 1
    order.reverse()  # stored with the top at the end
    state.stock = order
    del state.discard[:-1]
    events.append(Event("stock_reshuffled", {"count": len(pile)}))


def start_round(state: PumbaState, events: list[Event]) -> None:
    """Shuffle, deal 5 to the opener and 4 to every other active seat, turn up the starter (§2)."""
    if state.round <= len(state.fixture_decks):
        deck = state.fixture_decks[state.round - 1]
    else:
        deck = rng.shuffled(state.seed, state.rng_counter, list(CARDS))
        state.rng_counter += 1
    seats = len(state.hands)
    order = [seat % seats for seat in range(state.opener, state.opener + seats)]
    order = [seat for seat in order if not state.eliminated_in[seat]]
    position = 0
    hands: list[list[str]] = [[] for _ in range(seats)]
    for seat in order:
        size = 5 if seat == state.opener else 4
        hands[seat] = sorted(deck[position : position + size], key=canonical)
        position += size
    starter = deck[position]
    stock = deck[position + 1 :]
    stock.reverse()
    state.hands = hands
    state.stock = stock
    state.discard = [starter]
    state.active_suit = starter[1]
    state.phase = PLAYING
    state.dir = 1
    state.pending_draw = 0
    state.pumba_window = -1
    state.idle_passes = 0
    new_turn(state, state.opener)
    ace_starter = False
    if state.options.starter_effects == "apply":
        rank = starter[0]
        if rank == TWO:
            state.pending_draw = 2
        elif rank == SEVEN:
            state.dir = -1
        elif rank == CABALLO:
            state.current = next_seat(state, state.opener)
        ace_starter = rank == ACE
    events.append(
        Event(
            "round_started",
            {
                "round": state.round,
                "opener": state.opener,
                "starter": starter,
                "active_suit": state.active_suit,
                "hand_counts": [len(hand) for hand in hands],
                "stock_count": len(stock),
                "current": state.current,
                "dir": state.dir,
                "pending_draw": state.pending_draw,
            },
            {seat: {"hand": list(hands[seat])} for seat in order},
        )
    )
    if ace_starter:
        draw_cards(state, state.opener, 1, "starter", events)


def end_round(state: PumbaState, winner: int, events: list[Event]) -> None:
    """Score the round (winner −5, others their hand points; ``winner`` −1 = blocked round),
    apply eliminations and the end condition, then deal the next round or end the game (§4)."""
    close_window(state, events)
    state.pending_draw = 0
    seats = len(state.hands)
    active = active_seats(state)
    scores = [0] * seats
    for seat in active:
        scores[seat] = ROUND_WINNER_POINTS if seat == winner else hand_points(state.hands[seat])
        state.totals[seat] += scores[seat]
    state.round_scores = scores
    state.round_winner = winner
    state.revealed_hands = [list(hand) for hand in state.hands]
    options = state.options
    limit = options.point_limit
    reached = [seat for seat in active if state.totals[seat] >= limit]
    elimination = options.end_mode == "elimination"
    if elimination:
        for seat in reached:
            state.eliminated_in[seat] = state.round
    events.append(
        Event(
            "round_ended",
            {
                "round": state.round,
                "winner": winner if winner >= 0 else None,
                "blocked": winner < 0,
                # revealed cards of the round that just ended; they are reshuffled for the next
                # round, so they are history, not current locations (not a card_keys key)
                "revealed_hands": [list(hand) for hand in state.revealed_hands],
                "scores": scores,
                "totals": list(state.totals),
                "eliminated": reached if elimination else [],
            },
        )
    )
    if elimination:
        remaining = [seat for seat in active if seat not in reached]
        if len(remaining) >= 2:
            _next_round(state, events)
            return
        # one survivor wins; none: the lowest total (then final-round score) among those just out
        candidates = remaining or reached
        ranking_keys = [
            (0, 0, 0) if seat in remaining else (1, -state.eliminated_in[seat], state.totals[seat])
            for seat in range(seats)
        ]
    else:
        if not reached:
            _next_round(state, events)
            return
        candidates = list(range(seats))
        ranking_keys = [(state.totals[seat], scores[seat]) for seat in range(seats)]
    best = min((state.totals[seat], scores[seat]) for seat in candidates)
    winners = [seat for seat in candidates if (state.totals[seat], scores[seat]) == best]
    if elimination and not remaining:
        ranking_keys = [(0, 0, 0) if seat in winners else key for seat, key in enumerate(ranking_keys)]
    levels = sorted(set(ranking_keys))
    state.winners = winners
    state.ranks = competition_ranks([levels.index(key) for key in ranking_keys], higher_is_better=False)
    state.phase = OVER
    events.append(Event("game_ended", {"winners": winners, "ranks": state.ranks, "totals": list(state.totals)}))


def _next_round(state: PumbaState, events: list[Event]) -> None:
    """Opener of the next round: rotate to the next active seat in +1 order, or the round winner (D3, D31)."""
    if state.options.opener_rule == "round_winner" and state.round_winner >= 0:
        opener = state.round_winner
    else:
        seats = len(state.hands)
        opener = (state.opener + 1) % seats
        while state.eliminated_in[opener]:
            opener = (opener + 1) % seats
    state.opener = opener
    state.round += 1
    start_round(state, events)
