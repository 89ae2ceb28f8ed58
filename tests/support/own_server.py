"""`cardroom serve` for a test in another language that kills its server and starts it again.

    $CARDROOM_TEST_PYTHON tests/support/own_server.py

live_server.py exports this script's path in CARDROOM_TEST_OWN_SERVER and one gRPC port, below the
ephemeral range, in CARDROOM_TEST_OWN_GRPC_PORT: the Go and Kotlin suites run one such server at a
time, on that port, against the live test's Redis. The script waits until the port can be bound
again (a killed server's port may be busy for a moment), picks a free HTTP port and then *becomes*
the server (exec), so the caller's SIGKILL reaches the server itself and the server's log goes to
the caller's stderr.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.processes import REPO, free_port

BIND_WAIT_SECONDS = 30


def wait_until_bindable(port: int) -> None:
    deadline = time.monotonic() + BIND_WAIT_SECONDS
    while True:
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as grpcio binds
            try:
                sock.bind(("127.0.0.1", port))
                return
            except OSError as error:
                if time.monotonic() > deadline:
                    busy = f"own_server: 127.0.0.1:{port} still busy after {BIND_WAIT_SECONDS}s: {error}"
                    raise SystemExit(busy) from None
        print(f"own_server: 127.0.0.1:{port} busy, waiting", file=sys.stderr, flush=True)
        time.sleep(0.2)


def main() -> None:
    port = int(os.environ["CARDROOM_TEST_OWN_GRPC_PORT"])
    wait_until_bindable(port)
    args = [sys.executable, "-m", "cardroom.cli", "serve", "--host", "127.0.0.1"]
    args += ["--grpc-port", str(port), "--http-port", str(free_port())]
    args += ["--redis-url", os.environ["CARDROOM_TEST_REDIS_URL"], "--secret", os.environ["CARDROOM_TEST_SECRET"]]
    os.execve(sys.executable, args, {**os.environ, "PYTHONPATH": str(REPO / "service")})


if __name__ == "__main__":
    main()
