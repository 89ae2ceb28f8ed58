"""The processes ``bench service --spawn`` starts: a redis-server (unless the server runs on its embedded store) and
``cardroom serve``, on 127.0.0.1.

Each is a context manager that starts the process, waits until it answers
(Redis PING, gRPC health SERVING) and stops it on exit. The server's output
goes to a temporary log file, named in the error when it fails to start.
"""

from __future__ import annotations

import contextlib
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import redis
from grpc_health.v1 import health_pb2, health_pb2_grpc

#: seconds a spawned process gets to answer: a loaded 2-core machine took more than 30 to start 2 workers
START_TIMEOUT = 120.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def redis_server() -> Iterator[tuple[str, int]]:
    """A throwaway redis-server from PATH, without persistence; yields (url, pid)."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server is not on PATH (apt-get install redis-server), or pass --redis-url")
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    with tempfile.TemporaryDirectory(prefix="cardroom-bench-redis-") as workdir:
        args = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        process = subprocess.Popen([*args, "--dir", workdir], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            client = redis.Redis.from_url(url, socket_timeout=1)
            _wait(lambda: _answers(client), process, "redis-server")
            client.close()
            yield url, process.pid
        finally:
            _stop(process)


@contextlib.contextmanager
def cardroom_server(
    redis_url: str | None, workers: int, extra: tuple[str, ...] = (), *, http_port: int | None = None
) -> Iterator[tuple[str, int]]:
    """``cardroom serve`` with fixed decks allowed (the replay check sends seeds) and ``extra`` arguments, on
    the Redis at ``redis_url`` (None: on its embedded memory store, one worker only);
    yields (the gRPC address, pid). ``http_port``: the REST gateway's, for a bench that uses it (by default a
    free one: unused, but it must not collide)."""
    port = free_port()
    address = f"127.0.0.1:{port}"
    args = [sys.executable, "-m", "cardroom.cli", "serve", "--host", "127.0.0.1", "--grpc-port", str(port)]
    args += ["--http-port", str(http_port or free_port())]
    args += ["--workers", str(workers), "--allow-fixed-decks"]
    if redis_url is not None:
        args += ["--redis-url", redis_url]
    args += ["--secret", secrets.token_hex(16), "--log-level", "WARNING", *extra]
    with tempfile.NamedTemporaryFile(prefix="cardroom-bench-server-", suffix=".log", delete=False) as log:
        process = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
    try:
        # every worker must be up: each fresh connection lands on any of them
        _wait(lambda: all(_serving(address) for _ in range(4 * workers)), process, f"cardroom serve (log: {log.name})")
    except BaseException:
        _stop(process)  # the log stays for the error message to point at
        raise
    try:
        yield address, process.pid
    finally:
        _stop(process)
        Path(log.name).unlink(missing_ok=True)


def _answers(client: redis.Redis) -> bool:
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False


def _serving(address: str) -> bool:
    try:
        with grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]) as channel:
            answer = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(), timeout=1)
    except grpc.RpcError:
        return False
    return answer.status == health_pb2.HealthCheckResponse.SERVING


def _wait(ready: Callable[[], bool], process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while not ready():
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} not ready after {START_TIMEOUT}s")
        time.sleep(0.1)


def _stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
