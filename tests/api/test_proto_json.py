"""api/proto_json.py prints what protobuf's json_format prints: the same text for every kind of value the API
carries (the random games of test_convert.py check every view, event and action too), and its fast path
covers every message type of the API."""

from __future__ import annotations

import json
import math

import pytest
from google.protobuf import any_pb2, json_format, struct_pb2
from google.rpc import error_details_pb2

from cardroom.api import proto_json
from cardroom.v1 import game_service_pb2, match_pb2


def _api_message_types():
    """Every message type declared in the API's files, nested ones included."""
    files = {game_service_pb2.DESCRIPTOR, match_pb2.DESCRIPTOR}
    files |= {dependency for file in list(files) for dependency in file.dependencies}
    pending = [
        message for file in files if file.package == "cardroom.v1" for message in file.message_types_by_name.values()
    ]
    while pending:
        message = pending.pop()
        pending.extend(message.nested_types)
        yield message


def assert_same_json(message) -> None:
    """The REST and WebSocket printer (api/proto_json.py) writes the JSON value protobuf's json_format writes, as
    compact text, the same in both of its forms."""
    text = proto_json.to_json(message)
    assert json.loads(text) == json.loads(json_format.MessageToJson(message, indent=None))
    assert proto_json.to_json_bytes(message) == text.encode()


def test_every_message_type_of_the_api_has_the_fast_path():
    types = list(_api_message_types())
    assert len(types) > 100  # the walk reached the per-game files
    assert [message.full_name for message in types if proto_json._plan(message) is None] == []


def test_a_match_with_timestamps_seats_doubles_and_enums():
    match = match_pb2.Match(
        name="games/pumba/matches/m1",
        game_id="pumba",
        status=match_pb2.MATCH_STATUS_ACTIVE,
        seat_count=2,
        version=7,
        etag='"7"',
        table=match_pb2.TableSettings(turn_seconds=1.5, reserve_seconds=0.1),
        rematch_of="",
    )
    match.create_time.FromSeconds(1_700_000_000)
    match.update_time.FromNanoseconds(1_700_000_000_123_000_000)
    match.seats.add(player_name="Zoë ☃", occupied=True, controller=match_pb2.SEAT_CONTROLLER_BOT, reserve_seconds=0)
    match.seats.add(occupied=False)  # every field at its default: an empty object
    assert_same_json(match)
    assert_same_json(match_pb2.MatchState(match=match, your_seat=0, to_act=[0, 1]))  # optional 0 is printed


@pytest.mark.parametrize("seconds", [math.inf, -math.inf, math.nan, 1e-7, 2.0**60, 12.25])
def test_doubles_of_every_form(seconds):
    assert_same_json(match_pb2.TableSettings(turn_seconds=seconds, reserve_seconds=seconds))


def test_an_enum_number_without_a_name_prints_as_the_number():
    match = match_pb2.Match(status=match_pb2.MATCH_STATUS_ACTIVE)
    match.status = 99  # an open enum keeps numbers a newer peer sent
    assert_same_json(match)


def test_well_known_types_keep_protobufs_own_forms():
    fixture = struct_pb2.Struct()
    fixture.update({"deck": ["AS", "KH"], "seed": 3, "nested": {"ok": True, "none": None}})
    assert_same_json(game_service_pb2.CreateMatchRequest(parent="games/pumba", seat_count=2, fixture=fixture))
    detail = any_pb2.Any()
    detail.Pack(error_details_pb2.ErrorInfo(reason="STALE_VERSION", domain="cardroom.v1", metadata={"v": "3"}))
    assert_same_json(game_service_pb2.PlayStatus(code=10, message="stale", details=[detail]))


def test_a_shared_match_prints_the_same_from_its_memo():
    state = match_pb2.MatchState(match=match_pb2.Match(name="games/flip-7/matches/m2", version=3))
    first = proto_json.to_json(state)
    hits = proto_json._dict_of_bytes.cache_info().hits
    assert proto_json.to_json(state) == first
    assert proto_json._dict_of_bytes.cache_info().hits == hits + 1
    state.match.version = 4  # another value: another entry, not the remembered one
    assert_same_json(state)


def test_the_text_is_compact_utf8():
    seat = match_pb2.SeatInfo(player_name="Zoë ☃", occupied=True)
    assert proto_json.to_json(match_pb2.Match(seats=[seat], seat_count=1)) == (
        '{"seatCount":1,"seats":[{"playerName":"Zoë ☃","occupied":true}]}'
    )
