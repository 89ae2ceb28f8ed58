"""Player names: what a display name may hold, so that showing a peer's name is always safe.

A name is shown to every other player, in browsers and in terminals (``cardroom play``). Names
holding characters that are not text are refused, not stripped: the client learns at once that
the name it chose is not the one others would see. Refused (Unicode general categories):

* ``Cc`` control characters: ESC (terminal escape sequences such as ``\\x1b]0;...``), newlines,
  tabs, DEL, the C1 controls;
* ``Cf`` format characters: bidi overrides and isolates (U+202A-U+202E, U+2066-U+2069), zero-width
  spaces and joiners (U+200B-U+200D), the BOM, soft hyphens, tag characters;
* ``Zl``/``Zp`` line and paragraph separators; ``Cs`` lone surrogates, ``Co`` private use and
  ``Cn`` unassigned code points (they render as nothing, or as anything a font decides).

The name is NFC-normalised (one spelling per visible name) and trimmed of surrounding spaces;
it may then hold at most ``MAX_NAME_LENGTH`` characters.
"""

from __future__ import annotations

import unicodedata

from .errors import INVALID_ARGUMENT, AppError

MAX_NAME_LENGTH = 64
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
INVALID_PLAYER_NAME = "INVALID_PLAYER_NAME"


def player_name(name: str, seat: int) -> str:
    """The stored form of a requested display name; a default (``Player 3``) when empty."""
    name = unicodedata.normalize("NFC", name or "").strip()
    if len(name) > MAX_NAME_LENGTH:
        raise _refused(f"player_name is longer than {MAX_NAME_LENGTH} characters")
    bad = next((char for char in name if unicodedata.category(char) in REFUSED_CATEGORIES), None)
    if bad is not None:
        # the code point, never the character itself: it is the one that must not be shown
        raise _refused(f"player_name holds U+{ord(bad):04X} ({unicodedata.category(bad)}), which is not shown as text")
    return name or f"Player {seat + 1}"


def _refused(message: str) -> AppError:
    return AppError(INVALID_ARGUMENT, INVALID_PLAYER_NAME, message, {"field": "player_name"})
