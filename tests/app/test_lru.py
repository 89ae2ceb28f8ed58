"""The bounded map of the per-worker caches (app/lru.py)."""

from __future__ import annotations

from cardroom.app.lru import Lru


def test_the_least_recently_used_entry_goes_first() -> None:
    kept: Lru[str, int] = Lru(2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    assert kept.find("a") == 1  # used: "b" is now the oldest
    assert kept.keep("c", 3) == 3
    assert list(kept) == ["a", "c"]
    kept.keep("a", 4)  # kept again: the newest, with its new value
    kept.keep("d", 5)
    assert dict(kept) == {"a": 4, "d": 5}
    assert kept.find("c") is None
