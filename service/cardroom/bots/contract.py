"""The contract every bot implements (seams.md section 2).

A bot decides for one seat from an :class:`Observation` only: the seat's view,
its legal actions, the events that seat received and the memory the bot kept.
It never receives an engine state, so it cannot read a hidden card by
construction; :func:`cardroom.bots.observation.observe` is the only code that
turns a state into an Observation. A strong bot may import the engines to
simulate states it samples from the Observation.

Bots are stateless objects: whatever a bot wants to remember between its
decisions goes into ``Decision.memory`` (msgpack/JSON-able), which the caller
keeps and hands back in the next Observation for that seat. Randomness comes
only from the ``rng`` argument, so a seeded caller replays a bot exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything a bot may know about its seat; built by ``observe`` from the engine's view."""

    game: str
    seat: int
    seat_count: int
    options: Mapping[str, Any]  # the match's effective options (public)
    view: Mapping[str, Any]  # engine.view(state, seat)
    legal_actions: Sequence[Mapping[str, Any]]  # engine.legal_actions(state, seat); non-empty
    events: Sequence[Mapping[str, Any]] = ()  # events as this seat saw them, since this bot's previous decision
    memory: Any = None  # what this bot returned last time for this seat; None at first


@dataclass(frozen=True, slots=True)
class Decision:
    action: dict[str, Any]  # one of observation.legal_actions
    memory: Any = None  # msgpack/JSON-able; the caller keeps it and hands it back next time


class Bot(ABC):
    """An automatic player of one game at one level."""

    game: ClassVar[str]
    level: ClassVar[str]  # "random" | "standard" | "strong"

    @abstractmethod
    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        """One of ``observation.legal_actions`` (a copy) and the memory to keep."""
