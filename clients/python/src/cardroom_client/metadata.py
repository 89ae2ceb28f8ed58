"""The metadata of a call: the seat's bearer token, and the match the call is about.

Every call about a match names it in ``cardroom-match``: a proxy in front of several replicas sends all of a
match's calls to one replica by it, so its sessions and commits share that replica's feed and state cache (the
service itself does not read it; the service's docs/operations.md, "Several replicas behind one proxy").
"""

from __future__ import annotations

#: the metadata key a call names its match in
MATCH_METADATA = "cardroom-match"


def call_metadata(token: str | None, match_name: str = "") -> tuple[tuple[str, str], ...]:
    """The bearer ``token`` if any, and ``match_name`` if it names a match (``games/G/matches/M``)."""
    auth = (("authorization", f"Bearer {token}"),) if token else ()
    return (*auth, (MATCH_METADATA, match_name)) if "/matches/" in match_name else auth
