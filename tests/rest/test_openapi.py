"""The OpenAPI document: valid, complete, served as committed, fuzzed against the live server with
schemathesis (a bounded number of examples per operation); and the API reference page, served locally."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from openapi_spec_validator import validate
from schemathesis.checks import positive_data_acceptance

from cardroom.api.http_rules import routes_of
from cardroom.api.rest import SERVICE
from cardroom.v1 import flip_7_pb2, game_service_pb2, match_pb2, pumba_pb2, pumptown_pb2, up_or_down_pb2

DOCUMENT = Path(__file__).resolve().parents[2] / "service" / "cardroom" / "api" / "openapi.json"
#: examples per operation: a bounded number that fits the suite's time budget; raise it for a longer run
EXAMPLES = int(os.environ.get("CARDROOM_SCHEMATHESIS_EXAMPLES", "25"))


@pytest.fixture(scope="module")
def document() -> dict:
    return json.loads(DOCUMENT.read_text())


def test_document_is_valid_openapi_3_with_every_method(document):
    validate(document)
    assert document["openapi"].startswith("3.")
    operations = {op["operationId"]: op for path in document["paths"].values() for op in path.values()}
    # every method but the bidirectional Play, which HTTP serves as a WebSocket (OpenAPI 3 cannot describe one)
    served = [method for method in SERVICE.methods if not method.client_streaming]
    assert set(operations) == {f"{SERVICE.name}_{method.name}" for method in served}
    assert len(routes_of(SERVICE)) == len(operations)
    assert document["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": document["components"]["securitySchemes"]["bearerAuth"]["description"],
    }
    for name, operation in operations.items():
        for status in ("400", "401", "403", "404", "409", "429", "503", "default"):
            assert operation["responses"][status] == {"$ref": "#/components/responses/Error"}, (name, status)
    watch = operations["GameService_WatchMatch"]
    assert list(watch["responses"]["200"]["content"]) == ["text/event-stream"]
    assert "ETag" in operations["GameService_GetMatch"]["responses"]["200"]["headers"]
    assert any(p["name"] == "If-Match" for p in operations["GameService_SubmitAction"]["parameters"])


def test_the_service_serves_the_committed_document_and_a_local_reference_page(http, document):
    assert http.get("/openapi.json").json() == document
    page = http.get("/docs/")
    assert page.status_code == 200 and "swagger-ui" in page.text
    assert "https://" not in page.text  # every asset is served by the service itself: no CDN
    assert http.get("/docs/static/swagger-ui-bundle.js").status_code == 200


def _operations() -> list[tuple[str, str]]:
    """(path, method) of every operation but WatchMatch, which streams until its match ends (the SSE tests
    cover it)."""
    paths = json.loads(DOCUMENT.read_text())["paths"]
    return [
        (path, method)
        for path, operations in paths.items()
        for method, operation in operations.items()
        if operation["operationId"] != f"{SERVICE.name}_WatchMatch"
    ]


@pytest.fixture(scope="module")
def live_schema(server):
    return schemathesis.openapi.from_url(f"{server.http_url}/openapi.json")


# schemathesis' own pytest plugin (schema.parametrize) breaks on pytest 9; its Hypothesis strategies do not
@pytest.mark.parametrize(("path", "method"), _operations(), ids=[f"{m.upper()} {p}" for p, m in _operations()])
def test_schemathesis_finds_no_server_error_and_no_response_off_the_document(live_schema, path, method):
    @given(case=live_schema[path][method].as_strategy())
    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def call_and_validate(case):
        # not positive_data_acceptance: a schema-valid request may still break a rule of the game (400)
        case.call_and_validate(excluded_checks=[positive_data_acceptance])

    call_and_validate()


def test_every_property_of_the_document_is_a_field_of_the_proto(document):
    """Property names are the proto3 JSON names of real fields (a YAML 1.1 reading once turned Pumptown's
    `SetAutopassAction.on` into a property named "true")."""
    names: set[str] = set()
    queue = [
        message
        for file in (match_pb2.DESCRIPTOR, game_service_pb2.DESCRIPTOR, *match_pb2.DESCRIPTOR.dependencies)
        for message in file.message_types_by_name.values()
    ]
    for module in (flip_7_pb2, pumba_pb2, pumptown_pb2, up_or_down_pb2):
        queue += module.DESCRIPTOR.message_types_by_name.values()
    while queue:
        message = queue.pop()
        names |= {field.json_name for field in message.fields}
        queue += message.nested_types
    errors = {"error", "code", "status", "message", "details", "@type", "reason", "domain", "metadata"}
    for schema_name, schema in document["components"]["schemas"].items():
        unknown = set(schema.get("properties", {})) - names - errors
        assert not unknown, f"{schema_name}: properties that are no proto field: {sorted(unknown)}"
