"""WatchMatch updates converted and serialised once per worker, whatever the number of streams.

The app hands every stream of one viewer class the same ``Update`` object (app/watch_updates.py). The memos
here key on object identity, so each shared update becomes one ``MatchUpdate`` message, and each message one
wire encoding, shared by all the streams that send it: the gRPC bytes (the WatchMatch method's response
serializer, grpc_service.py) and the JSON text of a Server-Sent Event (rest.py). A shared message is never
changed after it is built.

Identity, not equality: updates and messages are mutable and unhashable, and comparing them would cost what
the memo saves. A memo holds a strong reference to every object it keys, so no other object can take an id
while its entry lives; an evicted entry, or an object that is not shared, only costs a rebuild. Hand-written
plumbing: ``functools.lru_cache`` keys by equality (hash), which these objects do not have.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from google.protobuf import message

from ..app.lru import Lru
from . import proto_json

Item = TypeVar("Item")
Made = TypeVar("Made")

#: entries per memo per worker: the versions in flight of every viewer class streamed to
MEMO_SIZE = 4096


class IdentityMemo(Generic[Item, Made]):
    """``make(item)`` once per object while it is among the ``size`` most recently asked."""

    def __init__(self, make: Callable[[Item], Made], size: int = MEMO_SIZE) -> None:
        self._make = make
        self._entries: Lru[int, tuple[Item, Made]] = Lru(size)
        #: values made rather than served from the memo (tests count them)
        self.made = 0

    def __call__(self, item: Item) -> Made:
        key = id(item)
        entry = self._entries.find(key)
        if entry is not None and entry[0] is item:
            return entry[1]
        self.made += 1
        made = self._make(item)
        self._entries.keep(key, (item, made))
        return made


def _serialize(update: message.Message) -> bytes:
    return update.SerializeToString()


def _json(update: message.Message) -> str:
    return proto_json.to_json(update)


#: a streamed MatchUpdate's gRPC bytes
wire_bytes: IdentityMemo[message.Message, bytes] = IdentityMemo(_serialize)
#: a streamed MatchUpdate's proto3 JSON, the data of its Server-Sent Event
json_text: IdentityMemo[message.Message, str] = IdentityMemo(_json)
