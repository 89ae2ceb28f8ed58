"""Cards in words and colours, one small reader per game, from each rules file's card notation (§1).

The wording is the web app's (``clients/web/src/cards.tsx``): Up or Down? cards by number and colour,
Pumba cards by rank and suit name, Flip 7 and Pumptown cards by number or by name. Values come from
the server, so whatever is shown of them goes through ``safe``.
"""

from __future__ import annotations

import re
from typing import Any

from .safe import safe

#: the six colours of Up or Down? (``(n - 1) mod 6``), reused as tones for numbers of other games
COLOURS = ("yellow", "red", "blue", "pink", "purple", "teal")
#: the terminal colour of each tone
STYLES = {
    "yellow": "yellow",
    "red": "red",
    "blue": "bright_blue",
    "pink": "magenta",
    "purple": "medium_purple",
    "teal": "cyan",
    "gold": "gold1",
    "green": "green",
    "orange": "dark_orange",
    "back": "dim",
}

PUMBA_SUITS = {"o": ("oros", "gold"), "c": ("copas", "red"), "e": ("espadas", "blue"), "b": ("bastos", "green")}
PUMBA_RANKS = {"1": "As", "S": "Sota", "C": "Caballo", "R": "Rey"}
FLIP7_ACTIONS = {"FRZ": ("Freeze", "blue"), "FL3": ("Flip Three", "orange"), "SC": ("Second Chance", "red")}
PUMP_NAMES = {
    "PEEK": "Peek",
    "DOUB": "Double",
    "SWAP": "Swap",
    "STEAL": "Steal",
    "BLOCK": "Block a Knock",
    "SWIPE": "Swipe",
    "NOPE": "Nope",
    "REARR": "Rearrange",
    "DUEL": "Duel",
    "ELIM": "Eliminate",
    "REDIS": "Redistribute",
}

_PUMP = re.compile(r"^(PEEK|DOUB|SWAP|STEAL|BLOCK|SWIPE|NOPE|REARR|DUEL|ELIM|REDIS)\d$")
_PUMBA = re.compile(r"^[1-7SCR][oceb]$")
_FLIP7 = re.compile(r"^(N\d{1,2}|FRZ|FL3|SC|P\d{1,2}|X2)_\d+$")
_PUMPTOWN_NUMBER = re.compile(r"^N\d{1,2}[a-f]$")
_UP_OR_DOWN_KEYS = frozenset(
    {"display", "played", "lower", "upper", "taken", "pile_up_top", "hand", "known", "cards", "card", "discard"}
)


def is_card(game: str, key: str, value: Any) -> bool:
    """Whether ``value``, found under ``key`` in a view, action or event of ``game``, is a card."""
    if game == "up-or-down":
        return type(value) is int and key in _UP_OR_DOWN_KEYS and 1 <= value <= 126
    if not isinstance(value, str):
        return False
    if game == "pumba":
        return bool(_PUMBA.match(value))
    if game == "flip-7":
        return bool(_FLIP7.match(value))
    if game == "pumptown":
        return value == "??" or bool(_PUMPTOWN_NUMBER.match(value) or _PUMP.match(value))
    return False


def face(game: str, code: Any) -> tuple[str, str]:
    """The card in words and its tone (a key of ``STYLES``)."""
    if game == "up-or-down":
        colour = COLOURS[(int(code) - 1) % 6]
        return f"{code} {colour}", colour
    code = str(code)
    if game == "pumba":
        name, tone = PUMBA_SUITS[code[1]]
        return f"{PUMBA_RANKS.get(code[0], code[0])} of {name}", tone
    if game == "flip-7":
        kind = code.split("_")[0]
        if kind in FLIP7_ACTIONS:
            return FLIP7_ACTIONS[kind]
        if kind == "X2":
            return "×2", "green"
        if kind.startswith("P"):
            return f"+{kind[1:]}", "green"
        value = int(kind[1:])
        return str(value), COLOURS[value % 6]
    if code == "??":
        return "face down", "back"
    pump = _PUMP.match(code)
    if pump:
        return f"{PUMP_NAMES[pump.group(1)]} (pump)", "purple"
    value = int(code[1:-1])
    return str(value), COLOURS[value % 6]


def card(game: str, code: Any) -> str:
    """The card as rich markup: its words, bold, in its colour."""
    words, tone = face(game, code)
    return f"[bold {STYLES[tone]}]{safe(words)}[/]"
