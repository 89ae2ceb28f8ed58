"""Automatic players: one subpackage per game registers its levels.

``get_bot(game, level)`` is how the service, ``cardroom simulate --bots`` and
``cardroom bench bots`` find a bot. Every game has the generic ``random`` level
(``random_bot.py``); each game's package (``flip7/``, ``up_or_down/``,
``pumba/``, ``pumptown/``) lists its levels in a ``BOTS`` mapping of level to
Bot class, imported on first use.
"""

from __future__ import annotations

from importlib import import_module

from .contract import Bot, Decision, Observation
from .observation import observe

__all__ = ["LEVELS", "Bot", "Decision", "Observation", "UnknownBot", "get_bot", "levels_of", "observe"]

#: every level a game may offer, weakest first
LEVELS = ("random", "standard", "strong")

#: game id -> the package whose ``BOTS`` maps level -> Bot class
_PACKAGES = {
    "pumptown": "cardroom.bots.pumptown",
    "pumba": "cardroom.bots.pumba",
    "up-or-down": "cardroom.bots.up_or_down",
    "flip-7": "cardroom.bots.flip7",
}
_instances: dict[tuple[str, str], Bot] = {}


class UnknownBot(ValueError):
    """No bot plays this game at this level."""


def levels_of(game: str) -> tuple[str, ...]:
    """The levels ``game`` has bots for, in ``LEVELS`` order; UnknownBot for a game without bots."""
    registered = _registered(game)
    return tuple(level for level in LEVELS if level in registered)


def get_bot(game: str, level: str) -> Bot:
    """The bot of ``game`` at ``level`` (bots are stateless, so one instance serves every seat)."""
    key = (game, level)
    if key not in _instances:
        registered = _registered(game)
        if level not in registered:
            raise UnknownBot(f"no {level!r} bot for {game!r}; levels: {', '.join(levels_of(game))}")
        _instances[key] = registered[level]()
    return _instances[key]


def _registered(game: str) -> dict[str, type[Bot]]:
    if game not in _PACKAGES:
        raise UnknownBot(f"no bots for game {game!r}; games: {', '.join(_PACKAGES)}")
    return import_module(_PACKAGES[game]).BOTS
