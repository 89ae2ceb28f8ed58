"""``cardroom serve`` with its spans kept by OpenTelemetry's in-memory exporter and written out as JSON
when the server stops: ``python traced_server.py SPANS_FILE [serve flags...]`` (tests/observability)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys

from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from cardroom.api.server import serve
from cardroom.app.config import Settings, add_arguments
from cardroom.observability.logs import configure_logging
from cardroom.observability.tracing import configure_tracing, shutdown_tracing


def main() -> None:
    spans_file, flags = sys.argv[1], sys.argv[2:]
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    settings = Settings.from_args(parser.parse_args(flags), environ={})
    configure_logging("INFO", "json")
    exporter = InMemorySpanExporter()
    configure_tracing({}, exporter=exporter)
    try:
        asyncio.run(serve(settings))
    finally:
        shutdown_tracing()  # flushes the batch processor into the exporter
        spans = [
            {
                "name": span.name,
                "kind": span.kind.name,
                "trace_id": format(span.context.trace_id, "032x"),
                "span_id": format(span.context.span_id, "016x"),
                "parent_id": format(span.parent.span_id, "016x") if span.parent else None,
                "attributes": {key: str(value) for key, value in (span.attributes or {}).items()},
            }
            for span in exporter.get_finished_spans()
        ]
        with open(spans_file, "w") as out:
            json.dump(spans, out)


if __name__ == "__main__":
    main()
