"""Pumba bots: the levels this game offers, by level name."""

from __future__ import annotations

from ..contract import Bot
from ..random_bot import random_bot_for
from .standard import PumbaStandardBot
from .strong import PumbaStrongBot

BOTS: dict[str, type[Bot]] = {
    "random": random_bot_for("pumba"),
    "standard": PumbaStandardBot,
    "strong": PumbaStrongBot,
}
