"""What a UI needs to render any card and explain any decision of a game, without hard-coding tables.

Each engine package holds its game's ``metadata.py``, built from the engine's own card tables (the deck
the engine deals), so the catalog (``GetGame``) and the engines cannot disagree; ``tests/engines/
test_game_metadata.py`` checks every card an engine can deal, every phase and decision kind its views
carry and every action type it lists against these tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card code of a game, as views, actions and events send it.

    Fields that do not apply to the game are empty (``""``) or ``None``.
    """

    #: the code on the wire (Up or Down?: the number, in decimal)
    code: str
    #: what sort of card it is: ``number``, ``action``, ``modifier`` (Flip 7), ``pump`` (Pumptown), ``suited``
    #: (Pumba)
    category: str
    #: the code the copies of one card share (Flip 7 ``N10``, ``FRZ``; Pumptown ``N10``, ``PEEK``; Pumba and
    #: Up or Down?: the code itself, every card being unique)
    kind: str
    #: how a player names it: ``Flip Three``, ``Sota de Bastos``, ``106 pink``
    display_name: str
    #: the number that counts: a number card's face value, a Flip 7 ``+N`` modifier's bonus, Pumba's rank number
    value: int | None = None
    #: Pumba: the rank code (``1``-``7``, ``S``, ``C``, ``R``)
    rank: str = ""
    #: Pumba: the suit code (``o``, ``c``, ``e``, ``b``)
    suit: str = ""
    #: Pumba: the suit's name (``Oros``)
    suit_name: str = ""
    #: Up or Down?: the colour (``yellow``, ``red``, ``blue``, ``pink``, ``purple``, ``teal``)
    colour: str = ""
    #: Pumba: the points the card counts in a hand at the end of a round
    points: int | None = None
    #: what the card does, when it does something beyond its value; empty otherwise
    effect: str = ""


@dataclass(frozen=True, slots=True)
class PhaseSpec:
    """One value of a view's ``phase`` (or of a pending decision's kind) and what it asks of whom."""

    #: the value as a view carries it (``TURN``, ``turn_normal``)
    name: str
    #: what is going on and who decides
    description: str
    #: the action types that answer it (empty when nobody acts)
    actions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameMetadata:
    """Cards, phases and decision kinds of one game."""

    #: every card code the game can deal under any options, in the deck's canonical order
    cards: tuple[CardSpec, ...]
    #: every value of the view's ``phase``, in play order
    phases: tuple[PhaseSpec, ...]
    #: every kind of pending decision when a game names them apart from its phases (Pumptown's
    #: ``decision.kind``); empty when the phase is the decision
    decision_kinds: tuple[PhaseSpec, ...] = ()


#: game id -> module holding its ``METADATA``
_MODULES = {
    "pumptown": "cardroom.engines.pumptown.metadata",
    "pumba": "cardroom.engines.pumba.metadata",
    "up-or-down": "cardroom.engines.up_or_down.metadata",
    "flip-7": "cardroom.engines.flip7.metadata",
}


def game_metadata(game: str) -> GameMetadata:
    """The metadata of ``game``; KeyError if there is no such game."""
    metadata: GameMetadata = import_module(_MODULES[game]).METADATA
    return metadata
