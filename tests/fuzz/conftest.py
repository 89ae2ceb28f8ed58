"""The fuzz suite's own redis-server and server: limits off (the fuzzer is one client calling fast), fixed
decks allowed (fixtures and seeds are fuzzed too), and a tally of every answer, reported at the end.

Size: ``CARDROOM_FUZZ_EXAMPLES`` examples per gRPC method, generated and raw bytes (default 25: 550
calls, under a minute on 2 cores). A longer run:
``CARDROOM_FUZZ_EXAMPLES=2000 python -m pytest -n 1 tests/fuzz``. ``CARDROOM_FUZZ_REPORT=path`` writes
the tally as JSON.
"""

from __future__ import annotations

import json
import os
import uuid
from collections import Counter
from dataclasses import dataclass, field

import grpc
import httpx
import pytest

from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc
from support.processes import RedisProcess, ServerProcess

EXAMPLES = int(os.environ.get("CARDROOM_FUZZ_EXAMPLES", "25"))
#: answers that mean the server failed rather than refused: never acceptable
SERVER_FAILURES = {"UNKNOWN", "INTERNAL", "DATA_LOSS", "UNIMPLEMENTED", "UNAVAILABLE", "DEADLINE_EXCEEDED"}


@dataclass
class Tally:
    """Every fuzzed call's outcome by transport: gRPC codes, HTTP statuses."""

    grpc: Counter = field(default_factory=Counter)
    http: Counter = field(default_factory=Counter)

    def server_failures(self) -> int:
        return sum(n for code, n in self.grpc.items() if code in SERVER_FAILURES) + sum(
            n for status, n in self.http.items() if status >= 500
        )


@pytest.fixture(scope="session")
def tally():
    found = Tally()
    yield found
    report = {
        "grpc_calls": sum(found.grpc.values()),
        "http_calls": sum(found.http.values()),
        "grpc_codes": dict(found.grpc),
        "http_statuses": {str(k): v for k, v in found.http.items()},
        "server_failures": found.server_failures(),
    }
    path = os.environ.get("CARDROOM_FUZZ_REPORT")
    if path:
        with open(path, "w") as out:
            json.dump(report, out, indent=2)


@pytest.fixture(scope="session")
def fuzz_redis():
    redis = RedisProcess()
    redis.start()
    yield redis
    redis.close()


@pytest.fixture(scope="session")
def fuzz_server(fuzz_redis):
    process = ServerProcess(
        fuzz_redis.url,
        "--allow-fixed-decks",
        "--rate-limits",
        "off",
        "--max-open-tables",
        "1000000",
        "--max-seats-per-client",
        "1000",
        # nothing acts on a timer while a call is compared (a left seat is played at once: the check settles first)
        "--bot-think-seconds",
        "86400",
        "--lobby-ttl",
        "86400",
    )
    process.start()
    yield process
    process.stop()


@dataclass
class Pool:
    """Real resources for the fuzzer to aim at, so that requests reach past name parsing."""

    names: list[str]
    tokens: list[str]


@pytest.fixture(scope="session")
def pool(fuzz_server) -> Pool:
    names, tokens = [], []
    with grpc.insecure_channel(fuzz_server.address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        for game, seats in (("pumba", 2), ("up-or-down", 2), ("flip-7", 3), ("pumptown", 3)):
            for started in (False, True):
                created = stub.CreateMatch(pb.CreateMatchRequest(parent=f"games/{game}", seat_count=seats))
                name = created.state.match.name
                seat_tokens = [created.seat_token]
                seat_tokens += [stub.JoinMatch(pb.JoinMatchRequest(name=name)).seat_token for _ in range(seats - 1)]
                if started:
                    bearer = (("authorization", f"Bearer {seat_tokens[0]}"),)
                    stub.StartMatch(pb.StartMatchRequest(name=name, request_id=str(uuid.uuid4())), metadata=bearer)
                names.append(name)
                tokens += seat_tokens
    return Pool(names, tokens)


@pytest.fixture
def http(fuzz_server):
    with httpx.Client(base_url=fuzz_server.http_url, timeout=30) as client:
        yield client
