"""Watch updates are built once per viewer class and worker, and each viewer still gets exactly its own view.

In-process (one MatchService and its GameHandlers, as one worker runs them) against a real redis-server: many
spectator streams and two streams of each of two seats follow one match while it is played. Each committed
version must be built once per viewer class (app/watch_updates.py's counter), converted to one MatchUpdate,
and its gRPC bytes and SSE JSON made once (api/watch_wire.py's counters), the very same object reaching every
stream of the class; and each class's view and events must be exactly what the engine shows that viewer.
"""

from __future__ import annotations

import asyncio
import json
import random
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
import redis
from google.protobuf import json_format

from cardroom.api import convert, handlers, watch_wire
from cardroom.api.handlers import GameHandlers
from cardroom.app.config import Settings
from cardroom.app.matches import MatchService
from cardroom.app.tokens import TokenSigner
from cardroom.engines import get_engine
from cardroom.store.redis import RedisStore
from cardroom.v1 import game_service_pb2 as pb
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

GAME, SEATS, SEED = "pumba", 2, 41
SPECTATORS, STREAMS_PER_SEAT, ACTIONS = 30, 2, 6


@pytest.fixture(scope="module")
def redis_process():
    process = RedisProcess()
    process.start()
    yield process
    process.close()


@pytest_asyncio.fixture
async def service(redis_process: RedisProcess) -> AsyncIterator[MatchService]:
    # watch_block: the fan-out's periodic safety-net read (an XRANGE per hub) does not run during a test
    store = RedisStore(
        redis_process.url, finished_ttl=60, idle_ttl=60, watch_block=600, key_prefix=f"test:{uuid.uuid4().hex}:"
    )
    yield MatchService(store, Settings(allow_fixed_decks=True), TokenSigner("watch-sharing"))
    await store.close()


async def _open_table(service: MatchService) -> tuple[str, list[str], int]:
    created = await service.create_match(GAME, SEATS, {}, "a", str(uuid.uuid4()), seed=SEED)
    match_id = created.snapshot.doc.match_id
    joined = await service.join_match(GAME, match_id, "b", str(uuid.uuid4()), None)
    tokens = [created.seat_token, joined.seat_token]
    started = await service.start_match(GAME, match_id, tokens[0], str(uuid.uuid4()))
    return match_id, tokens, started.doc.version


async def test_streams_of_one_viewer_class_share_one_build_and_keep_their_own_view(service: MatchService) -> None:
    match_id, tokens, start = await _open_table(service)
    api = GameHandlers(service)
    name = f"games/{GAME}/matches/{match_id}"
    viewers: list[int | None] = [None] * SPECTATORS + [seat for seat in range(SEATS) for _ in range(STREAMS_PER_SEAT)]
    streams = []
    for viewer in viewers:
        token = tokens[viewer] if viewer is not None else None
        stream = await api.WatchMatch(pb.WatchMatchRequest(name=name, after_version=start), token, "test")
        assert stream is not None
        streams.append(stream)
    # every stream is under way (a seat's stream holds its presence entry first) before anything is committed
    pending = [asyncio.ensure_future(anext(stream)) for stream in streams]
    for _ in range(200):
        if len(await service.store.present(match_id, service.clock())) == SEATS * STREAMS_PER_SEAT:
            break
        await asyncio.sleep(0.05)

    engine = get_engine(GAME)
    state = engine.start(SEATS, {}, SEED).state
    rng = random.Random(5)
    builds, messages = service.watching.builds, handlers.watch_message.made
    encoded, texts = watch_wire.wire_bytes.made, watch_wire.json_text.made
    for step in range(ACTIONS):
        seat = rng.choice(list(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        transition = engine.apply(state, seat, action)
        state = transition.state
        await service.submit_action(GAME, match_id, tokens[seat], action, None, "", str(uuid.uuid4()))
        received = await asyncio.gather(*pending)
        if step < ACTIONS - 1:
            pending = [asyncio.ensure_future(anext(stream)) for stream in streams]

        by_viewer: dict[int | None, set[int]] = {}
        for viewer, message in zip(viewers, received, strict=True):
            assert message.version == start + step + 1
            by_viewer.setdefault(viewer, set()).add(id(message))
            # exactly this viewer's redaction: its engine view, and the events as it saw them
            assert message.state.view == convert.view_to_proto(GAME, engine.view(state, viewer))
            events = [convert.event_to_proto(GAME, event.for_viewer(viewer)) for event in transition.events]
            assert list(message.events) == events
            assert message.state.HasField("your_seat") == (viewer is not None)
            assert watch_wire.wire_bytes(message) == message.SerializeToString()
            reference = json_format.MessageToJson(message, indent=None)
            assert json.loads(watch_wire.json_text(message)) == json.loads(reference)
        # one shared message per viewer class, whatever the number of its streams
        assert {viewer: len(ids) for viewer, ids in by_viewer.items()} == dict.fromkeys(by_viewer, 1)
        assert len({ids.pop() for ids in by_viewer.values()}) == SEATS + 1

    classes = SEATS + 1
    assert service.watching.builds - builds == ACTIONS * classes
    assert handlers.watch_message.made - messages == ACTIONS * classes
    assert watch_wire.wire_bytes.made - encoded == ACTIONS * classes
    assert watch_wire.json_text.made - texts == ACTIONS * classes
    for stream in streams:
        await stream.aclose()


def _xranges(admin: redis.Redis) -> int:
    """XRANGE calls the redis-server has answered (the log reads of the store)."""
    return admin.info("commandstats").get("cmdstat_xrange", {}).get("calls", 0)


async def test_streams_resuming_from_one_version_share_one_backlog_read(service: MatchService, redis_process) -> None:
    redis_url = redis_process.url
    match_id, tokens, start = await _open_table(service)
    engine = get_engine(GAME)
    state = engine.start(SEATS, {}, SEED).state
    rng = random.Random(8)
    for _ in range(ACTIONS):
        seat = rng.choice(list(engine.to_act(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        state = engine.apply(state, seat, action).state
        await service.submit_action(GAME, match_id, tokens[seat], action, None, "", str(uuid.uuid4()))

    admin = redis.Redis.from_url(redis_url)
    reads = _xranges(admin)
    streams = [await service.watch(GAME, match_id, None, start) for _ in range(SPECTATORS)]
    firsts = await asyncio.gather(*(anext(stream) for stream in streams if stream is not None))
    builds = service.watching.builds
    rest = await asyncio.gather(*(anext(stream) for stream in streams if stream is not None))
    # the backlog, read from the log once for all of them, is served as the same updates
    assert {id(update) for update in firsts} == {id(firsts[0])}
    assert {id(update) for update in rest} == {id(rest[0])}
    assert firsts[0].version == start + 1 and rest[0].version == start + 2
    assert service.watching.builds - builds == 1
    # one read of the log to rebuild the document the backlog starts after (History.doc_at), one of the backlog
    assert _xranges(admin) - reads == 2
    admin.close()
    for stream in streams:
        assert stream is not None
        await stream.aclose()
