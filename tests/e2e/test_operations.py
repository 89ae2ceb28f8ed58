"""Operating a public server: readiness while Redis hangs, a dead worker replaced, SIGTERM with open
Server-Sent Events streams, unparsable requests in the log, and the Redis persistence warning, on both
event loops the server can run on."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest
from httpx_sse import connect_sse

from support.processes import RedisProcess, ServerProcess, wait_until

GRACE = 30  # --shutdown-grace of the server under test: the exit must come well before it


@pytest.fixture(scope="module")
def bare_redis():
    """A Redis without AOF or RDB (the processes helper's default), of this module only."""
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()


@pytest.fixture(scope="module", params=["uvloop", "asyncio"])
def single(bare_redis, request):
    """The server on each event loop of --event-loop: every test of this module runs on both."""
    process = ServerProcess(bare_redis.url, "--shutdown-grace", str(GRACE), "--event-loop", request.param)
    process.start()
    yield process
    process.stop()


def test_the_server_runs_on_the_event_loop_it_was_given(single):
    loop = single.args[single.args.index("--event-loop") + 1]
    assert f"(event loop: {loop})" in single.log_path.read_text()


def test_a_redis_without_persistence_is_warned_about_at_startup(single):
    log = single.log_path.read_text()
    assert "WARNING" in log and "neither AOF nor RDB" in log


def test_readyz_answers_503_while_redis_hangs(single, bare_redis):
    with httpx.Client(base_url=single.http_url, timeout=10) as http:
        assert http.get("/readyz").json() == {"status": "SERVING"}
        bare_redis.pause()
        try:
            # the server gives Redis 0.5 s, then answers; the client's 10 s only guard the test
            response = http.get("/readyz")
        finally:
            bare_redis.resume()
        assert (response.status_code, response.json()) == (503, {"status": "NOT_SERVING"})
        wait_until(lambda: http.get("/readyz").status_code == 200, 20, "readiness after Redis resumed")


def test_an_oversized_header_is_one_log_line_not_a_traceback(single):
    before = single.log_path.read_text()
    for _ in range(3):
        with socket.create_connection(("127.0.0.1", single.http_port), timeout=10) as connection:
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n")
            assert connection.recv(64).startswith(b"HTTP/1.0 400")
    wait_until(lambda: single.log_path.read_text().count("unparsable HTTP request") >= 3, 10, "log lines")
    added = single.log_path.read_text()[len(before) :]
    assert "Traceback" not in added and "aaaaaaaa" not in added
    assert added.count("unparsable HTTP request") == 3


def test_sigterm_ends_open_sse_streams_with_a_reconnect_event_and_exits_in_time(single):
    """Last in the module: it stops the server."""
    with httpx.Client(base_url=single.http_url, timeout=60) as http:
        created = http.post("/v1/games/pumba/matches", json={"seatCount": 2}).json()
        name = created["state"]["match"]["name"]
        events: list = []
        opened = threading.Event()

        def follow() -> None:
            with connect_sse(http, "GET", f"/v1/{name}:watch") as source:
                for event in source.iter_sse():
                    events.append(event)
                    opened.set()

        watcher = threading.Thread(target=follow, daemon=True)
        watcher.start()
        assert opened.wait(30), "the stream sent nothing"
        single.process.send_signal(signal.SIGTERM)
        started = time.monotonic()
        single.process.wait(GRACE)  # TimeoutExpired (a failure) if it needs the whole grace
        assert time.monotonic() - started < GRACE
        watcher.join(10)
    last = events[-1]
    assert last.event == "reconnect"
    assert last.retry == 500
    assert json.loads(last.data) == {"reason": "SERVER_SHUTTING_DOWN", "lastEventId": events[-2].id}


def _workers(master_pid: int) -> set[int]:
    """The worker processes of a --workers master (its spawned children, not the resource tracker)."""
    children = Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    found = set()
    for pid in map(int, children):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            continue
        if b"spawn_main" in command:
            found.add(pid)
    return found


def test_a_dead_worker_is_replaced_and_readyz_is_degraded_meanwhile():
    # CONFIG disabled, as some managed Redis services do: the persistence check must not stop the start
    redis = RedisProcess(persistent=True, extra=("--rename-command", "CONFIG", ""))
    redis.start()
    server = ServerProcess(redis.url, "--workers", "2")
    try:
        server.start(timeout=60)
        wait_until(lambda: len(_workers(server.process.pid)) == 2, 30, "two workers")
        with httpx.Client(base_url=server.http_url, timeout=10) as http:
            wait_until(lambda: http.get("/readyz").json()["status"] == "SERVING", 30, "both workers serving")
            first = _workers(server.process.pid)
            victim = min(first)
            os.kill(victim, signal.SIGKILL)
            seen = []

            def replaced() -> bool:
                try:  # a new connection each time: one kept alive to the killed worker is reset
                    seen.append(httpx.get(f"{server.http_url}/readyz", timeout=10).json())
                except httpx.TransportError:
                    return False
                workers = _workers(server.process.pid)
                return len(workers) == 2 and victim not in workers and seen[-1]["status"] == "SERVING"

            wait_until(replaced, 60, "a replacement worker", interval=0.05)
        degraded = [answer for answer in seen if answer["status"] == "DEGRADED"]
        assert degraded and degraded[0]["workers"] == {"serving": 1, "expected": 2}
        log = server.log_path.read_text()
        assert f"(pid {victim}) exited" in log and "replacing it" in log
        assert "CONFIG is not available" in log
    finally:
        server.stop()
        redis.close()


@pytest.mark.parametrize("taken", ["grpc", "http"])
def test_a_port_in_use_is_one_clear_line_and_exit_status_1(taken):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        server = ServerProcess(None, **{"port" if taken == "grpc" else "http_port": port})
        with pytest.raises(RuntimeError, match="exited with 1") as exited:
            server.start()
    output = str(exited.value)
    assert f"cardroom serve: cannot listen for {'gRPC' if taken == 'grpc' else 'HTTP'} on 127.0.0.1:{port}" in output
    assert "Traceback" not in output
