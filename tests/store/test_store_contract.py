"""The match-store contract, run against every store (see cardroom.store.contract)."""

from __future__ import annotations

import asyncio
import time

import pytest
from store_fixtures import StoreFactory

from cardroom.store import (
    ACTIVE,
    FINISHED,
    WAITING,
    LogEntry,
    MatchExists,
    MatchNotFound,
    MatchStore,
    Replayed,
    StoredMatch,
    VersionConflict,
)

pytestmark = pytest.mark.asyncio


def match(
    match_id: str = "m1", version: int = 1, status: str = WAITING, game: str = "pumba", data: bytes = b""
) -> StoredMatch:
    return StoredMatch(match_id, game, version, status, data or f"{match_id}@{version}".encode())


async def until(predicate, timeout: float = 5.0) -> None:
    """Poll an async predicate: expiry is timed by the store, so wait only as long as needed."""
    deadline = time.monotonic() + timeout
    while not await predicate():
        assert time.monotonic() < deadline, "condition not reached in time"
        await asyncio.sleep(0.02)


async def gone(store: MatchStore, match_id: str) -> bool:
    try:
        await store.get(match_id)
    except MatchNotFound:
        return True
    return False


async def test_create_then_get(store: MatchStore) -> None:
    assert await store.create(match(data=b"\x00doc\xff"), b"created", "r1", b"ok") is None
    assert await store.get("m1") == match(data=b"\x00doc\xff")
    assert await store.log("m1", 0) == [LogEntry(1, b"created")]
    assert await store.answer_for("m1", "r1") == b"ok"
    assert await store.answer_for("m1", "other") is None


async def test_get_many_reads_matches_in_the_order_asked(store: MatchStore) -> None:
    assert await store.get_many([]) == []
    for n in range(3):
        await store.create(match(f"m{n}"), b"created", None, None)
    await store.commit(match("m1", 2, ACTIVE), 1, b"started", None, None)
    assert await store.get_many(["m2", "nope", "m1", "m0"]) == [match("m2"), None, match("m1", 2, ACTIVE), match("m0")]


async def test_unknown_match_is_not_found(store: MatchStore) -> None:
    with pytest.raises(MatchNotFound):
        await store.get("nope")
    with pytest.raises(MatchNotFound):
        await store.log("nope", 0)
    with pytest.raises(MatchNotFound):
        await store.commit(match("nope", 2), 1, b"e", None, None)
    assert await store.answer_for("nope", "r") is None


async def test_create_on_taken_id_raises_match_exists(store: MatchStore) -> None:
    await store.create(match(), b"created", "r1", b"ok")
    with pytest.raises(MatchExists):
        await store.create(match(data=b"other"), b"again", "r2", b"ok2")
    with pytest.raises(MatchExists):
        await store.create(match(data=b"other"), b"again", None, None)
    assert (await store.get("m1")).data == b"m1@1"
    assert await store.log("m1", 0) == [LogEntry(1, b"created")]


async def test_create_retry_with_same_request_id_replays(store: MatchStore) -> None:
    await store.create(match(), b"created", "r1", b"first answer")
    assert await store.create(match(data=b"other"), b"again", "r1", b"second") == Replayed(b"first answer")
    assert (await store.get("m1")).data == b"m1@1"
    assert len(await store.log("m1", 0)) == 1


async def test_commit_increments_version_and_appends_log(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    assert await store.commit(match(version=2, status=ACTIVE), 1, b"e2", "r2", b"a2") is None
    assert await store.commit(match(version=3, status=ACTIVE), 2, b"e3", None, None) is None
    assert await store.get("m1") == match(version=3, status=ACTIVE)
    assert await store.log("m1", 0) == [LogEntry(1, b"e1"), LogEntry(2, b"e2"), LogEntry(3, b"e3")]
    assert await store.answer_for("m1", "r2") == b"a2"


async def test_commit_must_produce_the_next_version(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    with pytest.raises(ValueError):
        await store.commit(match(version=3), 1, b"e", None, None)
    with pytest.raises(ValueError):
        await store.commit(match(version=2, status="bogus"), 1, b"e", None, None)


async def test_version_conflict_reports_current_version_and_writes_nothing(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    await store.commit(match(version=2), 1, b"e2", None, None)
    with pytest.raises(VersionConflict) as conflict:
        await store.commit(match(version=2, data=b"stale"), 1, b"stale", "r-stale", b"no")
    assert conflict.value.current_version == 2
    # the match as the commit found it: the loser goes on from it without a read
    assert conflict.value.current == match(version=2)
    assert await store.get("m1") == match(version=2)
    assert await store.log("m1", 0) == [LogEntry(1, b"e1"), LogEntry(2, b"e2")]
    assert await store.answer_for("m1", "r-stale") is None


async def test_replayed_request_returns_first_answer_and_writes_nothing(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    await store.commit(match(version=2), 1, b"e2", "r2", b"first")
    # a retry, with the same or even a now-current expected version, applies nothing
    assert await store.commit(match(version=2, data=b"x"), 1, b"x", "r2", b"second") == Replayed(b"first")
    assert await store.commit(match(version=3, data=b"x"), 2, b"x", "r2", b"second") == Replayed(b"first")
    assert await store.get("m1") == match(version=2)
    assert await store.log("m1", 0) == [LogEntry(1, b"e1"), LogEntry(2, b"e2")]
    assert await store.answer_for("m1", "r2") == b"first"


async def test_32_concurrent_commits_on_one_version_exactly_one_wins(stores: StoreFactory) -> None:
    # two instances when the store is shared: the race is then also between replicas
    first, second = stores.open(), stores.open() if stores.shared else None
    await first.create(match(), b"e1", None, None)
    writers = [first if second is None or i % 2 else second for i in range(32)]
    results = await asyncio.gather(
        *(
            store.commit(match(version=2, data=f"w{i}".encode()), 1, f"e{i}".encode(), f"r{i}", f"a{i}".encode())
            for i, store in enumerate(writers)
        ),
        return_exceptions=True,
    )
    winners = [i for i, result in enumerate(results) if result is None]
    assert len(winners) == 1
    losers = [result for result in results if result is not None]
    assert len(losers) == 31
    assert all(isinstance(result, VersionConflict) and result.current_version == 2 for result in losers)
    won = winners[0]
    assert all(result.current == match(version=2, data=f"w{won}".encode()) for result in losers)
    assert await first.get("m1") == match(version=2, data=f"w{won}".encode())
    assert await first.log("m1", 0) == [LogEntry(1, b"e1"), LogEntry(2, f"e{won}".encode())]
    for i in range(32):
        assert await first.answer_for("m1", f"r{i}") == (f"a{i}".encode() if i == won else None)


async def test_same_request_id_sent_concurrently_applies_once(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    results = await asyncio.gather(
        *(store.commit(match(version=2, data=f"w{i}".encode()), 1, b"e2", "same", f"a{i}".encode()) for i in range(16))
    )
    applied = [i for i, result in enumerate(results) if result is None]
    assert len(applied) == 1
    assert all(result == Replayed(f"a{applied[0]}".encode()) for result in results if result is not None)
    assert len(await store.log("m1", 0)) == 2
    assert (await store.get("m1")).version == 2


async def test_log_after_any_version_with_limit(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    for version in range(2, 8):
        await store.commit(match(version=version), version - 1, f"e{version}".encode(), None, None)
    assert [entry.version for entry in await store.log("m1", 0)] == [1, 2, 3, 4, 5, 6, 7]
    assert await store.log("m1", 4) == [LogEntry(5, b"e5"), LogEntry(6, b"e6"), LogEntry(7, b"e7")]
    assert [entry.version for entry in await store.log("m1", 2, limit=2)] == [3, 4]
    assert await store.log("m1", 7) == []


async def test_watch_yields_backlog_then_live_commits_from_another_replica(stores: StoreFactory) -> None:
    watcher_side = stores.open()
    writer = stores.open() if stores.shared else watcher_side
    await writer.create(match(), b"e1", None, None)
    await writer.commit(match(version=2), 1, b"e2", None, None)
    await writer.commit(match(version=3), 2, b"e3", None, None)

    seen: list[LogEntry] = []
    caught_up = asyncio.Event()

    async def follow() -> None:
        async for entry in watcher_side.watch("m1", after_version=1):
            seen.append(entry)
            if entry.version == 3:
                caught_up.set()
            if entry.version == 5:
                return

    task = asyncio.create_task(follow())
    await asyncio.wait_for(caught_up.wait(), 5)
    await writer.commit(match(version=4), 3, b"e4", None, None)
    await writer.commit(match(version=5), 4, b"e5", None, None)
    await asyncio.wait_for(task, 5)
    assert seen == [LogEntry(2, b"e2"), LogEntry(3, b"e3"), LogEntry(4, b"e4"), LogEntry(5, b"e5")]


async def test_watch_from_the_current_version_waits_for_the_next_commit(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    stream = store.watch("m1", after_version=1)
    pending = asyncio.ensure_future(anext(stream))
    await asyncio.sleep(0.1)
    assert not pending.done()
    await store.commit(match(version=2), 1, b"e2", None, None)
    assert await asyncio.wait_for(pending, 5) == LogEntry(2, b"e2")
    await stream.aclose()


async def test_watch_from_zero_starts_with_the_creation_entry(store: MatchStore) -> None:
    await store.create(match(), b"e1", None, None)
    await store.commit(match(version=2), 1, b"e2", None, None)
    stream = store.watch("m1", after_version=0)
    assert [await anext(stream), await anext(stream)] == [LogEntry(1, b"e1"), LogEntry(2, b"e2")]
    await stream.aclose()


async def test_watch_unknown_match_is_not_found(store: MatchStore) -> None:
    with pytest.raises(MatchNotFound):
        await anext(store.watch("nope", 0))


async def test_list_matches_pages_by_status_and_game(store: MatchStore) -> None:
    for i in range(8):
        await store.create(match(f"w{i}"), b"e", None, None)
    await store.create(match("a0", status=ACTIVE), b"e", None, None)
    await store.create(match("other-game", game="flip-7"), b"e", None, None)
    # w3 leaves the lobby before anyone lists it
    await store.commit(match("w3", 2, status=ACTIVE), 1, b"e", None, None)

    pages: list[list[str]] = []
    token = ""
    while True:
        page = await store.list_matches("pumba", WAITING, 3, token)
        pages.append([m.match_id for m in page.matches])
        if not page.next_page_token:
            break
        token = page.next_page_token
        if len(pages) == 1:
            # matches leaving the lobby between pages neither shift nor repeat the rest
            await store.commit(match("w1", 2, status=ACTIVE), 1, b"e", None, None)
            await store.commit(match("w4", 2, status=ACTIVE), 1, b"e", None, None)
    assert pages == [["w0", "w1", "w2"], ["w5", "w6", "w7"]]
    assert all(m.status == WAITING for m in (await store.list_matches("pumba", WAITING, 10, "")).matches)
    active = await store.list_matches("pumba", ACTIVE, 10, "")
    assert [m.match_id for m in active.matches] == ["w1", "w3", "w4", "a0"]
    assert active.next_page_token == ""
    assert [m.match_id for m in (await store.list_matches("flip-7", WAITING, 10, "")).matches] == ["other-game"]
    assert (await store.list_matches("up-or-down", WAITING, 10, "")).matches == []


async def test_count_matches_per_game_and_status(store: MatchStore) -> None:
    for i in range(3):
        await store.create(match(f"w{i}"), b"e", None, None)
    await store.create(match("f0", game="flip-7"), b"e", None, None)
    await store.commit(match("w0", 2, status=ACTIVE), 1, b"e", None, None)
    await store.commit(match("w1", 2, status=ACTIVE), 1, b"e", None, None)
    await store.commit(match("w1", 3, status=FINISHED), 2, b"e", None, None)
    counts = {key: count for key, count in (await store.count_matches()).items() if count}
    assert counts == {("pumba", WAITING): 1, ("pumba", ACTIVE): 1, ("pumba", FINISHED): 1, ("flip-7", WAITING): 1}


async def test_list_matches_over_many_pages(store: MatchStore) -> None:
    for i in range(11):
        await store.create(match(f"m{i:02}"), b"e", None, None)
    listed: list[str] = []
    token, pages = "", 0
    while True:
        page = await store.list_matches("pumba", WAITING, 4, token)
        listed += [m.match_id for m in page.matches]
        pages += 1
        token = page.next_page_token
        if not token:
            break
    assert listed == [f"m{i:02}" for i in range(11)]
    assert pages == 3


async def test_list_matches_rejects_a_forged_page_token(store: MatchStore) -> None:
    with pytest.raises(ValueError):
        await store.list_matches("pumba", WAITING, 3, "not a token!")


async def test_finished_matches_expire(stores: StoreFactory) -> None:
    store = stores.open(finished_ttl=0.2, idle_ttl=60)
    await store.create(match("done"), b"e1", "r1", b"a1")
    await store.create(match("live"), b"e1", None, None)
    await store.commit(match("done", 2, status=FINISHED), 1, b"e2", None, None)
    await until(lambda: gone(store, "done"))
    assert await store.answer_for("done", "r1") is None
    assert (await store.list_matches("pumba", FINISHED, 10, "")).matches == []
    assert (await store.get("live")).version == 1
    # the id is free again once everything of the old match is gone
    await store.create(match("done"), b"fresh", None, None)
    assert await store.log("done", 0) == [LogEntry(1, b"fresh")]


async def test_idle_matches_expire_and_writes_keep_them_alive(stores: StoreFactory) -> None:
    # a write every 0.1 s keeps "busy" alive through stalls of up to 0.9 s (a loaded CI machine's), while "idle"
    # outlives its TTL by half of it
    store = stores.open(finished_ttl=60, idle_ttl=1.0)
    await store.create(match("busy"), b"e1", None, None)
    await store.create(match("idle"), b"e1", None, None)
    started = time.monotonic()
    version = 1
    while time.monotonic() - started < 1.5:
        await store.commit(match("busy", version + 1), version, b"e", None, None)
        version += 1
        await asyncio.sleep(0.1)
    assert await gone(store, "idle")
    assert [m.match_id for m in (await store.list_matches("pumba", WAITING, 10, "")).matches] == ["busy"]
    assert (await store.get("busy")).version == version


async def test_ping(store: MatchStore) -> None:
    assert await store.ping() is True
