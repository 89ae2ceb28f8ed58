"""Observability tests read what a live server exposes: its /metrics and its log."""

from __future__ import annotations

import pytest

from support.processes import RedisProcess


@pytest.fixture(scope="module")
def redis_process():
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()
