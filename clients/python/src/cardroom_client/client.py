"""A thin asyncio SDK over the generated cardroom.v1 gRPC stubs.

``connect`` opens a channel; ``Client.create_match``/``join_match`` return a ``Seat``
(the match name, the seat token and the last state this seat saw), through which the
player starts and plays: ``Seat.play()`` opens a play session (session.py: every update
pushed, ``act`` on the same stream, reconnection), the main way to play; ``act``/``watch``
are the unary and server-streaming calls. Everything the service sends is the generated
message itself: the SDK adds no model of its own.

Retries: unary calls wait for the channel to be ready (within ``timeout``) and gRPC's own
retry policy (the channel's service config) re-sends a call that failed with
UNAVAILABLE, byte for byte, so an action keeps its ``request_id`` and the service applies
it once. A watch that loses its stream reopens it after the last version it yielded.
"""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
from google.protobuf import json_format

from .action_sets import legal_actions
from .errors import RESUMABLE, from_rpc_error
from .metadata import call_metadata
from .session import Session
from .v1 import game_service_pb2 as pb
from .v1 import game_service_pb2_grpc, match_pb2

SERVICE = "cardroom.v1.GameService"
ENDED = (match_pb2.MATCH_STATUS_FINISHED, match_pb2.MATCH_STATUS_ABANDONED)

Reply = TypeVar("Reply")


@dataclass(frozen=True)
class RetryPolicy:
    """Bounds of the retries: ``attempts`` per unary call (gRPC caps it at 5) and per
    watch reconnection run, with exponential backoff from ``initial_backoff`` up to
    ``max_backoff`` seconds."""

    attempts: int = 5
    initial_backoff: float = 0.2
    max_backoff: float = 3.0
    multiplier: float = 2.0
    watch_reconnects: int = 8

    def service_config(self) -> str:
        """The gRPC service config that retries every GameService call on UNAVAILABLE."""
        policy = {
            "maxAttempts": self.attempts,
            "initialBackoff": f"{self.initial_backoff}s",
            "maxBackoff": f"{self.max_backoff}s",
            "backoffMultiplier": self.multiplier,
            "retryableStatusCodes": ["UNAVAILABLE"],
        }
        return json.dumps({"methodConfig": [{"name": [{"service": SERVICE}], "retryPolicy": policy}]})

    def backoff(self, failures: int) -> float:
        """Seconds to wait before reconnection number ``failures`` (1-based), with jitter so
        that many watchers of a restarted server do not all come back at once."""
        ceiling = min(self.initial_backoff * self.multiplier ** (failures - 1), self.max_backoff)
        return random.uniform(ceiling / 2, ceiling)


def connect(
    address: str,
    *,
    tls: bool = False,
    root_certificates: bytes | None = None,
    retry: RetryPolicy | None = None,
    timeout: float = 15.0,
    keepalive: float = 20.0,
) -> Client:
    """A client of the service at ``address`` (``host:port``), over TLS when ``tls`` is true
    (with the system's roots unless ``root_certificates`` are given).

    While a call is open (a play session, a watch), the channel pings the server every ``keepalive`` seconds
    and drops a connection whose ping is not answered within as long: a connection that died without closing
    (a network gone) ends the stream UNAVAILABLE, and sessions and watches reconnect, instead of waiting
    forever. The service refuses pings more frequent than its ``--grpc-min-client-ping`` (10 s by default)."""
    retry = retry or RetryPolicy()
    keepalive_ms = round(keepalive * 1000)
    options = [
        ("grpc.enable_retries", 1),
        ("grpc.service_config", retry.service_config()),
        ("grpc.keepalive_time_ms", keepalive_ms),
        ("grpc.keepalive_timeout_ms", keepalive_ms),
        # keep pinging on a stream that carries no data for a while (a session waiting for a slow player)
        ("grpc.http2.max_pings_without_data", 0),
        # gRPC core waits for a ping's ack this long, whatever the keepalive timeout says (1 minute by default)
        ("grpc.http2.ping_timeout_ms", keepalive_ms),
    ]
    if tls:
        credentials = grpc.ssl_channel_credentials(root_certificates=root_certificates)
        channel = grpc.aio.secure_channel(address, credentials, options=options)
    else:
        channel = grpc.aio.insecure_channel(address, options=options)
    return Client(channel, retry, timeout)


def new_request_id() -> str:
    """A fresh idempotency key (AIP-155)."""
    return str(uuid.uuid4())


class Client:
    """The GameService of one channel; ``stub`` is the generated stub for anything the SDK does not wrap."""

    def __init__(self, channel: grpc.aio.Channel, retry: RetryPolicy, timeout: float):
        self.channel = channel
        self.stub = game_service_pb2_grpc.GameServiceStub(channel)
        self.retry = retry
        self.timeout = timeout

    async def __aenter__(self) -> Client:
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self.channel.close()

    async def _unary(self, method: Callable[..., Awaitable[Reply]], request: Any, token: str | None = None) -> Reply:
        try:
            metadata = call_metadata(token, getattr(request, "name", ""))  # the requests about a match name it
            return await method(request, metadata=metadata, timeout=self.timeout, wait_for_ready=True)
        except grpc.aio.AioRpcError as error:
            raise from_rpc_error(error) from None

    async def list_games(self) -> list[match_pb2.Game]:
        response = await self._unary(self.stub.ListGames, pb.ListGamesRequest())
        return list(response.games)

    async def get_game(self, game_id: str) -> match_pb2.Game:
        return await self._unary(self.stub.GetGame, pb.GetGameRequest(name=f"games/{game_id}"))

    async def list_matches(self, game_id: str, page_size: int = 0, page_token: str = "") -> pb.ListMatchesResponse:
        """One page of the game's open tables (matches waiting for players)."""
        request = pb.ListMatchesRequest(parent=f"games/{game_id}", page_size=page_size, page_token=page_token)
        return await self._unary(self.stub.ListMatches, request)

    async def create_match(
        self,
        game_id: str,
        seat_count: int,
        *,
        player_name: str = "",
        options: match_pb2.GameOptions | None = None,
        seed: int | None = None,
        fixture: Mapping[str, Any] | None = None,
        table: match_pb2.TableSettings | None = None,
        bots: Sequence[match_pb2.BotSeat] = (),
    ) -> Seat:
        """Create a table and sit at it as its creator. ``table``: the turn clock, auto start and
        bots for absent players; ``bots``: seats played by the server's bots from the start.
        ``seed`` and ``fixture`` (stacked decks) are accepted only by a server started with
        ``--allow-fixed-decks``."""
        request = pb.CreateMatchRequest(
            parent=f"games/{game_id}",
            seat_count=seat_count,
            options=options,
            player_name=player_name,
            request_id=new_request_id(),
            seed="" if seed is None else str(seed),
            table=table,
            bots=bots,
        )
        if fixture is not None:
            json_format.ParseDict(dict(fixture), request.fixture)
        response = await self._unary(self.stub.CreateMatch, request)
        return Seat(self, response.state.match.name, response.seat_token, response.state.your_seat, response.state)

    async def join_match(self, match_name: str, *, player_name: str = "", seat: int | None = None) -> Seat:
        """Take a free seat (the lowest one unless ``seat`` is given) of a waiting match."""
        request = pb.JoinMatchRequest(name=match_name, player_name=player_name, request_id=new_request_id(), seat=seat)
        response = await self._unary(self.stub.JoinMatch, request)
        return Seat(self, match_name, response.seat_token, response.seat, response.state)

    async def resume(self, match_name: str, token: str) -> Seat:
        """The seat of ``token`` at ``match_name`` again (after a restart of the client)."""
        state = await self.get_match(match_name, token)
        return Seat(self, match_name, token, state.your_seat, state)

    async def get_match(
        self,
        match_name: str,
        token: str | None = None,
        *,
        legal_actions_form: int = match_pb2.LEGAL_ACTIONS_FORM_UNSPECIFIED,
    ) -> match_pb2.MatchState:
        """The match as the token's seat sees it, or as a spectator without a token. Its legal actions come as
        ``legal_action_sets`` by default (``legal_actions(state)`` expands them); ``legal_actions_form`` FLAT or
        BOTH asks for the flat list too."""
        request = pb.GetMatchRequest(name=match_name, legal_actions_form=legal_actions_form)
        return await self._unary(self.stub.GetMatch, request, token)

    def play(self, match_name: str, *, token: str | None = None, after_version: int = 0) -> Session:
        """A play session (the Play stream) of the token's seat, or of a spectator without a token: every
        update after ``after_version`` pushed, and ``act``; reconnects by itself (session.py). Use it with
        ``async with``, or iterate it and ``close`` it."""
        return Session(self, match_name, token, after_version)

    async def watch(
        self, match_name: str, *, token: str | None = None, after_version: int = 0
    ) -> AsyncIterator[pb.MatchUpdate]:
        """Every update after ``after_version`` until the match ends. A dropped stream is reopened
        after the last version yielded (up to ``retry.watch_reconnects`` times in a row), so no
        version is skipped or repeated. The service ends a stream itself only once the match is
        over, so a stream that ends cleanly ends the watch (at once for a finished match watched
        after its last version)."""
        last = after_version
        failures = 0
        while True:
            request = pb.WatchMatchRequest(name=match_name, after_version=last)
            call = self.stub.WatchMatch(request, metadata=call_metadata(token, match_name))
            try:
                async for update in call:
                    failures = 0
                    last = update.version
                    yield update
                    if update.state.match.status in ENDED:
                        return
                return
            except grpc.aio.AioRpcError as error:
                if error.code() not in RESUMABLE or failures >= self.retry.watch_reconnects:
                    raise from_rpc_error(error) from None
            finally:
                call.cancel()
            # the stream dropped before the match ended: reopen it where it stopped
            failures += 1
            await asyncio.sleep(self.retry.backoff(failures))


@dataclass
class Seat:
    """One player's seat at a match: its token and the last state it saw (``state``).

    ``act`` sends the version of ``state`` as the expected version by default, so an action
    decided on an old view fails with ``StaleVersion`` instead of being applied to a state the
    player never saw."""

    client: Client
    match_name: str
    token: str
    seat: int
    state: match_pb2.MatchState

    @property
    def legal_actions(self) -> list[match_pb2.Action]:
        """The actions this seat may send on ``state``, expanded from its compact sets (``legal_actions``)."""
        return legal_actions(self.state)

    async def refresh(self) -> match_pb2.MatchState:
        self.state = await self.client.get_match(self.match_name, self.token)
        return self.state

    async def start(self, *, fill_with_bots: bool = False, bot_level: str = "") -> match_pb2.MatchState:
        """Start the match (the creator's seat only) with the players seated; with ``fill_with_bots``
        every empty seat is played by a bot (of ``bot_level``, the game's default when empty)."""
        request = pb.StartMatchRequest(
            name=self.match_name, request_id=new_request_id(), fill_with_bots=fill_with_bots, bot_level=bot_level
        )
        self.state = await self.client._unary(self.client.stub.StartMatch, request, self.token)
        return self.state

    async def leave(self) -> match_pb2.MatchState:
        request = pb.LeaveMatchRequest(name=self.match_name, request_id=new_request_id())
        self.state = await self.client._unary(self.client.stub.LeaveMatch, request, self.token)
        return self.state

    async def act(
        self, action: match_pb2.Action, *, expected_version: int | None = None, request_id: str | None = None
    ) -> pb.SubmitActionResponse:
        """Submit ``action`` for this seat, decided on ``expected_version`` (default: the version of
        ``state``). Raises ``StaleVersion`` when the match has moved on, ``CardroomError`` otherwise."""
        request = pb.SubmitActionRequest(
            name=self.match_name,
            action=action,
            expected_version=self.state.match.version if expected_version is None else expected_version,
            request_id=request_id or new_request_id(),
        )
        response = await self.client._unary(self.client.stub.SubmitAction, request, self.token)
        self.state = response.state
        return response

    def play(self, after_version: int | None = None) -> Session:
        """This seat's play session, the main way to play: the updates after ``after_version`` pushed as this
        seat sees them, and ``act`` on the same stream; ``state`` follows the updates the session yields. By
        default the first update is that of the version of ``state``, served afresh, so a loop over the
        session has a decision to make at once (the update of a version is pushed only when it is made)."""
        start = max(self.state.match.version - 1, 0) if after_version is None else after_version

        def follow(state: match_pb2.MatchState) -> None:
            self.state = state

        return Session(self.client, self.match_name, self.token, start, self.state, follow)

    async def watch(self, after_version: int | None = None) -> AsyncIterator[pb.MatchUpdate]:
        """Updates after ``after_version`` (default: the version of ``state``) as this seat sees them;
        ``state`` follows them."""
        start = self.state.match.version if after_version is None else after_version
        async for update in self.client.watch(self.match_name, token=self.token, after_version=start):
            if update.version > self.state.match.version:
                self.state = update.state
            yield update
