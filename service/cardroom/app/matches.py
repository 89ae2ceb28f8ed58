"""The match use cases: create, join, leave, start, act, get, list, watch and log.

Every change goes through :meth:`MatchService._commit_change`: read the match,
decide the new document with pure code (engine rules, seat bookkeeping), then
one atomic compare-and-set in the store that also appends the log record and
remembers the request_id. A conflict is either reported (the caller sent an
expected version: ABORTED/STALE_VERSION) or retried from a fresh read a
bounded number of times with jitter.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import msgspec

from ..engines import game_ids, get_engine
from ..engines.contract import Engine, GameInfo, GameResult, RuleError, validate_options
from ..observability import metrics
from ..store.contract import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    WAITING,
    MatchExists,
    MatchNotFound,
    MatchStore,
    Replayed,
    StoredMatch,
    StoreUnavailable,
    VersionConflict,
)
from ..store.limiter import MemoryLimiter
from . import clock, idempotency, lobby, moves, names, seats
from . import documents as docs
from .config import Settings
from .decoded_states import decoded
from .due_index import DueIndex
from .errors import (
    ABORTED,
    FAILED_PRECONDITION,
    INVALID_ARGUMENT,
    NOT_FOUND,
    PERMISSION_DENIED,
    UNAUTHENTICATED,
    UNAVAILABLE,
    AppError,
    stale_version,
)
from .history import History
from .last_events import last_events
from .lean_log import lean
from .limits import Limits
from .presence import Presence
from .recent_docs import MAX_AGE, RecentDocs
from .replay import Replay
from .tokens import InvalidToken, TokenSigner, new_match_id, new_player_id
from .watch_feeds import WatchFeeds, WatchStream
from .watch_opens import WatchOpens
from .watch_updates import SharedUpdates

log = logging.getLogger(__name__)

FIXED_DECKS_DISABLED = "FIXED_DECKS_DISABLED"


class _AlreadyBack(Exception):
    """An away seat's return found the seat back already: nothing to commit (never sent to a client)."""


@dataclass(frozen=True)
class Snapshot:
    """A match as one caller may see it at one version."""

    doc: docs.MatchDoc
    your_seat: int | None
    view: dict[str, Any] | None
    legal_actions: list[dict[str, Any]]
    to_act: list[int]
    result: GameResult | None
    #: when the pending decision of a player's seat times out (clock.view_deadline)
    deadline: float | None = None
    #: the seats someone follows live (presence.py), where the answer reads it
    connected: frozenset[int] = frozenset()
    #: while waiting: when the table is abandoned unless it starts (lobby.expire_time)
    expire_time: float | None = None
    #: open seats held for the players of a finished match (rematch.py)
    held: frozenset[int] = frozenset()
    #: the events of the change that produced this version, for this viewer (GetMatch only: last_events.py)
    last_events: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Seated:
    """The answer to create and join: the caller's snapshot and its seat token."""

    snapshot: Snapshot
    seat_token: str
    seat: int


@dataclass(frozen=True)
class Update:
    """One committed version as a caller may see it (an action answer, a watch message, a log entry)."""

    version: int
    kind: str
    seat: int | None
    action: dict[str, Any] | None
    events: list[dict[str, Any]]
    snapshot: Snapshot
    timed_out: bool = False
    by_bot: bool = False


def etag_of(doc: docs.MatchDoc) -> str:
    return f'"{doc.match_id}-{doc.version}"'


class MatchService:
    def __init__(
        self,
        store: MatchStore,
        settings: Settings,
        signer: TokenSigner,
        clock: Callable[[], float] = time.time,
        limits: Limits | None = None,
    ):
        self.store = store
        self.settings = settings
        self.signer = signer
        self.clock = clock
        self.limits = limits or Limits(MemoryLimiter(), store, settings, signer)
        #: the due index, written around every commit (due_index.py)
        self.due_index = DueIndex(store, settings, clock)
        self.presence = Presence(store, settings, clock)
        self.history = History(store)
        self.watching = SharedUpdates(self.history, self._update)
        self.watch_opens = WatchOpens(self._load)
        #: what this worker committed last: a change starts from it, the commit checks it (recent_docs.py)
        self.recent = RecentDocs(max_age=min(MAX_AGE, settings.finished_ttl / 4, settings.idle_ttl / 4))
        #: one writer per watched match and viewer class for the streams that share (watch_feeds.py)
        self.feeds = WatchFeeds(self.watching, self.store.watch, self.presence.connected, self._keep_recent)

    # --- catalog ------------------------------------------------------------
    def list_games(self) -> list[GameInfo]:
        return [get_engine(game).info for game in game_ids()]

    def get_game(self, game: str) -> GameInfo:
        return self._engine(game).info

    def bot_levels(self, game: str) -> tuple[str, ...]:
        return seats.bot_levels(game)

    # --- lobby ----------------------------------------------------------------
    async def create_match(
        self,
        game: str,
        seat_count: int,
        options: Mapping[str, Any],
        player_name: str,
        request_id: str,
        seed: int | None = None,
        fixture: Mapping[str, Any] | None = None,
        client: str = "",
        table: docs.TableSettings | None = None,
        bots: Mapping[int, str] | None = None,
    ) -> Seated:
        engine = self._engine(game)
        bot_players = seats.bot_players(game, seat_count, bots or {})
        if (seed is not None or fixture) and not self.settings.allow_fixed_decks:
            raise AppError(
                FAILED_PRECONDITION,
                FIXED_DECKS_DISABLED,
                "explicit seeds and fixed decks are accepted only when the server runs with --allow-fixed-decks",
            )
        try:
            # a dry run validates options, seat count and fixture exactly as the start will use them
            engine.new_game(seat_count, options, 0 if seed is None else seed, fixture)
            effective = validate_options(engine.info.options, options)
        except RuleError as error:
            raise AppError.from_rule(error) from None
        name = names.player_name(player_name, 0)
        match_id = self.signer.derived_id("create", request_id) if request_id else new_match_id()
        now = self.clock()
        client_key = self.limits.key(client)
        creator = docs.Player(new_player_id(), name, 0, client_key)
        doc = docs.MatchDoc(
            match_id=match_id,
            game=game,
            status=WAITING,
            version=1,
            seat_count=seat_count,
            options=effective,
            players=[creator, *bot_players],
            creator_player_id=creator.player_id,
            seed=secrets.randbits(63) if seed is None else seed,
            create_time=now,
            update_time=now,
            fixture=dict(fixture) if fixture else None,
            table=table or docs.TableSettings(),
        )
        record = docs.LogRecord(1, "created", 0, None, [], doc)
        asked = idempotency.fingerprint(
            "create", game, seat_count, effective, name, seed, fixture, table, sorted((bots or {}).items())
        )
        answer = docs.encode(docs.Answer(1, creator.player_id, asked))
        await self.limits.hold_open_table(client_key, match_id)
        try:
            pending = await self.due_index.before_commit(None, doc)
            replayed = await self.store.create(_stored(doc), lean(None, doc, record), request_id or None, answer)
        except MatchExists:
            await self.limits.drop_open_table(client_key, match_id)
            raise idempotency.reused("this request_id created another match") from None
        except StoreUnavailable as error:
            await self.limits.drop_open_table(client_key, match_id)
            raise _unavailable(error) from None
        if replayed is not None:
            metrics.REPLAYS.labels(game).inc()
            return await self._seated_from_answer(match_id, replayed, asked)
        self.recent.keep(doc, record)
        metrics.child(metrics.COMMITS, game, record.kind).inc()
        await self.due_index.after_commit(pending)
        return self._seated(doc, creator)

    async def join_match(
        self, game: str, match_id: str, player_name: str, request_id: str, seat: int | None, client: str = ""
    ) -> Seated:
        joined: dict[str, docs.Player] = {}
        client_key = self.limits.key(client)

        def change(doc: docs.MatchDoc, _player: docs.Player | None) -> tuple[docs.MatchDoc, docs.LogRecord]:
            _require_waiting(doc)
            self.limits.check_seats((p.client for p in doc.players), client_key)
            taken = {p.seat for p in doc.players} | lobby.held_seats(doc, self.clock())
            if seat is not None:
                if not 0 <= seat < doc.seat_count:
                    raise AppError(INVALID_ARGUMENT, "INVALID_SEAT", f"seat must be 0..{doc.seat_count - 1}")
                if seat in taken:
                    raise AppError(FAILED_PRECONDITION, "SEAT_TAKEN", f"seat {seat} is taken")
                chosen = seat
            else:
                free = [s for s in range(doc.seat_count) if s not in taken]
                if not free:
                    raise AppError(FAILED_PRECONDITION, "MATCH_FULL", "every seat is taken")
                chosen = free[0]
            player = docs.Player(new_player_id(), names.player_name(player_name, chosen), chosen, client_key)
            joined["player"] = player
            new = _next(doc, self.clock(), players=[*doc.players, player])
            return new, docs.LogRecord(new.version, "joined", chosen, None, [], new)

        asked = idempotency.fingerprint("join", game, match_id, (player_name or "").strip(), seat)
        doc, replayed = await self._commit_change(
            game,
            match_id,
            None,
            request_id,
            change,
            None,
            asked,
            require_seat=False,
            answered_by=lambda: joined["player"].player_id,
        )
        if replayed is not None:
            return await self._seated_from_answer(match_id, replayed, asked)
        return self._seated(doc, joined["player"])

    async def leave_match(self, game: str, match_id: str, token: str | None, request_id: str) -> Snapshot:
        def change(doc: docs.MatchDoc, player: docs.Player | None) -> tuple[docs.MatchDoc, docs.LogRecord]:
            assert player is not None
            if doc.status == ACTIVE:  # forfeited to the server's default play (or a bot) to the end
                gone = seats.left(player, doc.table, self.clock())
                new = _next(doc, self.clock(), players=seats.with_player(doc, gone))
                return new, docs.LogRecord(new.version, "left", player.seat, None, [], new)
            _require_waiting(doc)
            if player.player_id == doc.creator_player_id:
                new = _next(doc, self.clock(), status=ABANDONED)
            else:
                new = _next(doc, self.clock(), players=[p for p in doc.players if p.player_id != player.player_id])
            return new, docs.LogRecord(new.version, "left", player.seat, None, [], new)

        asked = idempotency.fingerprint("leave", game, match_id)
        doc, replayed = await self._commit_change(game, match_id, token, request_id, change, None, asked)
        if replayed is not None:
            # the first answer showed the match as the seat that left sees it now: from outside
            return (await self._update_from_answer(match_id, replayed, token, asked, seated=False)).snapshot
        return self._snapshot(doc, None)

    async def start_match(
        self,
        game: str,
        match_id: str,
        token: str | None,
        request_id: str,
        fill_with_bots: bool = False,
        bot_level: str = "",
    ) -> Snapshot:
        level = seats.bot_level(game, bot_level) if fill_with_bots else None

        def change(doc: docs.MatchDoc, player: docs.Player | None) -> tuple[docs.MatchDoc, docs.LogRecord]:
            assert player is not None
            if player.player_id != doc.creator_player_id:
                raise AppError(PERMISSION_DENIED, "NOT_CREATOR", "only the match's creator may start it")
            _require_waiting(doc)
            return started(doc, self.clock(), level)

        asked = idempotency.fingerprint("start", game, match_id, level)
        doc, replayed = await self._commit_change(game, match_id, token, request_id, change, None, asked)
        if replayed is not None:
            return (await self._update_from_answer(match_id, replayed, token, asked)).snapshot
        return self._snapshot(doc, self._authenticate(doc, token))

    # --- play -------------------------------------------------------------------
    async def submit_action(
        self,
        game: str,
        match_id: str,
        token: str | None,
        action: Mapping[str, Any],
        expected_version: int | None,
        etag: str,
        request_id: str,
    ) -> Update:
        doc, outcome, asked = await self._act(game, match_id, token, action, expected_version, etag, request_id)
        if isinstance(outcome, Replayed):
            return await self._update_from_answer(match_id, outcome, token, asked)
        # the record just committed is the log entry: no need to read it back
        return self._update(outcome, self._authenticate(doc, token))

    async def submit_action_version(
        self,
        game: str,
        match_id: str,
        token: str | None,
        action: Mapping[str, Any],
        expected_version: int | None,
        request_id: str,
    ) -> int:
        """SubmitAction without its answer's state: only the version it produced (or first produced, for a
        repeated request id). A Play session's own update stream carries that version's state, built once per
        viewer class, so building the actor's view, legal actions and events here too would be thrown away."""
        doc, outcome, asked = await self._act(game, match_id, token, action, expected_version, "", request_id)
        if not isinstance(outcome, Replayed):
            return doc.version
        answer = _first_answer(outcome, asked)
        _check_asker(answer, self._token_player_id(doc, token))
        return answer.version

    async def _act(
        self,
        game: str,
        match_id: str,
        token: str | None,
        action: Mapping[str, Any],
        expected_version: int | None,
        etag: str,
        request_id: str,
    ) -> tuple[docs.MatchDoc, docs.LogRecord | Replayed, str]:
        """Commit ``action``: (new doc, its record, fingerprint), or (doc, the first answer, fingerprint) when
        ``request_id`` was answered before."""
        if etag:
            expected_version = _version_from_etag(etag, match_id)
        committed: dict[str, docs.LogRecord] = {}

        def change(doc: docs.MatchDoc, player: docs.Player | None) -> tuple[docs.MatchDoc, docs.LogRecord]:
            assert player is not None
            if seats.is_away(player):  # acting takes an away seat back
                player = seats.returned(player)
                doc = msgspec.structs.replace(doc, players=seats.with_player(doc, player))
            new, committed["record"] = moves.apply_action(doc, player.seat, action, self.clock(), self.settings)
            return new, committed["record"]

        asked = idempotency.fingerprint("act", game, match_id, dict(action), expected_version)
        doc, replayed = await self._commit_change(game, match_id, token, request_id, change, expected_version, asked)
        return doc, committed["record"] if replayed is None else replayed, asked

    async def get_match(self, game: str, match_id: str, token: str | None) -> Snapshot:
        doc = await self._load(game, match_id)
        player = self._authenticate(doc, token)
        if player is not None and seats.is_away(player):
            doc = await self._return(game, match_id, token)
            player = self._authenticate(doc, token)
        try:
            seat = player.seat if player else None
            shown = tuple(await last_events(self.store, doc, seat, self.recent.record_of(doc)))
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        return replace(self._snapshot(doc, player, await self.presence.connected(doc)), last_events=shown)

    async def _return(self, game: str, match_id: str, token: str | None) -> docs.MatchDoc:
        """An away player's authenticated read takes its seat back (one commit, kind ``returned``)."""

        def change(doc: docs.MatchDoc, player: docs.Player | None) -> tuple[docs.MatchDoc, docs.LogRecord]:
            assert player is not None
            if not seats.is_away(player):
                raise _AlreadyBack
            new = _next(doc, self.clock(), players=seats.with_player(doc, seats.returned(player)))
            return new, docs.LogRecord(new.version, "returned", player.seat, None, [], new)

        try:
            doc, _ = await self._commit_change(game, match_id, token, "", change, None, "")
        except _AlreadyBack:  # another call of the same player took it back first
            doc = await self._load(game, match_id)
        return doc

    async def list_matches(self, game: str, page_size: int, page_token: str) -> tuple[list[docs.MatchDoc], str]:
        self._engine(game)
        page_size = 50 if page_size <= 0 else min(page_size, 200)
        try:
            page = await self.store.list_matches(game, WAITING, page_size, page_token)
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        except ValueError:
            raise AppError(INVALID_ARGUMENT, "INVALID_PAGE_TOKEN", "page_token is not one this server issued") from None
        # a table past its expiry is abandoned by the turn scheduler soon; it is no longer offered
        now = self.clock()
        waiting = [docs.decode_doc(m.data) for m in page.matches]
        return [doc for doc in waiting if (lobby.expire_time(doc, self.settings) or now) > now], page.next_page_token

    async def watch(
        self, game: str, match_id: str, token: str | None, after_version: int
    ) -> WatchStream | None:
        """Check the match and the token now (errors raise here, before anything is streamed), then
        follow: every committed version after ``after_version`` as the caller may see it, live, until
        the match ends (its live updates may go to a sink sharing the match's feed: watch_feeds.py). None
        when the match is over and the caller has seen its last version."""
        # thousands of streams open at once: this worker's newest document of the match (recent_docs.py), or
        # the one read for the openings of the last moments (watch_opens.py), is followed from without a read
        # of its own, as if the stream had opened a moment earlier
        guess = self.recent.get(match_id, game) or await self.watch_opens.doc(game, match_id)
        if after_version <= guess.version:
            with contextlib.suppress(AppError):  # a token of a seat taken since: read the match
                return self._watch_from(guess, self._authenticate(guess, token), after_version)
        doc = await self._load(game, match_id)
        return self._watch_from(doc, self._authenticate(doc, token), after_version)

    def _watch_from(
        self, doc: docs.MatchDoc, player: docs.Player | None, after_version: int
    ) -> WatchStream | None:
        if after_version > doc.version:  # read after the request: no client has seen a later version
            raise AppError(
                INVALID_ARGUMENT,
                "FIELD_OUT_OF_RANGE",
                f"after_version is beyond the match's version {doc.version}",
                {"field": "after_version", "current_version": str(doc.version)},
            )
        if doc.status in (FINISHED, ABANDONED) and after_version >= doc.version:
            return None
        return WatchStream(lambda stream: self._follow(doc, player, after_version, Replay(doc), stream))

    async def _follow(
        self, doc: docs.MatchDoc, player: docs.Player | None, after_version: int, replay: Replay, stream: WatchStream
    ) -> AsyncIterator[Update]:
        """``replay`` starts at the version read before following: older records are served as of it. After
        each live update the stream's sink, if any, may take over until the feed ends or the sink leaves."""
        match_id, after_version = doc.match_id, max(after_version, 0)
        sent = after_version  # the newest version the stream has had (from here, or from its sink)
        # a seat's stream makes it connected (presence.py) for as long as it runs
        holding = self.presence.holding(match_id, player.player_id) if player else contextlib.nullcontext()
        try:
            async with holding:
                # live entries carry their document; a backlog is replayed from the document before it
                prev = (
                    None if after_version == 0 else await self.history.doc_at(match_id, after_version, doc.create_time)
                )
                # kept open while a sink has the stream: its hub stays followed, and the stream goes on from it
                async with contextlib.aclosing(self.store.watch(match_id, after_version)) as entries:
                    async for entry in entries:
                        if entry.version <= sent:  # the sink had it
                            continue
                        # decoded and built once per worker for all the streams of this viewer (watch_updates.py)
                        record = self.watching.record(match_id, prev, entry, doc.create_time)
                        prev = record.doc
                        if entry.data is not None:  # a live update: just committed, a guess like our own commits
                            self.recent.keep(record.doc, record)
                        replay.advance(record.doc)
                        viewer = record.doc.player(player.player_id) if player else None
                        yield self.watching.update(record, viewer, replay, await self.presence.connected(record.doc))
                        sent = record.version
                        if record.doc.status in (FINISHED, ABANDONED):
                            return
                        sink = stream.sink
                        if sink is None or replay.now.version != sent or not sink.ready():
                            continue  # not shared, still served as of an older version, or its peer is behind
                        joined = self.feeds.join(record.doc, player.player_id if player else None, sink)
                        if joined is None:
                            continue  # the feed is past this version: on our own until the next one
                        feed, ending = joined
                        try:
                            left = await ending
                        finally:  # cancelled (the watcher went away, the shutdown): nothing more to its sink
                            feed.leave(sink)
                        if left is None:  # the feed sent the match's last version
                            return
                        # the sink left (its peer behind): on our own after the last version it took
                        sent, prev = left.version, left
                        replay.advance(left)
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        except MatchNotFound:
            raise AppError(NOT_FOUND, "MATCH_NOT_FOUND", "the match expired while being watched") from None

    def _keep_recent(self, record: docs.LogRecord) -> None:
        self.recent.keep(record.doc, record)

    async def match_log(
        self, game: str, match_id: str, token: str | None, after_version: int, page_size: int
    ) -> tuple[list[Update], int]:
        """Log entries after ``after_version`` for the caller; the second value is the last version included."""
        doc = await self._load(game, match_id)
        player = self._authenticate(doc, token)
        page_size = 100 if page_size <= 0 else min(page_size, 1000)
        try:
            entries = await self.store.log(match_id, max(after_version, 0), page_size)
            records = await self.history.records(match_id, entries, doc.create_time)
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        updates = []
        replay = Replay(doc)  # served as of now (app/replay.py)
        for record in records:
            seat_player = record.doc.player(player.player_id) if player else None
            updates.append(self._update(record, seat_player, replay))
        last = updates[-1].version if updates else after_version
        return updates, last

    # --- the server's own turns (app/turns.py) ----------------------------------
    async def commit_as_server(
        self,
        game: str,
        match_id: str,
        expected_version: int | None,
        change: Callable[[docs.MatchDoc], tuple[docs.MatchDoc, docs.LogRecord]],
        read: docs.MatchDoc | None = None,
    ) -> docs.MatchDoc:
        """Commit a change the server makes on its own (a timeout, a bot, an auto-start) through the
        same versioned compare-and-set as every call: it applies only to ``expected_version``
        (STALE_VERSION otherwise, which means someone acted first). ``read``: the match as the caller
        just read it, tried first instead of reading it again."""
        doc, _ = await self._commit_change(
            game,
            match_id,
            None,
            "",
            lambda current, _player: change(current),
            expected_version,
            "",
            require_seat=False,
            read=read,
        )
        return doc

    # --- for the other use cases of the app (rematch.py) ---------------------------
    async def load(self, game: str, match_id: str) -> docs.MatchDoc:
        return await self._load(game, match_id)

    def authenticate(self, doc: docs.MatchDoc, token: str | None) -> docs.Player | None:
        return self._authenticate(doc, token)

    def expire_time(self, doc: docs.MatchDoc) -> float | None:
        return lobby.expire_time(doc, self.settings)

    def held_seats(self, doc: docs.MatchDoc) -> frozenset[int]:
        return frozenset(lobby.held_seats(doc, self.clock()))

    def seated(self, doc: docs.MatchDoc, player: docs.Player) -> Seated:
        return self._seated(doc, player)

    async def create_prepared(self, doc: docs.MatchDoc) -> bool:
        """Store a new match the app built (a rematch table); False when its id is taken already."""
        record = docs.LogRecord(doc.version, "created", None, None, [], doc)
        try:
            pending = await self.due_index.before_commit(None, doc)
            await self.store.create(_stored(doc), docs.encode(record), None, None)
        except MatchExists:
            return False
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        metrics.child(metrics.COMMITS, doc.game, record.kind).inc()
        await self.due_index.after_commit(pending)
        return True

    # --- shared mechanics -----------------------------------------------------
    async def _commit_change(
        self,
        game: str,
        match_id: str,
        token: str | None,
        request_id: str,
        change: Callable[[docs.MatchDoc, docs.Player | None], tuple[docs.MatchDoc, docs.LogRecord]],
        expected_version: int | None,
        fingerprint: str,
        *,
        require_seat: bool = True,
        answered_by: Callable[[], str] | None = None,
        read: docs.MatchDoc | None = None,
    ) -> tuple[docs.MatchDoc, Replayed | None]:
        """Apply ``change`` under optimistic versioning; ``(new doc, None)``, or ``(doc, Replayed)`` when
        ``request_id`` was answered before. The answer records ``fingerprint`` and who asked: the
        caller's player, or ``answered_by()`` (the player a join created)."""
        if require_seat and not token:
            raise AppError(
                UNAUTHENTICATED, "SEAT_TOKEN_REQUIRED", "this call needs the seat token (authorization: Bearer)"
            )
        attempts = self.settings.max_commit_attempts
        # this worker's last commit of the match, when the caller did not see another version since: the commit
        # checks it; anything else it leads to (a refusal, a conflict) is tried again from a read (recent_docs.py)
        guess = None if read is not None else self.recent.get(match_id, game)
        if guess is not None and expected_version not in (None, guess.version):
            if expected_version < guess.version:  # committed past the caller's version: refused without a read
                read = guess
            guess = None
        attempt = -1
        lost_to: docs.MatchDoc | None = None  # the document a lost commit was answered with (VersionConflict)
        while attempt + 1 < attempts:
            guessed = guess is not None
            if guess is not None:
                doc, guess = guess, None
            else:
                attempt += 1
                if lost_to is not None:
                    doc, lost_to = lost_to, None
                else:
                    doc = read if attempt == 0 and read is not None else await self._load(game, match_id)
            # The commit itself answers a repeated request_id atomically; the answer is
            # looked up first only when this request would otherwise be refused, since a
            # repeat of an applied request finds the match moved on (a left seat's token
            # no longer authenticates, a join finds its seat taken).
            try:
                player = self._authenticate(doc, token) if require_seat else None
                if expected_version is not None and expected_version != doc.version:
                    raise stale_version(doc.version)
                new, record = change(doc, player)
            except AppError as error:
                if guessed:
                    continue
                replayed = await self._answer(match_id, request_id) if request_id else None
                if replayed is not None:
                    metrics.REPLAYS.labels(game).inc()
                    return doc, replayed
                if error.code == ABORTED:
                    metrics.ABORTS.labels(game, error.reason).inc()
                raise
            asker = answered_by() if answered_by else player.player_id if player else None
            answer = docs.encode(docs.Answer(new.version, asker, fingerprint))
            try:
                pending = await self.due_index.before_commit(doc, new)
                replayed = await self.store.commit(
                    _stored(new),
                    doc.version,
                    lean(doc, new, record),
                    request_id or None,
                    answer,
                    snapshot=self.history.wants_snapshot(new.version),
                )
            except VersionConflict as conflict:
                self.recent.forget(match_id)
                if conflict.current is not None:
                    lost_to = self._doc_of(game, conflict.current)
                if expected_version is None and guessed:
                    continue  # the guess was stale, no client raced: read and go again at once
                metrics.VERSION_CONFLICTS.labels(game).inc()
                if expected_version is not None:
                    metrics.ABORTS.labels(game, "STALE_VERSION").inc()
                    raise stale_version(conflict.current_version) from None
                await asyncio.sleep(random.uniform(0, 0.002 * (2**attempt)))
                continue
            except MatchNotFound:
                self.recent.forget(match_id)
                raise AppError(NOT_FOUND, "MATCH_NOT_FOUND", f"no match games/{game}/matches/{match_id}") from None
            except StoreUnavailable as error:
                self.recent.forget(match_id)  # the commit may or may not have been applied
                raise _unavailable(error) from None
            if replayed is not None:
                metrics.REPLAYS.labels(game).inc()
            else:
                self.recent.keep(new, record)
                metrics.child(metrics.COMMITS, game, record.kind).inc()
                await self.due_index.after_commit(pending)
            return new, replayed
        metrics.ABORTS.labels(game, "TOO_MANY_CONFLICTS").inc()
        raise AppError(ABORTED, "TOO_MANY_CONFLICTS", f"the match changed under {attempts} attempts; try again")

    async def _answer(self, match_id: str, request_id: str) -> Replayed | None:
        try:
            answer = await self.store.answer_for(match_id, request_id)
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        return Replayed(answer) if answer is not None else None

    async def _load(self, game: str, match_id: str) -> docs.MatchDoc:
        self._engine(game)
        try:
            stored = await self.store.get(match_id)
        except MatchNotFound:
            raise AppError(NOT_FOUND, "MATCH_NOT_FOUND", f"no match games/{game}/matches/{match_id}") from None
        except StoreUnavailable as error:
            raise _unavailable(error) from None
        return self._doc_of(game, stored)

    def _doc_of(self, game: str, stored: StoredMatch) -> docs.MatchDoc:
        doc = docs.decode_doc(stored.data)
        if doc.game != game:
            raise AppError(NOT_FOUND, "MATCH_NOT_FOUND", f"no match games/{game}/matches/{stored.match_id}")
        return doc

    async def _record(self, match_id: str, version: int) -> docs.LogRecord:
        try:
            entries = await self.store.log(match_id, version - 1, 1)
            if not entries or entries[0].version != version:
                raise AppError(UNAVAILABLE, "LOG_GAP", f"version {version} is not in the match log")
            # a rare path (retries): rebuilt without the cache, whose entries need the match's creation time
            return (await self.history.records(match_id, entries, None))[0]
        except StoreUnavailable as error:
            raise _unavailable(error) from None

    def _authenticate(self, doc: docs.MatchDoc, token: str | None) -> docs.Player | None:
        """The caller's player, or None for a spectator (no token)."""
        player_id = self._token_player_id(doc, token)
        if player_id is None:
            return None
        player = doc.player(player_id)
        if player is None or player.left:
            raise AppError(UNAUTHENTICATED, "SEAT_TOKEN_REVOKED", "this seat token's player has left the match")
        return player

    async def _update_from_answer(
        self, match_id: str, replayed: Replayed, token: str | None, fingerprint: str, *, seated: bool = True
    ) -> Update:
        """The first answer of a request id, to the caller that sent it (the token's player, even if
        that player has left since), as that player sees it (``seated``) or from outside."""
        answer = _first_answer(replayed, fingerprint)
        record = await self._record(match_id, answer.version)
        asker = self._token_player_id(record.doc, token)
        _check_asker(answer, asker)
        return self._update(record, record.doc.player(asker) if seated and asker else None)

    def _token_player_id(self, doc: docs.MatchDoc, token: str | None) -> str | None:
        """The player id a seat token names for this match, whether or not that player is still in it."""
        if not token:
            return None
        try:
            match_id, player_id = self.signer.verify(token)
        except InvalidToken as error:
            raise AppError(UNAUTHENTICATED, "INVALID_SEAT_TOKEN", str(error)) from None
        if match_id != doc.match_id:
            raise AppError(PERMISSION_DENIED, "WRONG_MATCH_TOKEN", "this seat token belongs to another match")
        return player_id

    async def _seated_from_answer(self, match_id: str, replayed: Replayed, fingerprint: str) -> Seated:
        answer = docs.decode_answer(replayed.answer)
        idempotency.check_same_request(answer.fingerprint, fingerprint)
        record = await self._record(match_id, answer.version)
        player = record.doc.player(answer.player_id or "")
        if player is None:
            raise AppError(FAILED_PRECONDITION, "SEAT_TOKEN_REVOKED", "the player of this request has left the match")
        return self._seated(record.doc, player)

    def _seated(self, doc: docs.MatchDoc, player: docs.Player) -> Seated:
        token = self.signer.issue(doc.match_id, player.player_id)
        return Seated(self._snapshot(doc, player), token, player.seat)

    def _snapshot(
        self, doc: docs.MatchDoc, player: docs.Player | None, connected: frozenset[int] = frozenset()
    ) -> Snapshot:
        """``doc`` as ``player`` (a spectator: None) sees it; ``connected``: the seats followed live, if read."""
        seat = player.seat if player else None
        if doc.state is None:
            expire_time, held = self.expire_time(doc), self.held_seats(doc)
            return Snapshot(doc, seat, None, [], [], None, connected=connected, expire_time=expire_time, held=held)
        engine = get_engine(doc.game)
        state = decoded(engine, doc.state)
        # the seat's decisions now, then what it may send at any time (standing preferences)
        legal = (
            engine.legal_actions(state, seat) + engine.standing_actions(state, seat)
            if seat is not None and doc.status == ACTIVE
            else []
        )
        to_act = list(engine.to_act_for(state, seat))
        deadline = clock.view_deadline(doc, to_act)
        return Snapshot(doc, seat, engine.view(state, seat), legal, to_act, engine.result(state), deadline, connected)

    def _update(
        self,
        record: docs.LogRecord,
        player: docs.Player | None,
        replay: Replay | None = None,
        connected: frozenset[int] = frozenset(),
    ) -> Update:
        """``record`` for ``player`` (a spectator: None); ``replay`` serves it as of a newer version; ``connected``
        as in ``_snapshot``."""
        viewer = player.seat if player else None
        replay = replay or Replay(record.doc)
        seat, action = replay.actor(record, viewer)
        return Update(
            record.version,
            record.kind,
            seat,
            action,
            replay.events(record, viewer),
            self._snapshot(record.doc, player, connected),
            record.timed_out,
            record.by_bot,
        )

    def _engine(self, game: str) -> Engine:
        if game not in game_ids():
            raise AppError(NOT_FOUND, "GAME_NOT_FOUND", f"no game {game!r}; games: {', '.join(game_ids())}")
        return get_engine(game)


def started(doc: docs.MatchDoc, now: float, bot_level: str | None = None) -> tuple[docs.MatchDoc, docs.LogRecord]:
    """The match dealt: by its creator (StartMatch) or by the server (a full table that starts by itself).
    Seats left empty are filled with bots at ``bot_level``, or else closed up, keeping the players'
    order around the table."""
    engine = get_engine(doc.game)
    players = doc.players + (seats.fill(doc, bot_level) if bot_level else [])
    seated = [msgspec.structs.replace(p, seat=index) for index, p in enumerate(sorted(players, key=lambda p: p.seat))]
    try:
        opening = engine.start(len(seated), doc.options, doc.seed, doc.fixture)
    except RuleError as error:
        raise AppError(FAILED_PRECONDITION, error.code, error.message) from None
    state = opening.state
    status = FINISHED if engine.is_over(state) else ACTIVE
    new = _next(doc, now, status=status, players=seated, state=engine.encode(state), fixture=None, held=None)
    events = [docs.StoredEvent.of(event) for event in opening.events]  # the opening deal
    return new, docs.LogRecord(new.version, "started", None, None, events, new)


def _first_answer(replayed: Replayed, fingerprint: str) -> docs.Answer:
    """The first answer of a repeated request id, checked to answer the same request."""
    answer = docs.decode_answer(replayed.answer)
    idempotency.check_same_request(answer.fingerprint, fingerprint)
    return answer


def _check_asker(answer: docs.Answer, asker: str | None) -> None:
    if answer.player_id is not None and asker != answer.player_id:
        raise idempotency.reused("this request_id was used by another caller")


def _stored(doc: docs.MatchDoc) -> StoredMatch:
    """The document as stored: written in this code's schema, whichever it was read in."""
    data = docs.encode(msgspec.structs.replace(doc, schema=docs.SCHEMA))
    return StoredMatch(doc.match_id, doc.game, doc.version, doc.status, data)


def _next(doc: docs.MatchDoc, now: float, **changes: Any) -> docs.MatchDoc:
    return msgspec.structs.replace(doc, version=doc.version + 1, update_time=now, **changes)


def _require_waiting(doc: docs.MatchDoc) -> None:
    if doc.status != WAITING:
        raise AppError(FAILED_PRECONDITION, "MATCH_NOT_WAITING", f"the match is {doc.status}, not waiting for players")


def _version_from_etag(etag: str, match_id: str) -> int:
    text = etag.strip()
    if text.startswith("W/"):
        text = text[2:]
    text = text.strip('"')
    prefix, _, version = text.rpartition("-")
    if prefix != match_id or not version.isdigit():
        raise AppError(INVALID_ARGUMENT, "INVALID_ETAG", "etag does not belong to this match")
    return int(version)


def _unavailable(error: Exception) -> AppError:
    log.warning("store unavailable: %s", error)
    return AppError(UNAVAILABLE, "STORE_UNAVAILABLE", "match storage is unreachable; retry shortly")
