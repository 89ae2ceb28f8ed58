"""What each seat may see (rules §5): views, the cards hidden from a viewer, and
the re-deal of those cards that the non-interference check uses."""

from __future__ import annotations

import random
from typing import Any

from ..contract import Seat
from . import scoring
from .state import GAME_OVER, UpOrDownState, clone, direction


def view(state: UpOrDownState, seat: Seat) -> dict[str, Any]:
    over = state.phase == GAME_OVER
    show_known = state.options.show_known_cards
    players = []
    for s in range(state.seats):
        columns = state.columns[s]
        discard = state.discards[s]
        players.append(
            {
                "seat": s,
                "hand_size": len(state.hands[s]),
                # A seat sees its whole hand under "hand"; known cards are the opponents' (rules §8.1 #37).
                "known": state.known[s][:] if show_known and s != seat else [],
                "columns": [{"cards": column[:], "direction": direction(column)} for column in columns],
                "discard": discard[:],
                "score": scoring.seat_score(columns, discard),
            }
        )
    pile_up = state.pile_up
    return {
        "you": seat,
        "phase": state.phase,
        "current": None if over else state.current,
        "first_player": state.first_player,
        "turn": state.turn,
        "display": state.display[:],
        "played": state.played,
        "lower": state.lower,
        "upper": state.upper,
        "taken": state.taken,
        "pile_down_size": len(state.pile_down),
        "pile_up_size": len(pile_up),
        "pile_up_top": pile_up[0] if pile_up else None,
        "hand": state.hands[seat][:] if seat is not None else [],
        "players": players,
        "winners": scoring.result(state).winners if over else [],
    }


def _hidden_places(state: UpOrDownState, seat: Seat) -> list[tuple[list[int], int]]:
    """(list, index) of every card in ``hidden_cards``: the face-down pile, the
    face-up pile below its top, and other players' hand cards not drawn face up."""
    places = [(state.pile_down, i) for i in range(len(state.pile_down))]
    places += [(state.pile_up, i) for i in range(1, len(state.pile_up))]
    for s, hand in enumerate(state.hands):
        if s != seat:
            known = state.known[s]
            places += [(hand, i) for i, card in enumerate(hand) if card not in known]
    return places


def hidden_cards(state: UpOrDownState, seat: Seat) -> set[int]:
    hidden = set(state.pile_down)
    hidden.update(state.pile_up[1:])
    for s, hand in enumerate(state.hands):
        if s != seat:
            hidden.update(hand)
            hidden.difference_update(state.known[s])
    return hidden


def redeal_hidden(state: UpOrDownState, seat: Seat, rng: random.Random) -> UpOrDownState:
    new = clone(state)
    places = _hidden_places(new, seat)
    cards = [cards[i] for cards, i in places]
    rng.shuffle(cards)
    for (target, i), card in zip(places, cards, strict=True):
        target[i] = card
    for hand in new.hands:
        hand.sort()  # hands are kept ascending
    return new
