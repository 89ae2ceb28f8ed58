"""Versioned state codec shared by all engines.

A saved state is a msgpack envelope ``{"game", "schema", "state"}``. Loading a
state written under an older schema runs the engine's migrations step by step
(each turns the plain-data form of version v into version v+1) before
converting to the current state type, so a match saved mid-round by one
release loads in the next. States newer than the running code are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import msgspec

S = TypeVar("S")

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class CodecError(ValueError):
    """Bytes that are not a state of this game at a loadable schema version."""


class _Envelope(msgspec.Struct, array_like=True):
    game: str
    schema: int
    state: msgspec.Raw


class VersionedCodec(Generic[S]):
    """Encode/decode one engine's state type with a schema version inside."""

    def __init__(
        self,
        game: str,
        state_type: type[S],
        schema: int,
        migrations: Mapping[int, Migration] | None = None,
    ):
        self.game = game
        self.state_type = state_type
        self.schema = schema
        self.migrations = dict(migrations or {})
        missing = [v for v in range(1, schema) if v not in self.migrations]
        if missing:
            raise ValueError(f"{game}: no migration from schema {missing}")
        self._encoder = msgspec.msgpack.Encoder()
        self._state_decoder = msgspec.msgpack.Decoder(state_type)
        self._envelope_decoder = msgspec.msgpack.Decoder(_Envelope)

    def encode(self, state: S) -> bytes:
        body = msgspec.Raw(self._encoder.encode(state))
        return self._encoder.encode(_Envelope(self.game, self.schema, body))

    def decode(self, data: bytes) -> S:
        try:
            envelope = self._envelope_decoder.decode(data)
        except msgspec.DecodeError as exc:
            raise CodecError(f"not a saved state: {exc}") from None
        if envelope.game != self.game:
            raise CodecError(f"state of {envelope.game!r}, not {self.game!r}")
        if envelope.schema > self.schema:
            raise CodecError(f"schema {envelope.schema} is newer than this release ({self.schema})")
        if envelope.schema == self.schema:
            return self._state_decoder.decode(envelope.state)
        plain = msgspec.msgpack.decode(envelope.state)
        for version in range(envelope.schema, self.schema):
            plain = self.migrations[version](plain)
        return msgspec.convert(plain, self.state_type)

    def clone(self, state: S) -> S:
        """A deep copy through the codec (engines may override with a faster copy)."""
        return self._state_decoder.decode(self._encoder.encode(state))
