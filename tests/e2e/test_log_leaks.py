"""Leak suite over whole watch streams and match logs (issue 12.7-12.9): every seat and a spectator read
GetMatchLog and WatchMatch from version 0 in the middle of a match and after its end, for every option
that changes what a viewer sees; nothing they get holds a card hidden from them.

The match is replayed here with the engine (same seed, same actions), so each entry is checked against
the engine's own answer for that viewer:

* its events are exactly what the viewer saw then (``Event.for_viewer``), as re-served now
  (``Engine.replay_event`` judged against the match at the time of the read): never more after the end;
* no card in them is in ``hidden_cards`` of the state of that version for that viewer;
* Pumptown with ``memory_assist=false``: no private card value that the viewer's view no longer shows;
* Pumptown with ``poll_mode=holders_only``: ``to_act`` is the viewer's own decision only, and a pass
  is named (seat and action in the log) to the passing seat only.

``CARDROOM_LEAK_MATCHES`` (default 1) plays more matches per configuration, with other seeds.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from cardroom_client import legal_actions
from table import Table, bearer

from cardroom.api import convert
from cardroom.engines import get_engine, invariants
from cardroom.v1 import game_service_pb2 as pb
from cardroom.v1 import match_pb2

SHORT_PUMPTOWN = {"rounds": 2, "round_turn_limit": 10}
CONFIGS = [
    ("pumptown", 3, SHORT_PUMPTOWN),  # memory_assist off, all_seats: the defaults
    ("pumptown", 3, {**SHORT_PUMPTOWN, "memory_assist": True}),
    ("pumptown", 4, {**SHORT_PUMPTOWN, "poll_mode": "holders_only"}),
    ("pumba", 3, {}),
    ("up-or-down", 2, {"card_range": "SHORT"}),
    ("up-or-down", 2, {"card_range": "SHORT", "show_known_cards": False}),
    ("flip-7", 3, {}),
    ("flip-7", 3, {"show_remaining_counts": True}),
]
MATCHES = int(os.environ.get("CARDROOM_LEAK_MATCHES", "1"))
LEAKS: dict[str, int] = {}


def _ids(config: tuple) -> str:
    game, players, options = config
    return f"{game}-{players}-" + ",".join(f"{k}={v}" for k, v in options.items() if k not in SHORT_PUMPTOWN)


class Replayed:
    """The engine's states and transitions of a match played through the service."""

    def __init__(self, game: str, players: int, options: dict, seed: int):
        self.engine = get_engine(game)
        self.game = game
        self.transitions: dict[int, Any] = {}
        #: version -> (seat, action) of each action record
        self.played: dict[int, tuple[int, dict]] = {}
        self.options = options
        self.players, self.seed = players, seed
        #: GetMatch answers read while playing, (viewer, MatchState): their last_events are checked too
        self.reads: list[tuple[int | None, match_pb2.MatchState]] = []

    def started(self, version: int) -> None:
        self.start_version = version
        self.transitions[version] = self.engine.start(self.players, self.options, self.seed)

    def applied(self, version: int, seat: int, action: dict) -> None:
        self.played[version] = (seat, action)
        self.transitions[version] = self.engine.apply(self.transitions[version - 1].state, seat, action)


def _play(table: Table, match: Replayed, rng: random.Random, stop_after: int | None) -> bool:
    """Random legal actions until the end (True) or ``stop_after`` actions (False)."""
    state = table.get(0)
    done = 0
    while state.match.status == match_pb2.MATCH_STATUS_ACTIVE:
        if stop_after is not None and done >= stop_after:
            return False
        seats = list(state.to_act) or [s for s in range(table.players) if s in table.get(s).to_act]
        seat = rng.choice(seats)
        mine = table.get(seat)
        match.reads.append((seat, mine))
        action = convert.action_from_proto(table.game, rng.choice(legal_actions(mine)))
        state = table.act(seat, action, expected_version=mine.match.version).state
        match.applied(state.match.version, seat, action)
        done += 1
    return True


def _log(table: Table, viewer: int | None) -> list[pb.MatchLogEntry]:
    metadata = bearer(table.tokens[viewer]) if viewer is not None else ()
    entries, token = [], ""
    while True:
        page = table.stub.GetMatchLog(
            pb.GetMatchLogRequest(name=table.name, page_size=1000, page_token=token), metadata=metadata
        )
        entries += page.entries
        token = page.next_page_token
        if not token:
            return entries


def _watch(table: Table, viewer: int | None, until: int) -> list[pb.MatchUpdate]:
    """The stream from version 0 up to ``until`` (it ends by itself once the match is over)."""
    metadata = bearer(table.tokens[viewer]) if viewer is not None else ()
    stream = table.stub.WatchMatch(pb.WatchMatchRequest(name=table.name, after_version=0), metadata=metadata)
    updates = []
    try:
        for update in stream:
            updates.append(update)
            if update.version >= until:
                break
    finally:
        stream.cancel()
    return updates


def _check_last_events(match: Replayed) -> tuple[int, list[str]]:
    """(leaks, mismatches) of GetMatch's ``last_events`` in every answer read: the events of the change that
    produced the version read, as that viewer saw them then (the read is that version's own moment)."""
    engine, game = match.engine, match.game
    leaks, wrong = 0, []
    for viewer, read in match.reads:
        transition = match.transitions.get(read.match.version)
        if transition is None:
            continue
        expected = [engine.replay_event(transition.state, viewer, e).for_viewer(viewer) for e in transition.events]
        if list(read.last_events) != [convert.event_to_proto(game, e) for e in expected]:
            wrong.append(f"GetMatch v{read.match.version} viewer {viewer}: last_events differ")
        shown = [convert.event_from_proto(game, e) for e in read.last_events]
        hidden = engine.hidden_cards(transition.state, viewer)
        leaks += sum(card in hidden for card in invariants.card_values(shown, engine.card_keys))
    return leaks, wrong


def _check(match: Replayed, viewer: int | None, now: int, entries: list, updates: list) -> tuple[int, list[str]]:
    """(leaks, other mismatches) of one viewer's log entries and watch updates, read at version ``now``."""
    engine, game = match.engine, match.game
    state_now = match.transitions[now].state
    assist_off = game == "pumptown" and not match.options.get("memory_assist", False)
    shown_now = set(invariants.card_values(engine.view(state_now, viewer), engine.card_keys))
    leaks, wrong = 0, []
    by_version = {entry.version: entry for entry in entries}
    for update in updates:
        if update.version in match.transitions:
            state = match.transitions[update.version].state
            if list(update.state.to_act) != list(engine.to_act_for(state, viewer)):
                leaks += 1  # a to_act the viewer may not know
    for source, items in (("log", entries), ("watch", updates)):
        for item in items:
            transition = match.transitions.get(item.version)
            if transition is None:
                continue
            state = transition.state
            expected = [engine.replay_event(state_now, viewer, e).for_viewer(viewer) for e in transition.events]
            if list(item.events) != [convert.event_to_proto(game, e) for e in expected]:
                wrong.append(f"{source} v{item.version} viewer {viewer}: events differ")
            shown = [convert.event_from_proto(game, e) for e in item.events]
            hidden = engine.hidden_cards(state, viewer)
            leaks += sum(card in hidden for card in invariants.card_values(shown, engine.card_keys))
            if assist_off:
                public = set(invariants.card_values([e.for_viewer(None) for e in transition.events], engine.card_keys))
                private = set(invariants.card_values(shown, engine.card_keys)) - public - {"??", "--"}
                leaks += len(private - shown_now)  # a value re-served that the view hides now
    for version, entry in by_version.items():
        if version > match.start_version and version in match.transitions:
            seat, action = match.played[version]
            if engine.hides_actor(match.transitions[version].state, action) and viewer != seat:
                leaks += entry.HasField("seat") + entry.HasField("action")
    return leaks, wrong


@pytest.mark.parametrize("config", CONFIGS, ids=[_ids(c) for c in CONFIGS])
def test_no_viewer_reads_a_hidden_card_in_logs_or_watch_streams(stub, config):
    game, players, options = config
    total = 0
    for index in range(MATCHES):
        seed = 4242 + index
        table = Table(stub, game, players, options=options, seed=seed)
        match = Replayed(game, players, options, seed)
        match.started(table.start().match.version)
        rng = random.Random(seed)
        viewers = [*range(players), None]
        for stop_after in (12, None):  # in the middle of the match (after the first actions), then after its end
            _play(table, match, rng, stop_after)
            now = table.get(None).match.version
            for viewer in viewers:
                leaks, wrong = _check(match, viewer, now, _log(table, viewer), _watch(table, viewer, now))
                assert not wrong, wrong[:5]
                total += leaks
                match.reads.append((viewer, table.get(viewer)))
        leaks, wrong = _check_last_events(match)
        assert not wrong, wrong[:5]
        assert any(read.last_events for _, read in match.reads)
        total += leaks
        assert table.get(None).match.status == match_pb2.MATCH_STATUS_FINISHED
    LEAKS[_ids(config)] = total
    print(f"leaks {_ids(config)}: {total} over {MATCHES} match(es), {len(viewers)} viewers, mid-game and after the end")
    assert total == 0


def test_holders_only_never_tells_others_who_is_asked(stub):
    """12.7: in a holders_only response window a spectator and the seats not asked see no one to act,
    and no pass event; the seat asked sees itself."""
    table = Table(stub, "pumptown", 4, options={**SHORT_PUMPTOWN, "poll_mode": "holders_only"}, seed=12)
    table.start()
    windows = 0
    rng = random.Random(3)
    state = table.get(None)
    while state.match.status == match_pb2.MATCH_STATUS_ACTIVE:
        views = {seat: table.get(seat) for seat in range(4)}
        deciding = [seat for seat, view in views.items() if seat in view.to_act]
        kind = convert.view_from_proto("pumptown", table.get(None).view)["decision"]["kind"]
        if kind.endswith("WINDOW"):
            windows += 1
            assert list(table.get(None).to_act) == [], "a spectator learnt who is asked"
            assert len(deciding) == 1
            for seat, view in views.items():
                assert list(view.to_act) == ([seat] if seat in deciding else [])
        seat = rng.choice(deciding)
        action = convert.action_from_proto("pumptown", rng.choice(legal_actions(views[seat])))
        table.act(seat, action)
        state = table.get(None)
    assert windows > 0
    for entry in _log(table, None):
        assert not any(event.pumptown.HasField("pass") for event in entry.events)


def test_a_finished_match_log_shows_each_viewer_only_what_it_saw(stub):
    """12.9: after the end, another seat's face-down draws stay hidden from a spectator and the other seats."""
    table = Table(stub, "pumba", 3, seed=8)
    table.start()
    table.play_randomly(random.Random(8))
    engine = get_engine("pumba")
    for viewer in (None, 0):
        for entry in _log(table, viewer):
            for event in entry.events:
                shown = convert.event_from_proto("pumba", event)
                if shown["type"] == "cards_drawn" and shown.get("seat") != viewer:
                    assert not set(invariants.card_values([shown], engine.card_keys)), (viewer, shown)
