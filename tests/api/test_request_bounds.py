"""The input bounds table: complete over the request descriptors, documented, and enforced by one validator."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from google.protobuf import descriptor, struct_pb2

from cardroom.api import request_bounds
from cardroom.api.request_bounds import BOUNDS, SERVICE, check_request
from cardroom.app.errors import AppError
from cardroom.app.names import player_name
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

SECURITY_DOC = Path(__file__).resolve().parents[2] / "docs" / "security.md"
Field = descriptor.FieldDescriptor
#: fixed, so that parallel test workers collect the same test ids
SOME_UUID = "0f8fad5b-d9cb-469f-a165-70867728950e"


def _paths(message_type: descriptor.Descriptor, prefix: str = ""):
    for field in message_type.fields:
        path = f"{prefix}{field.name}"
        if field.message_type is not None and field.message_type.full_name != "google.protobuf.Struct":
            if field.is_repeated:
                yield path, field
            yield from _paths(field.message_type, f"{path}.")
        else:
            yield path, field


def test_every_string_integer_and_repeated_field_of_every_request_has_a_bound():
    for method in SERVICE.methods:
        table = BOUNDS[method.input_type.name]
        needed = {
            path
            for path, field in _paths(method.input_type)
            if field.type != Field.TYPE_BOOL or field.is_repeated
        }
        missing = sorted(needed - set(table))
        assert not missing, f"{method.input_type.name}: no bound for {missing}"
        for path in needed:
            assert table[path].describe(), f"{method.input_type.name}.{path}: a bound that bounds nothing"
        assert not set(table) - {path for path, _ in _paths(method.input_type)}, "bounds of fields that do not exist"


def test_every_reason_is_an_error_reason_of_the_api():
    reasons = {name.removeprefix("ERROR_REASON_") for name in match_pb2.ErrorReason.DESCRIPTOR.values_by_name}
    used = {bound.reason for table in BOUNDS.values() for bound in table.values() if bound.pattern is not None}
    used |= {bound.range_reason for table in BOUNDS.values() for bound in table.values()}
    used |= {request_bounds.FIELD_TOO_LARGE, request_bounds.INVALID_REQUEST_ID}
    assert used <= reasons


def test_docs_security_input_bounds_table_is_the_table():
    text = SECURITY_DOC.read_text()
    section = re.search(r"## Input bounds\n(.*?)(?=\n## |\Z)", text, re.S)
    assert section, "docs/security.md has no '## Input bounds' section"
    assert request_bounds.markdown_table() in section.group(1), "regenerate the table: markdown_table()"


def _refusal(request) -> AppError:
    with pytest.raises(AppError) as caught:
        check_request(request)
    assert caught.value.code == "INVALID_ARGUMENT"
    assert len(caught.value.message) < 200, "a refusal must not echo the input"
    return caught.value


def test_a_million_reduction_totals_are_refused_naming_the_field():
    options = match_pb2.GameOptions()
    options.pumptown.reduction_totals.values.extend(range(1, 1_000_001))
    error = _refusal(pb.CreateMatchRequest(parent="games/pumptown", seat_count=3, options=options))
    assert error.reason == "FIELD_TOO_LARGE"
    assert error.metadata == {"field": "options.pumptown.reduction_totals.values", "option": "reduction_totals"}


def test_option_values_outside_their_spec_are_invalid_options():
    options = match_pb2.GameOptions()
    options.flip_7.flip7_bonus = 2**31 - 1
    error = _refusal(pb.CreateMatchRequest(parent="games/flip-7", seat_count=3, options=options))
    assert (error.reason, error.metadata["option"]) == ("INVALID_OPTION", "flip7_bonus")


@pytest.mark.parametrize(
    "request_id",
    ["x", "0" * 900_000, SOME_UUID.replace("-", ""), "{" + SOME_UUID + "}", SOME_UUID + "\n", "é" * 36],
)
def test_request_ids_that_are_not_uuids_are_refused(request_id):
    error = _refusal(pb.StartMatchRequest(name="games/pumba/matches/abc", request_id=request_id))
    assert error.reason == ("FIELD_TOO_LARGE" if len(request_id) > 36 else "INVALID_REQUEST_ID")
    assert error.metadata == {"field": "request_id"}


@pytest.mark.parametrize("request_id", ["", SOME_UUID, SOME_UUID.upper(), "6ba7b810-9dad-11d1-80b4-00c04fd430c8"])
def test_uuids_in_any_case_are_accepted(request_id):
    check_request(pb.SubmitActionRequest(name="games/pumba/matches/abc", request_id=request_id))


@pytest.mark.parametrize(
    ("message", "reason", "field"),
    [
        (pb.GetMatchRequest(name="games/pumba/matches/" + "a" * 8000), "FIELD_TOO_LARGE", "name"),
        (pb.CreateMatchRequest(seed=str(2**64)), "FIELD_TOO_LARGE", "seed"),
        (pb.CreateMatchRequest(seed="12a"), "INVALID_SEED", "seed"),
        (pb.CreateMatchRequest(seed="²"), "INVALID_SEED", "seed"),
        (pb.CreateMatchRequest(seat_count=-1), "FIELD_OUT_OF_RANGE", "seat_count"),
        (pb.CreateMatchRequest(bot_seats=list(range(13))), "FIELD_TOO_LARGE", "bot_seats"),
        (pb.CreateMatchRequest(player_name="n" * 65), "FIELD_TOO_LARGE", "player_name"),
        (pb.JoinMatchRequest(seat=-1), "FIELD_OUT_OF_RANGE", "seat"),
        (pb.GetMatchLogRequest(page_token="1" * 23), "FIELD_TOO_LARGE", "page_token"),
        (pb.GetMatchLogRequest(page_token="²"), "INVALID_PAGE_TOKEN", "page_token"),
        (pb.GetMatchLogRequest(page_token="9" * 5000), "FIELD_TOO_LARGE", "page_token"),
        (pb.GetMatchLogRequest(after_version=-5), "FIELD_OUT_OF_RANGE", "after_version"),
        (pb.GetMatchLogRequest(page_size=100_000), "FIELD_OUT_OF_RANGE", "page_size"),
        (pb.ListMatchesRequest(page_token="x" * 65), "FIELD_TOO_LARGE", "page_token"),
        (pb.WatchMatchRequest(after_version=-1), "FIELD_OUT_OF_RANGE", "after_version"),
        (pb.SubmitActionRequest(expected_version=-1), "FIELD_OUT_OF_RANGE", "expected_version"),
        (pb.SubmitActionRequest(etag="e" * 81), "FIELD_TOO_LARGE", "etag"),
        (
            pb.SubmitActionRequest(action=match_pb2.Action(pumba={"play": {"card": "x" * 33}})),
            "FIELD_TOO_LARGE",
            "action.pumba.play.card",
        ),
        (
            pb.SubmitActionRequest(action=match_pb2.Action(pumptown={"play": {"card": "REARR", "layout": ["TL"] * 9}})),
            "FIELD_TOO_LARGE",
            "action.pumptown.play.layout",
        ),
        (
            pb.SubmitActionRequest(action=match_pb2.Action(pumptown={"allot": {"recipient": 1, "amount": -3}})),
            "FIELD_OUT_OF_RANGE",
            "action.pumptown.allot.amount",
        ),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_each_kind_of_bound_refuses_with_a_reason_naming_the_field(message, reason, field):
    error = _refusal(message)
    assert (error.reason, error.metadata["field"]) == (reason, field)


def _nested(depth: int) -> struct_pb2.Struct:
    root = struct_pb2.Struct()
    node = root
    for _ in range(depth - 1):
        node = node.fields["a"].struct_value
    node.fields["leaf"].number_value = 1
    return root


def test_fixtures_are_bounded_in_depth_and_size():
    check_request(pb.CreateMatchRequest(fixture=_nested(request_bounds.FIXTURE_DEPTH)))
    error = _refusal(pb.CreateMatchRequest(fixture=_nested(request_bounds.FIXTURE_DEPTH + 1)))
    assert (error.reason, error.metadata["field"]) == ("FIELD_TOO_LARGE", "fixture")
    big = struct_pb2.Struct()
    big.fields["deck"].list_value.values.extend(struct_pb2.Value(string_value="c" * 100) for _ in range(1000))
    assert _refusal(pb.CreateMatchRequest(fixture=big)).reason == "FIELD_TOO_LARGE"


@pytest.mark.parametrize(
    "name",
    [
        "\x1b]0;owned\x07",  # a terminal title escape sequence
        "ann\nbob",
        "evil\u202egnp.exe",  # bidi override
        "zero\u200bwidth",
        "\ufeffbom",
        "line\u2028sep",
        "tab\there",
        "\U000e0041tag",
    ],
)
def test_player_names_with_control_format_or_separator_characters_are_refused(name):
    with pytest.raises(AppError) as caught:
        player_name(name, 0)
    assert caught.value.reason == "INVALID_PLAYER_NAME"
    assert caught.value.metadata == {"field": "player_name"}
    assert not any(char in caught.value.message for char in name if not char.isalnum())


def test_player_names_are_trimmed_normalised_and_defaulted():
    assert player_name("  Zoë  ", 2) == "Zoë"
    assert player_name("Zoe\u0308", 2) == "Zoë"  # NFC: one spelling per visible name
    assert player_name("", 2) == "Player 3"
    assert player_name("名前 – ok", 0) == "名前 – ok"


@pytest.mark.parametrize(
    ("settings", "persistent", "loses"),
    [
        ({"appendonly": "yes", "appendfsync": "always", "save": ""}, True, "no acknowledged action is lost"),
        ({"appendonly": "yes", "appendfsync": "everysec", "save": "3600 1"}, True, "about 1 s"),
        ({"appendonly": "no", "appendfsync": "everysec", "save": "3600 1 300 100"}, True, "since the last snapshot"),
        ({"appendonly": "no", "appendfsync": "everysec", "save": ""}, False, "loses every match"),
    ],
)
def test_what_each_redis_persistence_setting_guarantees(settings, persistent, loses):
    from cardroom.store.durability import describe

    found, guarantee = describe(settings)
    assert found == persistent and loses in guarantee
