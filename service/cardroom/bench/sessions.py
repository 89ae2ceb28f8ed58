"""The load generator's session mode: every seat of a match plays on its own ``Play`` session, as a real client.

The table is set up with unary calls (create, joins, start), then each seat opens a Play session from the version
before the start and acts whenever the newest update pushed to it says it is to act: one random legal action with
a fresh request id, and the version it was decided on when the seat decides alone. Seats that decide at once (a
Pumptown peek, acknowledged by every seat) send theirs without one, as a game client would: another seat's decision
does not make its own moot (with an expected version every one but the first was refused STALE_VERSION: 230 of 701
actions in 5 s of Pumptown sessions), and the server still refuses one the rules no longer allow. Every update of
every seat's session is pushed by the server (the fan-out of each commit to all seats is part of the measured cost,
as in boardgame.io's harness, where every player's client gets every state). A seat decides on the newest update it
has received: the messages already waiting are read before it acts, so it does not act on a version it has seen
superseded. The sessions are opened with ``outcomes_in_updates``: an accepted action's outcome mostly arrives in
the message of its update. The latency of an action is from its send until its outcome arrives. A refused action
(a decision the match moved past) is counted by its reason and the seat decides again on the next update.

After the deadline no action is sent; each session waits for the outcomes of those in flight (at most
``DRAIN_SECONDS``), so the consistency check knows every accepted version. A seat's deadline is the moment its
timer fires, not a reading of the clock: uvloop's timers fire up to a millisecond before ``time.monotonic()``
reaches their due time on a busy loop (libuv reads its clock once per iteration, in whole milliseconds), and a
seat that took its deadline for not passed yet waited for a message that never came, the whole drain time.
"""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from typing import Any

from cardroom_client import random_legal_action
from cardroom_client.metadata import call_metadata
from google.rpc import code_pb2, error_details_pb2

from ..v1 import game_service_pb2 as pb
from ..v1 import match_pb2
from .calls import Meter
from .players import MatchRecord, Tally, seat_table

#: seconds a session waits past the deadline for the outcomes of its actions in flight
DRAIN_SECONDS = 20.0
ACTIVE = match_pb2.MATCH_STATUS_ACTIVE


async def play_in_sessions(
    meter: Meter, stub: Any, tally: Tally, game: str, players: int, seed: int, deadline: float
) -> MatchRecord:
    """Play one match with one Play session per seat until it ends or ``deadline`` (monotonic) passes."""
    record, started = await seat_table(meter, stub, game, players, seed)
    rng = random.Random(seed)
    over = _Ending()
    seats = [_seat(meter, stub, tally, record, seat, started.match.version, random.Random(rng.random()), deadline, over)
             for seat in range(players)]  # fmt: skip
    await asyncio.gather(*seats)
    return record


async def _seat(
    meter: Meter,
    stub: Any,
    tally: Tally,
    record: MatchRecord,
    seat: int,
    after: int,
    rng: random.Random,
    deadline: float,
    over: _Ending,
) -> None:
    outbox: asyncio.Queue[pb.PlayRequest | None] = asyncio.Queue()
    inbox = over.inbox()
    opening = pb.PlayOpen(
        name=record.name, seat_token=record.tokens[seat], after_version=after - 1, outcomes_in_updates=True
    )

    async def requests():
        yield pb.PlayRequest(open=opening)
        while (request := await outbox.get()) is not None:
            yield request

    meter.calls["Play"] += 1
    call = stub.Play(requests(), metadata=call_metadata(None, record.name))  # as the SDK names the match

    async def read() -> None:
        try:
            async for response in call:
                inbox.put_nowait(response)
        finally:
            inbox.put_nowait(None)

    reader = asyncio.ensure_future(read())
    pending: dict[str, tuple[float, match_pb2.Action]] = {}
    newest: Any = None
    # the deadline and the drain time reach the loop as items in its inbox, from timers set once, rather than as
    # a timeout around each wait (a timer set and cancelled per message: 4% of the generator's CPU)
    loop = asyncio.get_running_loop()
    timers = [loop.call_later(max(0.0, deadline - time.monotonic()), inbox.put_nowait, _DEADLINE)]
    past_deadline = drained = False
    try:
        while True:
            if (past_deadline or over.is_set()) and not pending:
                break
            response = await inbox.get()
            # decided on the newest state received, as a client would: every message already here is read first
            responses = [response]
            while response is not None and not inbox.empty():
                response = inbox.get_nowait()
                responses.append(response)
            for response in responses:
                if response is None:
                    break
                if response is _ENDED:  # another seat saw the match end: the loop's test stops unless an outcome is due
                    continue
                if response is _DEADLINE:  # the outcomes still due have DRAIN_SECONDS to arrive
                    past_deadline = True
                    timers.append(loop.call_later(DRAIN_SECONDS, inbox.put_nowait, _DRAINED))
                    continue
                if response is _DRAINED:
                    drained = True
                    break
                if response.WhichOneof("kind") == "update":
                    newest = response.update.state
                    if newest.match.status != ACTIVE:
                        record.finished = newest.match.status == match_pb2.MATCH_STATUS_FINISHED
                        over.set()
                    if response.HasField("update_outcome"):  # this seat's action produced it
                        meter.calls["Play.update_outcome"] += 1
                        _outcome(meter, tally, record, seat, pending, response.update_outcome)
                else:
                    _outcome(meter, tally, record, seat, pending, response.outcome)
            if response is None:  # the session ended (the match is over) or the match was finished elsewhere
                record.unknown_outcomes += len(pending)
                break
            if drained:  # the outcomes still due did not come: those actions may or may not have applied
                record.unknown_outcomes += len(pending)
                break
            if not pending and _to_act(newest, seat) and not past_deadline and not over.is_set():
                action = random_legal_action(newest, rng)
                request_id = str(uuid.uuid4())
                pending[request_id] = (time.perf_counter(), action)
                meter.calls["Play.action"] += 1
                play = pb.PlayAction(request_id=request_id, action=action)
                if list(newest.to_act) == [seat]:  # deciding alone: any newer version makes this decision moot
                    play.expected_version = newest.match.version
                outbox.put_nowait(pb.PlayRequest(action=play))
    finally:
        for timer in timers:
            timer.cancel()
        outbox.put_nowait(None)
        call.cancel()
        reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)


def _to_act(state: Any, seat: int) -> bool:
    deciding = state is not None and state.match.status == ACTIVE and seat in state.to_act
    return deciding and bool(state.legal_action_sets or state.legal_actions)


#: the item ``_Ending.set`` puts in every seat's inbox
_ENDED = object()
#: the items a seat's timers put in its inbox: the deadline passed; the drain time after it did
_DEADLINE = object()
_DRAINED = object()


class _Ending:
    """Whether a seat of the match saw it end; setting it wakes every seat's wait for its next message (an
    ``_ENDED`` item in its inbox) rather than each wait watching an event beside its queue (two tasks per
    message: the generator's CPU, on the cores the server is measured on)."""

    def __init__(self) -> None:
        self._inboxes: list[asyncio.Queue[Any]] = []
        self._set = False

    def inbox(self) -> asyncio.Queue[Any]:
        """A seat's inbox: its session's messages, None when the session ended, ``_ENDED`` when the match did."""
        inbox: asyncio.Queue[Any] = asyncio.Queue()
        self._inboxes.append(inbox)
        return inbox

    def set(self) -> None:
        if not self._set:
            self._set = True
            for inbox in self._inboxes:
                inbox.put_nowait(_ENDED)

    def is_set(self) -> bool:
        return self._set


def _outcome(
    meter: Meter,
    tally: Tally,
    record: MatchRecord,
    seat: int,
    pending: dict[str, tuple[float, match_pb2.Action]],
    outcome: Any,
) -> None:
    sent = pending.pop(outcome.request_id, None)
    if sent is None:
        return
    started, action = sent
    if outcome.accepted:
        meter.latencies.append(time.perf_counter() - started)
        record.ack(outcome.version, seat, action)
        tally.committed += 1
        return
    reason = "-"
    for detail in outcome.error.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            reason = info.reason
    meter.errors[f"{code_pb2.Code.Name(outcome.error.code)}/{reason}"] += 1
    tally.conflicts_retried += outcome.error.code == code_pb2.ABORTED
