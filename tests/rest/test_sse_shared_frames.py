"""The SSE streams' shared frames (api/sse_frames.py): every version once, in order, each viewer its own view.

A real server; a Pumba match played over REST while, opened before the play, a spectator and both seats watch
it three ways: with the bench's lean reader (bench/sse_reader.py: versions only, its chunked decoding by hand),
with httpx (the events' data), and over gRPC WatchMatch (the reference: the same viewer's messages, whose
redaction the end-to-end suite checks). Versions 1-2 (create, join) reach them as a backlog, the rest live.
Each SSE stream must carry exactly the versions committed after it opened, no gap and no duplicate, and each
event's data must be the JSON of the gRPC message that viewer got (for the backlog, but for the seats' live
``connected`` flags: each stream serves it as of its own opening, and the seats' streams open concurrently).
"""

from __future__ import annotations

import asyncio
import json
import random
from urllib.parse import urlsplit

import grpc
import httpx
import pytest
from google.protobuf import json_format
from rest_table import RestTable, bearer, ok, play_async

from cardroom.bench.sse_reader import follow_sse
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import game_service_pb2_grpc

ACTIONS = 24
VIEWERS = (None, 0, 1)  # a spectator, then each seat


class _Lean:
    """What the lean reader keeps of one stream (bench/sse_reader.py's ``Watched``)."""

    def __init__(self, name: str) -> None:
        self.name, self.after = name, 1  # from version 0: version 1 is its readiness update
        self.first = asyncio.Event()
        self.versions: list[int] = []
        self.latencies: list[float] = []


async def _sse_events(http: httpx.AsyncClient, name: str, token: str | None, final: asyncio.Future[int]) -> list:
    """(id, data) of every event from version 0 until the match's final version is known and read."""
    events: list[tuple[int, str]] = []
    async with http.stream("GET", f"/v1/{name}:watch", params={"afterVersion": "0"}, headers=bearer(token)) as stream:
        assert stream.status_code == 200
        event: dict[str, str] = {}
        async for line in stream.aiter_lines():  # heartbeats (every 0.5 s) wake this up to check ``final``
            if line.startswith(("id: ", "data: ")):
                key, _, value = line.partition(": ")
                event[key] = value
            elif not line and event:
                events.append((int(event["id"]), event["data"]))
                event = {}
            if final.done() and events and events[-1][0] >= final.result():
                return events
    raise AssertionError(f"the stream ended at {events[-1][0] if events else None}")


async def _grpc_messages(address: str, name: str, token: str | None, messages: list[pb.MatchUpdate]) -> None:
    """WatchMatch from version 0 as the seat of ``token``, into ``messages``, until cancelled."""
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    async with grpc.aio.insecure_channel(address) as channel:
        stub = game_service_pb2_grpc.GameServiceStub(channel)
        async for update in stub.WatchMatch(pb.WatchMatchRequest(name=name, after_version=0), metadata=metadata):
            messages.append(update)


@pytest.mark.asyncio
async def test_each_viewer_gets_every_version_once_with_its_own_view(server, http):
    table = RestTable(http, "pumba", 2, seed=17)
    tokens = [None if viewer is None else table.tokens[viewer] for viewer in VIEWERS]
    host = urlsplit(server.http_url)
    loop = asyncio.get_running_loop()
    final: asyncio.Future[int] = loop.create_future()
    async with httpx.AsyncClient(base_url=server.http_url, timeout=60) as client:
        leans = [_Lean(table.name) for _ in VIEWERS]
        lean_tasks = [
            asyncio.create_task(follow_sse(host.hostname, host.port, lean, token))
            for lean, token in zip(leans, tokens, strict=True)
        ]
        sse_tasks = [asyncio.create_task(_sse_events(client, table.name, token, final)) for token in tokens]
        references: list[list[pb.MatchUpdate]] = [[] for _ in VIEWERS]
        grpc_tasks = [
            asyncio.create_task(_grpc_messages(server.address, table.name, token, messages))
            for token, messages in zip(tokens, references, strict=True)
        ]
        for lean in leans:
            await lean.first.wait()
        async with asyncio.timeout(60):
            while any(not messages for messages in references):  # following: the gRPC streams too
                await asyncio.sleep(0.05)
        # the play: every version after the streams opened is live on them (the shared frames' path)
        rng = random.Random(5)
        state = ok(await client.post(f"/v1/{table.name}:start", json={}, headers=bearer(table.tokens[0])))
        backlog = state["match"]["version"] - 1  # create and join, served to each stream as it opened
        state = await play_async(client, table, rng, ACTIONS, state)
        last = state["match"]["version"]
        final.set_result(last)
        async with asyncio.timeout(60):
            seen = await asyncio.gather(*sse_tasks)
            while any((lean.versions or [0])[-1] < last for lean in leans) or any(
                messages[-1].version < last for messages in references
            ):
                await asyncio.sleep(0.05)
        for task in lean_tasks + grpc_tasks:
            task.cancel()
        await asyncio.gather(*lean_tasks, *grpc_tasks, return_exceptions=True)

    for lean in leans:  # the lean reader: exactly the versions after its readiness one, in order
        assert lean.versions == list(range(2, last + 1))
    for events, messages, viewer in zip(seen, references, VIEWERS, strict=True):
        assert [version for version, _ in events] == list(range(1, last + 1)), viewer
        assert [message.version for message in messages] == list(range(1, last + 1)), viewer
        for (version, data), message in zip(events, messages, strict=True):
            # the same viewer's gRPC message, opened at the same time (so served as of the same versions); a backlog
            # version's seats show who was connected when that stream opened, and the seats' streams open concurrently
            sent, reference = json.loads(data), json.loads(json_format.MessageToJson(message, indent=None))
            if version <= backlog:
                sent, reference = _without_presence(sent), _without_presence(reference)
            assert sent == reference, (viewer, version)
    # and the redaction differs between the viewers: each seat's view holds its own hand only
    spectator, seat0, seat1 = (json.loads(events[-1][1])["state"]["view"]["pumba"] for events in seen)
    assert spectator != seat0 and seat0 != seat1


def _without_presence(update: dict) -> dict:
    """A MatchUpdate's JSON without its seats' live ``connected`` flags."""
    for seat in update["state"]["match"]["seats"]:
        seat.pop("connected", None)
    return update
