from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PumptownPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PUMPTOWN_PHASE_UNSPECIFIED: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_RS_WINDOW: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_PEEK: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_TB_WINDOW: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_TURN_START: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_TURN_PLACE: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_KNOCK_DECISION: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_AK_WINDOW: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_RE_WINDOW: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_REDIS_ALLOC: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_DUEL_TURN: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_DUEL_PLACE: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_PUMP_LIMIT: _ClassVar[PumptownPhase]
    PUMPTOWN_PHASE_GAME_OVER: _ClassVar[PumptownPhase]

class PumptownDecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PUMPTOWN_DECISION_KIND_UNSPECIFIED: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_RS_WINDOW: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_PEEK: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_TB_WINDOW: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_TURN_START: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_TURN_PLACE: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_KNOCK_DECISION: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_AK_WINDOW: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_RE_WINDOW: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_REDIS_ALLOC: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_DUEL_TURN: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_DUEL_PLACE: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_PUMP_LIMIT: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_GAME_OVER: _ClassVar[PumptownDecisionKind]
    PUMPTOWN_DECISION_KIND_NOPE_WINDOW: _ClassVar[PumptownDecisionKind]
PUMPTOWN_PHASE_UNSPECIFIED: PumptownPhase
PUMPTOWN_PHASE_RS_WINDOW: PumptownPhase
PUMPTOWN_PHASE_PEEK: PumptownPhase
PUMPTOWN_PHASE_TB_WINDOW: PumptownPhase
PUMPTOWN_PHASE_TURN_START: PumptownPhase
PUMPTOWN_PHASE_TURN_PLACE: PumptownPhase
PUMPTOWN_PHASE_KNOCK_DECISION: PumptownPhase
PUMPTOWN_PHASE_AK_WINDOW: PumptownPhase
PUMPTOWN_PHASE_RE_WINDOW: PumptownPhase
PUMPTOWN_PHASE_REDIS_ALLOC: PumptownPhase
PUMPTOWN_PHASE_DUEL_TURN: PumptownPhase
PUMPTOWN_PHASE_DUEL_PLACE: PumptownPhase
PUMPTOWN_PHASE_PUMP_LIMIT: PumptownPhase
PUMPTOWN_PHASE_GAME_OVER: PumptownPhase
PUMPTOWN_DECISION_KIND_UNSPECIFIED: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_RS_WINDOW: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_PEEK: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_TB_WINDOW: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_TURN_START: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_TURN_PLACE: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_KNOCK_DECISION: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_AK_WINDOW: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_RE_WINDOW: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_REDIS_ALLOC: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_DUEL_TURN: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_DUEL_PLACE: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_PUMP_LIMIT: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_GAME_OVER: PumptownDecisionKind
PUMPTOWN_DECISION_KIND_NOPE_WINDOW: PumptownDecisionKind

class PumptownOptions(_message.Message):
    __slots__ = ("rounds", "first_seat", "pump_enabled", "pump_mix", "pump_hand_limit", "moon_threshold", "knock_penalty", "reduction_totals", "allow_rediscard", "memory_assist", "poll_mode", "nope_on_nope", "duel_first", "duel_turns", "duel_may_discard", "duel_max_replays", "card_duel_prize", "round_turn_limit")
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    FIRST_SEAT_FIELD_NUMBER: _ClassVar[int]
    PUMP_ENABLED_FIELD_NUMBER: _ClassVar[int]
    PUMP_MIX_FIELD_NUMBER: _ClassVar[int]
    PUMP_HAND_LIMIT_FIELD_NUMBER: _ClassVar[int]
    MOON_THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    KNOCK_PENALTY_FIELD_NUMBER: _ClassVar[int]
    REDUCTION_TOTALS_FIELD_NUMBER: _ClassVar[int]
    ALLOW_REDISCARD_FIELD_NUMBER: _ClassVar[int]
    MEMORY_ASSIST_FIELD_NUMBER: _ClassVar[int]
    POLL_MODE_FIELD_NUMBER: _ClassVar[int]
    NOPE_ON_NOPE_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIRST_FIELD_NUMBER: _ClassVar[int]
    DUEL_TURNS_FIELD_NUMBER: _ClassVar[int]
    DUEL_MAY_DISCARD_FIELD_NUMBER: _ClassVar[int]
    DUEL_MAX_REPLAYS_FIELD_NUMBER: _ClassVar[int]
    CARD_DUEL_PRIZE_FIELD_NUMBER: _ClassVar[int]
    ROUND_TURN_LIMIT_FIELD_NUMBER: _ClassVar[int]
    rounds: int
    first_seat: str
    pump_enabled: bool
    pump_mix: PumptownIntList
    pump_hand_limit: int
    moon_threshold: int
    knock_penalty: int
    reduction_totals: PumptownIntList
    allow_rediscard: bool
    memory_assist: bool
    poll_mode: str
    nope_on_nope: bool
    duel_first: str
    duel_turns: int
    duel_may_discard: bool
    duel_max_replays: int
    card_duel_prize: str
    round_turn_limit: int
    def __init__(self, rounds: _Optional[int] = ..., first_seat: _Optional[str] = ..., pump_enabled: _Optional[bool] = ..., pump_mix: _Optional[_Union[PumptownIntList, _Mapping]] = ..., pump_hand_limit: _Optional[int] = ..., moon_threshold: _Optional[int] = ..., knock_penalty: _Optional[int] = ..., reduction_totals: _Optional[_Union[PumptownIntList, _Mapping]] = ..., allow_rediscard: _Optional[bool] = ..., memory_assist: _Optional[bool] = ..., poll_mode: _Optional[str] = ..., nope_on_nope: _Optional[bool] = ..., duel_first: _Optional[str] = ..., duel_turns: _Optional[int] = ..., duel_may_discard: _Optional[bool] = ..., duel_max_replays: _Optional[int] = ..., card_duel_prize: _Optional[str] = ..., round_turn_limit: _Optional[int] = ...) -> None: ...

class PumptownIntList(_message.Message):
    __slots__ = ("values",)
    VALUES_FIELD_NUMBER: _ClassVar[int]
    values: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, values: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownCardList(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PumptownAction(_message.Message):
    __slots__ = ("ack_peek", "draw", "place", "discard_drawn", "knock", "end_turn", "play", "discard_pump", "set_autopass", "allot")
    ACK_PEEK_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_DRAWN_FIELD_NUMBER: _ClassVar[int]
    KNOCK_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    DISCARD_PUMP_FIELD_NUMBER: _ClassVar[int]
    SET_AUTOPASS_FIELD_NUMBER: _ClassVar[int]
    ALLOT_FIELD_NUMBER: _ClassVar[int]
    ack_peek: PumptownAckPeekAction
    draw: PumptownDrawAction
    place: PumptownPlaceAction
    discard_drawn: PumptownDiscardDrawnAction
    knock: PumptownKnockAction
    end_turn: PumptownEndTurnAction
    play: PumptownPlayAction
    discard_pump: PumptownDiscardPumpAction
    set_autopass: PumptownSetAutopassAction
    allot: PumptownAllotAction
    def __init__(self, ack_peek: _Optional[_Union[PumptownAckPeekAction, _Mapping]] = ..., draw: _Optional[_Union[PumptownDrawAction, _Mapping]] = ..., place: _Optional[_Union[PumptownPlaceAction, _Mapping]] = ..., discard_drawn: _Optional[_Union[PumptownDiscardDrawnAction, _Mapping]] = ..., knock: _Optional[_Union[PumptownKnockAction, _Mapping]] = ..., end_turn: _Optional[_Union[PumptownEndTurnAction, _Mapping]] = ..., play: _Optional[_Union[PumptownPlayAction, _Mapping]] = ..., discard_pump: _Optional[_Union[PumptownDiscardPumpAction, _Mapping]] = ..., set_autopass: _Optional[_Union[PumptownSetAutopassAction, _Mapping]] = ..., allot: _Optional[_Union[PumptownAllotAction, _Mapping]] = ..., **kwargs) -> None: ...

class PumptownAckPeekAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownDrawAction(_message.Message):
    __slots__ = ("source",)
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    source: str
    def __init__(self, source: _Optional[str] = ...) -> None: ...

class PumptownPlaceAction(_message.Message):
    __slots__ = ("pos",)
    POS_FIELD_NUMBER: _ClassVar[int]
    pos: str
    def __init__(self, pos: _Optional[str] = ...) -> None: ...

class PumptownDiscardDrawnAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownKnockAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownEndTurnAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownPlayAction(_message.Message):
    __slots__ = ("card", "target", "a", "pa", "b", "pb", "tpos", "own_pos", "pos", "layout", "allocation")
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    PA_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    PB_FIELD_NUMBER: _ClassVar[int]
    TPOS_FIELD_NUMBER: _ClassVar[int]
    OWN_POS_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    ALLOCATION_FIELD_NUMBER: _ClassVar[int]
    card: str
    target: int
    a: int
    pa: str
    b: int
    pb: str
    tpos: str
    own_pos: str
    pos: str
    layout: _containers.RepeatedScalarFieldContainer[str]
    allocation: _containers.RepeatedCompositeFieldContainer[PumptownShare]
    def __init__(self, card: _Optional[str] = ..., target: _Optional[int] = ..., a: _Optional[int] = ..., pa: _Optional[str] = ..., b: _Optional[int] = ..., pb: _Optional[str] = ..., tpos: _Optional[str] = ..., own_pos: _Optional[str] = ..., pos: _Optional[str] = ..., layout: _Optional[_Iterable[str]] = ..., allocation: _Optional[_Iterable[_Union[PumptownShare, _Mapping]]] = ...) -> None: ...

class PumptownShare(_message.Message):
    __slots__ = ("recipient", "amount")
    RECIPIENT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    recipient: int
    amount: int
    def __init__(self, recipient: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class PumptownAllotAction(_message.Message):
    __slots__ = ("recipient", "amount")
    RECIPIENT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    recipient: int
    amount: int
    def __init__(self, recipient: _Optional[int] = ..., amount: _Optional[int] = ...) -> None: ...

class PumptownPassAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownDiscardPumpAction(_message.Message):
    __slots__ = ("card",)
    CARD_FIELD_NUMBER: _ClassVar[int]
    card: str
    def __init__(self, card: _Optional[str] = ...) -> None: ...

class PumptownSetAutopassAction(_message.Message):
    __slots__ = ("on",)
    ON_FIELD_NUMBER: _ClassVar[int]
    on: bool
    def __init__(self, on: _Optional[bool] = ...) -> None: ...

class PumptownView(_message.Message):
    __slots__ = ("you", "round", "rounds", "starter", "dealer", "phase", "decision", "mode", "scheduled", "last_actor", "knocker", "knock_blocked", "final_pending", "turns_done", "players", "draw_count", "discard", "set_aside", "pending", "hand", "autopass", "pump_deck_count", "pump_discard", "chain", "doubles", "redistributions", "duels", "duel", "round_winner", "typed_phase", "set_aside_owners", "duel_results", "last_round")
    YOU_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUNDS_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_FIELD_NUMBER: _ClassVar[int]
    LAST_ACTOR_FIELD_NUMBER: _ClassVar[int]
    KNOCKER_FIELD_NUMBER: _ClassVar[int]
    KNOCK_BLOCKED_FIELD_NUMBER: _ClassVar[int]
    FINAL_PENDING_FIELD_NUMBER: _ClassVar[int]
    TURNS_DONE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DRAW_COUNT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    AUTOPASS_FIELD_NUMBER: _ClassVar[int]
    PUMP_DECK_COUNT_FIELD_NUMBER: _ClassVar[int]
    PUMP_DISCARD_FIELD_NUMBER: _ClassVar[int]
    CHAIN_FIELD_NUMBER: _ClassVar[int]
    DOUBLES_FIELD_NUMBER: _ClassVar[int]
    REDISTRIBUTIONS_FIELD_NUMBER: _ClassVar[int]
    DUELS_FIELD_NUMBER: _ClassVar[int]
    DUEL_FIELD_NUMBER: _ClassVar[int]
    ROUND_WINNER_FIELD_NUMBER: _ClassVar[int]
    TYPED_PHASE_FIELD_NUMBER: _ClassVar[int]
    SET_ASIDE_OWNERS_FIELD_NUMBER: _ClassVar[int]
    DUEL_RESULTS_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    you: int
    round: int
    rounds: int
    starter: int
    dealer: int
    phase: str
    decision: PumptownDecision
    mode: str
    scheduled: int
    last_actor: int
    knocker: int
    knock_blocked: _containers.RepeatedScalarFieldContainer[int]
    final_pending: _containers.RepeatedScalarFieldContainer[int]
    turns_done: int
    players: _containers.RepeatedCompositeFieldContainer[PumptownPlayer]
    draw_count: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    set_aside: _containers.RepeatedScalarFieldContainer[str]
    pending: PumptownPending
    hand: _containers.RepeatedScalarFieldContainer[str]
    autopass: bool
    pump_deck_count: int
    pump_discard: _containers.RepeatedScalarFieldContainer[str]
    chain: _containers.RepeatedCompositeFieldContainer[PumptownChainPlay]
    doubles: _containers.RepeatedScalarFieldContainer[int]
    redistributions: _containers.RepeatedCompositeFieldContainer[PumptownRedistribution]
    duels: _containers.RepeatedCompositeFieldContainer[PumptownDuelRecord]
    duel: PumptownDuel
    round_winner: int
    typed_phase: PumptownPhase
    set_aside_owners: _containers.RepeatedScalarFieldContainer[int]
    duel_results: _containers.RepeatedCompositeFieldContainer[PumptownDuelResult]
    last_round: PumptownRoundSummary
    def __init__(self, you: _Optional[int] = ..., round: _Optional[int] = ..., rounds: _Optional[int] = ..., starter: _Optional[int] = ..., dealer: _Optional[int] = ..., phase: _Optional[str] = ..., decision: _Optional[_Union[PumptownDecision, _Mapping]] = ..., mode: _Optional[str] = ..., scheduled: _Optional[int] = ..., last_actor: _Optional[int] = ..., knocker: _Optional[int] = ..., knock_blocked: _Optional[_Iterable[int]] = ..., final_pending: _Optional[_Iterable[int]] = ..., turns_done: _Optional[int] = ..., players: _Optional[_Iterable[_Union[PumptownPlayer, _Mapping]]] = ..., draw_count: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ..., set_aside: _Optional[_Iterable[str]] = ..., pending: _Optional[_Union[PumptownPending, _Mapping]] = ..., hand: _Optional[_Iterable[str]] = ..., autopass: _Optional[bool] = ..., pump_deck_count: _Optional[int] = ..., pump_discard: _Optional[_Iterable[str]] = ..., chain: _Optional[_Iterable[_Union[PumptownChainPlay, _Mapping]]] = ..., doubles: _Optional[_Iterable[int]] = ..., redistributions: _Optional[_Iterable[_Union[PumptownRedistribution, _Mapping]]] = ..., duels: _Optional[_Iterable[_Union[PumptownDuelRecord, _Mapping]]] = ..., duel: _Optional[_Union[PumptownDuel, _Mapping]] = ..., round_winner: _Optional[int] = ..., typed_phase: _Optional[_Union[PumptownPhase, str]] = ..., set_aside_owners: _Optional[_Iterable[int]] = ..., duel_results: _Optional[_Iterable[_Union[PumptownDuelResult, _Mapping]]] = ..., last_round: _Optional[_Union[PumptownRoundSummary, _Mapping]] = ...) -> None: ...

class PumptownDecision(_message.Message):
    __slots__ = ("kind", "seats", "typed_kind")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TYPED_KIND_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    typed_kind: PumptownDecisionKind
    def __init__(self, kind: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., typed_kind: _Optional[_Union[PumptownDecisionKind, str]] = ...) -> None: ...

class PumptownPlayer(_message.Message):
    __slots__ = ("seat", "grid", "pump_count", "cumulative", "peek_acked", "peek_all", "tally", "score", "provisional_tally")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GRID_FIELD_NUMBER: _ClassVar[int]
    PUMP_COUNT_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_FIELD_NUMBER: _ClassVar[int]
    PEEK_ACKED_FIELD_NUMBER: _ClassVar[int]
    PEEK_ALL_FIELD_NUMBER: _ClassVar[int]
    TALLY_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_TALLY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    grid: _containers.RepeatedScalarFieldContainer[str]
    pump_count: int
    cumulative: int
    peek_acked: bool
    peek_all: bool
    tally: int
    score: int
    provisional_tally: int
    def __init__(self, seat: _Optional[int] = ..., grid: _Optional[_Iterable[str]] = ..., pump_count: _Optional[int] = ..., cumulative: _Optional[int] = ..., peek_acked: _Optional[bool] = ..., peek_all: _Optional[bool] = ..., tally: _Optional[int] = ..., score: _Optional[int] = ..., provisional_tally: _Optional[int] = ...) -> None: ...

class PumptownPending(_message.Message):
    __slots__ = ("seat", "source", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    source: str
    card: str
    def __init__(self, seat: _Optional[int] = ..., source: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class PumptownChainPlay(_message.Message):
    __slots__ = ("seat", "card", "target", "a", "pa", "b", "pb", "tpos", "own_pos", "pos", "layout", "alloc")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    PA_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    PB_FIELD_NUMBER: _ClassVar[int]
    TPOS_FIELD_NUMBER: _ClassVar[int]
    OWN_POS_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    ALLOC_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    target: int
    a: int
    pa: str
    b: int
    pb: str
    tpos: str
    own_pos: str
    pos: str
    layout: _containers.RepeatedScalarFieldContainer[str]
    alloc: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., target: _Optional[int] = ..., a: _Optional[int] = ..., pa: _Optional[str] = ..., b: _Optional[int] = ..., pb: _Optional[str] = ..., tpos: _Optional[str] = ..., own_pos: _Optional[str] = ..., pos: _Optional[str] = ..., layout: _Optional[_Iterable[str]] = ..., alloc: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownRedistribution(_message.Message):
    __slots__ = ("seat", "alloc")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ALLOC_FIELD_NUMBER: _ClassVar[int]
    seat: int
    alloc: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., alloc: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownDuelRecord(_message.Message):
    __slots__ = ("challenger", "target")
    CHALLENGER_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    challenger: int
    target: int
    def __init__(self, challenger: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class PumptownDuel(_message.Message):
    __slots__ = ("kind", "order", "seats", "slots", "cycle", "replay", "passes")
    KIND_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    CYCLE_FIELD_NUMBER: _ClassVar[int]
    REPLAY_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    kind: str
    order: _containers.RepeatedScalarFieldContainer[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    slots: _containers.RepeatedCompositeFieldContainer[PumptownCardList]
    cycle: int
    replay: int
    passes: _containers.RepeatedCompositeFieldContainer[PumptownDuelPass]
    def __init__(self, kind: _Optional[str] = ..., order: _Optional[_Iterable[int]] = ..., seats: _Optional[_Iterable[int]] = ..., slots: _Optional[_Iterable[_Union[PumptownCardList, _Mapping]]] = ..., cycle: _Optional[int] = ..., replay: _Optional[int] = ..., passes: _Optional[_Iterable[_Union[PumptownDuelPass, _Mapping]]] = ...) -> None: ...

class PumptownDuelPass(_message.Message):
    __slots__ = ("seats", "values")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    values: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ..., values: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownDuelResult(_message.Message):
    __slots__ = ("kind", "seats", "challenger", "original_scores", "passes", "winner", "scores")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    CHALLENGER_FIELD_NUMBER: _ClassVar[int]
    ORIGINAL_SCORES_FIELD_NUMBER: _ClassVar[int]
    PASSES_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    challenger: int
    original_scores: _containers.RepeatedScalarFieldContainer[int]
    passes: _containers.RepeatedCompositeFieldContainer[PumptownDuelPass]
    winner: int
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, kind: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., challenger: _Optional[int] = ..., original_scores: _Optional[_Iterable[int]] = ..., passes: _Optional[_Iterable[_Union[PumptownDuelPass, _Mapping]]] = ..., winner: _Optional[int] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownRoundSummary(_message.Message):
    __slots__ = ("round", "knocker", "tallies", "moon", "scores", "cumulative", "halved", "winner", "duels", "doubles", "redistributions")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    KNOCKER_FIELD_NUMBER: _ClassVar[int]
    TALLIES_FIELD_NUMBER: _ClassVar[int]
    MOON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_FIELD_NUMBER: _ClassVar[int]
    HALVED_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    DUELS_FIELD_NUMBER: _ClassVar[int]
    DOUBLES_FIELD_NUMBER: _ClassVar[int]
    REDISTRIBUTIONS_FIELD_NUMBER: _ClassVar[int]
    round: int
    knocker: int
    tallies: _containers.RepeatedScalarFieldContainer[int]
    moon: _containers.RepeatedScalarFieldContainer[bool]
    scores: _containers.RepeatedScalarFieldContainer[int]
    cumulative: _containers.RepeatedScalarFieldContainer[int]
    halved: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    duels: _containers.RepeatedCompositeFieldContainer[PumptownDuelResult]
    doubles: _containers.RepeatedScalarFieldContainer[int]
    redistributions: _containers.RepeatedCompositeFieldContainer[PumptownRedistribution]
    def __init__(self, round: _Optional[int] = ..., knocker: _Optional[int] = ..., tallies: _Optional[_Iterable[int]] = ..., moon: _Optional[_Iterable[bool]] = ..., scores: _Optional[_Iterable[int]] = ..., cumulative: _Optional[_Iterable[int]] = ..., halved: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ..., duels: _Optional[_Iterable[_Union[PumptownDuelResult, _Mapping]]] = ..., doubles: _Optional[_Iterable[int]] = ..., redistributions: _Optional[_Iterable[_Union[PumptownRedistribution, _Mapping]]] = ...) -> None: ...

class PumptownEvent(_message.Message):
    __slots__ = ("round_start", "peek_start", "ack_peek", "peek_end", "play", "chain_resolved", "knock_blocked", "knock_stands", "swipe", "eliminate", "draw", "place", "discard", "knock", "end_turn", "reveal", "tally", "duel_start", "duel_reveal", "duel_end", "award", "discard_pump", "round_over", "game_over", "reshuffle", "autopass_set", "allot")
    ROUND_START_FIELD_NUMBER: _ClassVar[int]
    PEEK_START_FIELD_NUMBER: _ClassVar[int]
    ACK_PEEK_FIELD_NUMBER: _ClassVar[int]
    PEEK_END_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    CHAIN_RESOLVED_FIELD_NUMBER: _ClassVar[int]
    KNOCK_BLOCKED_FIELD_NUMBER: _ClassVar[int]
    KNOCK_STANDS_FIELD_NUMBER: _ClassVar[int]
    SWIPE_FIELD_NUMBER: _ClassVar[int]
    ELIMINATE_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    PLACE_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    KNOCK_FIELD_NUMBER: _ClassVar[int]
    END_TURN_FIELD_NUMBER: _ClassVar[int]
    REVEAL_FIELD_NUMBER: _ClassVar[int]
    TALLY_FIELD_NUMBER: _ClassVar[int]
    DUEL_START_FIELD_NUMBER: _ClassVar[int]
    DUEL_REVEAL_FIELD_NUMBER: _ClassVar[int]
    DUEL_END_FIELD_NUMBER: _ClassVar[int]
    AWARD_FIELD_NUMBER: _ClassVar[int]
    DISCARD_PUMP_FIELD_NUMBER: _ClassVar[int]
    ROUND_OVER_FIELD_NUMBER: _ClassVar[int]
    GAME_OVER_FIELD_NUMBER: _ClassVar[int]
    RESHUFFLE_FIELD_NUMBER: _ClassVar[int]
    AUTOPASS_SET_FIELD_NUMBER: _ClassVar[int]
    ALLOT_FIELD_NUMBER: _ClassVar[int]
    round_start: PumptownRoundStartEvent
    peek_start: PumptownPeekStartEvent
    ack_peek: PumptownAckPeekEvent
    peek_end: PumptownPeekEndEvent
    play: PumptownPlayEvent
    chain_resolved: PumptownChainResolvedEvent
    knock_blocked: PumptownKnockBlockedEvent
    knock_stands: PumptownKnockStandsEvent
    swipe: PumptownSwipeEvent
    eliminate: PumptownEliminateEvent
    draw: PumptownDrawEvent
    place: PumptownPlaceEvent
    discard: PumptownDiscardEvent
    knock: PumptownKnockEvent
    end_turn: PumptownEndTurnEvent
    reveal: PumptownRevealEvent
    tally: PumptownTallyEvent
    duel_start: PumptownDuelStartEvent
    duel_reveal: PumptownDuelRevealEvent
    duel_end: PumptownDuelEndEvent
    award: PumptownAwardEvent
    discard_pump: PumptownDiscardPumpEvent
    round_over: PumptownRoundOverEvent
    game_over: PumptownGameOverEvent
    reshuffle: PumptownReshuffleEvent
    autopass_set: PumptownAutopassSetEvent
    allot: PumptownAllotEvent
    def __init__(self, round_start: _Optional[_Union[PumptownRoundStartEvent, _Mapping]] = ..., peek_start: _Optional[_Union[PumptownPeekStartEvent, _Mapping]] = ..., ack_peek: _Optional[_Union[PumptownAckPeekEvent, _Mapping]] = ..., peek_end: _Optional[_Union[PumptownPeekEndEvent, _Mapping]] = ..., play: _Optional[_Union[PumptownPlayEvent, _Mapping]] = ..., chain_resolved: _Optional[_Union[PumptownChainResolvedEvent, _Mapping]] = ..., knock_blocked: _Optional[_Union[PumptownKnockBlockedEvent, _Mapping]] = ..., knock_stands: _Optional[_Union[PumptownKnockStandsEvent, _Mapping]] = ..., swipe: _Optional[_Union[PumptownSwipeEvent, _Mapping]] = ..., eliminate: _Optional[_Union[PumptownEliminateEvent, _Mapping]] = ..., draw: _Optional[_Union[PumptownDrawEvent, _Mapping]] = ..., place: _Optional[_Union[PumptownPlaceEvent, _Mapping]] = ..., discard: _Optional[_Union[PumptownDiscardEvent, _Mapping]] = ..., knock: _Optional[_Union[PumptownKnockEvent, _Mapping]] = ..., end_turn: _Optional[_Union[PumptownEndTurnEvent, _Mapping]] = ..., reveal: _Optional[_Union[PumptownRevealEvent, _Mapping]] = ..., tally: _Optional[_Union[PumptownTallyEvent, _Mapping]] = ..., duel_start: _Optional[_Union[PumptownDuelStartEvent, _Mapping]] = ..., duel_reveal: _Optional[_Union[PumptownDuelRevealEvent, _Mapping]] = ..., duel_end: _Optional[_Union[PumptownDuelEndEvent, _Mapping]] = ..., award: _Optional[_Union[PumptownAwardEvent, _Mapping]] = ..., discard_pump: _Optional[_Union[PumptownDiscardPumpEvent, _Mapping]] = ..., round_over: _Optional[_Union[PumptownRoundOverEvent, _Mapping]] = ..., game_over: _Optional[_Union[PumptownGameOverEvent, _Mapping]] = ..., reshuffle: _Optional[_Union[PumptownReshuffleEvent, _Mapping]] = ..., autopass_set: _Optional[_Union[PumptownAutopassSetEvent, _Mapping]] = ..., allot: _Optional[_Union[PumptownAllotEvent, _Mapping]] = ..., **kwargs) -> None: ...

class PumptownRoundStartEvent(_message.Message):
    __slots__ = ("round", "starter", "dealer", "discard")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    DISCARD_FIELD_NUMBER: _ClassVar[int]
    round: int
    starter: int
    dealer: int
    discard: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, round: _Optional[int] = ..., starter: _Optional[int] = ..., dealer: _Optional[int] = ..., discard: _Optional[_Iterable[str]] = ...) -> None: ...

class PumptownPeekStartEvent(_message.Message):
    __slots__ = ("peek_all", "peeked")
    PEEK_ALL_FIELD_NUMBER: _ClassVar[int]
    PEEKED_FIELD_NUMBER: _ClassVar[int]
    peek_all: _containers.RepeatedScalarFieldContainer[bool]
    peeked: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, peek_all: _Optional[_Iterable[bool]] = ..., peeked: _Optional[_Iterable[str]] = ...) -> None: ...

class PumptownAckPeekEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumptownPeekEndEvent(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumptownPassEvent(_message.Message):
    __slots__ = ("seat", "window")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    seat: int
    window: str
    def __init__(self, seat: _Optional[int] = ..., window: _Optional[str] = ...) -> None: ...

class PumptownPlayEvent(_message.Message):
    __slots__ = ("seat", "card", "target", "a", "pa", "b", "pb", "tpos", "own_pos", "pos", "layout")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    A_FIELD_NUMBER: _ClassVar[int]
    PA_FIELD_NUMBER: _ClassVar[int]
    B_FIELD_NUMBER: _ClassVar[int]
    PB_FIELD_NUMBER: _ClassVar[int]
    TPOS_FIELD_NUMBER: _ClassVar[int]
    OWN_POS_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    LAYOUT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    target: int
    a: int
    pa: str
    b: int
    pb: str
    tpos: str
    own_pos: str
    pos: str
    layout: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., target: _Optional[int] = ..., a: _Optional[int] = ..., pa: _Optional[str] = ..., b: _Optional[int] = ..., pb: _Optional[str] = ..., tpos: _Optional[str] = ..., own_pos: _Optional[str] = ..., pos: _Optional[str] = ..., layout: _Optional[_Iterable[str]] = ...) -> None: ...

class PumptownChainResolvedEvent(_message.Message):
    __slots__ = ("seat", "card", "cancelled", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    cancelled: bool
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., cancelled: _Optional[bool] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PumptownKnockBlockedEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumptownKnockStandsEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumptownSwipeEvent(_message.Message):
    __slots__ = ("seat", "pos", "card", "replaced")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    pos: str
    card: str
    replaced: str
    def __init__(self, seat: _Optional[int] = ..., pos: _Optional[str] = ..., card: _Optional[str] = ..., replaced: _Optional[str] = ...) -> None: ...

class PumptownEliminateEvent(_message.Message):
    __slots__ = ("seat", "pos", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    pos: str
    card: str
    def __init__(self, seat: _Optional[int] = ..., pos: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class PumptownDrawEvent(_message.Message):
    __slots__ = ("seat", "source", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    source: str
    card: str
    def __init__(self, seat: _Optional[int] = ..., source: _Optional[str] = ..., card: _Optional[str] = ...) -> None: ...

class PumptownPlaceEvent(_message.Message):
    __slots__ = ("seat", "pos", "replaced")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    POS_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    seat: int
    pos: str
    replaced: str
    def __init__(self, seat: _Optional[int] = ..., pos: _Optional[str] = ..., replaced: _Optional[str] = ...) -> None: ...

class PumptownDiscardEvent(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class PumptownKnockEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumptownEndTurnEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumptownRevealEvent(_message.Message):
    __slots__ = ("grids", "tallies")
    GRIDS_FIELD_NUMBER: _ClassVar[int]
    TALLIES_FIELD_NUMBER: _ClassVar[int]
    grids: _containers.RepeatedCompositeFieldContainer[PumptownCardList]
    tallies: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, grids: _Optional[_Iterable[_Union[PumptownCardList, _Mapping]]] = ..., tallies: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownTallyEvent(_message.Message):
    __slots__ = ("tallies", "moon", "scores")
    TALLIES_FIELD_NUMBER: _ClassVar[int]
    MOON_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    tallies: _containers.RepeatedScalarFieldContainer[int]
    moon: _containers.RepeatedScalarFieldContainer[bool]
    scores: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, tallies: _Optional[_Iterable[int]] = ..., moon: _Optional[_Iterable[bool]] = ..., scores: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownDuelStartEvent(_message.Message):
    __slots__ = ("kind", "seats", "replay")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    REPLAY_FIELD_NUMBER: _ClassVar[int]
    kind: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    replay: int
    def __init__(self, kind: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., replay: _Optional[int] = ...) -> None: ...

class PumptownDuelRevealEvent(_message.Message):
    __slots__ = ("seats", "slots", "values")
    SEATS_FIELD_NUMBER: _ClassVar[int]
    SLOTS_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    seats: _containers.RepeatedScalarFieldContainer[int]
    slots: _containers.RepeatedCompositeFieldContainer[PumptownCardList]
    values: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seats: _Optional[_Iterable[int]] = ..., slots: _Optional[_Iterable[_Union[PumptownCardList, _Mapping]]] = ..., values: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownDuelEndEvent(_message.Message):
    __slots__ = ("kind", "winner")
    KIND_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    kind: str
    winner: int
    def __init__(self, kind: _Optional[str] = ..., winner: _Optional[int] = ...) -> None: ...

class PumptownAwardEvent(_message.Message):
    __slots__ = ("seat", "source", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    source: str
    card: str
    def __init__(self, seat: _Optional[int] = ..., source: _Optional[str] = ..., card: _Optional[str] = ..., **kwargs) -> None: ...

class PumptownDiscardPumpEvent(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class PumptownRoundOverEvent(_message.Message):
    __slots__ = ("round", "scores", "cumulative", "halved", "winner")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    CUMULATIVE_FIELD_NUMBER: _ClassVar[int]
    HALVED_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    round: int
    scores: _containers.RepeatedScalarFieldContainer[int]
    cumulative: _containers.RepeatedScalarFieldContainer[int]
    halved: _containers.RepeatedScalarFieldContainer[int]
    winner: int
    def __init__(self, round: _Optional[int] = ..., scores: _Optional[_Iterable[int]] = ..., cumulative: _Optional[_Iterable[int]] = ..., halved: _Optional[_Iterable[int]] = ..., winner: _Optional[int] = ...) -> None: ...

class PumptownGameOverEvent(_message.Message):
    __slots__ = ("cumulative", "winners")
    CUMULATIVE_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    cumulative: _containers.RepeatedScalarFieldContainer[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, cumulative: _Optional[_Iterable[int]] = ..., winners: _Optional[_Iterable[int]] = ...) -> None: ...

class PumptownReshuffleEvent(_message.Message):
    __slots__ = ("pile", "count")
    PILE_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    pile: str
    count: int
    def __init__(self, pile: _Optional[str] = ..., count: _Optional[int] = ...) -> None: ...

class PumptownAutopassSetEvent(_message.Message):
    __slots__ = ("seat", "on")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    on: bool
    def __init__(self, seat: _Optional[int] = ..., on: _Optional[bool] = ...) -> None: ...

class PumptownAllotEvent(_message.Message):
    __slots__ = ("seat", "recipient", "amount", "remaining")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RECIPIENT_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    REMAINING_FIELD_NUMBER: _ClassVar[int]
    seat: int
    recipient: int
    amount: int
    remaining: int
    def __init__(self, seat: _Optional[int] = ..., recipient: _Optional[int] = ..., amount: _Optional[int] = ..., remaining: _Optional[int] = ...) -> None: ...
