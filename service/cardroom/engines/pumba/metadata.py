"""Pumba's cards and phases for the catalog (engines/metadata.py), from the engine's deck (cards.py)."""

from __future__ import annotations

from ..metadata import CardSpec, GameMetadata, PhaseSpec
from .cards import CARDS, POINTS

_SUITS = {"o": "Oros", "c": "Copas", "e": "Espadas", "b": "Bastos"}
#: rank code -> (name, rank number, effect)
_RANKS = {
    "1": ("As", 1, "one chosen opponent draws 1"),
    "2": ("Dos", 2, "the next player draws 2, or stacks a Two"),
    "3": ("Tres", 3, ""),
    "4": ("Cuatro", 4, ""),
    "5": ("Cinco", 5, ""),
    "6": ("Seis", 6, ""),
    "7": ("Siete", 7, "reverses the direction of play"),
    "S": ("Sota", 10, "wild: playable on anything, names the suit to follow"),
    "C": ("Caballo", 11, "skips the next player"),
    "R": ("Rey", 12, "the same player takes another full turn"),
}


def _card(code: str) -> CardSpec:
    rank, suit = code[0], code[1]
    name, number, effect = _RANKS[rank]
    return CardSpec(
        code,
        "suited",
        code,
        f"{name} de {_SUITS[suit]}",
        value=number,
        rank=rank,
        suit=suit,
        suit_name=_SUITS[suit],
        points=POINTS[code],
        effect=effect,
    )


METADATA = GameMetadata(
    cards=tuple(_card(code) for code in CARDS),
    phases=(
        PhaseSpec(
            "turn_normal",
            "`current` plays a normal turn: play a card matching `top` in rank or `active_suit`, draw, or pass; "
            "while a Pumba window is open (`pumba_window`), every other active seat may challenge.",
            ("play", "draw", "pass", "challenge_pumba"),
        ),
        PhaseSpec(
            "turn_penalty",
            "`current` owes `pending_draw` cards because of Twos: it stacks a Two (with `stack_twos`) or takes "
            "the penalty; Pumba window challengers as in `turn_normal`.",
            ("play", "take_penalty", "challenge_pumba"),
        ),
        PhaseSpec("game_over", "The game has ended; `winners` and `ranks` are set. Nobody acts."),
    ),
)
