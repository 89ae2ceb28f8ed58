"""Help and the rules of a game, on request (``?``/``h`` and ``r`` at any prompt).

The rules shown are a short summary per game (written from ``docs/games/``, which is written from the rules
files) followed by what the server says of the game (its summary, player counts) and the house
rules of this very table: every option, its effective value and what it changes.
"""

from __future__ import annotations

import json

from cardroom_client.v1 import match_pb2
from google.protobuf import json_format

from .safe import safe
from .words import humanize

HELP = (
    "[underline]Commands[/] (type one and press Enter):",
    "  [bold]1[/], [bold]2[/], ...  play the legal action with that number",
    "  [bold]v[/]          show the table again",
    "  [bold]r[/]          the rules of this game and this table's house rules",
    "  [bold]?[/] or [bold]h[/]     this help",
    "  [bold]s[/] / [bold]b[/]      (the creator, while waiting) start now / start with bots in the empty seats",
    "  [bold]q[/], Ctrl-C, Ctrl-D  leave: before the start your seat is given up; after it the command to",
    "               come back is printed (the server plays your seat meanwhile only if the table has a clock)",
)

SUMMARIES = {
    "up-or-down": (
        "A turn has four steps. Play a card from your hand into the ring of face-up cards (it goes where its",
        "number fits); take one of its two neighbours; place that card on one of your columns it fits (a",
        "rising column takes a higher card, a falling one a lower card; the second card sets the direction),",
        "as a new column (at most three), or give up a column (its cards go face down to your discard pile,",
        "1 point each) and restart it; draw from a pile. A column scores its length times the count of its",
        "most frequent colour. When every hand is empty the highest total wins.",
    ),
    "pumba": (
        "Shed your hand: play a card of the top card's rank or of the active suit, or draw (at most the",
        "table's max draws), then play or pass. A Sota is wild and names a suit; a Two makes the next player",
        "draw two (Twos stack); an As makes an opponent draw one; a Siete reverses; a Caballo skips; a Rey",
        "plays again. Call Pumba! when you play from two cards to one, or be challenged. When a hand is empty",
        "the others score their cards; at the point limit a player is out (or the game ends).",
    ),
    "flip-7": (
        "On your turn hit (flip a card into your line) or stay (bank the line). A second number card of the",
        "same value busts you for the round. Seven different numbers is a Flip 7: the round ends with a",
        "bonus. Action cards go to an active player of the drawer's choice: Freeze banks and stops them, Flip",
        "Three makes them flip three cards, Second Chance saves one bust. Modifiers add points or double the",
        "numbers. The first round that ends with a total at the target score ends the game.",
    ),
    "pumptown": (
        "Everyone has a face-down 2x2 grid (TL TR / BL BR) and peeks at its bottom two cards once. On your",
        "turn draw from the pile (only you see it) or take the discard, then place it in a grid slot (the old",
        "card goes to the discard) or, drawn from the pile, discard it; after your turn you may knock: every",
        "other seat gets one last turn. A row of two equal cards counts 0, otherwise its sum; a grid at the moon",
        "threshold or above scores 0. A knocker who is not lowest adds the knock penalty. Pump cards (Peek, Swap,",
        "Steal, Nope, Duel, ...) are played in their windows. The lowest total after the rounds wins.",
    ),
}


def rules_lines(game: match_pb2.Game, match: match_pb2.Match) -> list[str]:
    """The rules of ``game``, the house rules of ``match`` (its effective options) and its table settings."""
    lines = [f"[underline]Rules of {safe(game.display_name)}[/] ({game.min_players}-{game.max_players} players)"]
    lines.append(f"  {safe(game.summary)}")
    lines += [f"  {line}" for line in SUMMARIES.get(game.game_id, ())]
    lines.append(
        f"  The whole rules, with every card and option: docs/games/{safe(game.game_id)}.md in the cardroom repository"
    )
    values = _option_values(match.options)
    if game.options:
        lines.append("[underline]House rules of this table[/]:")
    for option in game.options:
        value = values.get(option.name)
        if isinstance(value, dict) and set(value) <= {"values"}:
            value = value.get("values", [])  # an int list travels as a message holding `values`
        shown = json.dumps(value) if value is not None else option.default_json
        lines.append(f"  {safe(humanize(option.name))} = {safe(shown)}: {safe(option.description)}")
    lines += [f"  {line}" for line in table_lines(match.table)]
    return lines


def table_lines(table: match_pb2.TableSettings) -> list[str]:
    """The table settings in words: the turn clock, its reserve, who plays an absent seat, the auto start."""
    clock = f"{table.turn_seconds:g} s per decision" if table.turn_seconds else "none"
    if table.reserve_seconds:
        clock += f", plus a reserve of {table.reserve_seconds:g} s"
    lines = [f"turn clock: {clock}"]
    absent = f"a {safe(table.absent_bot_level)} bot" if table.absent_bot_level else "the server's default actions"
    lines.append(f"an absent seat is played by {absent}")
    if table.auto_start_when_full:
        lines.append("the match starts by itself once every seat is taken")
    return lines


def _option_values(options: match_pb2.GameOptions) -> dict:
    game = options.WhichOneof("game")
    if game is None:
        return {}
    return json_format.MessageToDict(getattr(options, game), preserving_proto_field_name=True)
