"""The bounded map every per-worker cache here keeps its entries in: the most recently used ``size`` entries.

Hand-written plumbing: ``functools.lru_cache`` memoizes a function and cannot be looked into, filled from
elsewhere or sized per instance; the caches here (decoded states, engine steps, rebuilt documents, watch
updates, the transports' shared messages) need exactly that.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from typing import TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class Lru(OrderedDict[Key, Value]):
    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def find(self, key: Key) -> Value | None:
        """The value of ``key``, now the most recently used; None when it is not kept."""
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def keep(self, key: Key, value: Value) -> Value:
        """``value`` under ``key``, the least recently used entries dropped past ``size``."""
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
        return value
