from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class UpOrDownPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UP_OR_DOWN_PHASE_UNSPECIFIED: _ClassVar[UpOrDownPhase]
    UP_OR_DOWN_PHASE_PLAY: _ClassVar[UpOrDownPhase]
    UP_OR_DOWN_PHASE_TAKE: _ClassVar[UpOrDownPhase]
    UP_OR_DOWN_PHASE_PLACE: _ClassVar[UpOrDownPhase]
    UP_OR_DOWN_PHASE_DRAW: _ClassVar[UpOrDownPhase]
    UP_OR_DOWN_PHASE_GAME_OVER: _ClassVar[UpOrDownPhase]
UP_OR_DOWN_PHASE_UNSPECIFIED: UpOrDownPhase
UP_OR_DOWN_PHASE_PLAY: UpOrDownPhase
UP_OR_DOWN_PHASE_TAKE: UpOrDownPhase
UP_OR_DOWN_PHASE_PLACE: UpOrDownPhase
UP_OR_DOWN_PHASE_DRAW: UpOrDownPhase
UP_OR_DOWN_PHASE_GAME_OVER: UpOrDownPhase

class UpOrDownOptions(_message.Message):
    __slots__ = ("card_range", "first_player", "give_up_with_free_slot", "show_known_cards")
    CARD_RANGE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    GIVE_UP_WITH_FREE_SLOT_FIELD_NUMBER: _ClassVar[int]
    SHOW_KNOWN_CARDS_FIELD_NUMBER: _ClassVar[int]
    card_range: str
    first_player: str
    give_up_with_free_slot: bool
    show_known_cards: bool
    def __init__(self, card_range: _Optional[str] = ..., first_player: _Optional[str] = ..., give_up_with_free_slot: _Optional[bool] = ..., show_known_cards: _Optional[bool] = ...) -> None: ...

class UpOrDownAction(_message.Message):
    __slots__ = ("play", "take", "place", "draw", "turn")
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    play: UpOrDownPlayAction
    take: UpOrDownTakeAction
    place: UpOrDownPlaceAction
    draw: UpOrDownDrawAction
    turn: UpOrDownTurnAction
    def __init__(self, play: _Optional[_Union[UpOrDownPlayAction, _Mapping]] = ..., take: _Optional[_Union[UpOrDownTakeAction, _Mapping]] = ..., place: _Optional[_Union[UpOrDownPlaceAction, _Mapping]] = ..., draw: _Optional[_Union[UpOrDownDrawAction, _Mapping]] = ..., turn: _Optional[_Union[UpOrDownTurnAction, _Mapping]] = ...) -> None: ...

class UpOrDownTurnAction(_message.Message):
    __slots__ = ("play", "take", "place", "draw")
    PLAY_FIELD_NUMBER: _ClassVar[int]
    TAKE_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    play: UpOrDownPlayAction
    take: UpOrDownTakeAction
    place: UpOrDownPlaceAction
    draw: UpOrDownDrawAction
    def __init__(self, play: _Optional[_Union[UpOrDownPlayAction, _Mapping]] = ..., take: _Optional[_Union[UpOrDownTakeAction, _Mapping]] = ..., place: _Optional[_Union[UpOrDownPlaceAction, _Mapping]] = ..., draw: _Optional[_Union[UpOrDownDrawAction, _Mapping]] = ...) -> None: ...

class UpOrDownPlayAction(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class UpOrDownTakeAction(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: int
    def __init__(self, card: _Optional[int] = ...) -> None: ...

class UpOrDownPlaceAction(_message.Message):
    __slots__ = ("target", "index")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    target: str
    index: int
    def __init__(self, target: _Optional[str] = ..., index: _Optional[int] = ...) -> None: ...

class UpOrDownDrawAction(_message.Message):
    __slots__ = ("pile",)
    PILE_FIELD_NUMBER: _ClassVar[int]
    pile: str
    def __init__(self, pile: _Optional[str] = ...) -> None: ...

class UpOrDownView(_message.Message):
    __slots__ = ("you", "phase", "current", "first_player", "turn", "display", "played", "lower", "upper", "taken", "pile_down_size", "pile_up_size", "pile_up_top", "hand", "players", "winners", "typed_phase")
    YOU_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_FIELD_NUMBER: _ClassVar[int]
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    LOWER_FIELD_NUMBER: _ClassVar[int]
    UPPER_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    PILE_DOWN_SIZE_FIELD_NUMBER: _ClassVar[int]
    PILE_UP_SIZE_FIELD_NUMBER: _ClassVar[int]
    PILE_UP_TOP_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    TYPED_PHASE_FIELD_NUMBER: _ClassVar[int]
    you: int
    phase: str
    current: int
    first_player: int
    turn: int
    display: _containers.RepeatedScalarFieldContainer[int]
    played: int
    lower: int
    upper: int
    taken: int
    pile_down_size: int
    pile_up_size: int
    pile_up_top: int
    hand: _containers.RepeatedScalarFieldContainer[int]
    players: _containers.RepeatedCompositeFieldContainer[UpOrDownPlayer]
    winners: _containers.RepeatedScalarFieldContainer[int]
    typed_phase: UpOrDownPhase
    def __init__(self, you: _Optional[int] = ..., phase: _Optional[str] = ..., current: _Optional[int] = ..., first_player: _Optional[int] = ..., turn: _Optional[int] = ..., display: _Optional[_Iterable[int]] = ..., played: _Optional[int] = ..., lower: _Optional[int] = ..., upper: _Optional[int] = ..., taken: _Optional[int] = ..., pile_down_size: _Optional[int] = ..., pile_up_size: _Optional[int] = ..., pile_up_top: _Optional[int] = ..., hand: _Optional[_Iterable[int]] = ..., players: _Optional[_Iterable[_Union[UpOrDownPlayer, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., typed_phase: _Optional[_Union[UpOrDownPhase, str]] = ...) -> None: ...

class UpOrDownPlayer(_message.Message):
    __slots__ = ("seat", "hand_size", "known", "columns", "discard", "score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    KNOWN_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand_size: int
    known: _containers.RepeatedScalarFieldContainer[int]
    columns: _containers.RepeatedCompositeFieldContainer[UpOrDownColumn]
    discard: _containers.RepeatedScalarFieldContainer[int]
    score: int
    def __init__(self, seat: _Optional[int] = ..., hand_size: _Optional[int] = ..., known: _Optional[_Iterable[int]] = ..., columns: _Optional[_Iterable[_Union[UpOrDownColumn, _Mapping]]] = ..., discard: _Optional[_Iterable[int]] = ..., score: _Optional[int] = ...) -> None: ...

class UpOrDownColumn(_message.Message):
    __slots__ = ("cards", "direction")
    CARDS_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[int]
    direction: str
    def __init__(self, cards: _Optional[_Iterable[int]] = ..., direction: _Optional[str] = ...) -> None: ...

class UpOrDownEvent(_message.Message):
    __slots__ = ("played", "took", "gave_up", "placed", "drew", "turn", "game_over")
    PLAYED_FIELD_NUMBER: _ClassVar[int]
    TOOK_FIELD_NUMBER: _ClassVar[int]
    GAVE_UP_FIELD_NUMBER: _ClassVar[int]
    PLACED_FIELD_NUMBER: _ClassVar[int]
    DREW_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    played: UpOrDownPlayedEvent
    took: UpOrDownTookEvent
    gave_up: UpOrDownGaveUpEvent
    placed: UpOrDownPlacedEvent
    drew: UpOrDownDrewEvent
    turn: UpOrDownTurnEvent
    game_over: UpOrDownGameOverEvent
    def __init__(self, played: _Optional[_Union[UpOrDownPlayedEvent, _Mapping]] = ..., took: _Optional[_Union[UpOrDownTookEvent, _Mapping]] = ..., gave_up: _Optional[_Union[UpOrDownGaveUpEvent, _Mapping]] = ..., placed: _Optional[_Union[UpOrDownPlacedEvent, _Mapping]] = ..., drew: _Optional[_Union[UpOrDownDrewEvent, _Mapping]] = ..., turn: _Optional[_Union[UpOrDownTurnEvent, _Mapping]] = ..., game_over: _Optional[_Union[UpOrDownGameOverEvent, _Mapping]] = ...) -> None: ...

class UpOrDownPlayedEvent(_message.Message):
    __slots__ = ("seat", "card", "lower", "upper")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    LOWER_FIELD_NUMBER: _ClassVar[int]
    UPPER_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: int
    lower: int
    upper: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ..., lower: _Optional[int] = ..., upper: _Optional[int] = ...) -> None: ...

class UpOrDownTookEvent(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: int
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ...) -> None: ...

class UpOrDownGaveUpEvent(_message.Message):
    __slots__ = ("seat", "column", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    column: int
    cards: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., column: _Optional[int] = ..., cards: _Optional[_Iterable[int]] = ...) -> None: ...

class UpOrDownPlacedEvent(_message.Message):
    __slots__ = ("seat", "card", "column", "mode", "direction")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    COLUMN_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    DIRECTION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: int
    column: int
    mode: str
    direction: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[int] = ..., column: _Optional[int] = ..., mode: _Optional[str] = ..., direction: _Optional[str] = ...) -> None: ...

class UpOrDownDrewEvent(_message.Message):
    __slots__ = ("seat", "pile", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PILE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    pile: str
    card: int
    def __init__(self, seat: _Optional[int] = ..., pile: _Optional[str] = ..., card: _Optional[int] = ...) -> None: ...

class UpOrDownTurnEvent(_message.Message):
    __slots__ = ("seat", "turn")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    turn: int
    def __init__(self, seat: _Optional[int] = ..., turn: _Optional[int] = ...) -> None: ...

class UpOrDownGameOverEvent(_message.Message):
    __slots__ = ("scores", "winners", "ranks")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, scores: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ...) -> None: ...
