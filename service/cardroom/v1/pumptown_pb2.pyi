from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from typing import ClassVar as _ClassVar

DESCRIPTOR: _descriptor.FileDescriptor

class PumptownOptions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownView(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
