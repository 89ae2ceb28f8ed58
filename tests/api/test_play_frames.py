"""The Play session's wire items (api/play_wire.py): an update folded with its action's outcome is one
``PlayResponse`` with both fields, over gRPC bytes and proto3 JSON alike."""

from __future__ import annotations

from google.protobuf import json_format

from cardroom.api.play_wire import frame, json_frame
from cardroom.app.play_sessions import Answered, Outcome
from cardroom.v1 import game_service_pb2 as pb


def test_an_answered_update_is_one_message_with_the_update_and_its_outcome():
    update = pb.MatchUpdate(version=7, timed_out=True)
    update.state.match.version = 7
    outcome = pb.PlayOutcome(request_id="r", accepted=True, version=7)
    expected = pb.PlayResponse(update=update, update_outcome=outcome)
    item = Answered(update, Outcome("r", version=7))
    assert pb.PlayResponse.FromString(frame(item)) == expected
    assert json_format.Parse(json_frame(item), pb.PlayResponse()) == expected
    assert pb.PlayResponse.FromString(frame(update)) == pb.PlayResponse(update=update)  # unchanged without one
