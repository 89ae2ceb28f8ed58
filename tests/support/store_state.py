"""What a refused request must not change: the whole content of the test's Redis, key by key."""

from __future__ import annotations

import redis

#: the creation-sequence counter: every create attempt draws a number, a replayed one too; it
#: orders listings and holds nothing of any match
SEQUENCE_KEYS = {b"cardroom:seq"}


def redis_state(url: str) -> dict[bytes, bytes]:
    """Every key of the database with its serialized value (``DUMP``: type and content, not the TTL)."""
    with redis.Redis.from_url(url) as client:
        keys = sorted(key for key in client.scan_iter(count=1000) if key not in SEQUENCE_KEYS)
        return {key: client.dump(key) for key in keys}
