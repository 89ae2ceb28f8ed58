"""Run a command against a live service: a fresh redis-server and `cardroom serve` on 127.0.0.1.

    python tests/support/live_server.py [--allow-fixed-decks] [--tls] -- COMMAND [ARG ...]

The command sees the service in CARDROOM_GRPC_ADDRESS (host:port) and CARDROOM_HTTP_URL
(http://host:port); a test that kills and restarts a server of its own against the same Redis runs
`$CARDROOM_TEST_PYTHON $CARDROOM_TEST_OWN_SERVER` (own_server.py: one server at a time on
CARDROOM_TEST_OWN_GRPC_PORT, with CARDROOM_TEST_REDIS_URL and CARDROOM_TEST_SECRET); its exit code is
ours. With --tls a second server, over TLS with a certificate of a throwaway authority, serves the same
Redis at CARDROOM_TLS_GRPC_ADDRESS, and the authority's PEM root is in the file CARDROOM_TLS_CA. Used by
scripts/test.sh for the test suites of clients in other languages (clients/typescript), so they start the
same real processes as the Python tests.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from support.processes import RedisProcess, ServerProcess, free_port, tls_server


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--allow-fixed-decks", action="store_true")
    parser.add_argument("--tls", action="store_true", help="also start a server over TLS")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    redis = RedisProcess()
    redis.start()
    extra = ["--allow-fixed-decks"] if args.allow_fixed_decks else []
    # the clients' keepalive tests ping every second, and only the client's pings may rescue them (the
    # server's own are 10 minutes apart here)
    extra += ["--grpc-min-client-ping", "0.5", "--grpc-keepalive", "600"]
    server = ServerProcess(redis.url, *extra)
    folder = tempfile.TemporaryDirectory(prefix="cardroom-live-")
    secure = tls_server(redis.url, Path(folder.name), *extra) if args.tls else None
    try:
        server.start()
        tls_env = {}
        if secure is not None:
            secure.start()
            authority = Path(folder.name) / "ca.pem"
            authority.write_bytes(secure.tls_ca)
            tls_env = {"CARDROOM_TLS_GRPC_ADDRESS": secure.address, "CARDROOM_TLS_CA": str(authority)}
        env = {
            **os.environ,
            "CARDROOM_GRPC_ADDRESS": server.address,
            "CARDROOM_HTTP_URL": server.http_url,
            "CARDROOM_TEST_PYTHON": sys.executable,
            "CARDROOM_TEST_REDIS_URL": redis.url,
            "CARDROOM_TEST_SECRET": server.secret,
            "CARDROOM_TEST_OWN_SERVER": str(Path(__file__).with_name("own_server.py")),
            "CARDROOM_TEST_OWN_GRPC_PORT": str(free_port()),
            **tls_env,
        }
        return subprocess.run(command, env=env).returncode
    finally:
        if secure is not None:
            secure.stop()
        server.stop()
        redis.close()
        folder.cleanup()


if __name__ == "__main__":
    sys.exit(main())
