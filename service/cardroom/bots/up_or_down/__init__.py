"""Up or Down? bots: the levels this game offers, by level name."""

from __future__ import annotations

from ..contract import Bot
from ..random_bot import random_bot_for
from .standard import UpOrDownStandardBot
from .strong import UpOrDownStrongBot

BOTS: dict[str, type[Bot]] = {
    "random": random_bot_for("up-or-down"),
    "standard": UpOrDownStandardBot,
    "strong": UpOrDownStrongBot,
}
