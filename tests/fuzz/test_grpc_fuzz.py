"""gRPC fuzzing: hypothesis-generated requests of every method (from the proto descriptors) and raw
malformed bytes. No call may fail as the server's fault (UNKNOWN, INTERNAL...), and a refused call
must leave the store exactly as it was."""

from __future__ import annotations

import string

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardroom.v1 import game_service_pb2 as pb
from fuzz.conftest import EXAMPLES, SERVER_FAILURES
from fuzz.proto_strategies import messages
from support.store_state import redis_state, settle

SERVICE = pb.DESCRIPTOR.services_by_name["GameService"]
#: methods that change nothing even when they succeed
#: (a fuzzed Play sends one message: its first, which only opens a session, or anything else, refused)
READS = {"ListGames", "GetGame", "GetMatch", "ListMatches", "WatchMatch", "GetMatchLog", "Play"}
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,  # the same examples on every run: CI stays deterministic
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)


@pytest.fixture(scope="module")
def channel(fuzz_server):
    with grpc.insecure_channel(fuzz_server.address) as opened:
        yield opened


def _call(channel: grpc.Channel, method, payload: bytes, token: str | None) -> str:
    """The status code name of one call with raw request bytes (a stream is read to its end, bounded)."""
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    path = f"/{SERVICE.full_name}/{method.name}"
    try:
        if method.server_streaming:
            if method.client_streaming:  # Play: the payload as the stream's first message
                stream = channel.stream_stream(path)(iter([payload]), metadata=metadata, timeout=0.5)
            else:
                stream = channel.unary_stream(path)(payload, metadata=metadata, timeout=0.5)
            for _ in zip(range(3), stream, strict=False):  # a live match streams forever: a few updates are enough
                pass
            stream.cancel()
        else:
            channel.unary_unary(path)(payload, metadata=metadata, timeout=30)
    except grpc.RpcError as error:
        code = error.code()
        # our own deadline or cancel on a stream that was answering: not the server's failure
        if method.server_streaming and code in (grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED):
            return "OK"
        return code.name
    return "OK"


def _check(channel, fuzz_redis, tally, method, payload: bytes, token: str | None) -> None:
    settle(fuzz_redis.url)  # what an earlier call set going (a left seat played by the server) is done
    before = redis_state(fuzz_redis.url)
    code = _call(channel, method, payload, token)
    tally.grpc[code] += 1
    assert code not in SERVER_FAILURES, f"{method.name} answered {code} to {payload[:200]!r}"
    if code != "OK" or method.name in READS:
        assert redis_state(fuzz_redis.url) == before, f"{method.name} refused with {code} but changed the store"


@pytest.mark.parametrize("method", list(SERVICE.methods), ids=lambda method: method.name)
def test_generated_requests_are_answered_or_refused_never_failed(channel, fuzz_redis, pool, tally, method):
    # garbage tokens in what gRPC metadata can carry (printable ASCII): others fail in the client itself
    garbage = st.text(alphabet=string.ascii_letters + string.digits + "._-", min_size=1, max_size=40)
    tokens = st.one_of(st.none(), st.sampled_from(pool.tokens), garbage)

    @FUZZ
    @given(request=messages(method.input_type, pool.names), token=tokens)
    def fuzz(request, token):
        _check(channel, fuzz_redis, tally, method, request.SerializeToString(), token)

    fuzz()


def _mutations(valid: bytes) -> st.SearchStrategy[bytes]:
    """Valid bytes truncated, with a byte flipped, or with garbage appended."""
    if not valid:
        return st.binary(max_size=64)
    cut = st.integers(0, len(valid) - 1).map(lambda n: valid[:n])
    flipped = st.tuples(st.integers(0, len(valid) - 1), st.integers(1, 255)).map(
        lambda f: valid[: f[0]] + bytes([valid[f[0]] ^ f[1]]) + valid[f[0] + 1 :]
    )
    return st.one_of(cut, flipped, st.binary(min_size=1, max_size=32).map(lambda tail: valid + tail))


@pytest.mark.parametrize("method", list(SERVICE.methods), ids=lambda method: method.name)
def test_raw_malformed_bytes_are_refused_never_failed(channel, fuzz_redis, pool, tally, method):
    valid = messages(method.input_type, pool.names).map(lambda message: message.SerializeToString())
    payloads = st.one_of(st.binary(max_size=256), valid.flatmap(_mutations))

    @FUZZ
    @given(payload=payloads, token=st.one_of(st.none(), st.sampled_from(pool.tokens)))
    def fuzz(payload, token):
        _check(channel, fuzz_redis, tally, method, payload, token)

    fuzz()

