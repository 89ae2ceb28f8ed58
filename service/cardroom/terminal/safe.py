"""Printing what the server sends without trusting it.

The server refuses player names holding control or format characters (``app/names.py``), but a
client must not rely on any server: a name, a match name, a card code or an option description
could carry a terminal escape sequence (``\\x1b]0;title\\x07`` retitles the window, others move the
cursor or rewrite the screen), a bidi override that reorders what follows it, or rich markup
(``[link=...]``). ``safe`` removes the first two and escapes the third; every string from the
server reaches the terminal through it.
"""

from __future__ import annotations

import unicodedata

from rich.markup import escape

#: Unicode general categories that are not shown as text: controls (ESC, BEL, newlines, C1), format
#: characters (bidi overrides and isolates, zero-width characters, tags), surrogates, private use,
#: unassigned code points, line and paragraph separators (the same set the server refuses in names)
UNSAFE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def strip_unsafe(text: str) -> str:
    """``text`` without the characters of ``UNSAFE_CATEGORIES``."""
    return "".join(char for char in str(text) if unicodedata.category(char) not in UNSAFE_CATEGORIES)


def safe(text: object) -> str:
    """A server string ready for rich markup: unsafe characters removed, markup escaped."""
    return escape(strip_unsafe(str(text)))
