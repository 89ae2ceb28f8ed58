"""OpenTelemetry: off unless OTEL_* asks; when on, a SubmitAction span holds its Redis calls as children."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import grpc
import httpx
import pytest
from cardroom_client import legal_actions

from cardroom.api import convert
from cardroom.observability.tracing import tracing_exporter
from cardroom.v1 import game_service_pb2_grpc
from e2e.table import Table
from support.processes import ServerProcess

SUBMIT = "/cardroom.v1.GameService/SubmitAction"


@pytest.mark.parametrize(
    ("environ", "exporter"),
    [
        ({}, None),
        ({"OTEL_SERVICE_NAME": "cardroom"}, None),
        ({"OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317"}, "otlp"),
        ({"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://collector:4317"}, "otlp"),
        ({"OTEL_TRACES_EXPORTER": "console"}, "console"),
        ({"OTEL_TRACES_EXPORTER": "none", "OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4317"}, None),
        ({"OTEL_SDK_DISABLED": "true", "OTEL_TRACES_EXPORTER": "otlp"}, None),
    ],
)
def test_tracing_is_off_unless_the_environment_asks(environ, exporter) -> None:
    assert tracing_exporter(environ) == exporter


def test_submit_action_span_has_redis_children(redis_process, tmp_path: Path) -> None:
    spans_file = tmp_path / "spans.json"
    server = ServerProcess(redis_process.url, "--log-format", "json")
    server.args = [sys.executable, str(Path(__file__).with_name("traced_server.py")), str(spans_file), *server.args[4:]]
    try:
        server.start(timeout=60)  # slow imports on a loaded machine
        with grpc.insecure_channel(server.address) as channel:
            table = Table(game_service_pb2_grpc.GameServiceStub(channel), "flip-7", 3)
            state = table.start()
            seat = state.to_act[0]
            mine = table.get(seat)
            table.act(seat, convert.action_from_proto("flip-7", legal_actions(mine)[0]), mine.match.version)
        headers = {"Authorization": f"Bearer {table.tokens[0]}"}
        assert httpx.get(f"{server.http_url}/v1/{table.name}", headers=headers).status_code == 200
    finally:
        assert server.stop() == 0
    spans = json.loads(spans_file.read_text())
    (submit,) = [span for span in spans if span["name"] == SUBMIT]
    assert submit["kind"] == "SERVER"
    children = [span for span in spans if span["parent_id"] == submit["span_id"]]
    redis_calls = [span for span in children if span["attributes"].get("db.system") == "redis"]
    assert {span["kind"] for span in redis_calls} == {"CLIENT"}
    # the commit script (EVALSHA) is a child of the call; the match is not read first, because this worker
    # committed the version before it (app/recent_docs.py)
    assert "EVALSHA" in {span["name"].split()[0] for span in redis_calls}
    assert all(span["trace_id"] == submit["trace_id"] for span in children)
    assert any(span["kind"] == "SERVER" and span["name"].startswith("GET") for span in spans)  # the REST call
    # the access line of the call names the same trace
    lines = [json.loads(line) for line in server.log_path.read_text().splitlines() if line.startswith("{")]
    (access,) = [line for line in lines if line.get("method") == "SubmitAction"]
    assert access["trace_id"] == submit["trace_id"] and access["span_id"] == submit["span_id"]
