"""Command-line values shared by ``simulate``, ``play`` and ``bench bots``: ``--option NAME=VALUE``, bot levels."""

from __future__ import annotations

import argparse
import json
from typing import Any


def parse_option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text!r}")
    return name, value


def option_value(raw: str) -> Any:
    """Option values from the command line: JSON when it parses (lists, numbers), else the string."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def options_of(pairs: list[tuple[str, str]]) -> dict[str, Any]:
    """The options of repeated ``--option`` flags."""
    return {name: option_value(value) for name, value in pairs}


def parse_levels(text: str) -> list[str]:
    """``standard,random,random``: one bot level per seat."""
    levels = [level.strip() for level in text.split(",")]
    if not all(levels):
        raise argparse.ArgumentTypeError(f"expected bot levels separated by commas, got {text!r}")
    return levels
