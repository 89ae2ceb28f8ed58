"""The gRPC servicer: proto in, application call, proto out. No game logic here."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import grpc
from google.protobuf import json_format, timestamp_pb2

from ..app import documents as docs
from ..app.errors import DEADLINE_EXCEEDED, INVALID_ARGUMENT, AppError
from ..app.matches import MatchService, Snapshot, Update, etag_of
from ..engines.contract import RuleError
from ..v1 import game_service_pb2 as pb
from ..v1 import game_service_pb2_grpc as pb_grpc
from ..v1 import match_pb2
from . import convert
from .errors import to_grpc_status

T = TypeVar("T")

GAME_NAME = re.compile(r"^games/(?P<game>[a-z0-9-]+)$")
MATCH_NAME = re.compile(r"^games/(?P<game>[a-z0-9-]+)/matches/(?P<match>[a-z0-9]+)$")
STATUS = {
    "waiting": match_pb2.MATCH_STATUS_WAITING,
    "active": match_pb2.MATCH_STATUS_ACTIVE,
    "finished": match_pb2.MATCH_STATUS_FINISHED,
    "abandoned": match_pb2.MATCH_STATUS_ABANDONED,
}


def parse_game_name(name: str) -> str:
    found = GAME_NAME.match(name or "")
    if not found:
        raise AppError(INVALID_ARGUMENT, "INVALID_NAME", f"expected games/{{game}}, got {name!r}")
    return found["game"]


def parse_match_name(name: str) -> tuple[str, str]:
    found = MATCH_NAME.match(name or "")
    if not found:
        raise AppError(INVALID_ARGUMENT, "INVALID_NAME", f"expected games/{{game}}/matches/{{match}}, got {name!r}")
    return found["game"], found["match"]


def bearer_token(context: grpc.aio.ServicerContext) -> str | None:
    for key, value in context.invocation_metadata() or ():
        if key == "authorization":
            scheme, _, token = value.partition(" ")
            if scheme.lower() != "bearer" or not token.strip():
                raise AppError("UNAUTHENTICATED", "INVALID_SEAT_TOKEN", "authorization must be 'Bearer <seat token>'")
            return token.strip()
    return None


def _timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


def match_to_proto(doc: docs.MatchDoc) -> match_pb2.Match:
    return match_pb2.Match(
        name=f"games/{doc.game}/matches/{doc.match_id}",
        game_id=doc.game,
        status=STATUS[doc.status],
        options=convert.options_to_proto(doc.game, doc.options),
        seat_count=doc.seat_count,
        seats=[
            match_pb2.SeatInfo(seat=seat, player_name=holder.name if holder else "", occupied=holder is not None)
            for seat in range(doc.seat_count)
            for holder in [doc.seat_holder(seat)]
        ],
        creator_seat=next(p.seat for p in doc.players if p.player_id == doc.creator_player_id)
        if doc.player(doc.creator_player_id)
        else 0,
        version=doc.version,
        etag=etag_of(doc),
        create_time=_timestamp(doc.create_time),
        update_time=_timestamp(doc.update_time),
    )


def snapshot_to_proto(snapshot: Snapshot) -> match_pb2.MatchState:
    game = snapshot.doc.game
    state = match_pb2.MatchState(
        match=match_to_proto(snapshot.doc),
        legal_actions=[convert.action_to_proto(game, action) for action in snapshot.legal_actions],
        to_act=snapshot.to_act,
    )
    if snapshot.your_seat is not None:
        state.your_seat = snapshot.your_seat
    if snapshot.view is not None:
        state.view.CopyFrom(convert.view_to_proto(game, snapshot.view))
    if snapshot.result is not None:
        result = snapshot.result
        state.result.CopyFrom(match_pb2.MatchResult(scores=result.scores, winners=result.winners, ranks=result.ranks))
    return state


def events_to_proto(game: str, events: list[dict[str, Any]]) -> list[match_pb2.Event]:
    return [convert.event_to_proto(game, event) for event in events]


def update_to_proto(update: Update) -> pb.MatchUpdate:
    game = update.snapshot.doc.game
    return pb.MatchUpdate(
        version=update.version, events=events_to_proto(game, update.events), state=snapshot_to_proto(update.snapshot)
    )


def _fixture(request: pb.CreateMatchRequest) -> dict[str, Any] | None:
    if not request.HasField("fixture"):
        return None
    # Struct numbers are doubles; the rules files' fixtures hold integers
    return json.loads(json.dumps(json_format.MessageToDict(request.fixture)), parse_float=_integral)


def _integral(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def _seed(text: str) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise AppError(INVALID_ARGUMENT, "INVALID_SEED", "seed must be a decimal integer") from None


class GameService(pb_grpc.GameServiceServicer):
    def __init__(self, matches: MatchService, call_timeout: float):
        self.matches = matches
        self.call_timeout = call_timeout

    async def _run(self, context: grpc.aio.ServicerContext, call: Callable[[], Awaitable[T]]) -> T:
        """Run one unary call under the server's deadline, mapping errors to rich statuses."""
        timeout = self.call_timeout
        remaining = context.time_remaining()
        if remaining is not None:
            timeout = min(timeout, remaining)
        try:
            return await asyncio.wait_for(call(), timeout)
        except TimeoutError:
            error = AppError(DEADLINE_EXCEEDED, "DEADLINE_EXCEEDED", "the call did not finish in time")
        except AppError as app_error:
            error = app_error
        except RuleError as rule_error:
            error = AppError.from_rule(rule_error)
        await context.abort_with_status(to_grpc_status(error))
        raise AssertionError("unreachable")  # abort_with_status raises

    async def ListGames(self, request: pb.ListGamesRequest, context) -> pb.ListGamesResponse:
        async def call():
            games = [convert.game_to_proto(info) for info in self.matches.list_games()]
            return pb.ListGamesResponse(games=games)

        return await self._run(context, call)

    async def GetGame(self, request: pb.GetGameRequest, context) -> match_pb2.Game:
        async def call():
            return convert.game_to_proto(self.matches.get_game(parse_game_name(request.name)))

        return await self._run(context, call)

    async def CreateMatch(self, request: pb.CreateMatchRequest, context) -> pb.CreateMatchResponse:
        async def call():
            game = parse_game_name(request.parent)
            options: dict[str, Any] = {}
            if request.HasField("options"):
                options_game, options = convert.options_from_proto(request.options)
                if options_game != game:
                    raise AppError(
                        INVALID_ARGUMENT, "OPTIONS_GAME_MISMATCH", f"options are for {options_game}, not {game}"
                    )
            seated = await self.matches.create_match(
                game,
                request.seat_count,
                options,
                request.player_name,
                request.request_id,
                _seed(request.seed),
                _fixture(request),
            )
            return pb.CreateMatchResponse(state=snapshot_to_proto(seated.snapshot), seat_token=seated.seat_token)

        return await self._run(context, call)

    async def GetMatch(self, request: pb.GetMatchRequest, context) -> match_pb2.MatchState:
        async def call():
            game, match_id = parse_match_name(request.name)
            return snapshot_to_proto(await self.matches.get_match(game, match_id, bearer_token(context)))

        return await self._run(context, call)

    async def ListMatches(self, request: pb.ListMatchesRequest, context) -> pb.ListMatchesResponse:
        async def call():
            game = parse_game_name(request.parent)
            found, token = await self.matches.list_matches(game, request.page_size, request.page_token)
            return pb.ListMatchesResponse(matches=[match_to_proto(doc) for doc in found], next_page_token=token)

        return await self._run(context, call)

    async def JoinMatch(self, request: pb.JoinMatchRequest, context) -> pb.JoinMatchResponse:
        async def call():
            game, match_id = parse_match_name(request.name)
            seat = request.seat if request.HasField("seat") else None
            seated = await self.matches.join_match(game, match_id, request.player_name, request.request_id, seat)
            return pb.JoinMatchResponse(
                state=snapshot_to_proto(seated.snapshot), seat_token=seated.seat_token, seat=seated.seat
            )

        return await self._run(context, call)

    async def LeaveMatch(self, request: pb.LeaveMatchRequest, context) -> match_pb2.MatchState:
        async def call():
            game, match_id = parse_match_name(request.name)
            token = bearer_token(context)
            return snapshot_to_proto(await self.matches.leave_match(game, match_id, token, request.request_id))

        return await self._run(context, call)

    async def StartMatch(self, request: pb.StartMatchRequest, context) -> match_pb2.MatchState:
        async def call():
            game, match_id = parse_match_name(request.name)
            token = bearer_token(context)
            return snapshot_to_proto(await self.matches.start_match(game, match_id, token, request.request_id))

        return await self._run(context, call)

    async def SubmitAction(self, request: pb.SubmitActionRequest, context) -> pb.SubmitActionResponse:
        async def call():
            game, match_id = parse_match_name(request.name)
            action = convert.action_from_proto(game, request.action)
            expected = request.expected_version if request.HasField("expected_version") else None
            update = await self.matches.submit_action(
                game, match_id, bearer_token(context), action, expected, request.etag, request.request_id
            )
            return pb.SubmitActionResponse(
                state=snapshot_to_proto(update.snapshot), events=events_to_proto(game, update.events)
            )

        return await self._run(context, call)

    async def WatchMatch(self, request: pb.WatchMatchRequest, context):
        try:
            game, match_id = parse_match_name(request.name)
            updates = self.matches.watch(game, match_id, bearer_token(context), request.after_version)
            async for update in updates:
                yield update_to_proto(update)
        except AppError as error:
            await context.abort_with_status(to_grpc_status(error))

    async def GetMatchLog(self, request: pb.GetMatchLogRequest, context) -> pb.GetMatchLogResponse:
        async def call():
            game, match_id = parse_match_name(request.name)
            after = request.after_version
            if request.page_token:
                if not request.page_token.isdigit():
                    raise AppError(INVALID_ARGUMENT, "INVALID_PAGE_TOKEN", "page_token is not one this server issued")
                after = int(request.page_token)
            updates, last = await self.matches.match_log(
                game, match_id, bearer_token(context), after, request.page_size
            )
            entries = []
            for update in updates:
                entry = pb.MatchLogEntry(version=update.version, events=events_to_proto(game, update.events))
                if update.seat is not None:
                    entry.seat = update.seat
                if update.action is not None:
                    entry.action.CopyFrom(convert.action_to_proto(game, update.action))
                entries.append(entry)
            page_size = request.page_size if request.page_size > 0 else 100
            next_token = str(last) if len(updates) >= min(page_size, 1000) else ""
            return pb.GetMatchLogResponse(entries=entries, next_page_token=next_token)

        return await self._run(context, call)
