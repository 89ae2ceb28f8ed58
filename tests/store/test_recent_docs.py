"""A worker's last commit as the next change's starting point (app/recent_docs.py), with two workers on one store.

Each MatchService here is one worker; both share the store (memory: the same object; Redis and a cluster: the
same keys), so a document one of them kept goes stale when the other commits. Whatever the guess, every
answer must be the one a fresh read gives, and a guess that holds must save the read.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from store_fixtures import StoreFactory

from cardroom.app.config import Settings
from cardroom.app.errors import AppError
from cardroom.app.matches import MatchService, Snapshot
from cardroom.app.tokens import TokenSigner
from cardroom.store import MatchStore

pytestmark = pytest.mark.asyncio

GAME = "up-or-down"


class CountedReads:
    """The store, counting the match reads the service makes (everything else passes through)."""

    def __init__(self, store: MatchStore) -> None:
        self._store = store
        self.gets = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def get(self, match_id: str) -> Any:
        self.gets += 1
        return await self._store.get(match_id)


def _first_legal(snapshot: Snapshot) -> dict[str, Any]:
    return snapshot.legal_actions[0]


async def test_a_stale_guess_costs_a_read_never_a_wrong_answer(stores: StoreFactory) -> None:
    shared = stores.open()
    one, two = CountedReads(shared), CountedReads(stores.open() if stores.shared else shared)
    signer = TokenSigner("recent-docs-test")
    first, second = MatchService(one, Settings(), signer), MatchService(two, Settings(), signer)  # type: ignore[arg-type]

    created = await first.create_match(GAME, 2, {}, "ann", str(uuid.uuid4()))
    match_id = created.snapshot.doc.match_id
    joined = await second.join_match(GAME, match_id, "bob", str(uuid.uuid4()), None)
    tokens = {created.seat: created.seat_token, joined.seat: joined.seat_token}
    # ``first`` kept version 1; the match is at 2: its start conflicts, then commits from a read
    started = await first.start_match(GAME, match_id, created.seat_token, str(uuid.uuid4()))
    assert started.doc.version == 3

    for played in range(12):
        now = await first.get_match(GAME, match_id, None)
        seat = now.to_act[0]
        view = await first.get_match(GAME, match_id, tokens[seat])
        worker = (first, second)[played % 2]  # the other worker's commit made this one's guess stale
        if played % 3 == 0:
            # a caller that saw another version than the guess: a read, and the answer of that read
            with pytest.raises(AppError) as stale:
                await worker.submit_action(GAME, match_id, tokens[seat], _first_legal(view), 1, "", str(uuid.uuid4()))
            assert stale.value.reason == "STALE_VERSION"
        # without an expected version a stale guess is refused by the engine or conflicts in the commit
        expected = view.doc.version if played % 2 == 0 else None
        update = await worker.submit_action(
            GAME, match_id, tokens[seat], _first_legal(view), expected, "", str(uuid.uuid4())
        )
        assert update.version == view.doc.version + 1
    stored = await shared.get(match_id)
    entries = await shared.log(match_id, 0, 1000)
    assert [entry.version for entry in entries] == list(range(1, stored.version + 1))

    # the same worker acting twice in a row: the second time it starts from what it committed, without a read
    for turn in range(2):
        now = await first.get_match(GAME, match_id, None)
        assert now.doc.status == "active"  # 14 actions into a two-seat game
        view = await first.get_match(GAME, match_id, tokens[now.to_act[0]])
        reads = one.gets
        update = await first.submit_action(
            GAME, match_id, tokens[now.to_act[0]], _first_legal(view), None, "", str(uuid.uuid4())
        )
        assert update.version == view.doc.version + 1
        if turn == 1:
            assert one.gets == reads


async def test_a_lost_commit_goes_on_from_the_document_the_conflict_answered(stores: StoreFactory) -> None:
    shared = stores.open()
    one, two = CountedReads(shared), CountedReads(stores.open() if stores.shared else shared)
    signer = TokenSigner("recent-docs-test")
    first, second = MatchService(one, Settings(), signer), MatchService(two, Settings(), signer)  # type: ignore[arg-type]

    created = await first.create_match(GAME, 3, {}, "ann", str(uuid.uuid4()))
    match_id = created.snapshot.doc.match_id
    await second.join_match(GAME, match_id, "bob", str(uuid.uuid4()), None)
    # ``first`` guesses version 1; carol's join commits from it, loses to bob's and is answered with version 2,
    # which it joins from at once: no read of the match
    reads = one.gets
    joined = await first.join_match(GAME, match_id, "carol", str(uuid.uuid4()), None)
    assert one.gets == reads
    assert joined.snapshot.doc.version == 3
    stored = await shared.get(match_id)
    assert stored.version == 3
    assert sorted(player.name for player in joined.snapshot.doc.players) == ["ann", "bob", "carol"]
