"""Request fingerprints: what is stored per request id, and answers recorded by earlier releases."""

from __future__ import annotations

import hashlib

import msgspec
import pytest

from cardroom.app import idempotency
from cardroom.app.errors import AppError


def test_a_fingerprint_is_short_and_ignores_key_order():
    first = idempotency.fingerprint("act", "flip-7", "m1", {"type": "hit", "x": 1}, 3)
    assert len(first) == idempotency.FINGERPRINT_DIGITS == 16
    assert first == idempotency.fingerprint("act", "flip-7", "m1", {"x": 1, "type": "hit"}, 3)
    assert first != idempotency.fingerprint("act", "flip-7", "m1", {"type": "stay"}, 3)


def test_answers_recorded_with_32_digits_still_match_their_retry():
    request = ("act", "flip-7", "m1", {"type": "hit"}, 3)
    recorded = hashlib.sha256(msgspec.json.encode(list(request), order="sorted")).hexdigest()[:32]
    idempotency.check_same_request(recorded, idempotency.fingerprint(*request))  # the same request: no error
    idempotency.check_same_request("", idempotency.fingerprint(*request))  # recorded before fingerprints
    with pytest.raises(AppError) as refused:
        idempotency.check_same_request(recorded, idempotency.fingerprint("act", "flip-7", "m1", {"type": "stay"}, 3))
    assert refused.value.reason == "REQUEST_ID_REUSED"
