"""A watched version's Match message is built once for its viewer classes (api/match_messages.py)."""

from __future__ import annotations

import msgspec

from cardroom.api.handlers import match_to_proto
from cardroom.api.match_messages import SharedMatches
from cardroom.app import documents as docs


def _doc() -> docs.MatchDoc:
    players = [docs.Player("p0", "Ann", 0, "c"), docs.Player("p1", "Bob", 1, "c")]
    return docs.MatchDoc(
        match_id="m1", game="flip-7", status="waiting", version=3, seat_count=3, options={},
        players=players, creator_player_id="p0", seed=1, create_time=100.0, update_time=101.0,
    )


def test_one_build_per_document_object_and_inputs_equal_to_an_unshared_build() -> None:
    built = []

    def build(doc, **inputs):
        built.append(doc)
        return match_to_proto(doc, **inputs)

    shared = SharedMatches(build)
    doc = _doc()
    first = shared(doc, frozenset({0}), None, frozenset())
    assert shared(doc, frozenset({0}), None, frozenset()) is first
    assert first == match_to_proto(doc, connected=frozenset({0}))
    # other presence, or an equal document that is another object (another read): built again
    assert shared(doc, frozenset({0, 1}), None, frozenset()) == match_to_proto(doc, connected=frozenset({0, 1}))
    shared(msgspec.structs.replace(doc), frozenset({0}), None, frozenset())
    assert len(built) == 3
