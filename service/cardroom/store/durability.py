"""Redis persistence at startup: warn when an acknowledged action would not survive a Redis restart.

The service acknowledges an action once Redis has applied it; whether it survives a Redis
restart or a power loss is Redis's persistence (docs/security.md, "Durability"):

* AOF with ``appendfsync always``: every acknowledged write is on disk; nothing is lost.
* AOF with ``appendfsync everysec`` (Redis's default for AOF): at most about one second of
  acknowledged actions is lost on a power loss (none on a clean restart).
* RDB snapshots only (``save`` rules): everything since the last snapshot is lost.
* neither: a Redis restart loses every match.

CONFIG may be disabled or renamed (managed Redis services do that): then the settings cannot be
read, and the service says so at INFO instead of guessing.
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

import redis.asyncio as redis
from redis.exceptions import RedisError, ResponseError

from cardroom.store.redis_client import node_urls

log = logging.getLogger(__name__)


async def read_persistence(url: str) -> dict[str, str] | None:
    """``appendonly``, ``appendfsync`` and ``save`` of the Redis at ``url``; None when CONFIG is refused."""
    client = redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    try:
        found: dict[str, str] = {}
        for name in ("appendonly", "appendfsync", "save"):
            reply = await client.config_get(name)
            found[name] = _text(reply.get(name, reply.get(name.encode(), "")))
        return found
    except ResponseError:  # unknown command: CONFIG disabled or renamed
        return None
    finally:
        await client.aclose()


def describe(settings: dict[str, str]) -> tuple[bool, str]:
    """(persistent at all, what a Redis restart or power loss may lose)."""
    if settings["appendonly"] == "yes":
        if settings["appendfsync"] == "always":
            return True, "AOF appendfsync always: no acknowledged action is lost"
        return True, f"AOF appendfsync {settings['appendfsync']}: about 1 s of acknowledged actions on a power loss"
    if settings["save"].strip():
        return True, f"RDB snapshots only (save {settings['save']}): actions since the last snapshot on a restart"
    return False, "neither AOF nor RDB: a Redis restart loses every match"


async def check_persistence(url: str) -> None:
    """Log what Redis's persistence guarantees; a WARNING when it guarantees nothing. For a Redis Cluster
    URL, each node it names is checked (the nodes it does not name are not seen)."""
    try:
        nodes = node_urls(url)
    except ValueError as error:
        log.warning("could not read Redis persistence settings (%s); check AOF or RDB is on", error)
        return
    for node in nodes:
        await _check_node(node, "" if len(nodes) == 1 else f" of {urlsplit(node).netloc.rpartition('@')[2]}")


async def _check_node(url: str, which: str) -> None:
    try:
        settings = await read_persistence(url)
    except (RedisError, OSError, ValueError) as error:  # unreachable, or a URL this client cannot open
        reason = type(error).__name__
        log.warning("could not read Redis persistence settings%s (%s); check AOF or RDB is on", which, reason)
        return
    if settings is None:
        log.info("Redis CONFIG%s is not available: cannot check persistence; make sure AOF or RDB is on", which)
        return
    persistent, guarantee = describe(settings)
    (log.info if persistent else log.warning)("Redis persistence%s: %s", which, guarantee)


def _text(value: object) -> str:
    return value.decode() if isinstance(value, bytes) else str(value or "")
