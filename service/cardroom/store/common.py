"""Rules both stores apply the same way: argument checks, TTL choice, page tokens.

Kept in one place so the memory store (the embedded default) and the Redis
store (production) cannot drift apart on anything the contract tests see.
"""

from __future__ import annotations

import base64
import binascii

from cardroom.store.contract import ABANDONED, FINISHED, STATUSES, StoredMatch


def ttl_for(status: str, finished_ttl: float, idle_ttl: float) -> float:
    """Seconds a match lives after its last write: short once it is over."""
    return finished_ttl if status in (FINISHED, ABANDONED) else idle_ttl


def check_new(match: StoredMatch) -> None:
    """Reject a document the store must never hold (a caller bug, not a store failure)."""
    if match.status not in STATUSES:
        raise ValueError(f"unknown status {match.status!r}")
    if not match.match_id or not match.game:
        raise ValueError("match_id and game are required")
    if match.version < 0:
        raise ValueError("versions start at 0")


def check_commit(match: StoredMatch, expected_version: int) -> None:
    """A commit always produces exactly the next version, so log entries stay dense."""
    check_new(match)
    if match.version != expected_version + 1:
        raise ValueError(f"version {match.version} does not follow expected version {expected_version}")


def encode_page_token(last_seq: int) -> str:
    """Opaque token naming the creation sequence of the last match already returned.

    A position by sequence (not an offset) stays right when earlier matches leave
    the listing between two pages."""
    return base64.urlsafe_b64encode(f"s{last_seq}".encode()).decode().rstrip("=")


def decode_page_token(token: str) -> int:
    """The creation sequence after which the next page starts; 0 for the first page.

    Raises ValueError for a token this module did not produce (INVALID_ARGUMENT)."""
    if not token:
        return 0
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError) as exc:
        raise ValueError("malformed page token") from exc
    if not raw.startswith("s") or not raw[1:].isdigit():
        raise ValueError("malformed page token")
    return int(raw[1:])


#: page size used when the caller sends 0 (AIP-158), and the most one page returns
DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE = 50, 1000


def page_size_or_default(page_size: int) -> int:
    """AIP-158: 0 means the server's default, larger sizes are capped, negative is an error."""
    if page_size < 0:
        raise ValueError("page_size must not be negative")
    return min(page_size or DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)
