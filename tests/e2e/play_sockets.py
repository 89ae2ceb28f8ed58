"""A seat (or spectator) on Play WebSockets (``/v1/play``, proto3 JSON) as a browser client would drive one, with
the reconnection a client owes the protocol: after any close but 1000 (a server's 1012 at shutdown, a connection
lost) it opens a socket on the next replica (as a load balancer would pick another) after the last version it
received, and sends again the actions it had no outcome for, under their request ids."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field

import aiohttp
from cardroom_client import legal_actions
from google.protobuf import json_format
from google.rpc import error_details_pb2

from cardroom.api import convert
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

ACTIVE = match_pb2.MATCH_STATUS_ACTIVE
NORMAL_CLOSE = 1000


def play_url(http_url: str) -> str:
    return f"{http_url}/v1/play"


def protocols(token: str | None) -> tuple[str, ...]:
    return ("cardroom.v1", f"cardroom.seat-token.{token}") if token else ("cardroom.v1",)


def reason(status: pb.PlayStatus) -> str:
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info.reason


@dataclass
class SocketSeat:
    """What one viewer's sockets received: every update in order, and how each socket was closed."""

    received: list[pb.MatchUpdate] = field(default_factory=list)
    close_codes: list[int | None] = field(default_factory=list)

    @property
    def last_version(self) -> int:
        return self.received[-1].version if self.received else 0


async def socket_seat(
    http: aiohttp.ClientSession,
    urls: list[str],
    name: str,
    token: str | None,
    seat: int,
    game: str,
    rng: random.Random,
    played: dict[int, tuple[int, dict]],
    *,
    token_in_protocol: bool = False,
    on_update: Callable[[pb.MatchUpdate], object] = lambda _update: None,
    hold_from: int | None = None,
    reconnects: int = 8,
    compress: int = 0,
) -> SocketSeat:
    """Follow match ``name`` to its end over sockets on ``urls`` (the first, then the next after each drop),
    acting for ``seat`` (-1: a spectator) on the newest update, once per version and one action at a time (an
    accepted action's update comes before its outcome). ``played``: version -> (seat, action) of every action
    accepted. The first socket acts on no version from ``hold_from`` on: the seat reads on until that replica
    closes it (a failover test holds the match there until the replica is gone). An update repeated after a
    reconnection, or a version skipped, fails the test. ``compress``: offer permessage-deflate with this window
    (as browsers do; the server then writes every frame through aiohttp's compressor)."""
    seen = SocketSeat()
    waiting: dict[str, tuple[dict, tuple[int, dict]]] = {}  # request id -> (message, (seat, action))
    tried = 0

    async def act(socket: aiohttp.ClientWebSocketResponse, holding: bool) -> None:
        """Act on the newest update if it is this seat's turn, it has not acted on it, and no action is out."""
        nonlocal tried
        latest = seen.received[-1] if seen.received else None
        if waiting or latest is None or latest.version <= tried or (holding and latest.version >= hold_from):
            return
        state = latest.state
        if seat in state.to_act and legal_actions(state) and state.match.status == ACTIVE:
            tried = latest.version
            choice = rng.choice(legal_actions(state))
            request_id = str(uuid.uuid4())
            action = {"requestId": request_id, "expectedVersion": latest.version}
            action["action"] = json_format.MessageToDict(choice)
            waiting[request_id] = ({"action": action}, (seat, convert.action_from_proto(game, choice)))
            await socket.send_str(json.dumps({"action": action}))

    for attempt in range(reconnects + 1):
        url = urls[attempt % len(urls)]
        offered = protocols(token if token_in_protocol else None)
        try:
            socket = await http.ws_connect(url, protocols=offered, compress=compress)
        except aiohttp.ClientConnectionError:
            continue  # that replica is gone: the next one
        assert socket.protocol == "cardroom.v1", socket.protocol  # a browser requires one offered to be chosen
        assert bool(socket.compress) == bool(compress), "the server took permessage-deflate as offered"
        opening: dict = {"name": name, "afterVersion": seen.last_version}
        if token and not token_in_protocol:
            opening["seatToken"] = token
        await socket.send_str(json.dumps({"open": opening}))
        for message, _ in waiting.values():  # unanswered: sent again, answered once
            await socket.send_str(json.dumps(message))
        holding = attempt == 0 and hold_from is not None
        await act(socket, holding)  # a turn held on the last socket is played on this one: no update will come
        async for frame in socket:
            if frame.type == aiohttp.WSMsgType.ERROR:
                break  # the connection failed: its close code says how
            assert frame.type == aiohttp.WSMsgType.TEXT, frame
            answer = json_format.Parse(frame.data, pb.PlayResponse())
            if answer.HasField("outcome"):
                outcome = answer.outcome
                _, decided = waiting.pop(outcome.request_id)
                if outcome.accepted:
                    played[outcome.version] = decided
                else:
                    assert reason(outcome.error) in ("STALE_VERSION", "NOT_YOUR_TURN"), outcome
            else:
                update = answer.update
                assert update.version == seen.last_version + 1, f"{seen.last_version} then {update.version}"
                seen.received.append(update)
                on_update(update)
            await act(socket, holding)
        seen.close_codes.append(socket.close_code)
        if socket.close_code == NORMAL_CLOSE:
            assert not waiting, f"the session ended with actions unanswered: {list(waiting)}"
            return seen
    raise AssertionError(f"no session ended normally after {reconnects} reconnections: {seen.close_codes}")
