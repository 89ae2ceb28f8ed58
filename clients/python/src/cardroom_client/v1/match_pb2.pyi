import datetime

from cardroom_client.v1 import flip_7_pb2 as _flip_7_pb2
from cardroom_client.v1 import pumba_pb2 as _pumba_pb2
from cardroom_client.v1 import pumptown_pb2 as _pumptown_pb2
from cardroom_client.v1 import up_or_down_pb2 as _up_or_down_pb2
from google.api import field_behavior_pb2 as _field_behavior_pb2
from google.api import resource_pb2 as _resource_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class OptionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    OPTION_KIND_UNSPECIFIED: _ClassVar[OptionKind]
    OPTION_KIND_BOOL: _ClassVar[OptionKind]
    OPTION_KIND_INT: _ClassVar[OptionKind]
    OPTION_KIND_ENUM: _ClassVar[OptionKind]
    OPTION_KIND_SEAT: _ClassVar[OptionKind]
    OPTION_KIND_INT_LIST: _ClassVar[OptionKind]

class MatchStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MATCH_STATUS_UNSPECIFIED: _ClassVar[MatchStatus]
    MATCH_STATUS_WAITING: _ClassVar[MatchStatus]
    MATCH_STATUS_ACTIVE: _ClassVar[MatchStatus]
    MATCH_STATUS_FINISHED: _ClassVar[MatchStatus]
    MATCH_STATUS_ABANDONED: _ClassVar[MatchStatus]

class SeatController(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEAT_CONTROLLER_UNSPECIFIED: _ClassVar[SeatController]
    SEAT_CONTROLLER_PLAYER: _ClassVar[SeatController]
    SEAT_CONTROLLER_AWAY: _ClassVar[SeatController]
    SEAT_CONTROLLER_BOT: _ClassVar[SeatController]

class LegalActionsForm(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LEGAL_ACTIONS_FORM_UNSPECIFIED: _ClassVar[LegalActionsForm]
    LEGAL_ACTIONS_FORM_FLAT: _ClassVar[LegalActionsForm]
    LEGAL_ACTIONS_FORM_COMPACT: _ClassVar[LegalActionsForm]
    LEGAL_ACTIONS_FORM_BOTH: _ClassVar[LegalActionsForm]

class ErrorReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_REASON_UNSPECIFIED: _ClassVar[ErrorReason]
    ERROR_REASON_STALE_VERSION: _ClassVar[ErrorReason]
    ERROR_REASON_TOO_MANY_CONFLICTS: _ClassVar[ErrorReason]
    ERROR_REASON_MATCH_FULL: _ClassVar[ErrorReason]
    ERROR_REASON_SEAT_TAKEN: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_SEAT_TOKEN: _ClassVar[ErrorReason]
    ERROR_REASON_SEAT_TOKEN_REQUIRED: _ClassVar[ErrorReason]
    ERROR_REASON_SEAT_TOKEN_REVOKED: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_MATCH_TOKEN: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_CREATOR: _ClassVar[ErrorReason]
    ERROR_REASON_MATCH_NOT_FOUND: _ClassVar[ErrorReason]
    ERROR_REASON_GAME_NOT_FOUND: _ClassVar[ErrorReason]
    ERROR_REASON_FIXED_DECKS_DISABLED: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_OPTION: _ClassVar[ErrorReason]
    ERROR_REASON_OPTIONS_GAME_MISMATCH: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_SEAT_COUNT: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_ARGUMENT: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_NAME: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_PAGE_TOKEN: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_ETAG: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_SEED: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_SEAT: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_PLAYER_NAME: _ClassVar[ErrorReason]
    ERROR_REASON_REQUEST_ID_REUSED: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_JSON: _ClassVar[ErrorReason]
    ERROR_REASON_UNKNOWN_PARAMETER: _ClassVar[ErrorReason]
    ERROR_REASON_MATCH_NOT_WAITING: _ClassVar[ErrorReason]
    ERROR_REASON_MATCH_NOT_STARTED: _ClassVar[ErrorReason]
    ERROR_REASON_MATCH_ABANDONED: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_YOUR_TURN: _ClassVar[ErrorReason]
    ERROR_REASON_ILLEGAL_ACTION: _ClassVar[ErrorReason]
    ERROR_REASON_RESOURCE_EXHAUSTED: _ClassVar[ErrorReason]
    ERROR_REASON_DEADLINE_EXCEEDED: _ClassVar[ErrorReason]
    ERROR_REASON_STORE_UNAVAILABLE: _ClassVar[ErrorReason]
    ERROR_REASON_LOG_GAP: _ClassVar[ErrorReason]
    ERROR_REASON_INTERNAL: _ClassVar[ErrorReason]
    ERROR_REASON_SERVER_SHUTTING_DOWN: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_FOUND: _ClassVar[ErrorReason]
    ERROR_REASON_METHOD_NOT_ALLOWED: _ClassVar[ErrorReason]
    ERROR_REASON_REQUEST_ENTITY_TOO_LARGE: _ClassVar[ErrorReason]
    ERROR_REASON_UNKNOWN_BOT_LEVEL: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_TABLE_SETTINGS: _ClassVar[ErrorReason]
    ERROR_REASON_MATCH_NOT_FINISHED: _ClassVar[ErrorReason]
    ERROR_REASON_REMATCH_CLOSED: _ClassVar[ErrorReason]
    ERROR_REASON_RATE_LIMITED: _ClassVar[ErrorReason]
    ERROR_REASON_OPEN_TABLES_LIMIT: _ClassVar[ErrorReason]
    ERROR_REASON_SEATS_PER_CLIENT_LIMIT: _ClassVar[ErrorReason]
    ERROR_REASON_STREAMS_LIMIT: _ClassVar[ErrorReason]
    ERROR_REASON_FIELD_TOO_LARGE: _ClassVar[ErrorReason]
    ERROR_REASON_FIELD_OUT_OF_RANGE: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_REQUEST_ID: _ClassVar[ErrorReason]
    ERROR_REASON_MALFORMED_REQUEST: _ClassVar[ErrorReason]
    ERROR_REASON_UNSUPPORTED_MEDIA_TYPE: _ClassVar[ErrorReason]
    ERROR_REASON_GAME_OVER: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_A_PLAYER: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_PHASE: _ClassVar[ErrorReason]
    ERROR_REASON_CARD_NOT_IN_HAND: _ClassVar[ErrorReason]
    ERROR_REASON_ILLEGAL_TARGET: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_YOUR_DECISION: _ClassVar[ErrorReason]
    ERROR_REASON_DECISION_PENDING: _ClassVar[ErrorReason]
    ERROR_REASON_NO_DECISION: _ClassVar[ErrorReason]
    ERROR_REASON_STAY_EMPTY_LINE: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_ADJACENT: _ClassVar[ErrorReason]
    ERROR_REASON_NO_SUCH_COLUMN: _ClassVar[ErrorReason]
    ERROR_REASON_WRONG_ORDER: _ClassVar[ErrorReason]
    ERROR_REASON_NO_FREE_COLUMN: _ClassVar[ErrorReason]
    ERROR_REASON_GIVE_UP_NOT_ALLOWED: _ClassVar[ErrorReason]
    ERROR_REASON_PILE_EMPTY: _ClassVar[ErrorReason]
    ERROR_REASON_PLAYER_ELIMINATED: _ClassVar[ErrorReason]
    ERROR_REASON_CARD_NOT_PLAYABLE: _ClassVar[ErrorReason]
    ERROR_REASON_MUST_ANSWER_TWO: _ClassVar[ErrorReason]
    ERROR_REASON_STACKING_DISABLED: _ClassVar[ErrorReason]
    ERROR_REASON_SUIT_REQUIRED: _ClassVar[ErrorReason]
    ERROR_REASON_SUIT_NOT_ALLOWED: _ClassVar[ErrorReason]
    ERROR_REASON_TARGET_REQUIRED: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_TARGET: _ClassVar[ErrorReason]
    ERROR_REASON_TARGET_NOT_ALLOWED: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_PUMBA_CALL: _ClassVar[ErrorReason]
    ERROR_REASON_PENDING_DRAW: _ClassVar[ErrorReason]
    ERROR_REASON_DRAW_LIMIT_REACHED: _ClassVar[ErrorReason]
    ERROR_REASON_NOTHING_TO_DRAW: _ClassVar[ErrorReason]
    ERROR_REASON_MUST_PLAY_OR_DRAW: _ClassVar[ErrorReason]
    ERROR_REASON_NO_PENDING_DRAW: _ClassVar[ErrorReason]
    ERROR_REASON_NO_OPEN_WINDOW: _ClassVar[ErrorReason]
    ERROR_REASON_CANNOT_CHALLENGE_SELF: _ClassVar[ErrorReason]
    ERROR_REASON_CARD_NOT_PLAYABLE_HERE: _ClassVar[ErrorReason]
    ERROR_REASON_BAD_ARGS: _ClassVar[ErrorReason]
    ERROR_REASON_REDISCARD_FORBIDDEN: _ClassVar[ErrorReason]
    ERROR_REASON_KNOCK_NOT_ALLOWED: _ClassVar[ErrorReason]
    ERROR_REASON_NOT_MOON: _ClassVar[ErrorReason]
    ERROR_REASON_INVALID_ALLOCATION: _ClassVar[ErrorReason]
    ERROR_REASON_GRID_LOCKED: _ClassVar[ErrorReason]
    ERROR_REASON_ALREADY_REDISTRIBUTED: _ClassVar[ErrorReason]
    ERROR_REASON_ALREADY_ACKED: _ClassVar[ErrorReason]
OPTION_KIND_UNSPECIFIED: OptionKind
OPTION_KIND_BOOL: OptionKind
OPTION_KIND_INT: OptionKind
OPTION_KIND_ENUM: OptionKind
OPTION_KIND_SEAT: OptionKind
OPTION_KIND_INT_LIST: OptionKind
MATCH_STATUS_UNSPECIFIED: MatchStatus
MATCH_STATUS_WAITING: MatchStatus
MATCH_STATUS_ACTIVE: MatchStatus
MATCH_STATUS_FINISHED: MatchStatus
MATCH_STATUS_ABANDONED: MatchStatus
SEAT_CONTROLLER_UNSPECIFIED: SeatController
SEAT_CONTROLLER_PLAYER: SeatController
SEAT_CONTROLLER_AWAY: SeatController
SEAT_CONTROLLER_BOT: SeatController
LEGAL_ACTIONS_FORM_UNSPECIFIED: LegalActionsForm
LEGAL_ACTIONS_FORM_FLAT: LegalActionsForm
LEGAL_ACTIONS_FORM_COMPACT: LegalActionsForm
LEGAL_ACTIONS_FORM_BOTH: LegalActionsForm
ERROR_REASON_UNSPECIFIED: ErrorReason
ERROR_REASON_STALE_VERSION: ErrorReason
ERROR_REASON_TOO_MANY_CONFLICTS: ErrorReason
ERROR_REASON_MATCH_FULL: ErrorReason
ERROR_REASON_SEAT_TAKEN: ErrorReason
ERROR_REASON_INVALID_SEAT_TOKEN: ErrorReason
ERROR_REASON_SEAT_TOKEN_REQUIRED: ErrorReason
ERROR_REASON_SEAT_TOKEN_REVOKED: ErrorReason
ERROR_REASON_WRONG_MATCH_TOKEN: ErrorReason
ERROR_REASON_NOT_CREATOR: ErrorReason
ERROR_REASON_MATCH_NOT_FOUND: ErrorReason
ERROR_REASON_GAME_NOT_FOUND: ErrorReason
ERROR_REASON_FIXED_DECKS_DISABLED: ErrorReason
ERROR_REASON_INVALID_OPTION: ErrorReason
ERROR_REASON_OPTIONS_GAME_MISMATCH: ErrorReason
ERROR_REASON_INVALID_SEAT_COUNT: ErrorReason
ERROR_REASON_INVALID_ARGUMENT: ErrorReason
ERROR_REASON_INVALID_NAME: ErrorReason
ERROR_REASON_INVALID_PAGE_TOKEN: ErrorReason
ERROR_REASON_INVALID_ETAG: ErrorReason
ERROR_REASON_INVALID_SEED: ErrorReason
ERROR_REASON_INVALID_SEAT: ErrorReason
ERROR_REASON_INVALID_PLAYER_NAME: ErrorReason
ERROR_REASON_REQUEST_ID_REUSED: ErrorReason
ERROR_REASON_INVALID_JSON: ErrorReason
ERROR_REASON_UNKNOWN_PARAMETER: ErrorReason
ERROR_REASON_MATCH_NOT_WAITING: ErrorReason
ERROR_REASON_MATCH_NOT_STARTED: ErrorReason
ERROR_REASON_MATCH_ABANDONED: ErrorReason
ERROR_REASON_NOT_YOUR_TURN: ErrorReason
ERROR_REASON_ILLEGAL_ACTION: ErrorReason
ERROR_REASON_RESOURCE_EXHAUSTED: ErrorReason
ERROR_REASON_DEADLINE_EXCEEDED: ErrorReason
ERROR_REASON_STORE_UNAVAILABLE: ErrorReason
ERROR_REASON_LOG_GAP: ErrorReason
ERROR_REASON_INTERNAL: ErrorReason
ERROR_REASON_SERVER_SHUTTING_DOWN: ErrorReason
ERROR_REASON_NOT_FOUND: ErrorReason
ERROR_REASON_METHOD_NOT_ALLOWED: ErrorReason
ERROR_REASON_REQUEST_ENTITY_TOO_LARGE: ErrorReason
ERROR_REASON_UNKNOWN_BOT_LEVEL: ErrorReason
ERROR_REASON_INVALID_TABLE_SETTINGS: ErrorReason
ERROR_REASON_MATCH_NOT_FINISHED: ErrorReason
ERROR_REASON_REMATCH_CLOSED: ErrorReason
ERROR_REASON_RATE_LIMITED: ErrorReason
ERROR_REASON_OPEN_TABLES_LIMIT: ErrorReason
ERROR_REASON_SEATS_PER_CLIENT_LIMIT: ErrorReason
ERROR_REASON_STREAMS_LIMIT: ErrorReason
ERROR_REASON_FIELD_TOO_LARGE: ErrorReason
ERROR_REASON_FIELD_OUT_OF_RANGE: ErrorReason
ERROR_REASON_INVALID_REQUEST_ID: ErrorReason
ERROR_REASON_MALFORMED_REQUEST: ErrorReason
ERROR_REASON_UNSUPPORTED_MEDIA_TYPE: ErrorReason
ERROR_REASON_GAME_OVER: ErrorReason
ERROR_REASON_NOT_A_PLAYER: ErrorReason
ERROR_REASON_WRONG_PHASE: ErrorReason
ERROR_REASON_CARD_NOT_IN_HAND: ErrorReason
ERROR_REASON_ILLEGAL_TARGET: ErrorReason
ERROR_REASON_NOT_YOUR_DECISION: ErrorReason
ERROR_REASON_DECISION_PENDING: ErrorReason
ERROR_REASON_NO_DECISION: ErrorReason
ERROR_REASON_STAY_EMPTY_LINE: ErrorReason
ERROR_REASON_NOT_ADJACENT: ErrorReason
ERROR_REASON_NO_SUCH_COLUMN: ErrorReason
ERROR_REASON_WRONG_ORDER: ErrorReason
ERROR_REASON_NO_FREE_COLUMN: ErrorReason
ERROR_REASON_GIVE_UP_NOT_ALLOWED: ErrorReason
ERROR_REASON_PILE_EMPTY: ErrorReason
ERROR_REASON_PLAYER_ELIMINATED: ErrorReason
ERROR_REASON_CARD_NOT_PLAYABLE: ErrorReason
ERROR_REASON_MUST_ANSWER_TWO: ErrorReason
ERROR_REASON_STACKING_DISABLED: ErrorReason
ERROR_REASON_SUIT_REQUIRED: ErrorReason
ERROR_REASON_SUIT_NOT_ALLOWED: ErrorReason
ERROR_REASON_TARGET_REQUIRED: ErrorReason
ERROR_REASON_INVALID_TARGET: ErrorReason
ERROR_REASON_TARGET_NOT_ALLOWED: ErrorReason
ERROR_REASON_INVALID_PUMBA_CALL: ErrorReason
ERROR_REASON_PENDING_DRAW: ErrorReason
ERROR_REASON_DRAW_LIMIT_REACHED: ErrorReason
ERROR_REASON_NOTHING_TO_DRAW: ErrorReason
ERROR_REASON_MUST_PLAY_OR_DRAW: ErrorReason
ERROR_REASON_NO_PENDING_DRAW: ErrorReason
ERROR_REASON_NO_OPEN_WINDOW: ErrorReason
ERROR_REASON_CANNOT_CHALLENGE_SELF: ErrorReason
ERROR_REASON_CARD_NOT_PLAYABLE_HERE: ErrorReason
ERROR_REASON_BAD_ARGS: ErrorReason
ERROR_REASON_REDISCARD_FORBIDDEN: ErrorReason
ERROR_REASON_KNOCK_NOT_ALLOWED: ErrorReason
ERROR_REASON_NOT_MOON: ErrorReason
ERROR_REASON_INVALID_ALLOCATION: ErrorReason
ERROR_REASON_GRID_LOCKED: ErrorReason
ERROR_REASON_ALREADY_REDISTRIBUTED: ErrorReason
ERROR_REASON_ALREADY_ACKED: ErrorReason

class Game(_message.Message):
    __slots__ = ("name", "game_id", "display_name", "summary", "min_players", "max_players", "options", "bot_levels", "cards", "phases", "decision_kinds")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVELS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    PHASES_FIELD_NUMBER: _ClassVar[int]
    DECISION_KINDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    game_id: str
    display_name: str
    summary: str
    min_players: int
    max_players: int
    options: _containers.RepeatedCompositeFieldContainer[GameOption]
    bot_levels: _containers.RepeatedScalarFieldContainer[str]
    cards: _containers.RepeatedCompositeFieldContainer[CardInfo]
    phases: _containers.RepeatedCompositeFieldContainer[PhaseInfo]
    decision_kinds: _containers.RepeatedCompositeFieldContainer[PhaseInfo]
    def __init__(self, name: _Optional[str] = ..., game_id: _Optional[str] = ..., display_name: _Optional[str] = ..., summary: _Optional[str] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., options: _Optional[_Iterable[_Union[GameOption, _Mapping]]] = ..., bot_levels: _Optional[_Iterable[str]] = ..., cards: _Optional[_Iterable[_Union[CardInfo, _Mapping]]] = ..., phases: _Optional[_Iterable[_Union[PhaseInfo, _Mapping]]] = ..., decision_kinds: _Optional[_Iterable[_Union[PhaseInfo, _Mapping]]] = ...) -> None: ...

class CardInfo(_message.Message):
    __slots__ = ("code", "category", "kind", "display_name", "value", "rank", "suit", "suit_name", "colour", "points", "effect")
    CODE_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    SUIT_NAME_FIELD_NUMBER: _ClassVar[int]
    COLOUR_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    code: str
    category: str
    kind: str
    display_name: str
    value: int
    rank: str
    suit: str
    suit_name: str
    colour: str
    points: int
    effect: str
    def __init__(self, code: _Optional[str] = ..., category: _Optional[str] = ..., kind: _Optional[str] = ..., display_name: _Optional[str] = ..., value: _Optional[int] = ..., rank: _Optional[str] = ..., suit: _Optional[str] = ..., suit_name: _Optional[str] = ..., colour: _Optional[str] = ..., points: _Optional[int] = ..., effect: _Optional[str] = ...) -> None: ...

class PhaseInfo(_message.Message):
    __slots__ = ("name", "enum_value", "description", "actions")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ENUM_VALUE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    name: str
    enum_value: str
    description: str
    actions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, name: _Optional[str] = ..., enum_value: _Optional[str] = ..., description: _Optional[str] = ..., actions: _Optional[_Iterable[str]] = ...) -> None: ...

class GameOption(_message.Message):
    __slots__ = ("name", "kind", "default_json", "description", "choices", "minimum", "maximum", "max_items")
    NAME_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_JSON_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CHOICES_FIELD_NUMBER: _ClassVar[int]
    MINIMUM_FIELD_NUMBER: _ClassVar[int]
    MAXIMUM_FIELD_NUMBER: _ClassVar[int]
    MAX_ITEMS_FIELD_NUMBER: _ClassVar[int]
    name: str
    kind: OptionKind
    default_json: str
    description: str
    choices: _containers.RepeatedScalarFieldContainer[str]
    minimum: int
    maximum: int
    max_items: int
    def __init__(self, name: _Optional[str] = ..., kind: _Optional[_Union[OptionKind, str]] = ..., default_json: _Optional[str] = ..., description: _Optional[str] = ..., choices: _Optional[_Iterable[str]] = ..., minimum: _Optional[int] = ..., maximum: _Optional[int] = ..., max_items: _Optional[int] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("pumptown", "pumba", "up_or_down", "flip_7")
    PUMPTOWN_FIELD_NUMBER: _ClassVar[int]
    PUMBA_FIELD_NUMBER: _ClassVar[int]
    UP_OR_DOWN_FIELD_NUMBER: _ClassVar[int]
    FLIP_7_FIELD_NUMBER: _ClassVar[int]
    pumptown: _pumptown_pb2.PumptownOptions
    pumba: _pumba_pb2.PumbaOptions
    up_or_down: _up_or_down_pb2.UpOrDownOptions
    flip_7: _flip_7_pb2.Flip7Options
    def __init__(self, pumptown: _Optional[_Union[_pumptown_pb2.PumptownOptions, _Mapping]] = ..., pumba: _Optional[_Union[_pumba_pb2.PumbaOptions, _Mapping]] = ..., up_or_down: _Optional[_Union[_up_or_down_pb2.UpOrDownOptions, _Mapping]] = ..., flip_7: _Optional[_Union[_flip_7_pb2.Flip7Options, _Mapping]] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "player_name", "occupied", "bot", "controller", "bot_level", "left", "away_since", "timeouts", "reserve_seconds", "connected", "held")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_NAME_FIELD_NUMBER: _ClassVar[int]
    OCCUPIED_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    AWAY_SINCE_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    RESERVE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    CONNECTED_FIELD_NUMBER: _ClassVar[int]
    HELD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    player_name: str
    occupied: bool
    bot: bool
    controller: SeatController
    bot_level: str
    left: bool
    away_since: _timestamp_pb2.Timestamp
    timeouts: int
    reserve_seconds: float
    connected: bool
    held: bool
    def __init__(self, seat: _Optional[int] = ..., player_name: _Optional[str] = ..., occupied: _Optional[bool] = ..., bot: _Optional[bool] = ..., controller: _Optional[_Union[SeatController, str]] = ..., bot_level: _Optional[str] = ..., left: _Optional[bool] = ..., away_since: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., timeouts: _Optional[int] = ..., reserve_seconds: _Optional[float] = ..., connected: _Optional[bool] = ..., held: _Optional[bool] = ...) -> None: ...

class TableSettings(_message.Message):
    __slots__ = ("turn_seconds", "reserve_seconds", "auto_start_when_full", "absent_bot_level")
    TURN_SECONDS_FIELD_NUMBER: _ClassVar[int]
    RESERVE_SECONDS_FIELD_NUMBER: _ClassVar[int]
    AUTO_START_WHEN_FULL_FIELD_NUMBER: _ClassVar[int]
    ABSENT_BOT_LEVEL_FIELD_NUMBER: _ClassVar[int]
    turn_seconds: float
    reserve_seconds: float
    auto_start_when_full: bool
    absent_bot_level: str
    def __init__(self, turn_seconds: _Optional[float] = ..., reserve_seconds: _Optional[float] = ..., auto_start_when_full: _Optional[bool] = ..., absent_bot_level: _Optional[str] = ...) -> None: ...

class BotSeat(_message.Message):
    __slots__ = ("seat", "level")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    level: str
    def __init__(self, seat: _Optional[int] = ..., level: _Optional[str] = ...) -> None: ...

class Match(_message.Message):
    __slots__ = ("name", "game_id", "status", "options", "seat_count", "seats", "creator_seat", "version", "etag", "create_time", "update_time", "table", "expire_time", "rematch_of")
    NAME_FIELD_NUMBER: _ClassVar[int]
    GAME_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEAT_COUNT_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CREATOR_SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ETAG_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    EXPIRE_TIME_FIELD_NUMBER: _ClassVar[int]
    REMATCH_OF_FIELD_NUMBER: _ClassVar[int]
    name: str
    game_id: str
    status: MatchStatus
    options: GameOptions
    seat_count: int
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    creator_seat: int
    version: int
    etag: str
    create_time: _timestamp_pb2.Timestamp
    update_time: _timestamp_pb2.Timestamp
    table: TableSettings
    expire_time: _timestamp_pb2.Timestamp
    rematch_of: str
    def __init__(self, name: _Optional[str] = ..., game_id: _Optional[str] = ..., status: _Optional[_Union[MatchStatus, str]] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., seat_count: _Optional[int] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., creator_seat: _Optional[int] = ..., version: _Optional[int] = ..., etag: _Optional[str] = ..., create_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., update_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., table: _Optional[_Union[TableSettings, _Mapping]] = ..., expire_time: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rematch_of: _Optional[str] = ...) -> None: ...

class MatchState(_message.Message):
    __slots__ = ("match", "your_seat", "view", "legal_actions", "to_act", "result", "deadline", "legal_action_sets", "last_events")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    YOUR_SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTION_SETS_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENTS_FIELD_NUMBER: _ClassVar[int]
    match: Match
    your_seat: int
    view: SeatView
    legal_actions: _containers.RepeatedCompositeFieldContainer[Action]
    to_act: _containers.RepeatedScalarFieldContainer[int]
    result: MatchResult
    deadline: _timestamp_pb2.Timestamp
    legal_action_sets: _containers.RepeatedCompositeFieldContainer[ActionSet]
    last_events: _containers.RepeatedCompositeFieldContainer[Event]
    def __init__(self, match: _Optional[_Union[Match, _Mapping]] = ..., your_seat: _Optional[int] = ..., view: _Optional[_Union[SeatView, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[Action, _Mapping]]] = ..., to_act: _Optional[_Iterable[int]] = ..., result: _Optional[_Union[MatchResult, _Mapping]] = ..., deadline: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., legal_action_sets: _Optional[_Iterable[_Union[ActionSet, _Mapping]]] = ..., last_events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ...) -> None: ...

class ActionSet(_message.Message):
    __slots__ = ("action", "params", "distinct")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PARAMS_FIELD_NUMBER: _ClassVar[int]
    DISTINCT_FIELD_NUMBER: _ClassVar[int]
    action: Action
    params: _containers.RepeatedCompositeFieldContainer[ActionParam]
    distinct: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, action: _Optional[_Union[Action, _Mapping]] = ..., params: _Optional[_Iterable[_Union[ActionParam, _Mapping]]] = ..., distinct: _Optional[_Iterable[str]] = ...) -> None: ...

class ActionParam(_message.Message):
    __slots__ = ("name", "json_name", "ints", "strings", "bools", "string_lists")
    NAME_FIELD_NUMBER: _ClassVar[int]
    JSON_NAME_FIELD_NUMBER: _ClassVar[int]
    INTS_FIELD_NUMBER: _ClassVar[int]
    STRINGS_FIELD_NUMBER: _ClassVar[int]
    BOOLS_FIELD_NUMBER: _ClassVar[int]
    STRING_LISTS_FIELD_NUMBER: _ClassVar[int]
    name: str
    json_name: str
    ints: _containers.RepeatedScalarFieldContainer[int]
    strings: _containers.RepeatedScalarFieldContainer[str]
    bools: _containers.RepeatedScalarFieldContainer[bool]
    string_lists: _containers.RepeatedCompositeFieldContainer[ActionParamStrings]
    def __init__(self, name: _Optional[str] = ..., json_name: _Optional[str] = ..., ints: _Optional[_Iterable[int]] = ..., strings: _Optional[_Iterable[str]] = ..., bools: _Optional[_Iterable[bool]] = ..., string_lists: _Optional[_Iterable[_Union[ActionParamStrings, _Mapping]]] = ...) -> None: ...

class ActionParamStrings(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, values: _Optional[_Iterable[str]] = ...) -> None: ...

class MatchResult(_message.Message):
    __slots__ = ("scores", "winners", "ranks", "left_seats")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    LEFT_SEATS_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    left_seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ..., left_seats: _Optional[_Iterable[int]] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("pumptown", "pumba", "up_or_down", "flip_7")
    PUMPTOWN_FIELD_NUMBER: _ClassVar[int]
    PUMBA_FIELD_NUMBER: _ClassVar[int]
    UP_OR_DOWN_FIELD_NUMBER: _ClassVar[int]
    FLIP_7_FIELD_NUMBER: _ClassVar[int]
    pumptown: _pumptown_pb2.PumptownView
    pumba: _pumba_pb2.PumbaView
    up_or_down: _up_or_down_pb2.UpOrDownView
    flip_7: _flip_7_pb2.Flip7View
    def __init__(self, pumptown: _Optional[_Union[_pumptown_pb2.PumptownView, _Mapping]] = ..., pumba: _Optional[_Union[_pumba_pb2.PumbaView, _Mapping]] = ..., up_or_down: _Optional[_Union[_up_or_down_pb2.UpOrDownView, _Mapping]] = ..., flip_7: _Optional[_Union[_flip_7_pb2.Flip7View, _Mapping]] = ...) -> None: ...

class Action(_message.Message):
    __slots__ = ("pumptown", "pumba", "up_or_down", "flip_7")
    PUMPTOWN_FIELD_NUMBER: _ClassVar[int]
    PUMBA_FIELD_NUMBER: _ClassVar[int]
    UP_OR_DOWN_FIELD_NUMBER: _ClassVar[int]
    FLIP_7_FIELD_NUMBER: _ClassVar[int]
    pumptown: _pumptown_pb2.PumptownAction
    pumba: _pumba_pb2.PumbaAction
    up_or_down: _up_or_down_pb2.UpOrDownAction
    flip_7: _flip_7_pb2.Flip7Action
    def __init__(self, pumptown: _Optional[_Union[_pumptown_pb2.PumptownAction, _Mapping]] = ..., pumba: _Optional[_Union[_pumba_pb2.PumbaAction, _Mapping]] = ..., up_or_down: _Optional[_Union[_up_or_down_pb2.UpOrDownAction, _Mapping]] = ..., flip_7: _Optional[_Union[_flip_7_pb2.Flip7Action, _Mapping]] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("pumptown", "pumba", "up_or_down", "flip_7")
    PUMPTOWN_FIELD_NUMBER: _ClassVar[int]
    PUMBA_FIELD_NUMBER: _ClassVar[int]
    UP_OR_DOWN_FIELD_NUMBER: _ClassVar[int]
    FLIP_7_FIELD_NUMBER: _ClassVar[int]
    pumptown: _pumptown_pb2.PumptownEvent
    pumba: _pumba_pb2.PumbaEvent
    up_or_down: _up_or_down_pb2.UpOrDownEvent
    flip_7: _flip_7_pb2.Flip7Event
    def __init__(self, pumptown: _Optional[_Union[_pumptown_pb2.PumptownEvent, _Mapping]] = ..., pumba: _Optional[_Union[_pumba_pb2.PumbaEvent, _Mapping]] = ..., up_or_down: _Optional[_Union[_up_or_down_pb2.UpOrDownEvent, _Mapping]] = ..., flip_7: _Optional[_Union[_flip_7_pb2.Flip7Event, _Mapping]] = ...) -> None: ...
