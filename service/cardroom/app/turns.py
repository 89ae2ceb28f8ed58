"""The turn scheduler: every worker plays the due turns of any match, exactly once across replicas.

A commit that leaves a decision the server may play (a running turn clock, a
bot's seat, an away or left seat) indexes the match in the store's due index
(``due_index.py``, times from ``clock.py``). Each worker runs one
:class:`TurnScheduler`: it claims due entries with a lease (so replicas rarely
work on the same one, and a replica killed holding one is replaced once the
lease ends), reads the match and plays ONE decision through
``MatchService.commit_as_server`` with the version it read as the expected
version: the same compare-and-set as every player's action, so a turn fires
once even when replicas race, and a conflict just means someone acted first.
The claimed entry is not released after a turn: the commit wrote the next due
time over it (or, if that write was lost, the claim's lease end is when the
match is looked at again); someone else's commit did the same. An entry found
not due is rewritten with the match's real due time. Between claims the
scheduler sleeps until the earliest entry of the index, at most
``turn_poll_interval`` (other replicas' commits are seen by the next look).
Waiting tables are due too: at once when full and
``auto_start_when_full`` (the server starts them), else at their lobby expiry
(the server abandons them). That commit indexes the match again, so a multi-step default (Pumba: draw,
then pass) or the next seat of a response window follows at once, each step
its own claim and commit; the engine contract bounds a default-played game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import msgspec

from ..bots import Decision, get_bot, observe
from ..cancelling import cancel_and_wait
from ..engines import get_engine
from ..store.contract import WAITING, DueClaim, MatchNotFound, StoredMatch, StoreUnavailable
from . import clock, lobby, moves
from . import documents as docs
from .errors import AppError
from .matches import MatchService, started

log = logging.getLogger(__name__)

#: turns played at once by one worker: well below the Redis store's connection pool (32), which the
#: worker's calls share with the scheduler; claims are taken for about as many
CLAIM_LIMIT = 16


class BotMemory(msgspec.Struct, array_like=True):
    """What a bot seat keeps between its decisions, server-side only (``MatchStore.put_private``):
    the version its last decision was taken on (the events after it are new to it) and its memory."""

    version: int
    memory: Any = None


_memory_decoder = msgspec.msgpack.Decoder(BotMemory)


class TurnScheduler:
    def __init__(self, matches: MatchService, wall_clock: Callable[[], float] = time.time):
        self.matches = matches
        self.store = matches.store
        self.settings = matches.settings
        self.clock = wall_clock
        self._wake = asyncio.Event()
        self._slots = asyncio.Semaphore(CLAIM_LIMIT)
        self._running: set[asyncio.Task[None]] = set()
        matches.due_index.on_due = self._wake.set

    async def run(self) -> None:
        """Claim and play due turns until cancelled."""
        try:
            while True:
                if len(self._running) >= CLAIM_LIMIT:  # claimed turns still wait for a slot: claim no more
                    await asyncio.wait(set(self._running), return_when=asyncio.FIRST_COMPLETED)
                    continue
                # about as many as there are free slots, spread over the index's buckets
                per_bucket = -(-(CLAIM_LIMIT - len(self._running)) // max(1, self.settings.due_buckets))
                try:
                    claims = await self.store.claim_due(self.clock(), self.settings.turn_lease, per_bucket)
                except StoreUnavailable as error:
                    log.info("due turns not polled: %s", error)
                    claims = []
                for claim, stored in zip(claims, await self._read(claims), strict=True):
                    task = asyncio.create_task(self._fire(claim, stored))
                    self._running.add(task)
                    task.add_done_callback(self._running.discard)
                if not claims:
                    await self._idle()
        finally:
            await cancel_and_wait(*self._running)

    async def _read(self, claims: list[DueClaim]) -> list[StoredMatch | None]:
        """The claimed matches, read in one round trip; None where a turn reads its match itself."""
        if not claims:
            return []
        try:
            return await self.store.get_many([claim.match_id for claim in claims])
        except StoreUnavailable:
            return [None] * len(claims)

    async def _idle(self) -> None:
        """Nothing due now: sleep until the index's earliest entry, a local commit's wake-up, or the poll
        interval (which bounds how late another replica's new entry is seen)."""
        self._wake.clear()
        wait = self.settings.turn_poll_interval
        with contextlib.suppress(StoreUnavailable):
            earliest = await self.store.next_due()
            if earliest is not None:
                wait = min(wait, max(0.0, earliest - self.clock()))
        # asyncio.timeout, not wait_for: Python 3.11's wait_for loses a cancellation that arrives as the
        # wake-up is set, and the scheduler would then never stop
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(wait):
                await self._wake.wait()

    async def _fire(self, claim: DueClaim, stored: StoredMatch | None) -> None:
        async with self._slots:
            try:
                await self.play_due(claim.match_id, claim, stored)
            except Exception:  # one match's failure must not stop the scheduler
                # the claim is kept: its lease runs out and the turn is tried again (Redis back, another replica)
                log.exception("due turn of match %s failed; retried after the lease", claim.match_id)

    async def play_due(
        self, match_id: str, claim: DueClaim | None = None, stored: StoredMatch | None = None
    ) -> float | None:
        """Play the match's due decision, if it has one now (``stored``: the match as just read, else it
        is read here). When this call committed it, the seconds from the due time to the commit (the
        firing lag); None otherwise. A stale ``stored`` is harmless: the commit expects its version."""
        try:
            doc = docs.decode_doc((stored or await self.store.get(match_id)).data)
        except MatchNotFound:
            if claim is not None:  # expired (or not created yet: its creator writes the entry again)
                await self.store.release(claim)
            return None
        if doc.status == WAITING:
            return await self._play_lobby(doc)
        engine = get_engine(doc.game)
        to_act = list(engine.to_act(engine.decode(doc.state))) if doc.state else []
        now = self.clock()
        seat = clock.due_seat(doc, to_act, self.settings, now)
        if seat is None:
            # not due (yet): an entry older than the match's last commit, or written before a commit
            # that failed; index the real time
            await self.matches.due_index.repair(doc)
            return None
        player = doc.seat_holder(seat)
        assert player is not None
        decision = await self._bot_decision(doc, seat, player) if player.controller == docs.BOT else None
        by_bot = decision is not None
        action = decision.action if decision else None

        def change(current: docs.MatchDoc) -> tuple[docs.MatchDoc, docs.LogRecord]:
            now = self.clock()
            if by_bot:
                try:
                    return moves.apply_action(current, seat, action, now, self.settings, by_bot=True)
                except AppError as refused:  # a bot's bug must not stall the table: play the default
                    log.error("bot %s of match %s refused (%s): default action", player.bot_level, match_id, refused)
            default = engine.default_action(engine.decode(current.state), seat)
            return moves.apply_action(current, seat, default, now, self.settings, timed_out=True)

        try:
            await self.matches.commit_as_server(doc.game, match_id, doc.version, change, read=doc)
        except AppError as error:
            if error.reason == "STALE_VERSION":
                return None  # someone acted first; that commit indexed the match again
            raise
        committed = self.clock()
        if decision is not None:  # kept even if the default replaced a refused action: it is the bot's own
            memory = docs.encode(BotMemory(doc.version, decision.memory))
            with contextlib.suppress(MatchNotFound):
                await self.store.put_private(match_id, f"bot:{seat}", memory)
        due = clock.seat_due(doc, seat, self.settings)
        return committed - due if due is not None else 0.0

    async def _play_lobby(self, doc: docs.MatchDoc) -> float | None:
        """A waiting table: started once full (``auto_start_when_full``), or abandoned at its expiry."""
        due = lobby.due_time(doc, self.settings)
        if due is None or due > self.clock():
            await self.matches.due_index.repair(doc)
            return None
        full = doc.table.auto_start_when_full and lobby.is_full(doc)

        def change(current: docs.MatchDoc) -> tuple[docs.MatchDoc, docs.LogRecord]:
            return started(current, self.clock()) if full else lobby.expired(current, self.clock())

        try:
            await self.matches.commit_as_server(doc.game, doc.match_id, doc.version, change, read=doc)
        except AppError as error:
            if error.reason == "STALE_VERSION":
                return None  # someone joined, left or started it first
            raise
        return self.clock() - due

    async def _bot_decision(self, doc: docs.MatchDoc, seat: int, player: docs.Player) -> Decision:
        """The seat's bot decides from its seat's observation only (bots/observation.py)."""
        engine = get_engine(doc.game)
        kept = await self.store.get_private(doc.match_id, f"bot:{seat}")
        remembered = _memory_decoder.decode(kept) if kept else BotMemory(0)
        events = []
        after = remembered.version
        while True:  # the events since its previous decision (since the start at first)
            entries = await self.store.log(doc.match_id, after, 1000)
            for entry in entries:
                events += [event.as_event() for event in docs.decode_record(entry.payload).events]
            if len(entries) < 1000:
                break
            after = entries[-1].version
        state = engine.decode(doc.state)
        observation = observe(engine, state, seat, events, remembered.memory, doc.options)
        bot = get_bot(doc.game, player.bot_level or "")
        # a bot's randomness is its own: derived from the match, the version and the seat, never the deck's
        digest = hashlib.sha256(f"{doc.match_id}:{doc.version}:{seat}:{doc.seed}".encode()).digest()
        rng = random.Random(int.from_bytes(digest[:8], "big"))
        # a strong bot may think for a while: off the event loop, which keeps serving calls
        return await asyncio.to_thread(bot.decide, observation, rng)
