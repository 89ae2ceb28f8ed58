"""The service's Prometheus metrics (prometheus-client), safe with ``--workers``.

With ``PROMETHEUS_MULTIPROC_DIR`` in the environment prometheus-client keeps every
value in per-process files there and ``exposition`` merges them, so whichever worker
answers ``/metrics`` reports the whole server. ``serve_workers`` sets that directory
up itself (``multiprocess_dir``) before it spawns the workers; one process needs none.
Names and labels here are what ``deploy/prometheus/`` and ``deploy/grafana/`` use
(``tests/observability/test_deploy_rules.py`` checks that each one they name exists).
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
    multiprocess,
)

# the *_created series double every counter's lines and no rule or panel reads them
disable_created_metrics()

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


@functools.cache
def child(metric: Counter | Gauge | Histogram, *values: str) -> Any:
    """``metric.labels(*values)``, looked up once per label values: prometheus-client's ``labels()`` takes a lock
    and builds its key on every call (~1 µs, and an action goes through several), so its documentation's advice
    is to keep the child. Every child lives as long as its metric in any case, so keeping it costs nothing more."""
    return metric.labels(*values)

#: request latencies: sub-millisecond reads up to the default 10 s call deadline
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: one engine step or one Redis round trip: microseconds to tens of milliseconds
FAST_BUCKETS = (0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)

REQUESTS = Counter(
    "cardroom_requests_total",
    "Finished calls by transport (grpc, http), method, canonical code and ErrorInfo reason ('' when OK)",
    ["transport", "method", "code", "reason"],
)
REQUEST_SECONDS = Histogram(
    "cardroom_request_duration_seconds",
    "Duration of calls (streams: until they end) by transport, method and canonical code",
    ["transport", "method", "code"],
    buckets=LATENCY_BUCKETS,
)
LIVE_STREAMS = Gauge(
    "cardroom_live_streams",
    "Streams open now: WatchMatch (gRPC streams and Server-Sent Events) and Play sessions (gRPC, WebSocket)",
    ["transport"],
    multiprocess_mode="livesum",
)
PLAY_SESSIONS = Gauge(
    "cardroom_play_sessions",
    "Play sessions open now (the gRPC Play stream and the WebSocket /v1/play); their actions are counted as "
    'cardroom_requests_total{method="Play.action"}',
    ["transport"],
    multiprocess_mode="livesum",
)
PLAY_HANDOFFS = Counter(
    "cardroom_play_handoffs_total",
    "Play WebSockets naming their match (?match=) that arrived at a worker not owning it (--workers N): passed "
    "to the owner, or kept (served where they arrived) when the owner did not take them",
    ["result"],
)
COMMITS = Counter(
    "cardroom_commits_total", "Versions committed to the match store, by game and kind of change", ["game", "kind"]
)
VERSION_CONFLICTS = Counter(
    "cardroom_version_conflicts_total",
    "Commits that lost the compare-and-set to another writer (retried or reported as STALE_VERSION)",
    ["game"],
)
ABORTS = Counter(
    "cardroom_aborts_total",
    "Changes refused as ABORTED: STALE_VERSION (the caller's expected version is old) or TOO_MANY_CONFLICTS",
    ["game", "reason"],
)
REPLAYS = Counter(
    "cardroom_idempotent_replays_total",
    "Requests whose request_id was already answered: the first answer is returned, nothing applied again",
    ["game"],
)
ENGINE_APPLY_SECONDS = Histogram(
    "cardroom_engine_apply_seconds", "Time the rules engine takes to apply one action", ["game"], buckets=FAST_BUCKETS
)
STORE_SECONDS = Histogram(
    "cardroom_store_operation_seconds",
    "Match-store operations (Redis round trips, Lua scripts included) by backend, operation and outcome",
    ["backend", "operation", "outcome"],
    buckets=FAST_BUCKETS,
)
MATCHES = Gauge(
    "cardroom_matches",
    "Matches per game and status in the store's lobby index, read at scrape time (expired ones drop out "
    "with the index sweep)",
    ["game", "status"],
    multiprocess_mode="mostrecent",
)


def observe_matches(counts: Mapping[tuple[str, str], int]) -> None:
    """Publish the store's match counts (a status no longer present reads 0)."""
    for (game, status), count in counts.items():
        MATCHES.labels(game, status).set(count)


def exposition() -> tuple[bytes, str]:
    """The Prometheus text format of every metric, of all worker processes when there are several."""
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        return generate_latest(registry), CONTENT_TYPE_LATEST
    return generate_latest(), CONTENT_TYPE_LATEST


@contextlib.contextmanager
def multiprocess_dir() -> Iterator[Path]:
    """The directory the worker processes share their values in, for the life of the server.

    An operator's ``PROMETHEUS_MULTIPROC_DIR`` is used (emptied first: values of an
    earlier run would be added in); otherwise a temporary one is made and removed."""
    given = os.environ.get(MULTIPROC_ENV)
    if given:
        folder = Path(given)
        folder.mkdir(parents=True, exist_ok=True)
        for stale in folder.glob("*.db"):
            stale.unlink()
        yield folder
        return
    folder = Path(tempfile.mkdtemp(prefix="cardroom-metrics-"))
    os.environ[MULTIPROC_ENV] = str(folder)
    try:
        yield folder
    finally:
        os.environ.pop(MULTIPROC_ENV, None)
        shutil.rmtree(folder, ignore_errors=True)


def worker_exited(pid: int) -> None:
    """Drop a dead worker's live gauges (its open streams are gone with it)."""
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(pid)
