"""The Play session's wire items (api/play_wire.py): an update folded with its action's outcome is one
``PlayResponse`` with both fields, over gRPC bytes and proto3 JSON alike; and the WebSocket frames the session
writes itself (api/play_ws.py) are byte for byte the frames aiohttp's writer makes."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import WSMsgType
from aiohttp._websocket.writer import WebSocketWriter
from google.protobuf import json_format

from cardroom.api.play_wire import frame, json_frame
from cardroom.api.play_ws import frame_header
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


class _Captured(asyncio.Transport):
    """A transport that keeps what is written to it (the frame bytes compared, no socket involved)."""

    def __init__(self) -> None:
        super().__init__()
        self.written = bytearray()

    def write(self, data) -> None:
        self.written += data

    def is_closing(self) -> bool:
        return False


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 200_000])
@pytest.mark.parametrize("kind", [WSMsgType.TEXT, WSMsgType.BINARY])
def test_a_directly_written_frame_is_the_frame_aiohttp_writes(kind: WSMsgType, length: int) -> None:
    payload = bytes(i % 251 for i in range(length))
    transport = _Captured()
    # aiohttp's own synchronous frame writer (private: the reason play_ws.py writes its headers itself)
    WebSocketWriter(None, transport)._write_websocket_frame(payload, kind, 0)  # type: ignore[arg-type]
    assert frame_header(0x80 | kind, length) + payload == bytes(transport.written)
