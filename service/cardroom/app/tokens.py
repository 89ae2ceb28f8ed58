"""Seat tokens: ``<match>.<player>.<signature>``, HMAC-SHA256 signed with the server secret.

A token names one player slot of one match. The player id is random (128
bits) and stored in the match, so a token is not guessable, does not verify
for another match (the signature covers the match id) and stops working when
its player leaves (the id is no longer in the match).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets

#: HMACs remembered per signer: every call verifies its seat token and hashes its client, the same few thousand
#: values again and again (an HMAC showed as 1-2% of a worker's CPU per call); a miss only costs the HMAC
MEMO_SIZE = 16384


class InvalidToken(ValueError):
    pass


class TokenSigner:
    def __init__(self, secret: str | bytes):
        self._key = secret.encode() if isinstance(secret, str) else secret
        # per signer (its key), not per class: a memo on the method would key on self and outlive it
        self._signature = functools.lru_cache(MEMO_SIZE)(self._sign)
        self.derived_id = functools.lru_cache(MEMO_SIZE)(self._derive)

    def _sign(self, match_id: str, player_id: str) -> str:
        mac = hmac.new(self._key, f"{match_id}.{player_id}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode()

    def issue(self, match_id: str, player_id: str) -> str:
        return f"{match_id}.{player_id}.{self._signature(match_id, player_id)}"

    def verify(self, token: str) -> tuple[str, str]:
        """(match id, player id) of a token this server signed; InvalidToken otherwise."""
        parts = token.split(".")
        if len(parts) != 3 or not all(parts):
            raise InvalidToken("malformed seat token")
        match_id, player_id, signature = parts
        if not hmac.compare_digest(signature, self._signature(match_id, player_id)):
            raise InvalidToken("seat token signature does not verify")
        return match_id, player_id

    def _derive(self, purpose: str, value: str, length: int = 20) -> str:
        """A stable, unguessable id derived from ``value`` (e.g. a match id from a create request_id)."""
        mac = hmac.new(self._key, f"{purpose}:{value}".encode(), hashlib.sha256).digest()
        return base64.b32encode(mac).decode().lower()[:length]


def new_player_id() -> str:
    return secrets.token_urlsafe(16)


def new_match_id() -> str:
    return base64.b32encode(secrets.token_bytes(15)).decode().lower()  # 15 bytes: no padding
