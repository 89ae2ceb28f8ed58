"""The load generator's session mode at its deadline, against a real server: it stops when its deadline timer
fires, and outcomes that never arrive are counted unknown after the drain time, never waited for longer."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import grpc
import pytest

from cardroom.bench import sessions
from cardroom.bench.calls import Meter
from cardroom.bench.players import Tally
from cardroom.v1 import game_service_pb2_grpc
from support.processes import ServerProcess
from support.silent_proxy import SilentProxy

#: seconds of play each test gives its seats
DEADLINE = 1.0
#: how much earlier than its due time (by ``time.monotonic()``) a timer of ``_EarlyTimersLoop`` fires
EARLY = 0.2


class _EarlyTimersLoop(asyncio.SelectorEventLoop):
    """An event loop whose timers fire ``EARLY`` seconds before their due time, as uvloop's do on a busy loop (by
    up to a millisecond: libuv reads its clock once per iteration, in whole milliseconds), made large enough here
    that every run meets it."""

    def call_later(self, delay: float, callback: Any, *args: Any, context: Any = None) -> asyncio.TimerHandle:
        return super().call_later(max(0.0, delay - EARLY), callback, *args, context=context)


@pytest.fixture(scope="module")
def server():
    process = ServerProcess(None, "--allow-fixed-decks")  # the embedded store: the generator is under test here
    process.start()
    yield process
    process.stop()


class _SessionsThrough:
    """A stub whose unary calls go to the server directly and whose Play sessions go through ``proxy``; with
    ``silence_after_an_action``, the proxy goes silent once a seat has sent an action (its outcome, and everything
    after, never arrives)."""

    def __init__(self, proxy: SilentProxy, direct: Any, proxied: Any, *, silence_after_an_action: bool) -> None:
        self._proxy = proxy
        self._direct = game_service_pb2_grpc.GameServiceStub(direct)
        self._proxied = game_service_pb2_grpc.GameServiceStub(proxied)
        self._silence_after_an_action = silence_after_an_action

    def __getattr__(self, name: str) -> Any:
        return getattr(self._direct, name)

    def Play(self, requests: Any, **kwargs: Any) -> Any:  # the stub's method name
        async def forwarded() -> Any:
            async for request in requests:
                yield request
                if self._silence_after_an_action and request.HasField("action"):
                    self._proxy.silence()

        return self._proxied.Play(forwarded(), **kwargs)


async def _play_through_proxy(
    server: ServerProcess, *, silence_after_an_action: bool = False, silence_at: float | None = None
) -> tuple[Any, Tally, float]:
    """One 2-seat Pumba match played in sessions for ``DEADLINE`` seconds, the sessions through a proxy that goes
    silent after a seat's action or ``silence_at`` seconds into play: its record, tally and seconds taken."""
    proxy = await SilentProxy(server.address).start()
    try:
        async with (
            grpc.aio.insecure_channel(server.address) as direct,
            grpc.aio.insecure_channel(proxy.address) as proxied,
        ):
            stub = _SessionsThrough(proxy, direct, proxied, silence_after_an_action=silence_after_an_action)
            tally = Tally()
            started = time.monotonic()
            if silence_at is not None:
                asyncio.get_running_loop().call_at(started + silence_at, proxy.silence)  # call_at: never made early
            record = await sessions.play_in_sessions(
                Meter(timed_method="Play"), stub, tally, "pumba", 2, 7, started + DEADLINE
            )
            return record, tally, time.monotonic() - started
    finally:
        await proxy.close()


def test_a_seat_stops_when_its_deadline_timer_fires_even_before_the_clock_says_so(server, monkeypatch):
    # the timers fire 0.2 s early and the sessions fall silent 0.1 s before the deadline: a seat must stop at its
    # timer, not wait for a message (there is none) to look at the clock again (it did, for the whole drain time)
    monkeypatch.setattr(sessions, "DRAIN_SECONDS", 30.0)
    with asyncio.Runner(loop_factory=_EarlyTimersLoop) as runner:
        record, tally, seconds = runner.run(_play_through_proxy(server, silence_at=DEADLINE - 0.1))
    assert seconds < 10, f"the seats went on {seconds:.1f} s after a {DEADLINE} s deadline"
    assert tally.committed > 0
    assert record.unknown_outcomes == 0


@pytest.mark.asyncio
async def test_outcomes_that_never_arrive_are_counted_unknown_after_the_drain_time(server, monkeypatch):
    monkeypatch.setattr(sessions, "DRAIN_SECONDS", 0.5)
    record, _tally, seconds = await _play_through_proxy(server, silence_after_an_action=True)
    assert record.unknown_outcomes >= 1, record  # the actions in flight when the sessions went silent
    assert DEADLINE + 0.5 <= seconds < 10, f"{seconds:.1f} s: the drain time is 0.5 s after the deadline"
