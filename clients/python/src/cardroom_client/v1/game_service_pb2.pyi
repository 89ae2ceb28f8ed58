from cardroom_client.v1 import match_pb2 as _match_pb2
from google.api import annotations_pb2 as _annotations_pb2
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import resource_pb2 as _resource_pb2
from google.protobuf import any_pb2 as _any_pb2
from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ListGamesRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListGamesResponse(_message.Message):
    __slots__ = ("games", "next_page_token")
    GAMES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[_match_pb2.Game]
    next_page_token: str
    def __init__(self, games: _Optional[_Iterable[_Union[_match_pb2.Game, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GetGameRequest(_message.Message):
    __slots__ = ("name",)
    NAME_FIELD_NUMBER: _ClassVar[int]
    name: str
    def __init__(self, name: _Optional[str] = ...) -> None: ...

class CreateMatchRequest(_message.Message):
    __slots__ = ("parent", "seat_count", "options", "player_name", "request_id", "seed", "fixture", "bot_seats", "table", "bots")
    PARENT_FIELD_NUMBER: _ClassVar[int]
    SEAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    FIXTURE_FIELD_NUMBER: _ClassVar[int]
    BOT_SEATS_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    BOTS_FIELD_NUMBER: _ClassVar[int]
    parent: str
    seat_count: int
    options: _match_pb2.GameOptions
    player_name: str
    request_id: str
    seed: str
    fixture: _struct_pb2.Struct
    bot_seats: _containers.RepeatedScalarFieldContainer[int]
    table: _match_pb2.TableSettings
    bots: _containers.RepeatedCompositeFieldContainer[_match_pb2.BotSeat]
    def __init__(self, parent: _Optional[str] = ..., seat_count: _Optional[int] = ..., options: _Optional[_Union[_match_pb2.GameOptions, _Mapping]] = ..., player_name: _Optional[str] = ..., request_id: _Optional[str] = ..., seed: _Optional[str] = ..., fixture: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., bot_seats: _Optional[_Iterable[int]] = ..., table: _Optional[_Union[_match_pb2.TableSettings, _Mapping]] = ..., bots: _Optional[_Iterable[_Union[_match_pb2.BotSeat, _Mapping]]] = ...) -> None: ...

class CreateMatchResponse(_message.Message):
    __slots__ = ("state", "seat_token")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    state: _match_pb2.MatchState
    seat_token: str
    def __init__(self, state: _Optional[_Union[_match_pb2.MatchState, _Mapping]] = ..., seat_token: _Optional[str] = ...) -> None: ...

class GetMatchRequest(_message.Message):
    __slots__ = ("name", "legal_actions_form")
    NAME_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FORM_FIELD_NUMBER: _ClassVar[int]
    name: str
    legal_actions_form: _match_pb2.LegalActionsForm
    def __init__(self, name: _Optional[str] = ..., legal_actions_form: _Optional[_Union[_match_pb2.LegalActionsForm, str]] = ...) -> None: ...

class ListMatchesRequest(_message.Message):
    __slots__ = ("parent", "page_size", "page_token")
    PARENT_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    parent: str
    page_size: int
    page_token: str
    def __init__(self, parent: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListMatchesResponse(_message.Message):
    __slots__ = ("matches", "next_page_token")
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    matches: _containers.RepeatedCompositeFieldContainer[_match_pb2.Match]
    next_page_token: str
    def __init__(self, matches: _Optional[_Iterable[_Union[_match_pb2.Match, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class JoinMatchRequest(_message.Message):
    __slots__ = ("name", "player_name", "request_id", "seat")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    name: str
    player_name: str
    request_id: str
    seat: int
    def __init__(self, name: _Optional[str] = ..., player_name: _Optional[str] = ..., request_id: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class JoinMatchResponse(_message.Message):
    __slots__ = ("state", "seat_token", "seat")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    state: _match_pb2.MatchState
    seat_token: str
    seat: int
    def __init__(self, state: _Optional[_Union[_match_pb2.MatchState, _Mapping]] = ..., seat_token: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class LeaveMatchRequest(_message.Message):
    __slots__ = ("name", "request_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    request_id: str
    def __init__(self, name: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class StartMatchRequest(_message.Message):
    __slots__ = ("name", "request_id", "fill_with_bots", "bot_level")
    NAME_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    FILL_WITH_BOTS_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    name: str
    request_id: str
    fill_with_bots: bool
    bot_level: str
    def __init__(self, name: _Optional[str] = ..., request_id: _Optional[str] = ..., fill_with_bots: _Optional[bool] = ..., bot_level: _Optional[str] = ...) -> None: ...

class RematchMatchRequest(_message.Message):
    __slots__ = ("name", "request_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    request_id: str
    def __init__(self, name: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class RematchMatchResponse(_message.Message):
    __slots__ = ("state", "seat_token", "seat")
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    state: _match_pb2.MatchState
    seat_token: str
    seat: int
    def __init__(self, state: _Optional[_Union[_match_pb2.MatchState, _Mapping]] = ..., seat_token: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class SubmitActionRequest(_message.Message):
    __slots__ = ("name", "action", "expected_version", "etag", "request_id", "legal_actions_form")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    ETAG_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FORM_FIELD_NUMBER: _ClassVar[int]
    name: str
    action: _match_pb2.Action
    expected_version: int
    etag: str
    request_id: str
    legal_actions_form: _match_pb2.LegalActionsForm
    def __init__(self, name: _Optional[str] = ..., action: _Optional[_Union[_match_pb2.Action, _Mapping]] = ..., expected_version: _Optional[int] = ..., etag: _Optional[str] = ..., request_id: _Optional[str] = ..., legal_actions_form: _Optional[_Union[_match_pb2.LegalActionsForm, str]] = ...) -> None: ...

class SubmitActionResponse(_message.Message):
    __slots__ = ("state", "events")
    STATE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    state: _match_pb2.MatchState
    events: _containers.RepeatedCompositeFieldContainer[_match_pb2.Event]
    def __init__(self, state: _Optional[_Union[_match_pb2.MatchState, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_match_pb2.Event, _Mapping]]] = ...) -> None: ...

class WatchMatchRequest(_message.Message):
    __slots__ = ("name", "after_version", "legal_actions_form")
    NAME_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FORM_FIELD_NUMBER: _ClassVar[int]
    name: str
    after_version: int
    legal_actions_form: _match_pb2.LegalActionsForm
    def __init__(self, name: _Optional[str] = ..., after_version: _Optional[int] = ..., legal_actions_form: _Optional[_Union[_match_pb2.LegalActionsForm, str]] = ...) -> None: ...

class MatchUpdate(_message.Message):
    __slots__ = ("version", "events", "state", "seat", "timed_out", "by_bot")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    BY_BOT_FIELD_NUMBER: _ClassVar[int]
    version: int
    events: _containers.RepeatedCompositeFieldContainer[_match_pb2.Event]
    state: _match_pb2.MatchState
    seat: int
    timed_out: bool
    by_bot: bool
    def __init__(self, version: _Optional[int] = ..., events: _Optional[_Iterable[_Union[_match_pb2.Event, _Mapping]]] = ..., state: _Optional[_Union[_match_pb2.MatchState, _Mapping]] = ..., seat: _Optional[int] = ..., timed_out: _Optional[bool] = ..., by_bot: _Optional[bool] = ...) -> None: ...

class GetMatchLogRequest(_message.Message):
    __slots__ = ("name", "after_version", "page_size", "page_token")
    NAME_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    after_version: int
    page_size: int
    page_token: str
    def __init__(self, name: _Optional[str] = ..., after_version: _Optional[int] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class GetMatchLogResponse(_message.Message):
    __slots__ = ("entries", "next_page_token")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[MatchLogEntry]
    next_page_token: str
    def __init__(self, entries: _Optional[_Iterable[_Union[MatchLogEntry, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class MatchLogEntry(_message.Message):
    __slots__ = ("version", "seat", "action", "events", "timed_out", "by_bot")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    TIMED_OUT_FIELD_NUMBER: _ClassVar[int]
    BY_BOT_FIELD_NUMBER: _ClassVar[int]
    version: int
    seat: int
    action: _match_pb2.Action
    events: _containers.RepeatedCompositeFieldContainer[_match_pb2.Event]
    timed_out: bool
    by_bot: bool
    def __init__(self, version: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[_match_pb2.Action, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_match_pb2.Event, _Mapping]]] = ..., timed_out: _Optional[bool] = ..., by_bot: _Optional[bool] = ...) -> None: ...

class PlayRequest(_message.Message):
    __slots__ = ("open", "action")
    OPEN_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    open: PlayOpen
    action: PlayAction
    def __init__(self, open: _Optional[_Union[PlayOpen, _Mapping]] = ..., action: _Optional[_Union[PlayAction, _Mapping]] = ...) -> None: ...

class PlayOpen(_message.Message):
    __slots__ = ("name", "seat_token", "after_version", "legal_actions_form", "outcomes_in_updates")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_TOKEN_FIELD_NUMBER: _ClassVar[int]
    AFTER_VERSION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FORM_FIELD_NUMBER: _ClassVar[int]
    OUTCOMES_IN_UPDATES_FIELD_NUMBER: _ClassVar[int]
    name: str
    seat_token: str
    after_version: int
    legal_actions_form: _match_pb2.LegalActionsForm
    outcomes_in_updates: bool
    def __init__(self, name: _Optional[str] = ..., seat_token: _Optional[str] = ..., after_version: _Optional[int] = ..., legal_actions_form: _Optional[_Union[_match_pb2.LegalActionsForm, str]] = ..., outcomes_in_updates: _Optional[bool] = ...) -> None: ...

class PlayAction(_message.Message):
    __slots__ = ("request_id", "expected_version", "action")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_VERSION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    expected_version: int
    action: _match_pb2.Action
    def __init__(self, request_id: _Optional[str] = ..., expected_version: _Optional[int] = ..., action: _Optional[_Union[_match_pb2.Action, _Mapping]] = ...) -> None: ...

class PlayResponse(_message.Message):
    __slots__ = ("update", "outcome", "update_outcome")
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_OUTCOME_FIELD_NUMBER: _ClassVar[int]
    update: MatchUpdate
    outcome: PlayOutcome
    update_outcome: PlayOutcome
    def __init__(self, update: _Optional[_Union[MatchUpdate, _Mapping]] = ..., outcome: _Optional[_Union[PlayOutcome, _Mapping]] = ..., update_outcome: _Optional[_Union[PlayOutcome, _Mapping]] = ...) -> None: ...

class PlayOutcome(_message.Message):
    __slots__ = ("request_id", "accepted", "version", "error")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    accepted: bool
    version: int
    error: PlayStatus
    def __init__(self, request_id: _Optional[str] = ..., accepted: _Optional[bool] = ..., version: _Optional[int] = ..., error: _Optional[_Union[PlayStatus, _Mapping]] = ...) -> None: ...

class PlayStatus(_message.Message):
    __slots__ = ("code", "message", "details")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    DETAILS_FIELD_NUMBER: _ClassVar[int]
    code: int
    message: str
    details: _containers.RepeatedCompositeFieldContainer[_any_pb2.Any]
    def __init__(self, code: _Optional[int] = ..., message: _Optional[str] = ..., details: _Optional[_Iterable[_Union[_any_pb2.Any, _Mapping]]] = ...) -> None: ...
