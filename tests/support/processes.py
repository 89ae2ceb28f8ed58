"""Real processes for tests: a redis-server and the cardroom server, on 127.0.0.1 only.

Both are started fresh, wait until they answer, and are stopped at teardown.
Nothing here mocks Redis or the server.
"""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

REPO = Path(__file__).resolve().parents[2]


def _ephemeral_ports_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768  # Linux's default


def free_port() -> int:
    """A free loopback port below the kernel's ephemeral range. A port the kernel hands out for
    ``bind(0)`` is one it also hands out as the source port of outgoing connections (to Redis, to a
    server being redialled, even a connection to itself), so a test that kills a server and starts it
    again on the same port could find that port taken; no source port is ever picked below the range."""
    top = _ephemeral_ports_start()
    for _ in range(1000):
        port = random.randint(10000, top - 1)
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))  # no SO_REUSEADDR: not even a TIME_WAIT socket on it
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port between 10000 and {top}")


def free_cluster_port() -> int:
    """A free port whose cluster bus port (port + 10000, Redis's fixed offset) is free too, both below
    the ephemeral range (see ``free_port``)."""
    for _ in range(1000):
        port = random.randint(10000, _ephemeral_ports_start() - 10001)
        try:
            with socket.socket() as one, socket.socket() as bus:
                one.bind(("127.0.0.1", port))
                bus.bind(("127.0.0.1", port + 10000))
        except OSError:
            continue
        return port
    raise RuntimeError("no free port pair for a Redis Cluster node")


def wait_until(predicate, timeout: float, what: str, interval: float = 0.05) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(interval)
    raise TimeoutError(f"{what} not ready after {timeout}s")


async def wait_until_async(predicate, timeout: float, what: str, interval: float = 0.02) -> None:
    """``wait_until`` inside an event loop: the loop keeps running the work that makes ``predicate`` true."""
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() >= deadline:
            raise TimeoutError(f"{what} not ready after {timeout}s")
        await asyncio.sleep(interval)


class RedisProcess:
    """A throwaway redis-server; ``stop``/``start`` keep the port so clients can reconnect."""

    def __init__(self, *, persistent: bool = False, extra: tuple[str, ...] = (), port: int | None = None) -> None:
        """``extra``: more redis-server arguments, e.g. ``("--rename-command", "CONFIG", "")``."""
        self.persistent = persistent
        self.extra = extra
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is not on PATH: run 'apt-get install -y redis-server' (CI does)")
        self.binary = binary
        self.port = port or free_port()
        self.dir = tempfile.mkdtemp(prefix="cardroom-redis-")
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--dir", self.dir]
        # an append-only file synced on every write lets a restarted server keep every commit
        args += ["--appendonly", "yes", "--appendfsync", "always"] if self.persistent else ["--appendonly", "no"]
        args += self.extra
        self.process = subprocess.Popen(args, cwd=self.dir, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(self._answers, 10, "redis-server")

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None

    def pause(self) -> None:
        """Freeze the process: connections are accepted but never answered, the way a
        hung or partitioned server looks to a client."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


def serve_args(redis_url: str | None, port: int, http_port: int, secret: str, *extra: str) -> list[str]:
    """The command line of ``cardroom serve`` on 127.0.0.1 (run with ``PYTHONPATH=service``, see ``SERVE_ENV``)."""
    args = [sys.executable, "-m", "cardroom.cli", "serve", "--host", "127.0.0.1", "--grpc-port", str(port)]
    args += ["--http-port", str(http_port), "--secret", secret, *extra]
    return [*args, "--redis-url", redis_url] if redis_url else args


#: what ``serve_args`` needs in its environment: the service's sources on the path
SERVE_ENV = {"PYTHONPATH": str(REPO / "service")}


class ServerProcess:
    """``cardroom serve`` as a child process, ready once gRPC health says SERVING."""

    def __init__(
        self,
        redis_url: str | None,
        *extra: str,
        secret: str = "test-secret",
        port: int | None = None,
        tls_ca: bytes | None = None,
        http_port: int | None = None,
    ):
        """``tls_ca``: the PEM root that signed the certificate given with ``--tls-cert`` in ``extra``."""
        self.tls_ca = tls_ca
        self.secret = secret
        self.port = port or free_port()
        self.http_port = http_port or free_port()
        self.args = serve_args(redis_url, self.port, self.http_port, secret, *extra)
        self.process: subprocess.Popen | None = None
        self.log_path = Path(tempfile.mkstemp(prefix="cardroom-server-", suffix=".log")[1])

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def http_url(self) -> str:
        return f"{'https' if self.tls_ca else 'http'}://127.0.0.1:{self.http_port}"

    def start(self, timeout: float = 60) -> None:
        """Start and wait for SERVING. The timeout is generous because a loaded CI machine
        (a browser test and a load test on the other core) has taken over 20 s to import and bind;
        a server that is up returns at once, one that exits fails at once with its log."""
        env = {**os.environ, **SERVE_ENV}
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(self.args, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            wait_until(self.serving, timeout, f"cardroom server (log: {self.log_path})", interval=0.1)
        except TimeoutError as error:
            raise TimeoutError(f"{error}; its log ends with:\n{self.log_path.read_text()[-2000:]}") from None

    def health(self) -> int | None:
        try:
            with self.channel() as channel:
                stub = health_pb2_grpc.HealthStub(channel)
                return stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=0.5).status
        except grpc.RpcError:
            return None

    def channel(self) -> grpc.Channel:
        if self.tls_ca is None:
            return grpc.insecure_channel(self.address)
        return grpc.secure_channel(self.address, grpc.ssl_channel_credentials(root_certificates=self.tls_ca))

    def serving(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise RuntimeError(f"server exited with {self.process.returncode}: {self.log_path.read_text()[-2000:]}")
        return self.health() == health_pb2.HealthCheckResponse.SERVING

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 20) -> int | None:
        if self.process is None:
            return None
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        code = self.process.returncode
        self.process = None
        return code

    def kill(self) -> None:
        self.stop(signal.SIGKILL)


def tls_server(redis_url: str | None, folder: Path, *extra: str) -> ServerProcess:
    """A ``ServerProcess`` over TLS (not started) whose certificate, for 127.0.0.1 and localhost,
    comes from a throwaway certificate authority; its PEM root is the process's ``tls_ca``."""
    import trustme  # a test dependency: only TLS tests load it

    authority = trustme.CA()
    issued = authority.issue_cert("127.0.0.1", "localhost")
    chain, key = folder / "chain.pem", folder / "key.pem"
    chain.write_bytes(b"".join(blob.bytes() for blob in issued.cert_chain_pems))
    key.write_bytes(issued.private_key_pem.bytes())
    tls = ("--tls-cert", str(chain), "--tls-key", str(key))
    return ServerProcess(redis_url, *extra, *tls, tls_ca=authority.cert_pem.bytes())


class RedisClusterProcess:
    """A throwaway Redis Cluster of ``masters`` redis-servers (no replicas) on free loopback ports.

    Made the way an operator makes one: each node with ``--cluster-enabled yes``, then
    ``redis-cli --cluster create ... --cluster-yes``; ready once every node says ``cluster_state:ok``.
    ``stop``/``start`` keep the ports and each node's cluster config file, so a restarted cluster comes back
    with the same slots (the way the single-node ``RedisProcess`` keeps its port)."""

    def __init__(self, masters: int = 3, *, persistent: bool = False) -> None:
        """``persistent``: every node keeps an append-only file synced on every write (as ``RedisProcess``)."""
        extra = ("--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf")
        self.nodes = [
            RedisProcess(persistent=persistent, extra=extra, port=free_cluster_port()) for _ in range(masters)
        ]
        self.created = False

    @property
    def url(self) -> str:
        return "redis+cluster://" + ",".join(f"127.0.0.1:{node.port}" for node in self.nodes)

    @property
    def ports(self) -> list[int]:
        return [node.port for node in self.nodes]

    def start(self) -> None:
        for node in self.nodes:
            node.start()
        if not self.created:
            cli = shutil.which("redis-cli")
            if cli is None:
                raise RuntimeError("redis-cli is not on PATH: run 'apt-get install -y redis-tools' (CI does)")
            addresses = [f"127.0.0.1:{node.port}" for node in self.nodes]
            subprocess.run(
                [cli, "--cluster", "create", *addresses, "--cluster-replicas", "0", "--cluster-yes"],
                check=True,
                stdout=subprocess.DEVNULL,
                timeout=60,
            )
            self.created = True
        wait_until(self._ok, 60, "redis cluster (cluster_state:ok on every node)", interval=0.1)

    def cli(self, port: int, *args: str) -> str:
        """One redis-cli command to the node on ``port``; its reply as text."""
        done = subprocess.run(
            ["redis-cli", "-p", str(port), *args], check=True, capture_output=True, text=True, timeout=30
        )
        return done.stdout

    def _ok(self) -> bool:
        try:
            return all("cluster_state:ok" in self.cli(port, "cluster", "info") for port in self.ports)
        except subprocess.SubprocessError:
            return False

    def stop(self) -> None:
        for node in self.nodes:
            node.stop()

    def close(self) -> None:
        for node in self.nodes:
            node.close()

    # -- moving a slot, the way an operator reshards by hand --------------------------------------------------

    def _node(self, port: int):
        import redis  # test dependency of the store tests already; only cluster tests get here

        return redis.Redis(host="127.0.0.1", port=port, decode_responses=True, socket_timeout=10)

    def keyslot(self, key: str) -> int:
        with self._node(self.ports[0]) as node:
            return int(node.execute_command("CLUSTER", "KEYSLOT", key))

    def owner(self, slot: int) -> int:
        """The port of the master that serves ``slot`` (as the first node sees the cluster)."""
        with self._node(self.ports[0]) as node:
            for start, end, master, *_ in node.execute_command("CLUSTER", "SLOTS"):
                if start <= slot <= end:
                    return int(master[1])
        raise LookupError(f"slot {slot} is not served")

    def node_id(self, port: int) -> str:
        with self._node(port) as node:
            return node.execute_command("CLUSTER", "MYID")

    def begin_move(self, slot: int, target: int) -> int:
        """``CLUSTER SETSLOT`` IMPORTING on ``target``, MIGRATING on the owner; returns the owner's port."""
        source = self.owner(slot)
        with self._node(target) as node:
            node.execute_command("CLUSTER", "SETSLOT", slot, "IMPORTING", self.node_id(source))
        with self._node(source) as node:
            node.execute_command("CLUSTER", "SETSLOT", slot, "MIGRATING", self.node_id(target))
        return source

    def migrate_keys(self, slot: int, source: int, target: int) -> int:
        """``MIGRATE ... KEYS`` every key of ``slot`` from ``source`` to ``target``; how many moved."""
        moved = 0
        with self._node(source) as node:
            while keys := node.execute_command("CLUSTER", "GETKEYSINSLOT", slot, 100):
                node.execute_command("MIGRATE", "127.0.0.1", target, "", 0, 5000, "KEYS", *keys)
                moved += len(keys)
        return moved

    def end_move(self, slot: int, target: int) -> None:
        """``CLUSTER SETSLOT <slot> NODE <target>`` on the target, then on every other master."""
        target_id = self.node_id(target)
        for port in sorted(self.ports, key=lambda port: port != target):
            with self._node(port) as node:
                node.execute_command("CLUSTER", "SETSLOT", slot, "NODE", target_id)
