"""The GameService methods, transport-neutral: proto request + seat token in, proto response out.

Both transports call these and nothing else: the gRPC servicer (grpc_service.py)
and the REST/JSON gateway (rest.py). Failures are raised as ``AppError``; each
transport maps them to its own status. No game logic here.
"""

from __future__ import annotations

import asyncio
import json
import re
import weakref
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, TypeVar

from google.protobuf import json_format, timestamp_pb2

from ..app import clock, rematch, tables
from ..app import documents as docs
from ..app.errors import DEADLINE_EXCEEDED, INVALID_ARGUMENT, AppError
from ..app.matches import MatchService, Snapshot, Update, etag_of
from ..app.play_sessions import PlaySession
from ..app.watch_feeds import Sink, WatchStream
from ..engines.contract import GameInfo, RuleError
from ..v1 import game_service_pb2 as pb
from ..v1 import match_pb2
from . import convert
from .action_sets_wire import action_sets_to_proto
from .match_messages import SharedMatches
from .request_bounds import check_request
from .watch_wire import IdentityMemo
from .wire_memo import by_value

Reply = TypeVar("Reply")
#: a message that is not what its place in a stream needs (grpc_service.py decodes bad bytes to it too)
MALFORMED_REQUEST = "MALFORMED_REQUEST"

#: the ids inside resource names (also the OpenAPI document's path patterns)
ID_PATTERNS = {"game": "[a-z0-9-]+", "match": "[a-z0-9]+"}
# matched with fullmatch: ``$`` would also accept a trailing newline
GAME_NAME = re.compile(rf"games/(?P<game>{ID_PATTERNS['game']})")
MATCH_NAME = re.compile(rf"games/(?P<game>{ID_PATTERNS['game']})/matches/(?P<match>{ID_PATTERNS['match']})")
STATUS = {
    "waiting": match_pb2.MATCH_STATUS_WAITING,
    "active": match_pb2.MATCH_STATUS_ACTIVE,
    "finished": match_pb2.MATCH_STATUS_FINISHED,
    "abandoned": match_pb2.MATCH_STATUS_ABANDONED,
}


def parse_game_name(name: str) -> str:
    found = GAME_NAME.fullmatch(name or "")
    if not found:
        raise AppError(INVALID_ARGUMENT, "INVALID_NAME", f"expected games/{{game}}, got {name!r}")
    return found["game"]


def parse_match_name(name: str) -> tuple[str, str]:
    found = MATCH_NAME.fullmatch(name or "")
    if not found:
        raise AppError(INVALID_ARGUMENT, "INVALID_NAME", f"expected games/{{game}}/matches/{{match}}, got {name!r}")
    return found["game"], found["match"]


def parse_authorization(value: str | None) -> str | None:
    """The seat token of an ``authorization`` header or metadata value; None for a spectator."""
    if value is None:
        return None
    scheme, _, token = value.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise AppError("UNAUTHENTICATED", "INVALID_SEAT_TOKEN", "authorization must be 'Bearer <seat token>'")
    return token.strip()


def _timestamp(seconds: float) -> timestamp_pb2.Timestamp:
    stamp = timestamp_pb2.Timestamp()
    stamp.FromNanoseconds(int(seconds * 1e9))
    return stamp


CONTROLLERS = {
    docs.PLAYER: match_pb2.SEAT_CONTROLLER_PLAYER,
    docs.AWAY: match_pb2.SEAT_CONTROLLER_AWAY,
    docs.BOT: match_pb2.SEAT_CONTROLLER_BOT,
}


def seat_to_proto(
    doc: docs.MatchDoc, seat: int, connected: frozenset[int], held: frozenset[int]
) -> match_pb2.SeatInfo:
    holder = doc.seat_holder(seat)
    info = match_pb2.SeatInfo(seat=seat, connected=seat in connected, held=seat in held)
    if holder is None:
        return info
    info.player_name, info.occupied = holder.name, True
    info.controller = CONTROLLERS[holder.controller]
    info.bot, info.bot_level = holder.controller == docs.BOT, holder.bot_level or ""
    info.left, info.timeouts = holder.left, holder.timeouts
    if holder.away_since is not None:
        info.away_since.CopyFrom(_timestamp(holder.away_since))
    if doc.table.reserve_seconds > 0:
        info.reserve_seconds = clock.reserve_left(doc, holder)
    return info


def table_to_proto(table: docs.TableSettings) -> match_pb2.TableSettings:
    return match_pb2.TableSettings(
        turn_seconds=table.turn_seconds,
        reserve_seconds=table.reserve_seconds,
        absent_bot_level=table.absent_bot_level or "",
        auto_start_when_full=table.auto_start_when_full,
    )


#: a match's options, converted once per distinct value (api/wire_memo.py): they never change during a match, and
#: every answer and update carries them
_options = by_value(convert.options_to_proto)


def match_to_proto(
    doc: docs.MatchDoc,
    *,
    connected: frozenset[int] = frozenset(),
    expire_time: float | None = None,
    held: frozenset[int] = frozenset(),
) -> match_pb2.Match:
    match = match_pb2.Match(
        name=f"games/{doc.game}/matches/{doc.match_id}",
        game_id=doc.game,
        status=STATUS[doc.status],
        options=_options(doc.game, doc.options),
        seat_count=doc.seat_count,
        seats=[seat_to_proto(doc, seat, connected, held) for seat in range(doc.seat_count)],
        creator_seat=next(p.seat for p in doc.players if p.player_id == doc.creator_player_id)
        if doc.player(doc.creator_player_id)
        else 0,
        version=doc.version,
        etag=etag_of(doc),
        create_time=_timestamp(doc.create_time),
        update_time=_timestamp(doc.update_time),
        table=table_to_proto(doc.table),
        rematch_of=f"games/{doc.game}/matches/{doc.rematch_of}" if doc.rematch_of else "",
    )
    if expire_time is not None:
        match.expire_time.CopyFrom(_timestamp(expire_time))
    return match


#: LegalActionsForm values that list the flat actions, and those that list the compact sets (the default: every
#: answer stays under 16 KB; the flat list of an 8-seat Pumptown turn is 76-171 KB)
_FLAT_FORMS = frozenset({match_pb2.LEGAL_ACTIONS_FORM_FLAT, match_pb2.LEGAL_ACTIONS_FORM_BOTH})
_COMPACT_FORMS = frozenset({match_pb2.LEGAL_ACTIONS_FORM_UNSPECIFIED, match_pb2.LEGAL_ACTIONS_FORM_COMPACT,
                            match_pb2.LEGAL_ACTIONS_FORM_BOTH})


#: the Match of a watched version, shared by its viewer classes' updates (api/match_messages.py)
shared_matches = SharedMatches(match_to_proto)
#: legal action sets and events, converted once per distinct value (api/wire_memo.py): shared, copied into answers
_action_sets = by_value(lambda game, actions: tuple(action_sets_to_proto(game, actions)))
_event = by_value(convert.event_to_proto)


def snapshot_to_proto(
    snapshot: Snapshot, form: int = match_pb2.LEGAL_ACTIONS_FORM_UNSPECIFIED, *, shared: bool = False
) -> match_pb2.MatchState:
    """``snapshot`` as a MatchState, its legal actions in the LegalActionsForm ``form`` (compact by default);
    ``shared``: a watch update's, whose document the other viewer classes of its version share."""
    return _fill_state(match_pb2.MatchState(), snapshot, form, shared)


def _fill_state(state: match_pb2.MatchState, snapshot: Snapshot, form: int, shared: bool) -> match_pb2.MatchState:
    """``snapshot_to_proto`` into ``state``, which may be a field of the message it is sent in: each part is
    built once and copied into place once (a message passed to a constructor, or a submessage to ``CopyFrom``,
    is copied: building a MatchState and then a MatchUpdate around it copied the view and the match twice)."""
    game = snapshot.doc.game
    build = shared_matches if shared else match_to_proto
    state.match.CopyFrom(
        build(snapshot.doc, connected=snapshot.connected, expire_time=snapshot.expire_time, held=snapshot.held)
    )
    if form in _FLAT_FORMS:
        state.legal_actions.extend([convert.action_to_proto(game, action) for action in snapshot.legal_actions])
    if form in _COMPACT_FORMS:
        state.legal_action_sets.extend(_action_sets(game, snapshot.legal_actions))
    state.to_act.extend(snapshot.to_act)
    if snapshot.last_events:
        state.last_events.extend([_event(game, event) for event in snapshot.last_events])
    if snapshot.your_seat is not None:
        state.your_seat = snapshot.your_seat
    if snapshot.view is not None:
        convert.fill_view(state.view, game, snapshot.view)
    if snapshot.result is not None:
        result = snapshot.result
        left = sorted(p.seat for p in snapshot.doc.players if p.left)
        state.result.CopyFrom(
            match_pb2.MatchResult(scores=result.scores, winners=result.winners, ranks=result.ranks, left_seats=left)
        )
    if snapshot.deadline is not None:
        state.deadline.CopyFrom(_timestamp(snapshot.deadline))
    return state


def events_to_proto(game: str, events: list[dict[str, Any]]) -> list[match_pb2.Event]:
    return [_event(game, event) for event in events]


def update_to_proto(update: Update, form: int = match_pb2.LEGAL_ACTIONS_FORM_UNSPECIFIED) -> pb.MatchUpdate:
    game = update.snapshot.doc.game
    message = pb.MatchUpdate(
        version=update.version,
        events=events_to_proto(game, update.events),
        timed_out=update.timed_out,
        by_bot=update.by_bot,
    )
    _fill_state(message.state, update.snapshot, form, shared=True)
    if update.seat is not None and update.kind == "action":
        message.seat = update.seat
    return message


#: one MatchUpdate per watch update the app shares between streams (api/watch_wire.py), per LegalActionsForm
watch_messages: dict[int, IdentityMemo[Update, pb.MatchUpdate]] = {
    form: IdentityMemo(partial(update_to_proto, form=form)) for form in match_pb2.LegalActionsForm.values()
}
watch_message = watch_messages[match_pb2.LEGAL_ACTIONS_FORM_UNSPECIFIED]


def _fixture(request: pb.CreateMatchRequest) -> dict[str, Any] | None:
    if not request.HasField("fixture"):
        return None
    # Struct numbers are doubles; the rules files' fixtures hold integers
    return json.loads(json.dumps(json_format.MessageToDict(request.fixture)), parse_float=_integral)


def _integral(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def _bots(request: pb.CreateMatchRequest) -> dict[int, str]:
    """Bot seats and their levels: ``bot_seats`` are standard bots, ``bots`` choose the level."""
    chosen = dict.fromkeys(request.bot_seats, "")
    chosen.update({bot.seat: bot.level for bot in request.bots})
    return chosen


def _seed(text: str) -> int | None:
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise AppError(INVALID_ARGUMENT, "INVALID_SEED", "seed must be a decimal integer") from None


#: the methods that need to know the client (app/limits.py: open tables, seats per client)
CLIENT_METHODS = frozenset({"CreateMatch", "JoinMatch"})


class GameHandlers:
    """One coroutine per unary GameService method, ``(request, token) -> response``, and ``WatchMatch``.

    ``call`` runs a unary method under a deadline and turns every failure into
    an ``AppError``, so a transport only has to map that one error type.
    ``client`` is the caller as the transport identified it (api/client_identity.py):
    every call takes a token of its per-client rate limit first.
    """

    def __init__(self, matches: MatchService):
        self.matches = matches

    async def call(self, method: str, request: Any, token: str | None, timeout: float, *, client: str = "") -> Any:
        handler = getattr(self, method)
        if method in CLIENT_METHODS:
            return await self._guarded(method, request, lambda: handler(request, token, client=client), timeout, client)
        return await self._guarded(method, request, lambda: handler(request, token), timeout, client)

    async def _guarded(
        self, method: str, request: Any, work: Callable[[], Awaitable[Reply]], timeout: float, client: str
    ) -> Reply:
        """``work()`` (the body of ``method`` for ``request``) after the client's rate limit and the request's
        bounds, under ``timeout``; every failure an ``AppError``."""
        try:
            await self.matches.limits.check_rate(client, method)
            check_request(request)
            # asyncio.timeout runs the work in this task; wait_for wrapped every call in a task of its own
            async with asyncio.timeout(timeout):
                return await work()
        except TimeoutError:
            raise AppError(DEADLINE_EXCEEDED, "DEADLINE_EXCEEDED", "the call did not finish in time") from None
        except RuleError as rule_error:
            raise AppError.from_rule(rule_error) from None

    def _game(self, info: GameInfo) -> match_pb2.Game:
        game = convert.game_to_proto(info)
        game.bot_levels.extend(self.matches.bot_levels(info.id))
        return game

    async def ListGames(self, request: pb.ListGamesRequest, token: str | None) -> pb.ListGamesResponse:
        return pb.ListGamesResponse(games=[self._game(info) for info in self.matches.list_games()])

    async def GetGame(self, request: pb.GetGameRequest, token: str | None) -> match_pb2.Game:
        game = self._game(self.matches.get_game(parse_game_name(request.name)))
        game.MergeFrom(convert.game_metadata_to_proto(game.game_id))  # the cards and phases: GetGame only
        return game

    async def CreateMatch(
        self, request: pb.CreateMatchRequest, token: str | None, client: str = ""
    ) -> pb.CreateMatchResponse:
        game = parse_game_name(request.parent)
        options: dict[str, Any] = {}
        if request.HasField("options"):
            options_game, options = convert.options_from_proto(request.options)
            if options_game != game:
                message = f"options are for {options_game or 'no game'}, not {game}"
                raise AppError(INVALID_ARGUMENT, "OPTIONS_GAME_MISMATCH", message)
        seated = await self.matches.create_match(
            game,
            request.seat_count,
            options,
            request.player_name,
            request.request_id,
            _seed(request.seed),
            _fixture(request),
            client,
            tables.checked_table(
                game,
                request.table.turn_seconds,
                request.table.reserve_seconds,
                request.table.absent_bot_level,
                request.table.auto_start_when_full,
            ),
            _bots(request),
        )
        return pb.CreateMatchResponse(state=snapshot_to_proto(seated.snapshot), seat_token=seated.seat_token)

    async def GetMatch(self, request: pb.GetMatchRequest, token: str | None) -> match_pb2.MatchState:
        game, match_id = parse_match_name(request.name)
        return snapshot_to_proto(await self.matches.get_match(game, match_id, token), request.legal_actions_form)

    async def ListMatches(self, request: pb.ListMatchesRequest, token: str | None) -> pb.ListMatchesResponse:
        game = parse_game_name(request.parent)
        found, next_token = await self.matches.list_matches(game, request.page_size, request.page_token)
        matches = [
            match_to_proto(doc, expire_time=self.matches.expire_time(doc), held=self.matches.held_seats(doc))
            for doc in found
        ]
        return pb.ListMatchesResponse(matches=matches, next_page_token=next_token)

    async def JoinMatch(
        self, request: pb.JoinMatchRequest, token: str | None, client: str = ""
    ) -> pb.JoinMatchResponse:
        game, match_id = parse_match_name(request.name)
        seat = request.seat if request.HasField("seat") else None
        seated = await self.matches.join_match(game, match_id, request.player_name, request.request_id, seat, client)
        return pb.JoinMatchResponse(
            state=snapshot_to_proto(seated.snapshot), seat_token=seated.seat_token, seat=seated.seat
        )

    async def LeaveMatch(self, request: pb.LeaveMatchRequest, token: str | None) -> match_pb2.MatchState:
        game, match_id = parse_match_name(request.name)
        return snapshot_to_proto(await self.matches.leave_match(game, match_id, token, request.request_id))

    async def StartMatch(self, request: pb.StartMatchRequest, token: str | None) -> match_pb2.MatchState:
        game, match_id = parse_match_name(request.name)
        started = await self.matches.start_match(
            game, match_id, token, request.request_id, request.fill_with_bots, request.bot_level
        )
        return snapshot_to_proto(started)

    async def SubmitAction(self, request: pb.SubmitActionRequest, token: str | None) -> pb.SubmitActionResponse:
        update = await self._submit(request, token)
        game = update.snapshot.doc.game
        return pb.SubmitActionResponse(
            state=snapshot_to_proto(update.snapshot, request.legal_actions_form),
            events=events_to_proto(game, update.events),
        )

    async def _submit(self, request: pb.SubmitActionRequest, token: str | None) -> Update:
        game, match_id, action, expected = _action_of(request)
        etag, request_id = request.etag, request.request_id
        return await self.matches.submit_action(game, match_id, token, action, expected, etag, request_id)

    async def _submit_version(self, request: pb.SubmitActionRequest, token: str | None) -> int:
        game, match_id, action, expected = _action_of(request)
        return await self.matches.submit_action_version(game, match_id, token, action, expected, request.request_id)

    async def session_action(
        self, request: pb.SubmitActionRequest, token: str | None, timeout: float, client: str
    ) -> int:
        """A Play session's action: SubmitAction's limits, bounds and errors, answering only the version it
        produced (the session's own update stream carries the state, built once per viewer class)."""
        submit = partial(self._submit_version, request, token)
        return await self._guarded("SubmitAction", request, submit, timeout, client)

    async def Play(self, opening: pb.PlayRequest, token: str | None, client: str = "") -> PlaySession:
        """Open a Play session with its first message (``open``; raises ``AppError`` now, before anything is
        streamed): the viewer's updates after ``after_version`` as shared ``MatchUpdate`` messages, counted
        against ``client``'s open streams and its ``Play`` rate like a WatchMatch. ``token``: the transport's
        (metadata, WebSocket subprotocol); the message's ``seat_token`` wins."""
        check_request(opening)
        if opening.WhichOneof("kind") != "open":
            raise AppError(INVALID_ARGUMENT, MALFORMED_REQUEST, "the first message of a Play session must be open")
        opened = opening.open
        watch = pb.WatchMatchRequest(
            name=opened.name, after_version=opened.after_version, legal_actions_form=opened.legal_actions_form
        )
        updates = await self._follow(watch, opened.seat_token or token, client, "Play")
        session = PlaySession(updates, opened.after_version, fold_outcomes=opened.outcomes_in_updates)
        if updates is not None:  # its live updates straight from the match's feed (app/watch_feeds.py)
            updates.share(session.sink(updates.to_message))
        return session

    async def WatchMatch(
        self, request: pb.WatchMatchRequest, token: str | None, client: str = ""
    ) -> CountedStream | None:
        """Check the request now (raising ``AppError``), then return the stream of updates; None when the
        match is over and the caller has seen its last version. The stream counts against ``client``'s
        open streams until it ends or is dropped."""
        check_request(request)
        return await self._follow(request, token, client, "WatchMatch")

    async def _follow(
        self, request: pb.WatchMatchRequest, token: str | None, client: str, method: str
    ) -> CountedStream | None:
        game, match_id = parse_match_name(request.name)
        limits = self.matches.limits
        await limits.check_rate(client, method)
        release = await limits.open_stream(client)
        try:
            updates = await self.matches.watch(game, match_id, token, request.after_version)
        except BaseException:
            release()
            raise
        if updates is None:
            release()
            return None
        stream = CountedStream(updates, release, watch_messages.get(request.legal_actions_form, watch_message))
        weakref.finalize(stream, release)  # a stream dropped before its first update never runs its finally
        return stream

    async def RematchMatch(self, request: pb.RematchMatchRequest, token: str | None) -> pb.RematchMatchResponse:
        game, match_id = parse_match_name(request.name)
        seated = await rematch.rematch(self.matches, game, match_id, token)
        return pb.RematchMatchResponse(
            state=snapshot_to_proto(seated.snapshot), seat_token=seated.seat_token, seat=seated.seat
        )

    async def GetMatchLog(self, request: pb.GetMatchLogRequest, token: str | None) -> pb.GetMatchLogResponse:
        game, match_id = parse_match_name(request.name)
        after = request.after_version
        if request.page_token:
            if not request.page_token.isdigit():
                raise AppError(INVALID_ARGUMENT, "INVALID_PAGE_TOKEN", "page_token is not one this server issued")
            after = int(request.page_token)
        updates, last = await self.matches.match_log(game, match_id, token, after, request.page_size)
        entries = []
        for update in updates:
            entry = pb.MatchLogEntry(
                version=update.version,
                events=events_to_proto(game, update.events),
                timed_out=update.timed_out,
                by_bot=update.by_bot,
            )
            if update.seat is not None and update.action is not None:
                entry.seat = update.seat  # the seat that acted: system entries (create, join, start) have none
            if update.action is not None:
                entry.action.CopyFrom(convert.action_to_proto(game, update.action))
            entries.append(entry)
        page_size = request.page_size if request.page_size > 0 else 100
        next_token = str(last) if len(updates) >= min(page_size, 1000) else ""
        return pb.GetMatchLogResponse(entries=entries, next_page_token=next_token)


def _action_of(request: pb.SubmitActionRequest) -> tuple[str, str, dict[str, Any], int | None]:
    """A SubmitActionRequest's game, match id, action and expected version (None: not sent)."""
    game, match_id = parse_match_name(request.name)
    action = convert.action_from_proto(game, request.action)
    return game, match_id, action, request.expected_version if request.HasField("expected_version") else None


class CountedStream:
    """A watch's updates as messages of the request's legal-actions form, counted against the client's open
    streams until it ends: iterated one by one, or with its live updates shared (``share``: the sink converts
    them with ``to_message``; app/watch_feeds.py)."""

    def __init__(
        self, updates: WatchStream, release: Callable[[], None], to_message: Callable[[Update], pb.MatchUpdate]
    ) -> None:
        self._updates = updates
        self._release = release
        self.to_message = to_message

    def share(self, sink: Sink) -> None:
        self._updates.share(sink)

    def __aiter__(self) -> CountedStream:
        return self

    async def __anext__(self) -> pb.MatchUpdate:
        try:
            return self.to_message(await anext(self._updates))
        except BaseException:  # the end, its error, or the stream cancelled: it no longer counts
            self._release()
            raise

    async def aclose(self) -> None:
        try:
            await self._updates.aclose()
        finally:
            self._release()
