"""What each seat (or a spectator) sees (rules §5), and the hidden-information hooks."""

from __future__ import annotations

import random
from typing import Any

from .cards import canonical
from .state import OVER, PumbaState, clone, options_dict


def view(state: PumbaState, seat: int | None) -> dict[str, Any]:
    over = state.phase == OVER
    totals, out, scores = state.totals, state.eliminated_in, state.round_scores
    players = [
        {
            "seat": index,
            "hand_count": len(hand),
            "total": totals[index],
            "eliminated": out[index] > 0,
            "eliminated_round": out[index] or None,
            "round_score": scores[index],
        }
        for index, hand in enumerate(state.hands)
    ]
    own = state.hands[seat] if seat is not None and 0 <= seat < len(state.hands) else []
    return {
        "you": seat,
        "phase": "game_over" if over else ("turn_penalty" if state.pending_draw else "turn_normal"),
        "round": state.round,
        "options": options_dict(state.options),
        "players": players,
        "hand": list(own),
        "top": state.discard[-1],
        "active_suit": state.active_suit,
        "discard_count": len(state.discard),
        "stock_count": len(state.stock),
        "opener": state.opener,
        "current": None if over else state.current,
        "dir": state.dir,
        "pending_draw": state.pending_draw,
        "draws_this_turn": state.draws_this_turn,
        "extra_turn": state.extra_turn,
        "pumba_window": None if state.pumba_window < 0 else state.pumba_window,
        "idle_passes": state.idle_passes,
        "last_round_winner": None if state.round_winner < 0 else state.round_winner,
        "winners": list(state.winners),
        "ranks": list(state.ranks),
        "last_round": last_round(state),
    }


def last_round(state: PumbaState) -> dict[str, Any] | None:
    """The last finished round as its end showed it to everyone (§4, §5: hands at round end are public), or
    None before the first round ends. A seat eliminated in an earlier round did not play it: its ``score`` is
    None, not 0, so that no client reads a round it sat out as a round it scored nothing in."""
    number = state.round if state.phase == OVER else state.round - 1
    if number < 1:
        return None
    hands, scores, out = state.revealed_hands, state.round_scores, state.eliminated_in
    winner = state.round_winner
    return {
        "round": number,
        "winner": None if winner < 0 else winner,
        "blocked": winner < 0,
        "results": [
            {
                "seat": seat,
                "score": scores[seat] if not out[seat] or out[seat] >= number else None,
                # history: these cards were reshuffled into the next deal, so this is not a card key
                "revealed_hand": list(hands[seat]) if hands else [],
            }
            for seat in range(len(state.hands))
        ],
    }


def _hidden_places(state: PumbaState, seat: int | None) -> list[list[str]]:
    """The zones whose cards ``seat`` cannot see: the stock and, until the final reveal, other hands."""
    if state.phase == OVER:
        return [state.stock]
    return [state.stock, *(hand for index, hand in enumerate(state.hands) if index != seat)]


def hidden_cards(state: PumbaState, seat: int | None) -> set[str]:
    return {card for zone in _hidden_places(state, seat) for card in zone}


def redeal_hidden(state: PumbaState, seat: int | None, rng: random.Random) -> PumbaState:
    new = clone(state)
    places = _hidden_places(new, seat)
    pool = [card for zone in places for card in zone]
    rng.shuffle(pool)
    position = 0
    for zone in places:
        size = len(zone)
        zone[:] = pool[position : position + size]
        position += size
        if zone is not new.stock:
            zone.sort(key=canonical)
    return new
