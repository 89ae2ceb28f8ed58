"""Service settings from command-line flags and CARDROOM_* environment variables.

Each setting has a flag (``--grpc-port``) and an environment variable
(``CARDROOM_GRPC_PORT``); a flag wins over the environment, which wins over
the default. The README lists them all.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, fields

#: per-client token buckets (calls per second / calls at once) of ``--rate-limits``: generous enough for one
#: machine running the test suite, ``cardroom bench service`` and the SDK tests; docs/security.md gives
#: values for a public deployment
DEFAULT_RATE_LIMITS = "CreateMatch=50/500,JoinMatch=200/2000,*=5000/10000"


@dataclass(frozen=True)
class Settings:
    grpc_port: int = 50051
    http_port: int = 8080
    host: str = "0.0.0.0"
    redis_url: str | None = None
    #: command connections to Redis per worker; watchers share one extra pub/sub connection per worker, and (on a
    #: single server) commits one more, pipelined (store/redis_pipe.py)
    redis_pool_size: int = 32
    workers: int = 1
    #: HMAC key for seat tokens; must be shared by all replicas (random per process if unset)
    secret: str | None = None
    #: accept explicit seeds and the rules files' §6 fixtures in CreateMatch (tests, tutorials)
    allow_fixed_decks: bool = False
    #: seconds a finished or abandoned match is kept
    finished_ttl: float = 3600.0
    #: seconds without any write after which a match is considered abandoned and expires
    idle_ttl: float = 86400.0
    #: largest request or response message in bytes
    max_message_bytes: int = 1 << 20
    #: deadline applied to every unary call that brings none of its own, seconds
    call_timeout: float = 10.0
    #: commit attempts for a SubmitAction without expected_version before giving up
    max_commit_attempts: int = 8
    #: seconds in-flight calls get to finish after SIGTERM
    shutdown_grace: float = 10.0
    log_level: str = "INFO"
    #: the event loop of each worker: "uvloop" (measured cheaper per move) or the standard library's "asyncio"
    event_loop: str = "uvloop"
    #: log lines as JSON objects ("json") or plain text ("text")
    log_format: str = "text"
    #: origins allowed to call the REST API from a browser, comma-separated (CORS off when unset)
    cors_origins: str | None = None
    #: seconds between the heartbeat comments of a WatchMatch Server-Sent Events stream
    sse_heartbeat: float = 15.0
    #: seconds between the keepalive pings the server sends on each idle gRPC connection; a connection whose
    #: ping is not answered within as long is closed, which ends a vanished client's Play sessions and watches
    grpc_keepalive: float = 30.0
    #: shortest interval between a client's keepalive pings the server accepts, seconds (a client pinging more
    #: often is sent GOAWAY "too_many_pings"); the SDKs ping every 20 s by default
    grpc_min_client_ping: float = 10.0
    #: PEM certificate chain and private key: serve gRPC and HTTP over TLS (both or neither)
    tls_cert: str | None = None
    tls_key: str | None = None
    #: per-client token buckets: METHOD=RATE/BURST,...,*=RATE/BURST (``off``: no limit); docs/security.md
    rate_limits: str | None = DEFAULT_RATE_LIMITS
    #: tables (matches waiting for players) one client may have created and not started; 0: no cap
    max_open_tables: int = 100
    #: seats one client may hold in one match; 0: no cap
    max_seats_per_client: int = 8
    #: WatchMatch / SSE streams one client may have open at once over every worker and replica; 0: no cap
    max_streams_per_client: int = 2500
    #: addresses/CIDRs of proxies whose x-forwarded-for names the client, comma-separated
    trusted_proxies: str | None = None
    #: serve the built web app (clients/web/dist) at /play when it exists; --no-web-app turns it off
    web_app: bool = True
    #: directory of the built web app (default: clients/web/dist of this checkout)
    web_app_dir: str | None = None
    #: seconds between two looks at the due index (turn clocks, bots, away seats) when nothing woke the scheduler
    turn_poll_interval: float = 0.25
    #: seconds a replica holds a due turn it claimed; a replica that dies holding one is replaced after this
    turn_lease: float = 5.0
    #: sorted sets of the Redis due index (spread over Redis Cluster slots); all replicas must agree
    due_buckets: int = 16
    #: consecutive timeouts after which a seat is marked away (then played at once by default actions or a bot)
    away_after_timeouts: int = 2
    #: seconds a bot waits before it acts, so that its moves can be followed in a frontend
    bot_think_seconds: float = 1.0
    #: seconds a seat's watch stream counts as connected without a refresh (refreshed every third of it)
    presence_ttl: float = 10.0
    #: seconds a table may wait for players after its last join before it is abandoned
    lobby_ttl: float = 600.0
    #: seconds after a match's end during which its players may ask for a rematch (their seats are held)
    rematch_window: float = 300.0

    @classmethod
    def from_args(cls, args: argparse.Namespace, environ: dict[str, str] | None = None) -> Settings:
        environ = dict(os.environ if environ is None else environ)
        values = {}
        for spec in fields(cls):
            flag_value = getattr(args, spec.name, None)
            env_value = environ.get(f"CARDROOM_{spec.name.upper()}")
            if flag_value is not None:
                values[spec.name] = flag_value
            elif env_value is not None:
                values[spec.name] = _parse(spec.type, env_value)
        return cls(**values)


def _parse(type_name: object, text: str):
    kind = str(type_name)
    if "bool" in kind:
        return text.strip().lower() in ("1", "true", "yes", "on")
    if "int" in kind:
        return int(text)
    if "float" in kind:
        return float(text)
    return text or None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One flag per setting; defaults stay None so the environment can fill them."""
    for spec in fields(Settings):
        flag = "--" + spec.name.replace("_", "-")
        kind = str(spec.type)
        if "bool" in kind:
            # --flag / --no-flag, so a setting that defaults to on can be turned off
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=None)
        elif "int" in kind:
            parser.add_argument(flag, type=int, default=None)
        elif "float" in kind:
            parser.add_argument(flag, type=float, default=None)
        else:
            parser.add_argument(flag, default=None)
