from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Flip7Phase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FLIP7_PHASE_UNSPECIFIED: _ClassVar[Flip7Phase]
    FLIP7_PHASE_DEAL: _ClassVar[Flip7Phase]
    FLIP7_PHASE_TURN: _ClassVar[Flip7Phase]
    FLIP7_PHASE_GAME_OVER: _ClassVar[Flip7Phase]
FLIP7_PHASE_UNSPECIFIED: Flip7Phase
FLIP7_PHASE_DEAL: Flip7Phase
FLIP7_PHASE_TURN: Flip7Phase
FLIP7_PHASE_GAME_OVER: Flip7Phase

class Flip7Options(_message.Message):
    __slots__ = ("target_score", "flip7_bonus", "min_players", "max_players", "first_dealer", "flip3_sc_timing", "stay_requires_card", "auto_single_target", "tie_break", "show_remaining_counts")
    TARGET_SCORE_FIELD_NUMBER: _ClassVar[int]
    FLIP7_BONUS_FIELD_NUMBER: _ClassVar[int]
    MIN_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MAX_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    FIRST_DEALER_FIELD_NUMBER: _ClassVar[int]
    FLIP3_SC_TIMING_FIELD_NUMBER: _ClassVar[int]
    STAY_REQUIRES_CARD_FIELD_NUMBER: _ClassVar[int]
    AUTO_SINGLE_TARGET_FIELD_NUMBER: _ClassVar[int]
    TIE_BREAK_FIELD_NUMBER: _ClassVar[int]
    SHOW_REMAINING_COUNTS_FIELD_NUMBER: _ClassVar[int]
    target_score: int
    flip7_bonus: int
    min_players: int
    max_players: int
    first_dealer: str
    flip3_sc_timing: str
    stay_requires_card: bool
    auto_single_target: bool
    tie_break: str
    show_remaining_counts: bool
    def __init__(self, target_score: _Optional[int] = ..., flip7_bonus: _Optional[int] = ..., min_players: _Optional[int] = ..., max_players: _Optional[int] = ..., first_dealer: _Optional[str] = ..., flip3_sc_timing: _Optional[str] = ..., stay_requires_card: _Optional[bool] = ..., auto_single_target: _Optional[bool] = ..., tie_break: _Optional[str] = ..., show_remaining_counts: _Optional[bool] = ...) -> None: ...

class Flip7Action(_message.Message):
    __slots__ = ("hit", "stay", "assign")
    HIT_FIELD_NUMBER: _ClassVar[int]
    STAY_FIELD_NUMBER: _ClassVar[int]
    ASSIGN_FIELD_NUMBER: _ClassVar[int]
    hit: Flip7HitAction
    stay: Flip7StayAction
    assign: Flip7AssignAction
    def __init__(self, hit: _Optional[_Union[Flip7HitAction, _Mapping]] = ..., stay: _Optional[_Union[Flip7StayAction, _Mapping]] = ..., assign: _Optional[_Union[Flip7AssignAction, _Mapping]] = ...) -> None: ...

class Flip7HitAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Flip7StayAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class Flip7AssignAction(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class Flip7View(_message.Message):
    __slots__ = ("you", "phase", "round", "dealer", "current", "turn_open", "pending", "stack", "players", "draw_count", "discard", "remaining", "winners", "legal_actions", "typed_phase")
    YOU_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    TURN_OPEN_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    STACK_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DRAW_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    TYPED_PHASE_FIELD_NUMBER: _ClassVar[int]
    you: int
    phase: str
    round: int
    dealer: int
    current: int
    turn_open: bool
    pending: Flip7Pending
    stack: _containers.RepeatedCompositeFieldContainer[Flip7Frame]
    players: _containers.RepeatedCompositeFieldContainer[Flip7Player]
    draw_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    remaining: _containers.RepeatedCompositeFieldContainer[Flip7KindCount]
    winners: _containers.RepeatedScalarFieldContainer[int]
    legal_actions: _containers.RepeatedCompositeFieldContainer[Flip7Action]
    typed_phase: Flip7Phase
    def __init__(self, you: _Optional[int] = ..., phase: _Optional[str] = ..., round: _Optional[int] = ..., dealer: _Optional[int] = ..., current: _Optional[int] = ..., turn_open: _Optional[bool] = ..., pending: _Optional[_Union[Flip7Pending, _Mapping]] = ..., stack: _Optional[_Iterable[_Union[Flip7Frame, _Mapping]]] = ..., players: _Optional[_Iterable[_Union[Flip7Player, _Mapping]]] = ..., draw_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., remaining: _Optional[_Iterable[_Union[Flip7KindCount, _Mapping]]] = ..., winners: _Optional[_Iterable[int]] = ..., legal_actions: _Optional[_Iterable[_Union[Flip7Action, _Mapping]]] = ..., typed_phase: _Optional[_Union[Flip7Phase, str]] = ...) -> None: ...

class Flip7Pending(_message.Message):
    __slots__ = ("decider", "card", "legal_targets")
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEGAL_TARGETS_FIELD_NUMBER: _ClassVar[int]
    decider: int
    card: str
    legal_targets: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, decider: _Optional[int] = ..., card: _Optional[str] = ..., legal_targets: _Optional[_Iterable[int]] = ...) -> None: ...

class Flip7Frame(_message.Message):
    __slots__ = ("target", "draws_left", "set_aside")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DRAWS_LEFT_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    target: int
    draws_left: int
    set_aside: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, target: _Optional[int] = ..., draws_left: _Optional[int] = ..., set_aside: _Optional[_Iterable[str]] = ...) -> None: ...

class Flip7Player(_message.Message):
    __slots__ = ("seat", "status", "numbers", "mods", "sc", "total", "line_value")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    NUMBERS_FIELD_NUMBER: _ClassVar[int]
    MODS_FIELD_NUMBER: _ClassVar[int]
    SC_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    LINE_VALUE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    status: str
    numbers: _containers.RepeatedScalarFieldContainer[str]
    mods: _containers.RepeatedScalarFieldContainer[str]
    sc: str
    total: int
    line_value: int
    def __init__(self, seat: _Optional[int] = ..., status: _Optional[str] = ..., numbers: _Optional[_Iterable[str]] = ..., mods: _Optional[_Iterable[str]] = ..., sc: _Optional[str] = ..., total: _Optional[int] = ..., line_value: _Optional[int] = ...) -> None: ...

class Flip7KindCount(_message.Message):
    __slots__ = ("kind", "count")
    KIND_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    kind: str
    count: int
    def __init__(self, kind: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class Flip7Event(_message.Message):
    __slots__ = ("round_start", "deal", "draw", "set_aside", "assign_required", "assign", "discard_no_target", "frozen", "flip3_start", "flip3_end", "sc_used", "bust", "stay", "flip7", "reshuffle", "round_end", "tiebreak", "game_over")
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    ASSIGN_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    ASSIGN_FIELD_NUMBER: _ClassVar[int]
    DISCARD_NO_TARGET_FIELD_NUMBER: _ClassVar[int]
    FROZEN_FIELD_NUMBER: _ClassVar[int]
    FLIP3_START_FIELD_NUMBER: _ClassVar[int]
    FLIP3_END_FIELD_NUMBER: _ClassVar[int]
    SC_USED_FIELD_NUMBER: _ClassVar[int]
    BUST_FIELD_NUMBER: _ClassVar[int]
    STAY_FIELD_NUMBER: _ClassVar[int]
    FLIP7_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLE_FIELD_NUMBER: _ClassVar[int]
    ROUND_END_FIELD_NUMBER: _ClassVar[int]
    TIEBREAK_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    round_start: Flip7RoundStartEvent
    deal: Flip7DealEvent
    draw: Flip7DrawEvent
    set_aside: Flip7SetAsideEvent
    assign_required: Flip7AssignRequiredEvent
    assign: Flip7AssignEvent
    discard_no_target: Flip7DiscardNoTargetEvent
    frozen: Flip7FrozenEvent
    flip3_start: Flip7Flip3StartEvent
    flip3_end: Flip7Flip3EndEvent
    sc_used: Flip7ScUsedEvent
    bust: Flip7BustEvent
    stay: Flip7StayEvent
    flip7: Flip7Flip7Event
    reshuffle: Flip7ReshuffleEvent
    round_end: Flip7RoundEndEvent
    tiebreak: Flip7TiebreakEvent
    game_over: Flip7GameOverEvent
    def __init__(self, round_start: _Optional[_Union[Flip7RoundStartEvent, _Mapping]] = ..., deal: _Optional[_Union[Flip7DealEvent, _Mapping]] = ..., draw: _Optional[_Union[Flip7DrawEvent, _Mapping]] = ..., set_aside: _Optional[_Union[Flip7SetAsideEvent, _Mapping]] = ..., assign_required: _Optional[_Union[Flip7AssignRequiredEvent, _Mapping]] = ..., assign: _Optional[_Union[Flip7AssignEvent, _Mapping]] = ..., discard_no_target: _Optional[_Union[Flip7DiscardNoTargetEvent, _Mapping]] = ..., frozen: _Optional[_Union[Flip7FrozenEvent, _Mapping]] = ..., flip3_start: _Optional[_Union[Flip7Flip3StartEvent, _Mapping]] = ..., flip3_end: _Optional[_Union[Flip7Flip3EndEvent, _Mapping]] = ..., sc_used: _Optional[_Union[Flip7ScUsedEvent, _Mapping]] = ..., bust: _Optional[_Union[Flip7BustEvent, _Mapping]] = ..., stay: _Optional[_Union[Flip7StayEvent, _Mapping]] = ..., flip7: _Optional[_Union[Flip7Flip7Event, _Mapping]] = ..., reshuffle: _Optional[_Union[Flip7ReshuffleEvent, _Mapping]] = ..., round_end: _Optional[_Union[Flip7RoundEndEvent, _Mapping]] = ..., tiebreak: _Optional[_Union[Flip7TiebreakEvent, _Mapping]] = ..., game_over: _Optional[_Union[Flip7GameOverEvent, _Mapping]] = ...) -> None: ...

class Flip7RoundStartEvent(_message.Message):
    __slots__ = ("round", "dealer")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    round: int
    dealer: int
    def __init__(self, round: _Optional[int] = ..., dealer: _Optional[int] = ...) -> None: ...

class Flip7DealEvent(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class Flip7DrawEvent(_message.Message):
    __slots__ = ("seat", "card", "via")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    via: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., via: _Optional[str] = ...) -> None: ...

class Flip7SetAsideEvent(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class Flip7AssignRequiredEvent(_message.Message):
    __slots__ = ("decider", "card", "legal")
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    decider: int
    card: str
    legal: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, decider: _Optional[int] = ..., card: _Optional[str] = ..., legal: _Optional[_Iterable[int]] = ...) -> None: ...

class Flip7AssignEvent(_message.Message):
    __slots__ = ("decider", "card", "target", "auto")
    DECIDER_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    AUTO_FIELD_NUMBER: _ClassVar[int]
    decider: int
    card: str
    target: int
    auto: bool
    def __init__(self, decider: _Optional[int] = ..., card: _Optional[str] = ..., target: _Optional[int] = ..., auto: _Optional[bool] = ...) -> None: ...

class Flip7DiscardNoTargetEvent(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class Flip7FrozenEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class Flip7Flip3StartEvent(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class Flip7Flip3EndEvent(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class Flip7ScUsedEvent(_message.Message):
    __slots__ = ("seat", "sc", "duplicate")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SC_FIELD_NUMBER: _ClassVar[int]
    DUPLICATE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    sc: str
    duplicate: str
    def __init__(self, seat: _Optional[int] = ..., sc: _Optional[str] = ..., duplicate: _Optional[str] = ...) -> None: ...

class Flip7BustEvent(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class Flip7StayEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class Flip7Flip7Event(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class Flip7ReshuffleEvent(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class Flip7RoundEndEvent(_message.Message):
    __slots__ = ("reason", "scores", "totals")
    REASON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    reason: str
    scores: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, reason: _Optional[str] = ..., scores: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...

class Flip7TiebreakEvent(_message.Message):
    __slots__ = ("seats",)
    SEATS_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ...) -> None: ...

class Flip7GameOverEvent(_message.Message):
    __slots__ = ("winners", "totals")
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, winners: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
