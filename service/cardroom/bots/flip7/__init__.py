"""Flip 7 bots: the levels this game offers, by level name."""

from __future__ import annotations

from ..contract import Bot
from ..random_bot import random_bot_for
from .standard import Flip7StandardBot
from .strong import Flip7StrongBot

BOTS: dict[str, type[Bot]] = {
    "random": random_bot_for("flip-7"),
    "standard": Flip7StandardBot,
    "strong": Flip7StrongBot,
}
