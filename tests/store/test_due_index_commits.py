"""The due index around real commits on a real redis-server: a lost index write never stalls a table.

The index is in other Redis slots than the match, so it is written beside the commit, not in its
script. Here the write after a commit really fails: the redis-server is frozen (SIGSTOP) right after
the commit's reply, so that write times out exactly as it would against a hung or partitioned server,
and the server is thawed once the call has returned. No Redis fake, no mock: the service's own code
(MatchService, TurnScheduler, RedisStore) runs against the real server throughout.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator

import pytest
import pytest_asyncio

from cardroom.app import documents as docs
from cardroom.app import moves
from cardroom.app.config import Settings
from cardroom.app.due_index import DueIndex
from cardroom.app.matches import MatchService, Snapshot
from cardroom.app.tokens import TokenSigner
from cardroom.app.turns import TurnScheduler
from cardroom.engines import get_engine
from cardroom.store.redis import RedisStore
from support.processes import RedisProcess

pytestmark = pytest.mark.asyncio

GAME = "up-or-down"
#: bots decide at once, seats never go away: every server turn here is a bot's
SETTINGS = Settings(bot_think_seconds=0.0, away_after_timeouts=1000, turn_poll_interval=0.02)


class FreezesAfterCommit(RedisStore):
    """The production store, whose server is frozen right after a commit's reply while ``armed``:
    the commit is durable, and the next call (the index write after it) times out."""

    def __init__(self, server: RedisProcess, prefix: str):
        super().__init__(server.url, 600, 600, key_prefix=prefix, timeout=0.25)
        self.server = server
        self.armed = False

    async def commit(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        replayed = await super().commit(*args, **kwargs)
        if self.armed:
            self.server.pause()
        return replayed


@pytest.fixture
def redis_server() -> Iterator[RedisProcess]:
    """A server of its own: it is frozen mid-test."""
    server = RedisProcess()
    server.start()
    yield server
    server.resume()
    server.close()


@pytest_asyncio.fixture
async def service(redis_server: RedisProcess) -> AsyncIterator[MatchService]:
    store = FreezesAfterCommit(redis_server, f"test:{uuid.uuid4().hex}:")
    yield MatchService(store, SETTINGS, TokenSigner("due-index-test"))
    await store.close()


async def _human_and_bot(service: MatchService) -> tuple[str, str]:
    """A two-seat table without a clock: seat 0 a player, seat 1 a random bot; started."""
    seated = await service.create_match(GAME, 2, {}, "human", str(uuid.uuid4()), bots={1: "random"})
    match_id = seated.snapshot.doc.match_id
    await service.start_match(GAME, match_id, seated.seat_token, str(uuid.uuid4()))
    return match_id, seated.seat_token


async def _act_until_the_bot_is_due(service: MatchService, match_id: str, token: str) -> Snapshot:
    """Seat 0 plays its first legal action until the bot is to act; every commit's index write after it
    is lost. The match has no clock, so while seat 0 decides nothing is indexed: the only entry that
    can make the bot play is the one written before the commit that handed it the turn."""
    store = service.store
    assert isinstance(store, FreezesAfterCommit)
    while True:
        mine = await service.get_match(GAME, match_id, token)
        assert mine.to_act == [0] and mine.legal_actions
        store.armed = True
        try:
            update = await service.submit_action(GAME, match_id, token, mine.legal_actions[0], None, "", "")
        finally:
            store.armed = False
            store.server.resume()
        if 1 in update.snapshot.to_act:
            return update.snapshot


async def test_a_turn_whose_index_write_after_the_commit_is_lost_is_still_played(service: MatchService) -> None:
    match_id, token = await _human_and_bot(service)
    handed = await _act_until_the_bot_is_due(service, match_id, token)
    due = await service.store.due_time(match_id)
    assert due is not None and due <= service.clock()  # the entry written before the commit
    # what every worker's scheduler does: claim the due entries, play each match's due decision
    [claim] = await service.store.claim_due(service.clock(), SETTINGS.turn_lease, 10)
    assert claim.match_id == match_id
    assert await TurnScheduler(service).play_due(match_id, claim) is not None
    [entry] = await service.store.log(match_id, handed.doc.version, 1)
    record = docs.decode_record(entry.payload)
    assert (record.kind, record.seat, (record.flags or {}).get("by_bot")) == ("action", 1, True)


async def test_an_entry_written_for_a_commit_that_never_happens_only_makes_the_server_look(
    service: MatchService,
) -> None:
    match_id, token = await _human_and_bot(service)
    doc = (await service.get_match(GAME, match_id, token)).doc
    # what the commit path writes first for the actions handing the turn to the bot; then no commit
    engine = get_engine(GAME)
    new, actions = doc, []
    while 1 not in engine.to_act(engine.decode(new.state)):
        actions.append(engine.legal_actions(engine.decode(new.state), 0)[0])
        new, _record = moves.apply_action(new, 0, actions[-1], service.clock(), SETTINGS)
    await DueIndex(service.store, SETTINGS, service.clock).before_commit(doc, new)
    [claim] = await service.store.claim_due(service.clock(), SETTINGS.turn_lease, 10)
    assert await TurnScheduler(service).play_due(match_id, claim) is None  # nothing due in the stored match
    assert (await service.store.get(match_id)).version == doc.version  # nothing played
    # the entry stays until its lease ends (that commit might still land); the next real commit rewrites it
    assert await service.store.due_time(match_id) == claim.lease_until
    for action in actions:
        update = await service.submit_action(GAME, match_id, token, action, None, "", "")
    assert update.snapshot.to_act == [1]
    due = await service.store.due_time(match_id)
    assert due is not None and due <= service.clock()
