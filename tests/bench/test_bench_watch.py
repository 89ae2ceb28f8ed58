"""``cardroom bench watch`` end to end with tiny bounds: its JSON and its counts, never its speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from support.processes import REPO

#: the bench's server runs with a command pool of 8; beside it, one pub/sub connection and the one connection a
#: single server's commits are multiplexed on (store/redis_pipe.py)
SERVER_CONNECTIONS = 8 + 1 + 1

ARGS = ["--watchers", "12", "--matches", "3", "--rate", "20", "--duration", "2", "--watcher-processes", "2"]


def _bench_watch(*extra: str) -> dict:
    # this checkout's code, as the test servers run it (the bench spawns its server with the same environment)
    paths = [str(REPO / "service"), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, paths))}
    done = subprocess.run(
        [sys.executable, "-m", "cardroom.cli", "bench", "watch", *ARGS, *extra],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=REPO,
        env=env,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def test_bench_watch_follows_every_stream_and_counts_every_update() -> None:
    report = _bench_watch("--floor")
    assert report["bench"] == "watch" and report["transport"] == "grpc"
    assert report["streams_following"] == 12 and report["streams_failed"] == 0
    assert report["commits"] > 0
    # every stream follows one of the 3 matches from before its first commit: it gets every commit of its match
    assert report["updates_expected"] == report["updates_delivered"] > 0
    assert report["missed"] == 0 and report["duplicated"] == 0
    assert 1 <= report["redis_connections"] <= SERVER_CONNECTIONS
    for key in ("latency_p50_ms", "latency_p99_ms", "server_rss_per_stream_kb", "server_cpu_s"):
        assert key in report
    # the floor: the same streams from a bare gRPC server pushing a real update's bytes, every one delivered
    floor = report["floor"]
    assert floor["streams_following"] == 12 and floor["streams_failed"] == 0 and floor["commits"] > 0
    assert floor["updates_expected"] == floor["updates_delivered"] > 0
    assert floor["missed"] == 0 and floor["duplicated"] == 0
    assert floor["update_bytes"] > 0 and "server_cpu_per_update_us" in floor


def test_bench_watch_over_server_sent_events() -> None:
    report = _bench_watch("--transport", "sse")
    assert report["transport"] == "sse"
    assert report["streams_following"] == 12 and report["streams_failed"] == 0 and report["commits"] > 0
    assert report["updates_expected"] == report["updates_delivered"] > 0
    assert report["missed"] == 0 and report["duplicated"] == 0
    assert 1 <= report["redis_connections"] <= SERVER_CONNECTIONS
    assert report["latency_p99_ms"] >= report["latency_p50_ms"] >= 0
