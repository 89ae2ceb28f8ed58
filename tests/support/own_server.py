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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.processes import SERVE_ENV, free_port, serve_args, wait_until

BIND_WAIT_SECONDS = 30


def bindable(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as grpcio binds
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def main() -> None:
    port = int(os.environ["CARDROOM_TEST_OWN_GRPC_PORT"])
    wait_until(lambda: bindable(port), BIND_WAIT_SECONDS, f"own_server: 127.0.0.1:{port} free", interval=0.2)
    redis_url, secret = os.environ["CARDROOM_TEST_REDIS_URL"], os.environ["CARDROOM_TEST_SECRET"]
    args = serve_args(redis_url, port, free_port(), secret)
    os.execve(sys.executable, args, {**os.environ, **SERVE_ENV})


if __name__ == "__main__":
    main()
