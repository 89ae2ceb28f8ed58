"""redis-py clients for a ``--redis-url``: one Redis server, or a Redis Cluster.

URL forms (``CARDROOM_REDIS_URL`` takes the same):

* ``redis://[user:password@]host:port/db``, ``rediss://...``, ``unix://...``: one server (redis-py's parsing);
* ``redis+cluster://[user:password@]host:port[,host:port...][?option=value...]`` and ``rediss+cluster://...``
  (TLS): a Redis Cluster. The hosts are startup nodes; redis-py's ``redis.asyncio.cluster.RedisCluster``
  discovers the other nodes and routes every command by its key's slot, following MOVED and ASK redirections
  while slots move (no slot routing is written here). Query options are redis-py's connection options, as for
  ``redis://``. A cluster has no databases: a ``/db`` other than 0 is refused.

Both clients are command clients with a bounded number of connections: the single-server pool makes a call
wait (up to the timeout) for a free connection; redis-py's cluster client holds up to ``pool_size``
connections per node and fails a call beyond that (MaxConnectionsError, a ConnectionError: UNAVAILABLE).
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import AbstractConnection, SSLConnection, parse_url
from redis.exceptions import ConnectionError, RedisClusterException

CLUSTER_SCHEMES = {"redis+cluster": "redis", "rediss+cluster": "rediss"}

Client = aioredis.Redis | RedisCluster


def is_cluster_url(url: str) -> bool:
    return urlsplit(url).scheme in CLUSTER_SCHEMES


def node_urls(url: str) -> list[str]:
    """One plain ``redis://``/``rediss://`` URL per host of ``url`` (the URL itself when it is not a cluster's)."""
    parts = urlsplit(url)
    if parts.scheme not in CLUSTER_SCHEMES:
        return [url]
    credentials, _, hosts = parts.netloc.rpartition("@")
    scheme = CLUSTER_SCHEMES[parts.scheme]
    if parts.path not in ("", "/", "/0"):
        raise ValueError(f"a Redis Cluster has only database 0, not {parts.path!r}: {url}")
    urls = []
    for host in hosts.split(","):
        if not host.strip():
            raise ValueError(f"empty host in Redis Cluster URL: {url}")
        netloc = f"{credentials}@{host.strip()}" if credentials else host.strip()
        urls.append(urlunsplit((scheme, netloc, "", parts.query, "")))
    return urls


def open_client(url: str, *, pool_size: int, timeout: float, **options: Any) -> Client:
    """The command client for ``url``; ``options`` are redis-py connection options for every connection."""
    options = {"socket_connect_timeout": timeout, "socket_timeout": timeout, **options}
    if not is_cluster_url(url):
        # A bounded pool that makes a call wait (up to ``timeout``) for a free connection rather than open more.
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=pool_size, timeout=timeout, **options)
        return aioredis.Redis(connection_pool=pool)
    nodes = node_urls(url)
    settings: dict[str, Any] = dict(parse_url(nodes[0]))
    if settings.pop("connection_class", None) is SSLConnection:
        settings["ssl"] = True
    for name in ("host", "port", "db"):
        settings.pop(name, None)
    startup = []
    for node in nodes:
        parts = urlsplit(node)
        if parts.hostname is None:
            raise ValueError(f"no host in Redis Cluster URL: {url}")
        startup.append(ClusterNode(parts.hostname, parts.port or 6379))
    return RedisCluster(startup_nodes=startup, max_connections=pool_size, **settings, **options)


async def ready(client: Client) -> None:
    """Make a cluster client discover the cluster before its first command, once: concurrent first commands on an
    uninitialised redis-py cluster client fail at random (redis-py issue #3935). A cluster none of whose startup
    nodes answers is raised as ConnectionError, like an unreachable server."""
    if isinstance(client, RedisCluster):
        try:
            await client.initialize()
        except RedisClusterException as error:
            raise ConnectionError(str(error)) from error


async def dedicated_connection(client: Client, **options: Any) -> AbstractConnection:
    """A connection of its own (outside the command pool) to the server, or to one cluster node, in RESP2: the
    watch fan-out subscribes on it (on RESP2 a subscribed connection's messages are plain replies; RESP3 hands
    them to push handlers instead), and the commits are multiplexed on one (store/redis_pipe.py). On a cluster
    classic PUBLISH reaches every node, so any node will do; a random primary spreads the workers' subscriptions
    over the nodes. ``options`` override the pool's connection options (e.g. ``socket_timeout=None``)."""
    if isinstance(client, RedisCluster):
        await ready(client)
        node = random.choice(client.get_primaries())
        conn: AbstractConnection = node.connection_class(**{**node.connection_kwargs, "protocol": 2, **options})
    else:
        pool = client.connection_pool
        conn = pool.connection_class(**{**pool.connection_kwargs, "protocol": 2, **options})
    await conn.connect()
    return conn
