"""Values, actions and events of any game in words, with the web app's wording (``clients/web/src/words.ts``).

Every action and event is a oneof of small messages (``{"play": {"card": "Sb", "suit": "o"}}``), so one
reader covers the four games: the member name is the verb, card fields are named by ``cards``, seat
fields by the players' names and Pumba suits by their names. Everything returned is rich markup in
which every server string went through ``safe``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from .cards import PUMBA_SUITS, card, is_card
from .safe import safe

SeatName = Callable[[int], str]

#: keys whose integer values (or lists of them) are seats
SEAT_KEYS = frozenset(
    {
        "seat", "seats", "target", "from", "to", "winner", "winners", "victim", "opponent", "knocker", "player",
        "owner", "by", "current", "dealer", "last_actor", "first_player", "starter", "opener", "decider",
        "legal_targets", "knock_blocked", "final_pending", "round_winner", "last_round_winner", "recipient",
        "a", "b", "left_seats", "eliminated", "loser", "challenger", "eliminated_seats",
    }
)  # fmt: skip
#: keys whose lists hold one number per seat, in seat order
PER_SEAT_KEYS = frozenset({"scores", "totals", "cumulative", "tallies", "round_scores", "hand_counts", "ranks"})
#: names of the four positions of a Pumptown grid (rules §1.3)
GRID = ("TL", "TR", "BL", "BR")


def humanize(key: str) -> str:
    """``pile_up_top`` / ``pileUpTop`` -> ``pile up top``."""
    words = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", str(key).replace("_", " "))
    return re.sub(r"\s+", " ", words).strip().lower()


def value_words(game: str, key: str, value: Any, seat_name: SeatName) -> str:
    """One value of a view, action or event in words: cards by name, seats by player name, Pumba suits
    by name, one entry per seat for per-seat lists, a Pumptown grid by position."""
    if isinstance(value, list):
        if key in PER_SEAT_KEYS and all(isinstance(item, int) for item in value):
            return ", ".join(f"{seat_name(seat)} {item}" for seat, item in enumerate(value))
        if key == "grid" and len(value) == len(GRID):
            cards = (value_words(game, "card", item, seat_name) for item in value)
            return ", ".join(f"{position} {words}" for position, words in zip(GRID, cards, strict=True))
        if value and all(isinstance(item, Mapping) for item in value):
            return " ".join(f"({value_words(game, key, item, seat_name)})" for item in value)
        return ", ".join(value_words(game, key, item, seat_name) for item in value) or "none"
    if is_card(game, key, value):
        return card(game, value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int) and key in SEAT_KEYS:
        return seat_name(value)
    if game == "pumba" and key in ("suit", "active_suit") and value in PUMBA_SUITS:
        return PUMBA_SUITS[value][0]
    if isinstance(value, Mapping):
        return fields_words(game, value, seat_name)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    # short codes (Pumptown's grid positions TL, BR) keep their case
    return safe(humanize(value) if isinstance(value, str) and len(value) > 2 else value)


def shown(value: Any) -> bool:
    """Whether a field is worth a word: not unset, empty or false (zero is a value)."""
    return not (value is None or value is False or (isinstance(value, (str, list, dict)) and not value))


def fields_words(game: str, fields: Mapping[str, Any], seat_name: SeatName, skip: frozenset[str] = frozenset()) -> str:
    """``card 7 of oros, suit copas``: the shown fields of a message, a card field by its card alone."""
    parts = []
    for key, value in fields.items():
        if key in skip or not shown(value):
            continue
        words = value_words(game, key, value, seat_name)
        parts.append(words if key in ("card", "cards") else f"{safe(humanize(key))} {words}")
    return ", ".join(parts)


def only_entry(tagged: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]]:
    """The one member of a oneof in JSON form: ``{"stay": {}}`` -> ``("stay", {})``."""
    for key, value in tagged.items():
        return key, value if isinstance(value, Mapping) else {}
    return "?", {}


def action_words(game: str, action: Mapping[str, Any], seat_name: SeatName) -> str:
    """A legal action for the menu: ``play: Sota of copas, suit oros``."""
    verb, fields = only_entry(action)
    rest = fields_words(game, fields, seat_name)
    return f"{safe(humanize(verb))}: {rest}" if rest else safe(humanize(verb))


def event_words(game: str, event: Mapping[str, Any], seat_name: SeatName) -> str:
    """An event as a sentence: ``bob: played — 43 red, lower 42 yellow, upper 60 yellow``."""
    verb, fields = only_entry(event)
    who = f"{seat_name(fields['seat'])}: " if isinstance(fields.get("seat"), int) else ""
    rest = fields_words(game, fields, seat_name, frozenset({"seat"}))
    return f"{who}{safe(humanize(verb))}{f' — {rest}' if rest else ''}"
