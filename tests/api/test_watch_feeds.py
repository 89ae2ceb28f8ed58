"""The shared writer of a match's live updates (app/watch_feeds.py): a shared stream gets what an unshared one does.

In-process (one MatchService and its GameHandlers, as one worker runs them) against a real redis-server. Every
stream is consumed as the SSE handler consumes it: its own updates one by one, and after the first one its sink
offered (``share``), which the match's feed then writes to. Each shared stream has a reference opened with the
same viewer and version at the same moment and never shared (a per-stream watch, as gRPC's): the messages the
shared stream received, from its own task and from its sink together, must be exactly the reference's, every
version once, in order. The streams mix viewer classes (a spectator, each seat), catching-up streams (from
version 0 and mid-play) and live ones, streams opening mid-play, and a sink that stops taking updates (its peer
behind) while its stream's task is stalled: the others keep getting every version meanwhile.
"""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterable

import pytest
import test_watch_sharing as watch_sharing

from cardroom.api.handlers import CountedStream, GameHandlers
from cardroom.app.matches import MatchService, Update
from cardroom.engines import get_engine
from cardroom.v1 import game_service_pb2 as pb
from support.processes import wait_until_async

pytestmark = pytest.mark.asyncio

GAME, SEATS, SEED = "pumba", 2, 23
SHORT_GAME = "up-or-down"  # a random play of it ends in a few hundred actions (Pumba's take thousands)
VIEWERS: tuple[int | None, ...] = (None, 0, 1)


#: test_watch_sharing.py's: a redis-server for the module, and a MatchService on it
redis_process = watch_sharing.redis_process
service = watch_sharing.service


class _Sink:
    """A joined stream's end of the feed, as api/sse_frames.py's ``FrameSink`` but into a list; ``behind``
    set: its peer is behind (it takes nothing, and may not join)."""

    def __init__(self, stream: CountedStream, received: list[pb.MatchUpdate]) -> None:
        self._to_message = stream.to_message
        self._received = received
        self.behind = False
        self.taken = 0

    def ready(self) -> bool:
        return not self.behind

    def send(self, update: Update) -> bool:
        if self.behind:
            return False
        self._received.append(self._to_message(update))
        self.taken += 1
        return True


class _Watcher:
    """One stream consumed as the SSE handler does, with its never-shared reference beside it."""

    def __init__(self, viewer: int | None, after: int, shared: CountedStream, reference: CountedStream) -> None:
        self.viewer, self.after = viewer, after
        self.received: list[pb.MatchUpdate] = []
        self.expected: list[pb.MatchUpdate] = []
        self.sink = _Sink(shared, self.received)
        self.stalled = asyncio.Event()
        self.stalled.set()  # cleared: the stream's own task stops before its next update (a peer not reading)
        self.tasks = [
            asyncio.create_task(self._consume(shared)),
            asyncio.create_task(self._collect(reference)),
        ]

    async def _consume(self, stream: CountedStream) -> None:
        shared = False
        async for message in stream:
            await self.stalled.wait()
            self.received.append(message)
            if not shared:
                stream.share(self.sink)
                shared = True

    async def _collect(self, stream: CountedStream) -> None:
        async for message in stream:
            self.expected.append(message)

    def newest(self) -> int:
        return max((message.version for message in self.received), default=self.after)

    def check(self, last: int) -> None:
        versions = [message.version for message in self.received]
        assert versions == list(range(self.after + 1, last + 1)), (self.viewer, self.after)
        assert self.received == self.expected, (self.viewer, self.after)


async def _table(service: MatchService, game: str = GAME) -> tuple[str, list[str]]:
    created = await service.create_match(game, SEATS, {}, "a", str(uuid.uuid4()), seed=SEED)
    match_id = created.snapshot.doc.match_id
    joined = await service.join_match(game, match_id, "b", str(uuid.uuid4()), None)
    tokens = [created.seat_token, joined.seat_token]
    await service.start_match(game, match_id, tokens[0], str(uuid.uuid4()))
    return match_id, tokens


class _Play:
    """Random legal actions, the engine's state kept beside the match's."""

    def __init__(self, service: MatchService, match_id: str, tokens: list[str], game: str = GAME) -> None:
        self.service, self.match_id, self.tokens, self.game = service, match_id, tokens, game
        self.engine = get_engine(game)
        self.state = self.engine.start(SEATS, {}, SEED).state
        self.rng = random.Random(3)
        self.version = 3  # created, joined, started
        self.over = False

    async def act(self, count: int) -> None:
        for _ in range(count):
            to_act = list(self.engine.to_act(self.state))
            if not to_act:
                self.over = True
                return
            seat = self.rng.choice(to_act)
            action = self.rng.choice(self.engine.legal_actions(self.state, seat))
            self.state = self.engine.apply(self.state, seat, action).state
            answer = await self.service.submit_action(
                self.game, self.match_id, self.tokens[seat], action, None, "", str(uuid.uuid4())
            )
            self.version = answer.version
            await asyncio.sleep(0)  # the streams take each version (the bench's commits are spread too)


async def _open(api: GameHandlers, name: str, tokens: list[str], viewer: int | None, after: int) -> _Watcher:
    """A stream of ``viewer`` (a seat, None: a spectator) after ``after``, and its reference."""
    token = tokens[viewer] if viewer is not None else None
    request = pb.WatchMatchRequest(name=name, after_version=after)
    shared = await api.WatchMatch(request, token, "test")
    reference = await api.WatchMatch(request, token, "test")
    assert shared is not None and reference is not None
    return _Watcher(viewer, after, shared, reference)


async def test_shared_streams_get_what_unshared_ones_do(service: MatchService) -> None:
    match_id, tokens = await _table(service)
    api = GameHandlers(service)
    name = f"games/{GAME}/matches/{match_id}"
    play = _Play(service, match_id, tokens)
    await play.act(10)
    # live streams of every viewer class, and streams catching up from the start and from mid-play
    watchers = [await _open(api, name, tokens, viewer, play.version) for viewer in VIEWERS]
    watchers += [await _open(api, name, tokens, viewer, 0) for viewer in VIEWERS]
    watchers += [await _open(api, name, tokens, viewer, 6) for viewer in VIEWERS]
    await play.act(10)
    await wait_until_async(lambda: all(watcher.newest() == play.version for watcher in watchers), 30, "the streams")
    assert service.feeds.live == 1  # one feed for the match, whatever its streams and viewer classes
    # streams joining mid-play: live, and from versions the feed is far past
    watchers += [await _open(api, name, tokens, viewer, play.version) for viewer in VIEWERS]
    watchers += [await _open(api, name, tokens, viewer, play.version - 5) for viewer in VIEWERS]

    # a peer behind: its sink takes nothing and its stream's own task stalls; the others go on meanwhile
    slow = watchers[1]
    slow.sink.behind = True
    slow.stalled.clear()
    await play.act(15)
    others = [watcher for watcher in watchers if watcher is not slow]
    await wait_until_async(lambda: all(watcher.newest() == play.version for watcher in others), 30, "the streams")
    assert slow.newest() < play.version
    slow.sink.behind = False
    slow.stalled.set()
    await play.act(10)
    await wait_until_async(lambda: all(watcher.newest() == play.version for watcher in watchers), 30, "the streams")
    await wait_until_async(
        lambda: all(len(watcher.expected) == len(watcher.received) for watcher in watchers), 30, "the references"
    )

    for watcher in watchers:
        watcher.check(play.version)
        assert watcher.sink.taken > 0, (watcher.viewer, watcher.after)  # the feed wrote to every one
    assert slow.sink.taken > 0
    for watcher in watchers:
        for task in watcher.tasks:
            task.cancel()
        await asyncio.gather(*watcher.tasks, return_exceptions=True)
    await wait_until_async(lambda: service.feeds.live == 0, 30, "the feed's stop")  # the feed stops with its last sink


async def test_shared_streams_end_with_the_match(service: MatchService) -> None:
    match_id, tokens = await _table(service, SHORT_GAME)
    api = GameHandlers(service)
    name = f"games/{SHORT_GAME}/matches/{match_id}"
    play = _Play(service, match_id, tokens, SHORT_GAME)
    watchers = [await _open(api, name, tokens, viewer, 0) for viewer in VIEWERS]
    while not play.over:
        await play.act(50)
    # every stream, shared or not, ends after the match's last version
    async with asyncio.timeout(30):
        for watcher in watchers:
            await asyncio.gather(*watcher.tasks)
    for watcher in watchers:
        watcher.check(play.version)
        assert watcher.sink.taken > 0
    assert service.feeds.live == 0


async def test_play_sessions_take_the_feed_and_get_what_unshared_streams_do(service: MatchService) -> None:
    """A Play session joins its match's feed after its first live update (GameHandlers.Play shares its stream):
    its updates, from its pump and from the feed together, are exactly an unshared stream's, to the end."""
    match_id, tokens = await _table(service, SHORT_GAME)
    api = GameHandlers(service)
    name = f"games/{SHORT_GAME}/matches/{match_id}"
    play = _Play(service, match_id, tokens, SHORT_GAME)
    await play.act(5)

    async def collect(items: AsyncIterable[pb.MatchUpdate], into: list[pb.MatchUpdate]) -> None:
        async for item in items:
            into.append(item)

    runs = []
    for viewer in VIEWERS:
        token = tokens[viewer] if viewer is not None else None
        opening = pb.PlayRequest(open=pb.PlayOpen(name=name, after_version=2))
        session = await api.Play(opening, token, "test")
        reference = await api.WatchMatch(pb.WatchMatchRequest(name=name, after_version=2), token, "test")
        received: list[pb.MatchUpdate] = []
        expected: list[pb.MatchUpdate] = []
        tasks = [asyncio.create_task(collect(session, received)), asyncio.create_task(collect(reference, expected))]
        runs.append((viewer, received, expected, tasks))
    await play.act(5)
    await wait_until_async(lambda: all(len(run[1]) == play.version - 2 for run in runs), 30, "the sessions")
    assert service.feeds.live == 1  # the sessions of every viewer class joined the one feed of the match
    while not play.over:
        await play.act(50)
    async with asyncio.timeout(30):  # every session ends after the match's last version
        for _viewer, _received, _expected, tasks in runs:
            await asyncio.gather(*tasks)
    for viewer, received, expected, _tasks in runs:
        assert [update.version for update in received] == list(range(3, play.version + 1)), viewer
        assert received == expected, viewer
    assert service.feeds.live == 0
