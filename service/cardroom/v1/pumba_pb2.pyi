from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class PumbaPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PUMBA_PHASE_UNSPECIFIED: _ClassVar[PumbaPhase]
    PUMBA_PHASE_TURN_NORMAL: _ClassVar[PumbaPhase]
    PUMBA_PHASE_TURN_PENALTY: _ClassVar[PumbaPhase]
    PUMBA_PHASE_GAME_OVER: _ClassVar[PumbaPhase]
PUMBA_PHASE_UNSPECIFIED: PumbaPhase
PUMBA_PHASE_TURN_NORMAL: PumbaPhase
PUMBA_PHASE_TURN_PENALTY: PumbaPhase
PUMBA_PHASE_GAME_OVER: PumbaPhase

class PumbaOptions(_message.Message):
    __slots__ = ("point_limit", "end_mode", "max_draws", "stack_twos", "two_penalty_ends_turn", "ace_target", "seven_two_players", "king_followup", "pumba_enforcement", "pumba_penalty", "starter_effects", "final_card_effects", "opener_rule", "first_opener")
    POINT_LIMIT_FIELD_NUMBER: _ClassVar[int]
    END_MODE_FIELD_NUMBER: _ClassVar[int]
    MAX_DRAWS_FIELD_NUMBER: _ClassVar[int]
    STACK_TWOS_FIELD_NUMBER: _ClassVar[int]
    TWO_PENALTY_ENDS_TURN_FIELD_NUMBER: _ClassVar[int]
    ACE_TARGET_FIELD_NUMBER: _ClassVar[int]
    SEVEN_TWO_PLAYERS_FIELD_NUMBER: _ClassVar[int]
    KING_FOLLOWUP_FIELD_NUMBER: _ClassVar[int]
    PUMBA_ENFORCEMENT_FIELD_NUMBER: _ClassVar[int]
    PUMBA_PENALTY_FIELD_NUMBER: _ClassVar[int]
    STARTER_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    FINAL_CARD_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    OPENER_RULE_FIELD_NUMBER: _ClassVar[int]
    FIRST_OPENER_FIELD_NUMBER: _ClassVar[int]
    point_limit: int
    end_mode: str
    max_draws: int
    stack_twos: bool
    two_penalty_ends_turn: bool
    ace_target: str
    seven_two_players: str
    king_followup: str
    pumba_enforcement: str
    pumba_penalty: int
    starter_effects: str
    final_card_effects: str
    opener_rule: str
    first_opener: str
    def __init__(self, point_limit: _Optional[int] = ..., end_mode: _Optional[str] = ..., max_draws: _Optional[int] = ..., stack_twos: _Optional[bool] = ..., two_penalty_ends_turn: _Optional[bool] = ..., ace_target: _Optional[str] = ..., seven_two_players: _Optional[str] = ..., king_followup: _Optional[str] = ..., pumba_enforcement: _Optional[str] = ..., pumba_penalty: _Optional[int] = ..., starter_effects: _Optional[str] = ..., final_card_effects: _Optional[str] = ..., opener_rule: _Optional[str] = ..., first_opener: _Optional[str] = ...) -> None: ...

class PumbaAction(_message.Message):
    __slots__ = ("play", "draw", "take_penalty", "challenge_pumba")
    PLAY_FIELD_NUMBER: _ClassVar[int]
    DRAW_FIELD_NUMBER: _ClassVar[int]
    PASS_FIELD_NUMBER: _ClassVar[int]
    TAKE_PENALTY_FIELD_NUMBER: _ClassVar[int]
    CHALLENGE_PUMBA_FIELD_NUMBER: _ClassVar[int]
    play: PumbaPlayAction
    draw: PumbaDrawAction
    take_penalty: PumbaTakePenaltyAction
    challenge_pumba: PumbaChallengePumbaAction
    def __init__(self, play: _Optional[_Union[PumbaPlayAction, _Mapping]] = ..., draw: _Optional[_Union[PumbaDrawAction, _Mapping]] = ..., take_penalty: _Optional[_Union[PumbaTakePenaltyAction, _Mapping]] = ..., challenge_pumba: _Optional[_Union[PumbaChallengePumbaAction, _Mapping]] = ..., **kwargs) -> None: ...

class PumbaPlayAction(_message.Message):
    __slots__ = ("card", "suit", "target", "pumba")
    CARD_FIELD_NUMBER: _ClassVar[int]
    SUIT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    PUMBA_FIELD_NUMBER: _ClassVar[int]
    card: str
    suit: str
    target: int
    pumba: bool
    def __init__(self, card: _Optional[str] = ..., suit: _Optional[str] = ..., target: _Optional[int] = ..., pumba: _Optional[bool] = ...) -> None: ...

class PumbaDrawAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumbaPassAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumbaTakePenaltyAction(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PumbaChallengePumbaAction(_message.Message):
    __slots__ = ("target",)
    TARGET_FIELD_NUMBER: _ClassVar[int]
    target: int
    def __init__(self, target: _Optional[int] = ...) -> None: ...

class PumbaView(_message.Message):
    __slots__ = ("you", "phase", "round", "options", "players", "hand", "top", "active_suit", "discard_count", "stock_count", "opener", "current", "dir", "pending_draw", "draws_this_turn", "extra_turn", "pumba_window", "idle_passes", "last_round_winner", "winners", "ranks", "typed_phase", "last_round")
    YOU_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    TOP_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SUIT_FIELD_NUMBER: _ClassVar[int]
    DISCARD_COUNT_FIELD_NUMBER: _ClassVar[int]
    STOCK_COUNT_FIELD_NUMBER: _ClassVar[int]
    OPENER_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    DIR_FIELD_NUMBER: _ClassVar[int]
    PENDING_DRAW_FIELD_NUMBER: _ClassVar[int]
    DRAWS_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    EXTRA_TURN_FIELD_NUMBER: _ClassVar[int]
    PUMBA_WINDOW_FIELD_NUMBER: _ClassVar[int]
    IDLE_PASSES_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_WINNER_FIELD_NUMBER: _ClassVar[int]
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    TYPED_PHASE_FIELD_NUMBER: _ClassVar[int]
    LAST_ROUND_FIELD_NUMBER: _ClassVar[int]
    you: int
    phase: str
    round: int
    options: PumbaOptions
    players: _containers.RepeatedCompositeFieldContainer[PumbaPlayer]
    hand: _containers.RepeatedScalarFieldContainer[str]
    top: str
    active_suit: str
    discard_count: int
    stock_count: int
    opener: int
    current: int
    dir: int
    pending_draw: int
    draws_this_turn: int
    extra_turn: bool
    pumba_window: int
    idle_passes: int
    last_round_winner: int
    winners: _containers.RepeatedScalarFieldContainer[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    typed_phase: PumbaPhase
    last_round: PumbaRoundSummary
    def __init__(self, you: _Optional[int] = ..., phase: _Optional[str] = ..., round: _Optional[int] = ..., options: _Optional[_Union[PumbaOptions, _Mapping]] = ..., players: _Optional[_Iterable[_Union[PumbaPlayer, _Mapping]]] = ..., hand: _Optional[_Iterable[str]] = ..., top: _Optional[str] = ..., active_suit: _Optional[str] = ..., discard_count: _Optional[int] = ..., stock_count: _Optional[int] = ..., opener: _Optional[int] = ..., current: _Optional[int] = ..., dir: _Optional[int] = ..., pending_draw: _Optional[int] = ..., draws_this_turn: _Optional[int] = ..., extra_turn: _Optional[bool] = ..., pumba_window: _Optional[int] = ..., idle_passes: _Optional[int] = ..., last_round_winner: _Optional[int] = ..., winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ..., typed_phase: _Optional[_Union[PumbaPhase, str]] = ..., last_round: _Optional[_Union[PumbaRoundSummary, _Mapping]] = ...) -> None: ...

class PumbaRoundSummary(_message.Message):
    __slots__ = ("round", "winner", "blocked", "results")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    round: int
    winner: int
    blocked: bool
    results: _containers.RepeatedCompositeFieldContainer[PumbaSeatRound]
    def __init__(self, round: _Optional[int] = ..., winner: _Optional[int] = ..., blocked: _Optional[bool] = ..., results: _Optional[_Iterable[_Union[PumbaSeatRound, _Mapping]]] = ...) -> None: ...

class PumbaSeatRound(_message.Message):
    __slots__ = ("seat", "score", "revealed_hand")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    REVEALED_HAND_FIELD_NUMBER: _ClassVar[int]
    seat: int
    score: int
    revealed_hand: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., score: _Optional[int] = ..., revealed_hand: _Optional[_Iterable[str]] = ...) -> None: ...

class PumbaPlayer(_message.Message):
    __slots__ = ("seat", "hand_count", "total", "eliminated", "eliminated_round", "round_score")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNT_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_ROUND_FIELD_NUMBER: _ClassVar[int]
    ROUND_SCORE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand_count: int
    total: int
    eliminated: bool
    eliminated_round: int
    round_score: int
    def __init__(self, seat: _Optional[int] = ..., hand_count: _Optional[int] = ..., total: _Optional[int] = ..., eliminated: _Optional[bool] = ..., eliminated_round: _Optional[int] = ..., round_score: _Optional[int] = ...) -> None: ...

class PumbaCardList(_message.Message):
    __slots__ = ("cards",)
    CARDS_FIELD_NUMBER: _ClassVar[int]
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PumbaEvent(_message.Message):
    __slots__ = ("round_started", "card_played", "went_out", "cards_drawn", "stock_reshuffled", "passed", "pumba_window_opened", "pumba_window_closed", "pumba_challenged", "round_ended", "game_ended")
    ROUND_STARTED_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    WENT_OUT_FIELD_NUMBER: _ClassVar[int]
    CARDS_DRAWN_FIELD_NUMBER: _ClassVar[int]
    STOCK_RESHUFFLED_FIELD_NUMBER: _ClassVar[int]
    PASSED_FIELD_NUMBER: _ClassVar[int]
    PUMBA_WINDOW_OPENED_FIELD_NUMBER: _ClassVar[int]
    PUMBA_WINDOW_CLOSED_FIELD_NUMBER: _ClassVar[int]
    PUMBA_CHALLENGED_FIELD_NUMBER: _ClassVar[int]
    ROUND_ENDED_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    round_started: PumbaRoundStartedEvent
    card_played: PumbaCardPlayedEvent
    went_out: PumbaWentOutEvent
    cards_drawn: PumbaCardsDrawnEvent
    stock_reshuffled: PumbaStockReshuffledEvent
    passed: PumbaPassedEvent
    pumba_window_opened: PumbaPumbaWindowOpenedEvent
    pumba_window_closed: PumbaPumbaWindowClosedEvent
    pumba_challenged: PumbaPumbaChallengedEvent
    round_ended: PumbaRoundEndedEvent
    game_ended: PumbaGameEndedEvent
    def __init__(self, round_started: _Optional[_Union[PumbaRoundStartedEvent, _Mapping]] = ..., card_played: _Optional[_Union[PumbaCardPlayedEvent, _Mapping]] = ..., went_out: _Optional[_Union[PumbaWentOutEvent, _Mapping]] = ..., cards_drawn: _Optional[_Union[PumbaCardsDrawnEvent, _Mapping]] = ..., stock_reshuffled: _Optional[_Union[PumbaStockReshuffledEvent, _Mapping]] = ..., passed: _Optional[_Union[PumbaPassedEvent, _Mapping]] = ..., pumba_window_opened: _Optional[_Union[PumbaPumbaWindowOpenedEvent, _Mapping]] = ..., pumba_window_closed: _Optional[_Union[PumbaPumbaWindowClosedEvent, _Mapping]] = ..., pumba_challenged: _Optional[_Union[PumbaPumbaChallengedEvent, _Mapping]] = ..., round_ended: _Optional[_Union[PumbaRoundEndedEvent, _Mapping]] = ..., game_ended: _Optional[_Union[PumbaGameEndedEvent, _Mapping]] = ...) -> None: ...

class PumbaRoundStartedEvent(_message.Message):
    __slots__ = ("round", "opener", "starter", "active_suit", "hand_counts", "stock_count", "current", "dir", "pending_draw", "hand")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    OPENER_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SUIT_FIELD_NUMBER: _ClassVar[int]
    HAND_COUNTS_FIELD_NUMBER: _ClassVar[int]
    STOCK_COUNT_FIELD_NUMBER: _ClassVar[int]
    CURRENT_FIELD_NUMBER: _ClassVar[int]
    DIR_FIELD_NUMBER: _ClassVar[int]
    PENDING_DRAW_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    round: int
    opener: int
    starter: str
    active_suit: str
    hand_counts: _containers.RepeatedScalarFieldContainer[int]
    stock_count: int
    current: int
    dir: int
    pending_draw: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, round: _Optional[int] = ..., opener: _Optional[int] = ..., starter: _Optional[str] = ..., active_suit: _Optional[str] = ..., hand_counts: _Optional[_Iterable[int]] = ..., stock_count: _Optional[int] = ..., current: _Optional[int] = ..., dir: _Optional[int] = ..., pending_draw: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ...) -> None: ...

class PumbaCardPlayedEvent(_message.Message):
    __slots__ = ("seat", "card", "active_suit", "target", "pumba")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SUIT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    PUMBA_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    active_suit: str
    target: int
    pumba: bool
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., active_suit: _Optional[str] = ..., target: _Optional[int] = ..., pumba: _Optional[bool] = ...) -> None: ...

class PumbaWentOutEvent(_message.Message):
    __slots__ = ("seat", "last_card", "active_suit", "target")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    LAST_CARD_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_SUIT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    seat: int
    last_card: str
    active_suit: str
    target: int
    def __init__(self, seat: _Optional[int] = ..., last_card: _Optional[str] = ..., active_suit: _Optional[str] = ..., target: _Optional[int] = ...) -> None: ...

class PumbaCardsDrawnEvent(_message.Message):
    __slots__ = ("seat", "count", "reason", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    count: int
    reason: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., count: _Optional[int] = ..., reason: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class PumbaStockReshuffledEvent(_message.Message):
    __slots__ = ("count",)
    COUNT_FIELD_NUMBER: _ClassVar[int]
    count: int
    def __init__(self, count: _Optional[int] = ...) -> None: ...

class PumbaPassedEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumbaPumbaWindowOpenedEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumbaPumbaWindowClosedEvent(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class PumbaPumbaChallengedEvent(_message.Message):
    __slots__ = ("seat", "target")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    seat: int
    target: int
    def __init__(self, seat: _Optional[int] = ..., target: _Optional[int] = ...) -> None: ...

class PumbaRoundEndedEvent(_message.Message):
    __slots__ = ("round", "winner", "blocked", "revealed_hands", "scores", "totals", "eliminated")
    ROUND_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    BLOCKED_FIELD_NUMBER: _ClassVar[int]
    REVEALED_HANDS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    ELIMINATED_FIELD_NUMBER: _ClassVar[int]
    round: int
    winner: int
    blocked: bool
    revealed_hands: _containers.RepeatedCompositeFieldContainer[PumbaCardList]
    scores: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    eliminated: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, round: _Optional[int] = ..., winner: _Optional[int] = ..., blocked: _Optional[bool] = ..., revealed_hands: _Optional[_Iterable[_Union[PumbaCardList, _Mapping]]] = ..., scores: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ..., eliminated: _Optional[_Iterable[int]] = ...) -> None: ...

class PumbaGameEndedEvent(_message.Message):
    __slots__ = ("winners", "ranks", "totals")
    WINNERS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    winners: _containers.RepeatedScalarFieldContainer[int]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, winners: _Optional[_Iterable[int]] = ..., ranks: _Optional[_Iterable[int]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...
