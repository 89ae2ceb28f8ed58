"""Engine data converted to protobuf once per distinct value, per worker.

The legal actions and the events a worker converts repeat: every Flip 7 turn offers the same hit or stay, a
public event is the same for each viewer class of its version, and each of them was built field by field in
Python again (``convert``'s generic mapping, ``action_sets_wire``'s factoring: a Flip 7 turn's two actions took
~0.2 ms to become sets). ``by_value`` keys a conversion by the value's msgpack encoding (msgspec, C: a few
microseconds), which is the value exactly: equal encodings are equal plain data, and the conversions are pure
functions of the game and the data. A miss, or a value too big to key cheaply, only costs the conversion.

The memoized messages are shared: callers copy them into the message they build (a repeated field's
constructor copies what it is given) and never change them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

Made = TypeVar("Made")

#: distinct values kept per conversion per worker
SIZE = 2048
#: values whose encoding is longer are converted each time (an 8-seat Pumptown turn's 1,792 swaps would pin
#: megabytes per entry)
MAX_KEY_BYTES = 4096

_encode = msgspec.msgpack.Encoder().encode
_decode = msgspec.msgpack.Decoder().decode


def by_value(convert: Callable[[str, Any], Made]) -> Callable[[str, Any], Made]:
    """``convert(game, value)`` made once per distinct (game, value) among the ``SIZE`` most recent."""

    @functools.lru_cache(maxsize=SIZE)
    def cached(game: str, key: bytes) -> Made:
        return convert(game, _decode(key))  # lists where the value had tuples: the conversions take either

    @functools.wraps(convert)
    def memoized(game: str, value: Any) -> Made:
        key = _encode(value)
        if len(key) > MAX_KEY_BYTES:
            return convert(game, value)
        return cached(game, key)

    memoized.cache_info = cached.cache_info  # type: ignore[attr-defined]
    return memoized
