"""Table settings common to every game (turn clock, reserve, bots for absent seats): checked once, at creation."""

from __future__ import annotations

import math

from . import documents as docs
from . import seats
from .errors import INVALID_ARGUMENT, AppError

#: the longest turn clock or reserve a table may ask for: a day, like the idle expiry
MAX_CLOCK_SECONDS = 86400.0


def checked_table(
    game: str, turn_seconds: float, reserve_seconds: float, absent_bot_level: str, auto_start_when_full: bool = False
) -> docs.TableSettings:
    """The table's settings, or INVALID_TABLE_SETTINGS / UNKNOWN_BOT_LEVEL naming what is wrong."""
    for name, value in (("turn_seconds", turn_seconds), ("reserve_seconds", reserve_seconds)):
        if not math.isfinite(value) or not 0 <= value <= MAX_CLOCK_SECONDS:
            raise _invalid(f"{name} must be between 0 and {MAX_CLOCK_SECONDS:g} seconds", name)
    if reserve_seconds > 0 and turn_seconds <= 0:
        raise _invalid("reserve_seconds needs a turn clock (turn_seconds > 0)", "reserve_seconds")
    level = seats.bot_level(game, absent_bot_level) if absent_bot_level else None
    return docs.TableSettings(turn_seconds, reserve_seconds, level, auto_start_when_full)


def _invalid(message: str, field: str) -> AppError:
    return AppError(INVALID_ARGUMENT, "INVALID_TABLE_SETTINGS", message, {"field": field})
