"""A Play session as both transports drive it: client messages in, ``PlayResponse`` wire messages out.

``PlayChannel`` holds the rules the gRPC stream (play_grpc.py) and the WebSocket (play_ws.py) share: each
action message becomes a ``SubmitActionRequest`` of the session's match and token, applied by
``GameHandlers.session_action`` (SubmitAction's rate limit, bounds and errors), and each item of the
app's session (app/play_sessions.py) becomes a message. The session logic itself is the app's.

The updates are the WatchMatch messages shared by every stream of a viewer class (watch_wire.py), so
their ``PlayResponse`` encodings are memoized the same way: a frame is the shared ``MatchUpdate`` bytes
behind the tag and length of field 1 (``update``), which is exactly how protobuf encodes
``PlayResponse(update=...)``, without copying the message into a new one per session; the JSON text
wraps the shared JSON the same way. Hand-written plumbing, because the protobuf runtime has no public
way to embed already-encoded bytes as a field.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from google.protobuf.message import Message

from ..app.errors import INVALID_ARGUMENT, AppError
from ..app.play_sessions import Answered, Deliver, Outcome, PlaySession
from ..observability.play_access import observed_action, open_session, refused_message
from ..v1 import game_service_pb2 as pb
from . import proto_json
from .errors import to_rpc_status
from .handlers import MALFORMED_REQUEST, GameHandlers
from .watch_wire import IdentityMemo, json_text

#: ``PlayResponse.update``'s and ``PlayResponse.update_outcome``'s keys: fields 1 and 3, length-delimited (wire type 2)
_UPDATE_KEY = bytes([1 << 3 | 2])
_UPDATE_OUTCOME_KEY = bytes([3 << 3 | 2])


def _varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _update_frame(update: pb.MatchUpdate) -> bytes:
    # serialised here, not through ``wire_bytes``: a session's update is rarely also a WatchMatch message of this
    # worker, so that memo's entry per update saved nothing (instructions per move the same within 2%) and kept
    # one more encoding alive per update
    body = update.SerializeToString()
    return _UPDATE_KEY + _varint(len(body)) + body


def _update_json(update: pb.MatchUpdate) -> str:
    return '{"update":' + json_text(update) + "}"


#: a shared update's PlayResponse bytes (gRPC) and proto3 JSON text (WebSocket), made once per worker
update_frame: IdentityMemo[pb.MatchUpdate, bytes] = IdentityMemo(_update_frame)
update_json: IdentityMemo[pb.MatchUpdate, str] = IdentityMemo(_update_json)


def _play_outcome(outcome: Outcome) -> pb.PlayOutcome:
    answer = pb.PlayOutcome(request_id=outcome.request_id, accepted=outcome.accepted, version=outcome.version or 0)
    if outcome.error is not None:
        # google.rpc.Status and PlayStatus are the same message: the bytes of one parse as the other
        answer.error.ParseFromString(to_rpc_status(outcome.error).SerializeToString())
    return answer


def outcome_message(outcome: Outcome) -> pb.PlayResponse:
    return pb.PlayResponse(outcome=_play_outcome(outcome))


def frame(item: pb.MatchUpdate | Outcome | Answered[pb.MatchUpdate]) -> bytes:
    """The gRPC bytes of one session item; an ``Answered`` one is the shared update's frame followed by field 3
    (``update_outcome``): protobuf merges the fields of concatenated encodings."""
    if isinstance(item, Outcome):
        return outcome_message(item).SerializeToString()
    if isinstance(item, Answered):
        outcome = _play_outcome(item.outcome).SerializeToString()
        return update_frame(item.update) + _UPDATE_OUTCOME_KEY + _varint(len(outcome)) + outcome
    return update_frame(item)


def json_frame(item: pb.MatchUpdate | Outcome | Answered[pb.MatchUpdate]) -> str:
    """The proto3 JSON text of one session item, as a WebSocket text message."""
    if isinstance(item, Outcome):
        return proto_json.to_json(outcome_message(item))
    if isinstance(item, Answered):
        outcome = proto_json.to_json(_play_outcome(item.outcome))
        return update_json(item.update)[:-1] + ',"updateOutcome":' + outcome + "}"
    return update_json(item)


def malformed(what: str) -> AppError:
    return AppError(INVALID_ARGUMENT, MALFORMED_REQUEST, what)


class PlayChannel:
    """One open session: ``receive`` each later client message, iterate the items to send."""

    def __init__(
        self, handlers: GameHandlers, session: PlaySession, opening: pb.PlayOpen, token: str | None, timeout: float,
        client: str, transport: str,
    ) -> None:
        self._transport = transport
        self._handlers = handlers
        self._session = session
        self._name = opening.name
        self._token = opening.seat_token or token
        self._timeout = timeout
        self._client = client

    @classmethod
    async def open(
        cls, handlers: GameHandlers, first: Message | None, token: str | None, timeout: float, client: str,
        transport: str,
    ) -> PlayChannel:
        """The session of a first message (raises ``AppError``: nothing is streamed yet); ``transport``: the
        metrics' label, ``grpc`` or ``http``."""
        if not isinstance(first, pb.PlayRequest):
            raise malformed("the first message of a Play session must be a PlayRequest with open")
        session = await handlers.Play(first, token, client)
        return cls(handlers, session, first.open, token, timeout, client, transport)

    async def receive(self, message: pb.PlayRequest | None) -> None:
        """One later message of the client: an action, queued in its turn (None: an unreadable message,
        refused in the stream like any other refusal)."""
        if message is None:
            await self._refuse("", malformed("the message is not a valid PlayRequest"))
            return
        action = message.action
        if message.WhichOneof("kind") != "action":
            await self._refuse(action.request_id, malformed("a Play session takes actions after open"))
            return
        request = pb.SubmitActionRequest(name=self._name, action=action.action, request_id=action.request_id)
        if action.HasField("expected_version"):
            request.expected_version = action.expected_version
        handlers, token, timeout, client = self._handlers, self._token, self._timeout, self._client
        transport = self._transport
        await self._session.send(
            action.request_id,
            lambda: observed_action(
                transport, request, lambda: handlers.session_action(request, token, timeout, client)
            ),
        )

    def deliver_to(self, deliver: Deliver | None) -> None:
        """The session's items to ``deliver`` when it can take them at once (``PlaySession.deliver_to``)."""
        self._session.deliver_to(deliver)

    async def _refuse(self, request_id: str, error: AppError) -> None:
        refused_message(self._transport, request_id, error)
        await self._session.refuse(request_id, error)

    async def __aiter__(self) -> AsyncIterator[pb.MatchUpdate | Outcome | Answered[pb.MatchUpdate]]:
        with open_session(self._transport):
            async with contextlib.aclosing(aiter(self._session)) as items:
                async for item in items:
                    yield item
