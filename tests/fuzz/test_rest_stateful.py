"""Stateful REST fuzzing with schemathesis: sequences of calls that follow the OpenAPI document's links
(CreateMatch -> JoinMatch / GetMatch / StartMatch / SubmitAction / LeaveMatch / GetMatchLog, JoinMatch ->
GetMatch / StartMatch / SubmitAction / LeaveMatch), the match's name and its seat token flowing from one
answer into the next call. No answer may be a 5xx, every answer must match the document, and a refused
call (4xx) must leave the whole Redis exactly as it was.

Its own redis-server and server, on which nothing acts by itself while a call is compared: no rate limits
(the fuzzer is one client calling fast), bots that would think for a day, lobbies that wait a day, and no
turn clocks (a generated ``table`` keeps its bot level only). A seat left in a started match is played by the
server at once: before each call the test waits until the due index holds nothing due soon, so what the
server does by itself is done before the "before" snapshot.

Size: ``CARDROOM_STATEFUL_SCENARIOS`` scenarios (default 30) of up to ``CARDROOM_STATEFUL_STEPS`` calls
(default 8), about a minute on 2 cores. A longer run (``-p no:xdist -s`` prints the tally;
``CARDROOM_FUZZ_REPORT`` writes it with the gRPC fuzz's):
``CARDROOM_STATEFUL_SCENARIOS=1000 CARDROOM_STATEFUL_STEPS=20 python -m pytest -p no:xdist -s
tests/fuzz/test_rest_stateful.py``.
"""

from __future__ import annotations

import copy
import os
import re
import time
from collections import Counter

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance

from cardroom.api.request_bounds import BOUNDS, UUID, Bound
from cardroom.engines import game_ids
from cardroom.v1 import flip_7_pb2, game_service_pb2, match_pb2, pumba_pb2, pumptown_pb2, up_or_down_pb2
from support.processes import RedisProcess, ServerProcess
from support.store_state import redis_state, settle

SCENARIOS = int(os.environ.get("CARDROOM_STATEFUL_SCENARIOS", "30"))
STEPS = int(os.environ.get("CARDROOM_STATEFUL_STEPS", "8"))
#: turn clocks (and a table that starts by itself when full): the server would act on a timer mid-comparison
TIMED_TABLE_FIELDS = ("turnSeconds", "reserveSeconds", "autoStartWhenFull")
DAY = "86400"
SCHEMAS = "#/components/schemas/"


@pytest.fixture(scope="module")
def stateful_redis():
    process = RedisProcess()
    process.start()
    yield process
    process.close()


@pytest.fixture(scope="module")
def stateful_server(stateful_redis):
    process = ServerProcess(
        stateful_redis.url,
        "--allow-fixed-decks",
        "--rate-limits", "off",
        "--max-open-tables", "1000000",
        "--max-seats-per-client", "1000",
        "--bot-think-seconds", DAY,
        "--lobby-ttl", DAY,
    )  # fmt: skip
    process.start()
    yield process
    process.stop()


def _reason(response) -> str:
    try:
        return response.json()["error"]["details"][0]["reason"]
    except (ValueError, KeyError, IndexError, TypeError):
        return "?"


def _messages() -> list:
    found, queue = [], [m for f in (match_pb2, game_service_pb2) for m in f.DESCRIPTOR.message_types_by_name.values()]
    for module in (flip_7_pb2, pumba_pb2, pumptown_pb2, up_or_down_pb2):
        queue += module.DESCRIPTOR.message_types_by_name.values()
    while queue:
        message = queue.pop()
        found.append(message)
        queue += message.nested_types
    return found


def _bound(schemas: dict, holder: dict, key: str, path: list[str], bound: Bound) -> None:
    """Write ``bound`` (request_bounds.py) into the schema of the field at ``path`` under ``holder[key]``.
    A message schema on the way is copied in place first: another field of the same type (Pumptown's
    ``pump_mix`` and ``reduction_totals`` are both an IntList) has its own bound."""
    node = holder[key]
    while "$ref" in node or "allOf" in node:
        node = copy.deepcopy(schemas[node["$ref"].removeprefix(SCHEMAS)]) if "$ref" in node else node["allOf"][0]
    holder[key] = node
    if node.get("type") == "array" and path:  # a repeated message: the bound of each item's field
        _bound(schemas, node, "items", path, bound)
        return
    if path:
        name = re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), path[0])
        if name in node.get("properties", {}):
            _bound(schemas, node["properties"], name, path[1:], bound)
        return
    if node.get("type") == "array":
        if bound.max_items is not None:
            node["maxItems"] = bound.max_items
        node = node["items"]
    if bound.pattern is UUID:
        node["format"] = "uuid"
    elif bound.pattern is not None:
        node["pattern"] = f"^{bound.pattern.pattern}$"
    if bound.max_length is not None:
        node["maxLength"] = bound.max_length
    if bound.minimum is not None:
        node["minimum"] = bound.minimum
    if bound.maximum is not None:
        node["maximum"] = bound.maximum


def _aimed(document: dict) -> dict:
    """The served document, aimed at the states past validation: messages closed to unknown fields (the
    gateway refuses them: the single-call fuzz of tests/rest/test_openapi.py sends them), every field's
    bound of request_bounds.py, the catalog's games in paths. Every answer is still checked against it,
    so an unknown field in an answer fails the run."""
    schemas = document["components"]["schemas"]
    for schema in schemas.values():
        if "properties" in schema and "additionalProperties" not in schema:
            schema["additionalProperties"] = False
    for message in _messages():
        oneofs = [oneof for oneof in message.oneofs if not oneof.name.startswith("_")]
        if message.name in schemas and len(oneofs) == 1 and len(oneofs[0].fields) == len(message.fields):
            schemas[message.name]["maxProperties"] = 1  # a oneof (a game's options, an action): one member
    for request, bounds in BOUNDS.items():
        if request not in schemas:  # a GET's request: its fields are query parameters
            continue
        for path, bound in bounds.items():
            _bound(schemas, schemas, request, path.split("."), bound)
    for operations in document["paths"].values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "path" and parameter["name"] == "game":
                    parameter["schema"] = {"type": "string", "enum": list(game_ids())}
    return document


def test_stateful_sequences_never_fail_the_server_and_refusals_change_nothing(stateful_server, stateful_redis, tally):
    document = httpx.get(f"{stateful_server.http_url}/openapi.json", timeout=30).json()
    schema = schemathesis.openapi.from_dict(_aimed(document))
    schema.config.update(base_url=stateful_server.http_url)
    # valid requests only (by the aimed document): the negative ones are the single-call fuzz's
    schema.config.generation.update(modes=[GenerationMode.POSITIVE])
    base = schema.as_state_machine()
    statuses: Counter[int] = Counter()
    reasons: Counter[str] = Counter()

    class Machine(base):  # type: ignore[misc, valid-type]
        def before_call(self, case) -> None:
            body = case.body if isinstance(case.body, dict) else None
            if body is not None and isinstance(body.get("table"), dict):
                body["table"] = {k: v for k, v in body["table"].items() if k not in TIMED_TABLE_FIELDS}
            settle(stateful_redis.url)
            self.before = redis_state(stateful_redis.url)

        def get_call_kwargs(self, case) -> dict:
            return {"timeout": 30}

        def after_call(self, response, case) -> None:
            statuses[response.status_code] += 1
            if response.status_code >= 400:
                reasons[f"{case.operation.label.split('/')[-1]} {_reason(response)}"] += 1
            tally.http[response.status_code] += 1
            assert response.status_code < 500, f"{case.operation.label} answered {response.status_code}"
            if response.status_code >= 400:
                after = redis_state(stateful_redis.url)
                changed = sorted(key for key in set(after) | set(self.before) if after.get(key) != self.before.get(key))
                assert not changed, f"{case.operation.label} refused ({response.status_code}) but changed {changed}"

        def validate_response(self, response, case, additional_checks=None, **kwargs) -> None:
            # not positive_data_acceptance: a schema-valid request may still break a rule of the game (400)
            case.validate_response(response, excluded_checks=[positive_data_acceptance])

    started = time.monotonic()
    try:
        Machine.run(
            settings=settings(
                max_examples=SCENARIOS,
                stateful_step_count=STEPS,
                deadline=None,
                database=None,
                derandomize=True,  # the same sequences on every run: CI stays deterministic
                suppress_health_check=list(HealthCheck),
            )
        )
    finally:
        print(
            f"\nstateful REST fuzz: {sum(statuses.values())} requests in {time.monotonic() - started:.0f}s, "
            f"statuses {dict(sorted(statuses.items()))}, 5xx: {sum(n for s, n in statuses.items() if s >= 500)}; "
            f"refusals {dict(reasons.most_common())}"
        )
    assert sum(statuses.values()) >= SCENARIOS  # it called the server
