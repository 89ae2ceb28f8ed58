"""The processes ``bench service --spawn`` starts: a redis-server (unless the server runs on its embedded store),
``cardroom serve`` (one or several replicas) and, in front of several, nginx with ``deploy/nginx/``'s
configuration, on 127.0.0.1.

Each is a context manager that starts the process, waits until it answers
(Redis PING, gRPC health SERVING, an HTTP answer through nginx) and stops it on exit. The server's output
goes to a temporary log file, named in the error when it fails to start.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
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


@cache
def server_interpreter(python: str | None) -> dict[str, str]:
    """The executable and version of the Python a spawned ``cardroom serve`` runs on (None: this one), checked
    to import this checkout's service; SystemExit with the reason when it cannot serve. Probed once per process
    (``bench peer`` asks before its first run and again in each of its ``bench service`` runs).

    The interpreter's build is a large part of the server's CPU per move (docs/benchmarks.md, twenty-third
    pass): a CPython built without profile-guided and link-time optimisation (pyenv's default) spends more than
    the optimised builds deployments run (Debian's python3, the official python images)."""
    executable = python or sys.executable
    probe = "import sys, cardroom; print(sys.version.split()[0])"
    try:
        found = subprocess.run([executable, "-c", probe], capture_output=True, text=True, timeout=60)
    except OSError as error:
        raise SystemExit(f"--server-python {executable}: {error}") from None
    if found.returncode != 0:
        reason = (found.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"--server-python {executable} cannot run cardroom serve: {reason}")
    return {"executable": executable, "version": found.stdout.strip()}


@contextlib.contextmanager
def cardroom_server(
    redis_url: str | None,
    workers: int,
    extra: tuple[str, ...] = (),
    *,
    http_port: int | None = None,
    secret: str | None = None,
    python: str | None = None,
) -> Iterator[tuple[str, int]]:
    """``cardroom serve`` with fixed decks allowed (the replay check sends seeds) and ``extra`` arguments, on
    the Redis at ``redis_url`` (None: on its embedded memory store, one worker only);
    yields (the gRPC address, pid). ``http_port``: the REST gateway's, for a bench that uses it (by default a
    free one: unused, but it must not collide); ``secret``: the seat tokens' key, which replicas of one
    deployment share (by default a fresh one); ``python``: the interpreter it runs on (by default this one)."""
    port = free_port()
    address = f"127.0.0.1:{port}"
    args = [python or sys.executable, "-m", "cardroom.cli", "serve", "--host", "127.0.0.1", "--grpc-port", str(port)]
    args += ["--http-port", str(http_port or free_port())]
    args += ["--workers", str(workers), "--allow-fixed-decks"]
    if redis_url is not None:
        args += ["--redis-url", redis_url]
    args += ["--secret", secret or secrets.token_hex(16), "--log-level", "WARNING", *extra]
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


#: the shipped nginx configuration (deploy/nginx/), beside this package in a checkout
NGINX_CONFIG = Path(__file__).resolve().parents[3] / "deploy" / "nginx"


@dataclass(frozen=True)
class Front:
    """A running nginx in front of replicas: the base URL of its HTTP server, the address of its gRPC server
    (None without gRPC backends) and the master's pid."""

    http_url: str
    grpc_address: str | None
    pid: int


@contextlib.contextmanager
def nginx_front(
    http_backends: Sequence[int],
    grpc_backends: Sequence[int] = (),
    *,
    placement: bool = True,
    access_log: Path | None = None,
) -> Iterator[Front]:
    """nginx on free loopback ports in front of the cardroom HTTP ports ``http_backends`` and gRPC ports
    ``grpc_backends`` (on 127.0.0.1), configured by ``deploy/nginx/``'s files as an operator includes them.
    ``placement`` False: the same files without their hash lines, so nginx balances in round robin (what a load
    balancer that knows nothing of matches does: the other arm of an A/B). ``access_log``: where nginx logs each
    request as ``<placement key> <status> <method> <uri> <upstreams tried>``."""
    binary = shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin")  # Debian's, off a user's PATH
    if binary is None:
        raise SystemExit("nginx is not installed (apt-get install nginx-light)")
    parts = {"http": http_backends, "grpc": grpc_backends}
    ports = {kind: free_port() for kind, backends in parts.items() if backends}
    with tempfile.TemporaryDirectory(prefix="cardroom-nginx-") as workdir:
        work = Path(workdir)
        for kind in ports:
            upstream = (NGINX_CONFIG / f"cardroom-{kind}-upstream.conf").read_text()
            if not placement:
                upstream = "\n".join(line for line in upstream.splitlines() if not line.strip().startswith("hash "))
            (work / f"cardroom-{kind}-upstream.conf").write_text(upstream)
            locations = f"cardroom-{kind}-locations.conf"
            (work / locations).write_text((NGINX_CONFIG / locations).read_text())
            backends = "".join(f"server 127.0.0.1:{port};\n" for port in parts[kind])
            (work / f"cardroom-{kind}-backends.conf").write_text(backends)
        servers = [
            _NGINX_SERVER.format(
                kind=kind,
                listen=f"127.0.0.1:{port}" + (" http2" if kind == "grpc" else ""),
                log=f"access_log {access_log} {kind}_placement;" if access_log else "access_log off;",
            )
            for kind, port in ports.items()
        ]
        (work / "nginx.conf").write_text(_NGINX_MAIN.format(work=work, servers="".join(servers)))
        args = [binary, "-p", workdir, "-c", str(work / "nginx.conf"), "-e", str(work / "error.log")]
        process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{ports['http']}"
        grpc_address = f"127.0.0.1:{ports['grpc']}" if "grpc" in ports else None
        try:
            ready = [lambda: _http_answers(f"{url}/healthz")]
            if grpc_address is not None:
                ready.append(lambda: _serving(grpc_address))
            _wait(lambda: all(check() for check in ready), process, f"nginx (log: {work / 'error.log'})")
            yield Front(url, grpc_address, process.pid)
        finally:
            _stop(process)


#: the main file around deploy/nginx/'s includes: one worker (the bench's cores are few), files kept in the run's
#: own directory (no root needed), a log format per port for the tests
_NGINX_MAIN = """\
daemon off;
worker_processes 1;
pid {work}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    client_body_temp_path {work}/body;
    proxy_temp_path {work}/proxy;
    fastcgi_temp_path {work}/fastcgi;
    uwsgi_temp_path {work}/uwsgi;
    scgi_temp_path {work}/scgi;
{servers}}}
"""
_NGINX_SERVER = """\
    log_format {kind}_placement '$cardroom_{kind}_placement $status $request_method $uri $upstream_addr';
    include cardroom-{kind}-upstream.conf;
    server {{
        listen {listen};
        {log}
        include cardroom-{kind}-locations.conf;
    }}
"""


def _http_answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as answer:
            return answer.status == 200
    except (urllib.error.URLError, OSError):
        return False


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
