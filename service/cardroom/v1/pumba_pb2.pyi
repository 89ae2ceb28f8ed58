from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar

DESCRIPTOR: _descriptor.FileDescriptor

class PumbaOptions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumbaAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumbaView(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumbaEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
