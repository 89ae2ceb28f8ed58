"""A worker's last commit of a match is kept with its log record (app/recent_docs.py), for GetMatch's events."""

from __future__ import annotations

import msgspec

from cardroom.app import documents as docs
from cardroom.app.recent_docs import RecentDocs


def _doc(version: int, create_time: float = 100.0) -> docs.MatchDoc:
    creator = docs.Player("p0", "Ann", 0, "client")
    return docs.MatchDoc(
        match_id="m1", game="flip-7", status="waiting", version=version, seat_count=3, options={},
        players=[creator], creator_player_id="p0", seed=1, create_time=create_time, update_time=create_time,
    )


def test_the_record_of_the_kept_version_is_found_for_that_document_only() -> None:
    recent = RecentDocs()
    doc = _doc(2)
    record = docs.LogRecord(2, "joined", 1, None, [], doc)
    recent.keep(doc, record)
    # the same version read back from the store: another object, the same document
    assert recent.record_of(msgspec.structs.replace(doc)) is record
    assert recent.record_of(_doc(3)) is None  # another replica committed since
    assert recent.record_of(_doc(2, create_time=200.0)) is None  # a new match under the same id
    recent.keep(_doc(1), docs.LogRecord(1, "created", 0, None, [], _doc(1)))  # older: the newer stays
    assert recent.record_of(doc) is record
