"""Up or Down?'s cards and phases for the catalog (engines/metadata.py).

A card is its number (1-126, every number once); its colour is the engine's ``colour`` (rules §1:
``(n - 1) mod 6`` of the six colours).
"""

from __future__ import annotations

from ..metadata import CardSpec, GameMetadata, PhaseSpec
from .state import HIGHEST_CARD, colour

#: colour index (state.colour) -> name
COLOURS = ("yellow", "red", "blue", "pink", "purple", "teal")


def _card(number: int) -> CardSpec:
    name = COLOURS[colour(number)]
    return CardSpec(str(number), "number", str(number), f"{number} {name}", value=number, colour=name)


METADATA = GameMetadata(
    cards=tuple(_card(number) for number in range(1, HIGHEST_CARD + 1)),
    phases=(
        PhaseSpec(
            "PLAY",
            "`current` puts a card of its hand into the display (or sends the whole turn at once: `turn`).",
            ("play", "turn"),
        ),
        PhaseSpec("TAKE", "`current` takes a neighbour (`lower` or `upper`) of the card it just played.", ("take",)),
        PhaseSpec(
            "PLACE",
            "`current` places the `taken` card: on a column it fits, as a new column, or giving up a column.",
            ("place",),
        ),
        PhaseSpec(
            "DRAW", "`current` draws from the face-down or the face-up pile (only when both have cards).", ("draw",)
        ),
        PhaseSpec("GAME_OVER", "The game has ended; `winners` is set. Nobody acts."),
    ),
)
