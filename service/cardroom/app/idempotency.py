"""Request ids bound to the request they came with (AIP-155).

A request id is remembered with its answer; the answer also keeps a fingerprint of the
normalised request (the method, the match, and what the request asks for, after defaults and
normalisation), so a retry - the same request again - gets the first answer, while the same
id sent with another request (another body, another method) is refused with
``REQUEST_ID_REUSED`` instead of answering something that was not asked. Who asked is checked
separately (the answer's player id against the seat token).
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from .errors import INVALID_ARGUMENT, AppError

REQUEST_ID_REUSED = "REQUEST_ID_REUSED"


#: hex digits of SHA-256 kept: 64 bits. Stored once per request id (one per logged action), so each digit
#: costs a byte per action; 64 bits leave a second preimage (another request matching a recorded id's
#: fingerprint) out of reach, and a collision between two requests of one's own gains nothing.
FINGERPRINT_DIGITS = 16


def fingerprint(method: str, *request: Any) -> str:
    """A digest of a normalised request: ``method`` and its plain-data parts, key order ignored."""
    encoded = msgspec.json.encode([method, *request], order="sorted")
    return hashlib.sha256(encoded).hexdigest()[:FINGERPRINT_DIGITS]


def check_same_request(recorded: str, current: str) -> None:
    """Refuse a request id whose recorded fingerprint is another request's. Answers recorded
    before fingerprints existed have none and are trusted, as they were then; answers recorded
    with 32 digits (before 0.2) start with today's 16."""
    if recorded and recorded[: len(current)] != current:
        raise reused("this request_id was sent before with a different request")


def reused(message: str) -> AppError:
    return AppError(INVALID_ARGUMENT, REQUEST_ID_REUSED, message, {"field": "request_id"})
