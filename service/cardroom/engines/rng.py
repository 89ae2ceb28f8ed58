"""Seeded randomness for engines: every random event draws from its own stream.

A stream is derived from the match seed and a counter kept in the state
(``blake2b(seed, counter)`` seeds a Mersenne Twister), so a saved state needs
no RNG internals, draws are reproducible across releases, and no engine touches
the global ``random`` module. ``rand_below`` uses only ``getrandbits`` with
rejection sampling, whose output CPython guarantees for a given seed.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

ALGORITHM = "blake2b-mt19937-v1"


def stream(seed: int, counter: int) -> random.Random:
    """The independent generator for the ``counter``-th random event of a match."""
    digest = hashlib.blake2b(f"{seed}:{counter}".encode(), digest_size=16).digest()
    return random.Random(int.from_bytes(digest, "big"))


def rand_below(rng: random.Random, n: int) -> int:
    """A uniform integer in ``0..n-1``."""
    if n <= 0:
        raise ValueError("n must be positive")
    bits = n.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < n:
            return value


def fisher_yates(rng: random.Random, items: MutableSequence[T]) -> MutableSequence[T]:
    """Shuffle in place as the rules files specify: i from last down to 1, j = rand_below(i+1)."""
    for i in range(len(items) - 1, 0, -1):
        j = rand_below(rng, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


def shuffled(seed: int, counter: int, items: list[T]) -> list[T]:
    """A shuffled copy of ``items`` from the match's ``counter``-th stream."""
    result = list(items)
    fisher_yates(stream(seed, counter), result)
    return result
