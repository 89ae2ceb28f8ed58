"""The server process: gRPC (servicer, standard health and reflection) and HTTP (REST/JSON gateway,
SSE, OpenAPI) on one event loop over the same handlers, with graceful shutdown.

Health (grpc.health.v1) reports SERVING only while the match store answers;
a background probe flips it to NOT_SERVING when Redis is unreachable and back
when it returns, and shutdown flips it before draining. ``serve_workers``
runs N such processes on the same ports (SO_REUSEPORT), which needs a shared store.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import signal
import ssl
import tempfile
from dataclasses import replace
from pathlib import Path

import grpc
from aiohttp import web
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from ..app.config import Settings
from ..app.limits import Limits
from ..app.matches import MatchService
from ..app.tokens import TokenSigner
from ..app.turns import TurnScheduler
from ..cancelling import cancel_and_wait
from ..observability import metrics
from ..observability.grpc_access import AccessInterceptor
from ..observability.logs import configure_logging
from ..observability.store_timing import timed
from ..observability.tracing import configure_tracing, shutdown_tracing
from ..store import Limiter, MemoryLimiter, open_limiter, open_store
from ..store.contract import MatchStore
from ..store.durability import check_persistence
from ..v1 import game_service_pb2
from .client_identity import ClientIdentity
from .collector import tune_collector
from .event_loops import loop_factory, run_on
from .grpc_service import GameService, add_to_server
from .handlers import GameHandlers
from .readiness import store_answers
from .rest import build_app
from .supervisor import WorkerBoard, supervise
from .worker_handoff import HandedOff, Handoff, Placement

log = logging.getLogger(__name__)

SERVICE_NAME = game_service_pb2.DESCRIPTOR.services_by_name["GameService"].full_name
HEALTH_PROBE_SECONDS = 1.0


def build_handlers(settings: Settings, store: MatchStore, limiter: Limiter | None = None) -> GameHandlers:
    """The GameService methods both transports serve, with the per-client limits counted in ``limiter``."""
    signer = TokenSigner(settings.secret or secrets.token_hex(32))
    try:
        limits = Limits(limiter or MemoryLimiter(), store, settings, signer)
    except ValueError as error:
        raise SystemExit(str(error)) from None
    return GameHandlers(MatchService(store, settings, signer, limits=limits))


#: seconds the health probe and the turn scheduler get to stop at shutdown
BACKGROUND_STOP_SECONDS = 2.0


def keepalive_options(settings: Settings) -> list[tuple[str, int]]:
    """gRPC core's keepalive: the server's own pings find connections whose client vanished without closing
    them (a phone losing its network); clients may ping down to ``grpc_min_client_ping`` to find the same."""
    keepalive_ms = round(settings.grpc_keepalive * 1000)
    return [
        ("grpc.keepalive_time_ms", keepalive_ms),
        ("grpc.keepalive_timeout_ms", keepalive_ms),
        # gRPC core waits for a ping's ack this long, whatever the keepalive timeout says (1 minute by default)
        ("grpc.http2.ping_timeout_ms", keepalive_ms),
        ("grpc.keepalive_permit_without_calls", 1),
        ("grpc.http2.min_ping_interval_without_data_ms", round(settings.grpc_min_client_ping * 1000)),
    ]


def build_server(settings: Settings, handlers: GameHandlers) -> tuple[grpc.aio.Server, health.aio.HealthServicer, int]:
    """A configured, not yet started gRPC server and the port it bound."""
    server = grpc.aio.server(
        interceptors=[AccessInterceptor()],
        options=[
            ("grpc.max_receive_message_length", settings.max_message_bytes),
            ("grpc.max_send_message_length", settings.max_message_bytes),
            ("grpc.so_reuseport", 1 if settings.workers > 1 else 0),
            *keepalive_options(settings),
        ]
    )
    servicer = GameService(handlers, settings.call_timeout, ClientIdentity(settings.trusted_proxies))
    add_to_server(servicer, server)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    reflection.enable_server_reflection(
        (SERVICE_NAME, health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME), server
    )
    address = f"{settings.host}:{settings.grpc_port}"
    try:
        if settings.tls_cert:
            chain, key = Path(settings.tls_cert).read_bytes(), Path(settings.tls_key).read_bytes()
            port = server.add_secure_port(address, grpc.ssl_server_credentials([(key, chain)]))
        else:
            port = server.add_insecure_port(address)
    except RuntimeError:  # grpcio's only signal that the bind failed (its C core logs the errno)
        raise CannotListen(f"cannot listen for gRPC on {address}: address in use or not available") from None
    return server, health_servicer, port


class CannotListen(SystemExit):
    """A port that cannot be bound: one line for the operator and exit status 1, not a traceback."""

    def __init__(self, message: str):
        super().__init__(f"cardroom serve: {message}")


def _http_tls(settings: Settings) -> ssl.SSLContext | None:
    if not settings.tls_cert:
        return None
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(settings.tls_cert, settings.tls_key)
    return context


async def _set_health(health_servicer: health.aio.HealthServicer, serving: bool) -> None:
    status = health_pb2.HealthCheckResponse.SERVING if serving else health_pb2.HealthCheckResponse.NOT_SERVING
    for name in ("", SERVICE_NAME):
        await health_servicer.set(name, status)


async def _probe_store(store: MatchStore, health_servicer: health.aio.HealthServicer) -> None:
    serving = None
    while True:
        ok = await store_answers(store)  # bounded: a hung Redis is an unreachable one
        if ok != serving:
            serving = ok
            await _set_health(health_servicer, ok)
            (log.info if ok else log.warning)(
                "match store %s", "reachable: SERVING" if ok else "unreachable: NOT_SERVING"
            )
        await asyncio.sleep(HEALTH_PROBE_SECONDS)


async def serve(
    settings: Settings,
    ready: asyncio.Event | None = None,
    *,
    board: WorkerBoard | None = None,
    slot: int = 0,
    placement: Placement | None = None,
) -> None:
    """Run one server process until SIGTERM/SIGINT, then drain in-flight calls. ``board``/``slot``:
    this worker's flag on the ``--workers N`` master's board (set once serving); ``placement``: where the
    ``--workers N`` master's workers take the Play WebSockets of the matches they own (worker_handoff.py)."""
    if settings.redis_url is None:
        log.warning("no --redis-url: using the embedded memory store; matches will not survive a restart")
    else:
        await check_persistence(settings.redis_url)
    opened = open_store(
        settings.redis_url,
        settings.finished_ttl,
        settings.idle_ttl,
        settings.redis_pool_size,
        due_buckets=settings.due_buckets,
    )
    limiter = open_limiter(opened)
    store = timed(opened)
    handlers = build_handlers(settings, store, limiter)
    # every worker plays the due turns of any match (turn clocks, bots, absent seats)
    turns = asyncio.create_task(TurnScheduler(handlers.matches).run())
    server, health_servicer, port = build_server(settings, handlers)
    # grpcio's health servicer says SERVING from the start: say NOT_SERVING until the HTTP port is bound too and
    # the probe has seen the store answer, so a supervisor never routes to a worker that is about to exit
    await _set_health(health_servicer, False)
    await server.start()
    loop_kind = type(asyncio.get_running_loop()).__module__.partition(".")[0]  # "uvloop" or "asyncio"
    log.info(
        "gRPC%s listening on %s:%d (event loop: %s)",
        " (TLS)" if settings.tls_cert else "",
        settings.host,
        port,
        loop_kind,
    )
    # over TLS a connection cannot change process: every worker serves the sessions it accepts
    handoff = Handoff(placement) if placement is not None and not settings.tls_cert else None
    # handler_cancellation: a watcher that hangs up stops its SSE stream at once, as a cancelled gRPC call does;
    # no aiohttp access log: observability.http_access writes one line per call with the API's fields
    http = web.AppRunner(
        build_app(handlers, store, settings, board, handoff),
        shutdown_timeout=settings.shutdown_grace,
        handler_cancellation=True,
        access_log=None,
    )
    await http.setup()
    tls = _http_tls(settings)
    site = web.TCPSite(http, settings.host, settings.http_port, ssl_context=tls, reuse_port=settings.workers > 1)
    try:
        await site.start()
    except OSError as error:
        await asyncio.gather(server.stop(None), http.cleanup())
        address = f"{settings.host}:{settings.http_port}"
        raise CannotListen(f"cannot listen for HTTP on {address}: {error.strerror}") from None
    log.info("%s listening on %s:%d", "HTTPS" if tls else "HTTP", settings.host, settings.http_port)
    handed_off = HandedOff(handoff.placement, http.server) if handoff is not None else None
    probe = asyncio.create_task(_probe_store(store, health_servicer))
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stopping.set)
    if ready is not None:
        ready.set()
    if board is not None:
        board.mark(slot, True)
    await stopping.wait()
    log.info("shutting down: NOT_SERVING, draining for up to %.1fs", settings.shutdown_grace)
    # bounded: a turn scheduler stopping in the middle of a slow Redis call could hold the drain; its claims
    # lapse by themselves, so the drain goes on without it
    pending = await cancel_and_wait(probe, turns, timeout=BACKGROUND_STOP_SECONDS)
    if pending:
        log.warning("shutting down: %d background task(s) still stopping", len(pending))
    await _set_health(health_servicer, False)
    for side in (handed_off, handoff):  # from now on the other workers serve their sessions themselves
        if side is not None:
            side.close()
    await asyncio.gather(server.stop(settings.shutdown_grace), http.cleanup())
    await limiter.close()
    await store.close()


def _worker(
    settings: Settings, handoff_dir: str | None = None, board: WorkerBoard | None = None, slot: int = 0
) -> None:
    configure_logging(settings.log_level, settings.log_format)
    # before the servers and the store exist: the instrumentations patch their classes
    configure_tracing()
    # thousands of open streams make the default collector's full sweeps a measured share of a worker's CPU
    tune_collector()
    try:
        placement = Placement(handoff_dir, settings.workers, slot) if handoff_dir else None
        run_on(settings.event_loop, serve(settings, board=board, slot=slot, placement=placement))
    finally:
        shutdown_tracing()


def serve_workers(settings: Settings) -> int:
    """Run ``settings.workers`` server processes sharing the port; forward SIGTERM to them."""
    if bool(settings.tls_cert) != bool(settings.tls_key):
        raise SystemExit("TLS needs both --tls-cert and --tls-key")
    loop_factory(settings.event_loop)  # an unknown loop stops here, not in every worker
    if settings.workers <= 1:
        _worker(settings)
        return 0
    if settings.redis_url is None:
        raise SystemExit("--workers > 1 needs --redis-url: worker processes must share one match store")
    if settings.secret is None:
        # every worker must verify the tokens the others issue
        settings = replace(settings, secret=secrets.token_hex(32))
    # the workers write their metrics where whichever of them answers /metrics reads them all; they pass each
    # other Play WebSockets through sockets in a directory only this user reaches
    with metrics.multiprocess_dir(), tempfile.TemporaryDirectory(prefix="cardroom-workers-") as handoff_dir:
        return _run_workers(settings, handoff_dir)


def _run_workers(settings: Settings, handoff_dir: str) -> int:
    return supervise(settings.workers, _worker, (settings, handoff_dir), metrics.worker_exited)
