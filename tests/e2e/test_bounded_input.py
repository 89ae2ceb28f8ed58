"""Bounded input over gRPC: oversized, out-of-range and malformed fields are refused with
INVALID_ARGUMENT and a reason naming the field, before anything is stored."""

from __future__ import annotations

import uuid

import grpc
import pytest
from cardroom_client import legal_actions
from grpc_status import rpc_status
from table import bearer, error_reason

from cardroom.api.errors import error_info
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2
from support.store_state import redis_state


@pytest.fixture
def unchanged(redis_process):
    """Asserts at the end of the test that Redis holds exactly what it held at its start."""
    before = redis_state(redis_process.url)
    yield
    assert redis_state(redis_process.url) == before, "a refused request changed the store"


def _refused(call, reason: str | None, field: str | None = None) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    error = caught.value
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, error.details()
    if reason is not None:
        assert error_reason(error) == reason, error.details()
    if field is not None:
        assert error_info(rpc_status.from_call(error)).metadata["field"] == field
    assert len(error.details()) < 300, "a refusal must not echo the input"
    return error


class _Waiting:
    """A Pumba table of 4 seats with its creator and one joined player, not started."""

    def __init__(self, stub):
        created = stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=4))
        self.name = created.state.match.name
        self.tokens = [created.seat_token, stub.JoinMatch(pb.JoinMatchRequest(name=self.name)).seat_token]


@pytest.fixture
def waiting(stub):
    return _Waiting(stub)


def test_a_million_reduction_totals_are_refused_and_nothing_is_stored(stub, unchanged):
    options = match_pb2.GameOptions()
    options.pumptown.reduction_totals.values.extend([100] * 1_000_000)  # ~1 MB: under the message limit
    request = pb.CreateMatchRequest(parent="games/pumptown", seat_count=3, options=options)
    _refused(lambda: stub.CreateMatch(request), "FIELD_TOO_LARGE", "options.pumptown.reduction_totals.values")


def test_request_ids_must_be_uuids(stub, waiting, unchanged):
    huge = "r" * 900_000
    _refused(
        lambda: stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=2, request_id=huge)),
        "FIELD_TOO_LARGE",
        "request_id",
    )
    for request_id in ("x", uuid.uuid4().hex, f"{uuid.uuid4()}"[:35] + "\n"):
        _refused(
            lambda: stub.JoinMatch(pb.JoinMatchRequest(name=waiting.name, request_id=request_id)),  # noqa: B023 (called at once)
            "INVALID_REQUEST_ID",
            "request_id",
        )
        _refused(
            lambda: stub.StartMatch(
                pb.StartMatchRequest(name=waiting.name, request_id=request_id),  # noqa: B023 (called at once)
                metadata=bearer(waiting.tokens[0]),
            ),
            "INVALID_REQUEST_ID",
            "request_id",
        )


def test_uppercase_uuids_are_request_ids_too(stub):
    created = stub.CreateMatch(
        pb.CreateMatchRequest(parent="games/pumba", seat_count=2, request_id=str(uuid.uuid4()).upper())
    )
    assert created.seat_token


def test_an_8_kb_name_is_refused_without_being_echoed(stub, unchanged):
    name = "games/pumba/matches/" + "a" * 8000
    error = _refused(lambda: stub.GetMatch(pb.GetMatchRequest(name=name)), "FIELD_TOO_LARGE", "name")
    assert "aaaa" not in error.details()
    _refused(lambda: stub.JoinMatch(pb.JoinMatchRequest(name=name)), "FIELD_TOO_LARGE", "name")


def test_a_trailing_newline_in_a_name_is_not_the_match(stub, waiting, unchanged):
    _refused(lambda: stub.GetMatch(pb.GetMatchRequest(name=waiting.name + "\n")), "INVALID_NAME")
    _refused(lambda: stub.JoinMatch(pb.JoinMatchRequest(name=waiting.name + "\n")), "INVALID_NAME")
    _refused(lambda: stub.GetGame(pb.GetGameRequest(name="games/pumba\n")), "INVALID_NAME")


def test_a_seed_beyond_63_bits_is_refused(stub, unchanged):
    for seed, reason in ((str(2**64), "FIELD_TOO_LARGE"), ("1e9", "INVALID_SEED"), ("²", "INVALID_SEED")):
        request = pb.CreateMatchRequest(parent="games/flip-7", seat_count=3, seed=seed)
        _refused(lambda: stub.CreateMatch(request), reason, "seed")  # noqa: B023 (called at once)


@pytest.mark.parametrize("token", ["1" * 23, "²", "9" * 5000, "-1", "1 "])
def test_log_page_tokens_are_refused_without_store_errors(stub, waiting, unchanged, token):
    error = _refused(lambda: stub.GetMatchLog(pb.GetMatchLogRequest(name=waiting.name, page_token=token)), None)
    assert error_reason(error) in ("FIELD_TOO_LARGE", "INVALID_PAGE_TOKEN")
    assert "redis" not in error.details().lower() and "Exception" not in error.details()


@pytest.mark.parametrize("name", ["\x1b]0;pwned\x07", "a\u202eb", "zero\u200bwidth", "two\nlines"])
def test_player_names_that_are_not_text_are_refused(stub, waiting, unchanged, name):
    _refused(
        lambda: stub.CreateMatch(pb.CreateMatchRequest(parent="games/pumba", seat_count=2, player_name=name)),
        "INVALID_PLAYER_NAME",
        "player_name",
    )
    _refused(
        lambda: stub.JoinMatch(pb.JoinMatchRequest(name=waiting.name, player_name=name)),
        "INVALID_PLAYER_NAME",
        "player_name",
    )


def test_out_of_range_integers_are_refused(stub, waiting, unchanged):
    _refused(lambda: stub.JoinMatch(pb.JoinMatchRequest(name=waiting.name, seat=-1)), "FIELD_OUT_OF_RANGE", "seat")
    options = match_pb2.GameOptions()
    options.flip_7.flip7_bonus = 2**31 - 1
    request = pb.CreateMatchRequest(parent="games/flip-7", seat_count=3, options=options)
    assert _refused(lambda: stub.CreateMatch(request), "INVALID_OPTION", "options.flip_7.flip7_bonus")


def test_watching_after_a_version_the_match_never_had_is_refused(stub, waiting, unchanged):
    """Found by the fuzz suite: it was UNKNOWN (the log's past was rebuilt up to a version not in it)."""
    stream = stub.WatchMatch(pb.WatchMatchRequest(name=waiting.name, after_version=3))
    error = _refused(lambda: next(stream), "FIELD_OUT_OF_RANGE", "after_version")
    assert error_info(rpc_status.from_call(error)).metadata["current_version"] == "2"


def test_log_entries_of_creation_and_joins_have_no_seat(stub, waiting):
    log = stub.GetMatchLog(pb.GetMatchLogRequest(name=waiting.name))
    assert [entry.version for entry in log.entries] == [1, 2]
    assert not any(entry.HasField("seat") for entry in log.entries)


def test_log_entries_of_leaves_and_the_start_have_no_seat_and_actions_have_theirs(stub, waiting):
    """The proto's comment on MatchLogEntry.seat: absent for system entries (creation, joins, leaves, start)."""
    third = stub.JoinMatch(pb.JoinMatchRequest(name=waiting.name)).seat_token
    stub.LeaveMatch(pb.LeaveMatchRequest(name=waiting.name), metadata=bearer(third))
    started = stub.StartMatch(pb.StartMatchRequest(name=waiting.name), metadata=bearer(waiting.tokens[0]))
    seat = started.to_act[0]
    view = stub.GetMatch(pb.GetMatchRequest(name=waiting.name), metadata=bearer(waiting.tokens[seat]))
    stub.SubmitAction(
        pb.SubmitActionRequest(name=waiting.name, action=legal_actions(view)[0]), metadata=bearer(waiting.tokens[seat])
    )
    entries = stub.GetMatchLog(pb.GetMatchLogRequest(name=waiting.name)).entries
    assert [entry.HasField("seat") for entry in entries] == [False] * 5 + [True]  # create, 2 joins, leave, start
    assert entries[-1].seat == seat


def _length_delimited(tag: int, payload: bytes) -> bytes:
    """One protobuf length-delimited field: tag byte, varint length, payload."""
    length, size = bytearray(), len(payload)
    while True:
        length.append((size & 0x7F) | (0x80 if size > 0x7F else 0))
        size >>= 7
        if not size:
            return bytes([tag]) + bytes(length) + payload


def _struct_nested(levels: int) -> bytes:
    """A google.protobuf.Struct nested ``levels`` deep ({"a": {"a": ...}}), encoded by hand: the
    library would refuse to build it."""
    inner = b""
    for _ in range(levels):
        value = _length_delimited(0x2A, inner)  # Value.struct_value (5)
        entry = _length_delimited(0x0A, b"a") + _length_delimited(0x12, value)  # map entry key (1), value (2)
        inner = _length_delimited(0x0A, entry)  # Struct.fields (1)
    return inner


MALFORMED = {
    "invalid UTF-8 in a string": ("GetMatch", b"\x0a\x02\xff\xfe"),
    "truncated": ("GetMatch", b"\x0a\x10games/pum"),
    "a Struct nested 90 levels": (
        "CreateMatch",
        b"\x0a\x0cgames/flip-7\x10\x03" + _length_delimited(0x3A, _struct_nested(90)),
    ),
    "a wire type that does not exist": ("WatchMatch", b"\x0f\x01"),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_malformed_protobuf_is_invalid_argument(server, unchanged, case):
    method, payload = MALFORMED[case]
    with grpc.insecure_channel(server.address) as channel:
        # a generic channel method: the bytes go out as they are
        call = (channel.unary_stream if method == "WatchMatch" else channel.unary_unary)(
            f"/cardroom.v1.GameService/{method}"
        )
        with pytest.raises(grpc.RpcError) as caught:
            answer = call(payload, timeout=30)
            if method == "WatchMatch":
                list(answer)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
    assert error_reason(caught.value) == "MALFORMED_REQUEST"
