"""The terminal's words: server strings made safe, cards and seats named, no code or markup leaking."""

from __future__ import annotations

import io

from rich.console import Console

from cardroom.terminal.cards import card, face
from cardroom.terminal.safe import safe, strip_unsafe
from cardroom.terminal.words import action_words, event_words, value_words

HOSTILE = "\x1b]0;owned\x07[bold red]x[/]\u202eevil\u2066\u200b\x9b2J:smile:\n"


def _printed(markup: str) -> str:
    out = io.StringIO()
    Console(file=out, force_terminal=True, highlight=False, emoji=False, soft_wrap=True).print(markup)
    return out.getvalue()


def test_safe_removes_controls_and_format_characters_and_escapes_markup():
    assert strip_unsafe(HOSTILE) == "]0;owned[bold red]x[/]evil2J:smile:"
    printed = _printed(f"name: {safe(HOSTILE)}")
    assert "[bold red]x[/]" in printed  # shown as text, not applied
    assert ":smile:" in printed
    for forbidden in ("\x1b]", "\x07", "\u202e", "\u2066", "\u200b", "\x9b"):
        assert forbidden not in printed
    assert "\x1b[31m" not in printed and "\x1b[1;31m" not in printed


def test_cards_of_every_game_in_words():
    assert face("up-or-down", 7) == ("7 yellow", "yellow")
    assert face("up-or-down", 106) == ("106 pink", "pink")
    assert face("pumba", "Sc")[0] == "Sota of copas"
    assert face("pumba", "1o")[0] == "As of oros"
    assert face("flip-7", "FL3_2")[0] == "Flip Three"
    assert face("flip-7", "P10_1")[0] == "+10"
    assert face("flip-7", "N12_3")[0] == "12"
    assert face("pumptown", "??")[0] == "face down"
    assert face("pumptown", "NOPE2")[0] == "Nope (pump)"
    assert "Sota of copas" in card("pumba", "Sc")


def test_actions_and_events_name_seats_and_cards():
    names = ["ann", "bob"]

    def seat_name(seat: int) -> str:
        return safe(names[seat])

    assert action_words("pumba", {"play": {"card": "Sc", "suit": "o"}}, seat_name).endswith("suit oros")
    assert "bob" in action_words("flip-7", {"assign": {"target": 1}}, seat_name)
    sentence = event_words("up-or-down", {"played": {"seat": 0, "card": 43, "lower": 42, "upper": 60}}, seat_name)
    assert sentence.startswith("ann: played — ") and "43 yellow" in sentence
    assert value_words("flip-7", "totals", [12, 30], seat_name) == "ann 12, bob 30"
    grid = value_words("pumptown", "grid", ["??", "N4d", "??", "N6e"], seat_name)
    assert grid.startswith("TL ") and "BR " in grid
