"""A real redis-server process and store factories for the store tests.

In a module of its own (not conftest.py) so test modules can import these names
unambiguously: other test directories have a conftest.py of their own.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time
import uuid

import pytest

from cardroom.store import MatchStore, MemoryStore


class RedisServer:
    """One redis-server process on a fixed port that tests may stop and restart."""

    def __init__(self, workdir: str):
        self.workdir = workdir
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not on PATH: run `apt-get install redis-server` (CI installs it)")
        self._process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self.workdir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not self._answers_ping():
            if self._process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"redis-server did not start on port {self.port}")
            time.sleep(0.02)

    def stop(self) -> None:
        if self._process is not None:
            self._process.kill()
            self._process.wait(timeout=10)
            self._process = None

    def pause(self) -> None:
        """Freeze the process: connections are still accepted but never answered,
        the way a hung or partitioned server looks to a client."""
        assert self._process is not None
        self._process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self._process is not None
        self._process.send_signal(signal.SIGCONT)

    def _answers_ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False


class StoreFactory:
    """Opens stores of one kind. Redis stores from one factory share a key prefix, so
    two of them act as two replicas of the service while other tests never see their
    keys; memory stores are each their own world (``shared`` is False)."""

    def __init__(self, server: RedisServer | None):
        self.server = server
        self.shared = server is not None
        self.prefix = f"test:{uuid.uuid4().hex}:"
        self.opened: list[MatchStore] = []

    def open(self, finished_ttl: float = 60.0, idle_ttl: float = 60.0) -> MatchStore:
        store: MatchStore
        if self.server is None:
            store = MemoryStore(finished_ttl=finished_ttl, idle_ttl=idle_ttl)
        else:
            from cardroom.store.redis import RedisStore

            store = RedisStore(self.server.url, finished_ttl=finished_ttl, idle_ttl=idle_ttl, key_prefix=self.prefix)
        self.opened.append(store)
        return store

    async def close(self) -> None:
        for store in self.opened:
            await store.close()
