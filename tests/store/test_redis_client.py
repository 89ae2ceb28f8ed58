"""``--redis-url`` forms: one server, or a Redis Cluster's startup nodes (no server needed to parse them)."""

from __future__ import annotations

import pytest
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster

from cardroom.store.redis_client import is_cluster_url, node_urls, open_client


def test_a_single_server_url_is_itself() -> None:
    assert not is_cluster_url("redis://127.0.0.1:6379/2")
    assert node_urls("rediss://user:pw@host:6380/0") == ["rediss://user:pw@host:6380/0"]
    assert isinstance(open_client("redis://127.0.0.1:6379/0", pool_size=2, timeout=1.0), Redis)


def test_a_cluster_url_names_every_startup_node_with_its_credentials_and_options() -> None:
    url = "rediss+cluster://user:pw@10.0.0.1:7000, 10.0.0.2:7001/0?ssl_cert_reqs=none"
    assert is_cluster_url(url) and is_cluster_url("redis+cluster://h:1")
    assert node_urls(url) == [
        "rediss://user:pw@10.0.0.1:7000?ssl_cert_reqs=none",
        "rediss://user:pw@10.0.0.2:7001?ssl_cert_reqs=none",
    ]
    client = open_client(url, pool_size=3, timeout=1.0)
    assert isinstance(client, RedisCluster)
    assert [(node.host, node.port) for node in client.nodes_manager.startup_nodes.values()] == [
        ("10.0.0.1", 7000),
        ("10.0.0.2", 7001),
    ]
    assert client.connection_kwargs["username"] == "user" and client.connection_kwargs["password"] == "pw"


@pytest.mark.parametrize("url", ["redis+cluster://h:1/3", "redis+cluster://h:1,,h:2", "redis+cluster://"])
def test_a_cluster_url_without_hosts_or_with_a_database_is_refused(url: str) -> None:
    with pytest.raises(ValueError):
        open_client(url, pool_size=1, timeout=1.0)
