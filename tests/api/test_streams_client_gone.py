"""A stream of the HTTP server whose client has gone when its next update is sent ends itself.

In one process, as one worker serves it (the HTTP app of ``build_app`` on loopback, the embedded store): a seat
follows its match over a Play WebSocket (JSON or binary) or WatchMatch's Server-Sent Events, its client shuts its
socket down, and the next committed update cannot be written (the handler's send fails on the closing transport).
The handler must close the stream's chain of async generators itself, then and there (``contextlib.aclosing`` in
play_ws.py and rest.py). Left to the collector, they were closed later by a task of the event loop's
async-generator finalizer, the stream (its tasks, its seat's presence) outliving its connection, and a finalizer
closing a generator still running raised ``athrow(): asynchronous generator is already running`` into the
server's log (13 lines in one CI run, 7 December 2026). The event loop's finalizer hook is what the collector
calls for an async generator nobody closed: the test records which of the service's generators reach it. Without
the ``aclosing`` of either handler, ``ShutdownSignal.until_closing`` does.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import socket
import sys
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import web
from google.protobuf import json_format

import cardroom
from cardroom.api import play_ws
from cardroom.api.handlers import GameHandlers
from cardroom.api.rest import build_app
from cardroom.api.server import build_handlers
from cardroom.app.config import Settings
from cardroom.engines import get_engine
from cardroom.observability.metrics import LIVE_STREAMS
from cardroom.store.memory import MemoryStore
from cardroom.v1 import game_service_pb2 as pb

pytestmark = pytest.mark.asyncio

GAME, SEATS, SEED = "pumba", 2, 41
SERVICE_CODE = str(Path(cardroom.__file__).parent)


@pytest_asyncio.fixture
async def served() -> AsyncIterator[tuple[GameHandlers, str]]:
    settings = Settings(allow_fixed_decks=True, secret="client-gone")
    store = MemoryStore(finished_ttl=60, idle_ttl=60)
    handlers = build_handlers(settings, store)
    runner = web.AppRunner(build_app(handlers, store, settings))
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    try:
        yield handlers, f"http://127.0.0.1:{runner.addresses[0][1]}"
    finally:
        await runner.cleanup()


@contextlib.contextmanager
def finalized_by_collector() -> Iterator[list[str]]:
    """The qualified names of the service's async generators the event loop's finalizer hook is given (the
    collector found them unclosed) within the block. Entered in the test's own coroutine, not a fixture: a loop
    sets its hooks each time it starts running and puts the old ones back when it stops, and a generator keeps
    the hook it found at its first step."""
    firstiter, finalizer = sys.get_asyncgen_hooks()
    names: list[str] = []

    def recording(generator) -> None:
        if generator.ag_code.co_filename.startswith(SERVICE_CODE):
            names.append(generator.ag_code.co_qualname)
        finalizer(generator)

    sys.set_asyncgen_hooks(firstiter=firstiter, finalizer=recording)
    try:
        yield names
    finally:
        sys.set_asyncgen_hooks(firstiter=firstiter, finalizer=finalizer)


#: updates committed after the client left, at most, until its stream's handler returns (the first ones may be
#: written before the server has seen the connection end)
UPDATES_AFTER_LEAVING = 20


async def _within(condition, seconds: float) -> bool:
    """Whether ``condition()`` holds within ``seconds``, polled every 10 ms."""
    for _ in range(int(seconds / 0.01)):
        if condition():
            return True
        await asyncio.sleep(0.01)
    return condition()


def _live_http_streams() -> float:
    """Streams of the HTTP server whose handler has not returned (the access middleware's gauge)."""
    return LIVE_STREAMS.labels("http")._value.get()


async def _open_websocket(http: aiohttp.ClientSession, base: str, name: str, token: str, version: int, binary: bool):
    """A Play session of seat ``token`` over the WebSocket, in JSON or binary: (a wait for its first update, the
    client's socket)."""
    opening = pb.PlayRequest(open=pb.PlayOpen(name=name, after_version=version))
    subprotocol = play_ws.BINARY_SUBPROTOCOL if binary else play_ws.SUBPROTOCOL
    client = await http.ws_connect(
        f"{base}{play_ws.PATH}?match={name}", protocols=(subprotocol, play_ws.TOKEN_PROTOCOL + token)
    )
    if binary:
        await client.send_bytes(opening.SerializeToString())
    else:
        await client.send_str(json_format.MessageToJson(opening))

    async def first_update() -> None:
        message = await client.receive(timeout=5)
        if binary:
            assert pb.PlayResponse.FromString(message.data).HasField("update"), message
        else:
            assert "update" in json.loads(message.data), message

    return first_update, client.get_extra_info("socket")


async def _open_events(http: aiohttp.ClientSession, base: str, name: str, token: str, version: int, _binary: bool):
    """WatchMatch of seat ``token`` as Server-Sent Events: (a wait for its first update, the client's socket)."""
    response = await http.get(
        f"{base}/v1/{name}:watch", params={"afterVersion": str(version)}, headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status == 200, await response.text()

    async def first_update() -> None:
        async with asyncio.timeout(5):
            while not (await response.content.readline()).startswith(b"data:"):
                pass

    return first_update, response.connection.transport.get_extra_info("socket")


@pytest.mark.parametrize(
    ("open_stream", "binary"),
    [(_open_websocket, False), (_open_websocket, True), (_open_events, False)],
    ids=["websocket-json", "websocket-binary", "server-sent-events"],
)
async def test_a_stream_whose_client_has_gone_is_closed_by_its_handler_not_the_collector(
    served, open_stream, binary
) -> None:
    handlers, base = served
    service = handlers.matches
    created = await service.create_match(GAME, SEATS, {}, "a", str(uuid.uuid4()), seed=SEED)
    match_id = created.snapshot.doc.match_id
    joined = await service.join_match(GAME, match_id, "b", str(uuid.uuid4()), None)
    tokens = [created.seat_token, joined.seat_token]
    started = await service.start_match(GAME, match_id, tokens[0], str(uuid.uuid4()))
    engine = get_engine(GAME)
    state = engine.start(SEATS, {}, SEED).state
    rng = random.Random(5)

    async def play_one() -> None:
        nonlocal state
        seat = rng.choice(list(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
        await service.submit_action(GAME, match_id, tokens[seat], action, None, "", str(uuid.uuid4()))

    name = f"games/{GAME}/matches/{match_id}"
    before = _live_http_streams()
    with finalized_by_collector() as finalized:
        async with aiohttp.ClientSession() as http:
            first_update, client_socket = await open_stream(http, base, name, tokens[0], started.doc.version, binary)
            await play_one()
            await first_update()  # the stream is open and its updates flow
            assert _live_http_streams() == before + 1

            # the client goes: its socket shut down under it (nothing read or closed properly any more); the stream
            # waits for its next update, and the first one the server cannot write makes the handler's send fail
            client_socket.shutdown(socket.SHUT_RDWR)
            for _ in range(UPDATES_AFTER_LEAVING):
                await play_one()
                if await _within(lambda: _live_http_streams() == before, 0.25):
                    break
            else:
                raise AssertionError(f"the stream's handler still runs after {UPDATES_AFTER_LEAVING} updates")
            assert not engine.is_over(state)  # a failed send ended the stream, not the end of the match
            gc.collect()  # what the handler left unclosed (in a cycle with its frames) reaches the finalizer hook
    assert finalized == []
