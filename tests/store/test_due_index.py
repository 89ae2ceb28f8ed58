"""The store contract's due index, presence and private side data, run against both stores.

Times are arguments of the index (``now``, ``lease``), so these tests never sleep.
"""

from __future__ import annotations

import pytest
from store_fixtures import StoreFactory

from cardroom.store import WAITING, DocVersion, MatchNotFound, MatchStore, StoredMatch
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

T0 = 1_800_000_000.0  # an epoch second; due times are wall-clock times
#: the documents the index's entries are written from: one match's versions 1 to 3
V1, V2, V3 = (DocVersion(T0 - 100, version) for version in (1, 2, 3))


def match(match_id: str) -> StoredMatch:
    return StoredMatch(match_id, "pumba", 1, WAITING, b"doc")


async def test_an_entry_is_claimed_only_once_due(store: MatchStore) -> None:
    await store.schedule("m1", T0 + 5, V1)
    assert await store.claim_due(T0 + 4.999, lease=10, limit=10) == []
    [claim] = await store.claim_due(T0 + 5, lease=10, limit=10)
    assert (claim.match_id, claim.due, claim.lease_until) == ("m1", T0 + 5, T0 + 15)
    assert await store.due_time("m1") == T0 + 15


async def test_a_claim_hides_the_entry_until_its_lease_ends(store: MatchStore) -> None:
    await store.schedule("m1", T0, V1)
    assert len(await store.claim_due(T0, lease=3, limit=10)) == 1
    assert await store.claim_due(T0 + 2.9, lease=3, limit=10) == []
    # the claimer never released it (it died): due again once the lease is over
    [again] = await store.claim_due(T0 + 3, lease=3, limit=10)
    assert again.match_id == "m1"


async def test_release_removes_only_an_entry_not_rescheduled_since(store: MatchStore) -> None:
    await store.schedule("m1", T0, V1)
    await store.schedule("m2", T0, V1)
    claims = {c.match_id: c for c in await store.claim_due(T0, lease=5, limit=10)}
    assert set(claims) == {"m1", "m2"}
    await store.schedule("m2", T0 + 30, V1)  # a commit set the next decision's due time
    await store.release(claims["m1"])
    await store.release(claims["m2"])
    assert await store.due_time("m1") is None
    assert await store.due_time("m2") == T0 + 30


async def test_schedule_replaces_and_none_removes(store: MatchStore) -> None:
    await store.schedule("m1", T0 + 50, V1)
    await store.schedule("m1", T0 + 1, V1)
    assert await store.due_time("m1") == T0 + 1
    await store.schedule("m1", None, V1)
    await store.schedule("never-indexed", None, V1)
    assert await store.due_time("m1") is None
    assert await store.claim_due(T0 + 100, lease=1, limit=10) == []


async def test_a_write_from_an_older_document_is_ignored(store: MatchStore) -> None:
    # writes after two commits arrive out of order: version 3's stays
    await store.schedule("m1", T0 + 30, V3)
    await store.schedule("m1", None, V2)  # version 2 had nothing due: it must not remove version 3's entry
    await store.schedule("m1", T0 + 90, V2)
    await store.schedule_at_latest("m1", T0 + 1, V2)
    assert await store.due_time("m1") == T0 + 30
    # the same document again, or a newer one, is applied
    await store.schedule("m1", T0 + 31, V3)
    assert await store.due_time("m1") == T0 + 31
    await store.schedule("m1", None, V3)
    assert await store.due_time("m1") is None


async def test_an_expired_match_id_created_again_is_indexed_again(store: MatchStore) -> None:
    await store.schedule("m1", T0 + 30, DocVersion(T0 - 100, 50))
    # an expired match's entry was never removed; a new match of the same id starts at version 1
    await store.schedule("m1", T0 + 5, DocVersion(T0, 1))
    assert await store.due_time("m1") == T0 + 5


async def test_at_latest_adds_or_moves_earlier_never_later_nor_away(store: MatchStore) -> None:
    await store.schedule_at_latest("m1", T0 + 10, V1)  # nothing indexed: added
    assert await store.due_time("m1") == T0 + 10
    await store.schedule_at_latest("m1", T0 + 20, V2)  # later: kept as it was
    assert await store.due_time("m1") == T0 + 10
    await store.schedule_at_latest("m1", T0 + 4, V2)  # earlier: moved
    assert await store.due_time("m1") == T0 + 4
    # it recorded its document: the exact write after version 1's commit, arriving late, is ignored
    await store.schedule("m1", None, V1)
    assert await store.due_time("m1") == T0 + 4
    # a claimed entry keeps its lease unless the new time is earlier
    [claim] = await store.claim_due(T0 + 4, lease=10, limit=10)
    await store.schedule_at_latest("m1", T0 + 60, V3)
    assert await store.due_time("m1") == claim.lease_until
    await store.schedule_at_latest("m1", T0 + 6, V3)
    assert await store.due_time("m1") == T0 + 6
    await store.release(claim)  # rescheduled since the claim: kept
    assert await store.due_time("m1") == T0 + 6


async def test_next_due_is_the_earliest_entry_or_lease(store: MatchStore) -> None:
    assert await store.next_due() is None
    for n in range(20):
        await store.schedule(f"m{n}", T0 + 10 + n, V1)
    assert await store.next_due() == T0 + 10
    await store.schedule("m0", None, V1)
    assert await store.next_due() == T0 + 11
    [claim] = await store.claim_due(T0 + 11, lease=100, limit=10)
    assert await store.next_due() == T0 + 12
    await store.schedule("m2", None, V1)
    for n in range(3, 20):
        await store.schedule(f"m{n}", None, V1)
    assert await store.next_due() == claim.lease_until


async def test_claims_return_exactly_the_due_entries_of_many(store: MatchStore) -> None:
    for n in range(200):
        await store.schedule(f"m{n}", T0 + n, V1)
    claimed = await store.claim_due(T0 + 49, lease=1000, limit=1000)
    assert sorted(c.match_id for c in claimed) == sorted(f"m{n}" for n in range(50))
    assert all(c.due == T0 + int(c.match_id[1:]) for c in claimed)


async def test_a_claim_is_bounded_by_its_limit(store: MatchStore) -> None:
    for n in range(40):
        await store.schedule(f"m{n}", T0, V1)
    first = await store.claim_due(T0, lease=100, limit=1)
    assert 1 <= len(first) < 40  # at most one per bucket of the index
    rest = await store.claim_due(T0, lease=100, limit=1000)
    assert len(first) + len(rest) == 40
    assert not {c.match_id for c in first} & {c.match_id for c in rest}


async def test_two_replicas_never_claim_the_same_entry(redis_server: RedisProcess) -> None:
    # memory stores are one process each: replicas share the Redis store
    stores = StoreFactory(redis_server)
    one, two = stores.open(), stores.open()
    for n in range(30):
        await one.schedule(f"m{n}", T0, V1)
    first = await one.claim_due(T0, lease=60, limit=1000)
    second = await two.claim_due(T0, lease=60, limit=1000)
    assert len(first) == 30 and second == []
    third = await two.claim_due(T0 + 60, lease=60, limit=1000)
    assert sorted(c.match_id for c in third) == sorted(c.match_id for c in first)
    await stores.close()


async def test_private_data_is_kept_with_the_match(store: MatchStore) -> None:
    await store.create(match("m1"), b"created", None, None)
    assert await store.get_private("m1", "bot:1") is None
    await store.put_private("m1", "bot:1", b"\x00memory")
    await store.put_private("m1", "bot:1", b"newer")
    await store.put_private("m1", "bot:2", b"other")
    assert await store.get_private("m1", "bot:1") == b"newer"
    assert await store.get_private("m1", "bot:2") == b"other"
    # never part of the document or the log
    assert (await store.get("m1")).data == b"doc"
    assert [entry.payload for entry in await store.log("m1", 0)] == [b"created"]
    with pytest.raises(MatchNotFound):
        await store.put_private("gone", "bot:1", b"x")
    assert await store.get_private("gone", "bot:1") is None


async def test_presence_counts_fresh_members_only(store: MatchStore) -> None:
    await store.touch_presence("m1", "p1:a", T0, ttl=5)
    await store.touch_presence("m1", "p1:b", T0, ttl=5)
    await store.touch_presence("m1", "p2:a", T0 + 1, ttl=5)
    assert await store.present("m1", T0 + 2) == ["p1:a", "p1:b", "p2:a"]
    await store.drop_presence("m1", "p1:a")
    assert await store.present("m1", T0 + 2) == ["p1:b", "p2:a"]
    # p1:b was never refreshed: it stops counting at its expiry, p2:a one second later
    assert await store.present("m1", T0 + 5.5) == ["p2:a"]
    await store.touch_presence("m1", "p1:b", T0 + 5.5, ttl=5)
    assert await store.present("m1", T0 + 7) == ["p1:b"]
    assert await store.present("other", T0) == []
    await store.drop_presence("other", "nobody")
