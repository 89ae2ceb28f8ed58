"""The ``random`` level, for every game.

Strategy: none. Each decision is drawn uniformly from the legal actions with
the ``rng`` it is given, so a seeded caller replays it exactly. It keeps no
memory. It is the baseline the other levels are measured against
(``cardroom bench bots``).
"""

from __future__ import annotations

import random

from .contract import Bot, Decision, Observation


class RandomBot(Bot):
    """Uniform over the legal actions; subclassed once per game to name the game."""

    level = "random"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        return Decision(action=dict(rng.choice(observation.legal_actions)))


def random_bot_for(game: str) -> type[RandomBot]:
    """The random bot class of ``game`` (each game's package registers it)."""
    return type(f"RandomBot[{game}]", (RandomBot,), {"game": game, "__module__": __name__})
