"""OpenTelemetry traces of the gRPC server, the HTTP server and Redis calls, off unless configured.

Configured only by the standard ``OTEL_*`` environment variables: tracing starts
when ``OTEL_TRACES_EXPORTER`` names an exporter (``otlp``: OTLP over gRPC, whose
endpoint, headers and TLS come from ``OTEL_EXPORTER_OTLP_*``; ``console``: spans
on stdout) or an ``OTEL_EXPORTER_OTLP[_TRACES]_ENDPOINT`` is set, and never with
``OTEL_SDK_DISABLED=true``. ``OTEL_SERVICE_NAME``, ``OTEL_RESOURCE_ATTRIBUTES``,
``OTEL_TRACES_SAMPLER[_ARG]`` and ``OTEL_BSP_*`` are read by the SDK itself; the
W3C ``traceparent`` of callers is honoured (the SDK's default propagators).
The instrumentations are opentelemetry-instrumentation-grpc, -aiohttp-server and
-redis; they patch the libraries, so ``configure_tracing`` runs before the servers
and the store are built.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from opentelemetry import trace

if TYPE_CHECKING:  # the SDK is imported only when tracing is on: it costs every start ~0.4 s
    from opentelemetry.sdk.trace.export import SpanExporter

log = logging.getLogger(__name__)

DEFAULT_SERVICE_NAME = "cardroom"


def tracing_exporter(environ: Mapping[str, str]) -> str | None:
    """The exporter the environment asks for, or None when tracing stays off."""
    if environ.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return None
    named = environ.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if named:
        return None if named == "none" else named
    if environ.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or environ.get("OTEL_EXPORTER_OTLP_ENDPOINT"):
        return "otlp"
    return None


def _exporter(name: str) -> SpanExporter:
    from opentelemetry.sdk.trace.export import ConsoleSpanExporter

    if name == "otlp":
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

        return OTLPSpanExporter()
    if name == "console":
        return ConsoleSpanExporter()
    raise SystemExit(f"OTEL_TRACES_EXPORTER={name!r} is not supported here: use otlp, console or none")


def configure_tracing(environ: Mapping[str, str] | None = None, exporter: SpanExporter | None = None) -> bool:
    """Install the tracer provider and the instrumentations when the environment asks for traces
    (or an ``exporter`` is given, as tests do). True when tracing is on."""
    environ = os.environ if environ is None else environ
    name = "given" if exporter is not None else tracing_exporter(environ)
    if name is None:
        return False
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor

    resource = Resource.create({} if environ.get("OTEL_SERVICE_NAME") else {"service.name": DEFAULT_SERVICE_NAME})
    provider = TracerProvider(resource=resource)
    provider.add_span_processor(BatchSpanProcessor(exporter or _exporter(name)))
    trace.set_tracer_provider(provider)
    instrument()
    log.info("OpenTelemetry tracing on (exporter: %s)", name)
    return True


def instrument() -> None:
    """Patch grpc.aio servers, aiohttp applications and redis clients made from now on."""
    from opentelemetry.instrumentation.aiohttp_server import AioHttpServerInstrumentor
    from opentelemetry.instrumentation.grpc import GrpcAioInstrumentorServer
    from opentelemetry.instrumentation.redis import RedisInstrumentor

    GrpcAioInstrumentorServer().instrument()
    AioHttpServerInstrumentor().instrument()
    RedisInstrumentor().instrument()


def shutdown_tracing() -> None:
    """Flush the spans still queued (at process exit)."""
    shutdown = getattr(trace.get_tracer_provider(), "shutdown", None)  # only the SDK's provider has one
    if shutdown is not None:
        shutdown()
