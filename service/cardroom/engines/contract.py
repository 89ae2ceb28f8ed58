"""The contract every rule engine implements.

An engine is a stateless object; all game data lives in a state value that the
engine creates, transforms and serialises. Engines are pure: no I/O, no clock,
no global random. Randomness comes only from the seed stored in the state (see
``rng.py``), so the same seed and the same actions give byte-identical states.

Shapes that cross the contract are plain data, so every transport can carry
them without knowing the game:

* an **action** is a ``dict`` with a ``"type"`` key (snake_case, e.g. ``"play"``)
  and the action's parameters (JSON scalars or lists);
* a **view** is a JSON-ready ``dict`` built for one seat or a spectator;
* an **event** is an :class:`Event` whose public part every viewer gets and whose
  private parts only named seats get.

The field names of actions, views and events are the rules files' names and the
protobuf field names of ``proto/cardroom/v1``, so transports convert them with
the generic proto3 JSON mapping instead of per-game code.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .codec import VersionedCodec

State = TypeVar("State")
Action = dict[str, Any]
View = dict[str, Any]
Seat = int | None  # None is a spectator


class RuleError(Exception):
    """An action (or a match setup) the rules refuse; the state is unchanged.

    ``code`` is the rules file's UPPER_SNAKE error code. ``malformed`` marks input
    that is not an action at all (wrong type, missing field): transports report it
    as INVALID_ARGUMENT; every other refusal is FAILED_PRECONDITION.
    """

    def __init__(self, code: str, message: str = "", *, malformed: bool | None = None):
        super().__init__(f"{code}: {message}" if message else code)
        self.code = code
        self.message = message or code
        self.malformed = code == "INVALID_ARGUMENT" if malformed is None else malformed


class OptionError(RuleError):
    """A bad option value at match creation; names the option."""

    def __init__(self, option: str, message: str):
        super().__init__("INVALID_OPTION", f"option {option!r}: {message}", malformed=True)
        self.option = option


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as each viewer may learn it.

    ``data`` is public. ``private`` maps a seat to extra fields that only that seat
    sees (a card it drew face down, its peeked values); everyone else gets the
    public part alone, which must still read as a complete event ("seat 1 drew
    from the pile").
    """

    type: str
    data: Mapping[str, Any] = field(default_factory=dict)
    private: Mapping[int, Mapping[str, Any]] | None = None

    def for_viewer(self, seat: Seat) -> dict[str, Any]:
        shown = {"type": self.type, **self.data}
        if self.private and seat is not None and seat in self.private:
            shown.update(self.private[seat])
        return shown


@dataclass(frozen=True, slots=True)
class Transition(Generic[State]):
    """The outcome of an accepted action: the new state and what happened."""

    state: State
    events: list[Event]


@dataclass(frozen=True, slots=True)
class GameResult:
    """Final standing: one score per seat, the winning seats and competition ranks (1, 1, 3)."""

    scores: list[int]
    winners: list[int]
    ranks: list[int]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house rule as a frontend shows it before play.

    ``kind`` is ``bool``, ``int``, ``enum`` (one of ``choices``), ``seat`` (a seat
    index or one of ``choices``, e.g. ``"random"``) or ``int_list``.
    """

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    #: most entries of an ``int_list`` option
    max_items: int | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Catalog metadata of one game type."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...]
    summary: str = ""


def competition_ranks(scores: Sequence[int], *, higher_is_better: bool = True) -> list[int]:
    """Ranks where equal scores share a rank and the next rank skips (1, 1, 3)."""
    sign = -1 if higher_is_better else 1
    return [1 + sum(1 for other in scores if sign * other < sign * mine) for mine in scores]


def validate_options(specs: Sequence[OptionSpec], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return every option with its value (defaults filled in), or raise OptionError.

    Values may arrive as JSON or as command-line strings ("true", "12"); both are
    accepted and normalised to the spec's type.
    """
    by_name = {spec.name: spec for spec in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(unknown[0], f"unknown option; known: {', '.join(sorted(by_name))}")
    return {spec.name: _coerce_option(spec, given.get(spec.name, spec.default)) for spec in specs}


def _coerce_option(spec: OptionSpec, value: Any) -> Any:
    if value is None:
        if spec.default is None:
            return None
        raise OptionError(spec.name, "a value is required")
    if spec.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("true", "false"):
            return value.lower() == "true"
        raise OptionError(spec.name, f"expected true or false, got {value!r}")
    if spec.kind == "enum":
        if isinstance(value, str) and value in spec.choices:
            return value
        raise OptionError(spec.name, f"expected one of {', '.join(spec.choices)}, got {value!r}")
    if spec.kind == "seat":
        if isinstance(value, str) and value in spec.choices:
            return value
        return _coerce_int(spec, value)
    if spec.kind == "int":
        return _coerce_int(spec, value)
    if spec.kind == "int_list":
        if isinstance(value, str):
            value = [part for part in value.split(",") if part.strip()]
        if not isinstance(value, (list, tuple)):
            raise OptionError(spec.name, f"expected a list of integers, got {value!r}")
        if spec.max_items is not None and len(value) > spec.max_items:
            raise OptionError(spec.name, f"at most {spec.max_items} entries, got {len(value)}")
        return [_coerce_int(spec, item) for item in value]
    raise AssertionError(f"unknown option kind {spec.kind!r}")


def _coerce_int(spec: OptionSpec, value: Any) -> int:
    if isinstance(value, bool):
        raise OptionError(spec.name, f"expected an integer, got {value!r}")
    if isinstance(value, str):
        try:
            value = int(value)
        except ValueError:
            raise OptionError(spec.name, f"expected an integer, got {value!r}") from None
    if not isinstance(value, int):
        raise OptionError(spec.name, f"expected an integer, got {value!r}")
    if spec.minimum is not None and value < spec.minimum:
        raise OptionError(spec.name, f"must be at least {spec.minimum}, got {value}")
    if spec.maximum is not None and value > spec.maximum:
        raise OptionError(spec.name, f"must be at most {spec.maximum}, got {value}")
    return value


def require_to_act(engine: Engine[State], state: State, seat: int) -> None:
    """Refuse a default action for a seat with no pending decision (the contract's NOT_YOUR_TURN)."""
    if seat not in engine.to_act(state):
        raise RuleError("NOT_YOUR_TURN", f"seat {seat!r} has no decision pending")


class Engine(ABC, Generic[State]):
    """The rules of one game. Stateless; every method is a pure function of its arguments.

    Implementations must keep these promises (``tests/engines/`` checks them for
    every engine over thousands of random games):

    * ``legal_actions`` plus ``standing_actions`` list, in a stable canonical order,
      exactly the actions ``apply`` accepts from that seat; ``legal_actions`` is empty
      for seats not in ``to_act``;
    * ``apply`` never modifies its input state; a refused action raises
      :class:`RuleError` with the rules file's code;
    * ``to_act`` is empty exactly when the game is over;
    * ``default_action`` is one of ``legal_actions`` for every seat in ``to_act``, and a
      game where every seat only plays default actions ends;
    * ``view`` and ``Event.for_viewer`` contain no card in ``hidden_cards`` for
      that viewer, and ``view`` is unchanged by ``redeal_hidden``.
    """

    info: ClassVar[GameInfo]
    #: keys of views and events whose values (scalars or lists) are card identities
    card_keys: ClassVar[frozenset[str]]

    # --- play ---------------------------------------------------------------
    @abstractmethod
    def start(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        fixture: Mapping[str, Any] | None = None,
    ) -> Transition[State]:
        """A new match and the events of its setup (the opening deal and whatever the rules
        run before the first decision). ``fixture`` is the rules file's §6 test hook (stacked
        decks, state fixtures); it and the seed never appear in any view or event. Raises
        RuleError (INVALID_OPTION, INVALID_ARGUMENT, INVALID_SEAT_COUNT) on bad input."""

    def new_game(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        fixture: Mapping[str, Any] | None = None,
    ) -> State:
        """``start`` without its events, for callers that only need the state."""
        return self.start(seats, options, seed, fixture).state

    @abstractmethod
    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now, in canonical order."""

    def standing_actions(self, state: State, seat: int) -> list[Action]:
        """Actions ``seat`` may send at any time, in ``to_act`` or not: standing preferences
        such as Pumptown's auto-pass, which the rules allow "at any time". They are never
        in ``legal_actions`` and do not make a seat one that must act. None by default."""
        return []

    @abstractmethod
    def apply(self, state: State, seat: int, action: Mapping[str, Any]) -> Transition[State]:
        """Apply ``action`` for ``seat``; raise RuleError and change nothing if refused."""

    @abstractmethod
    def to_act(self, state: State) -> tuple[int, ...]:
        """The seats that may act now, ascending (several in response windows)."""

    def to_act_for(self, state: State, viewer: Seat) -> tuple[int, ...]:
        """The seats of ``to_act`` that ``viewer`` may know are deciding now: what the service sends a
        caller as ``to_act``. All of them by default (who is to act is public in every game), fewer when
        the rules hide who is asked (Pumptown's ``poll_mode=holders_only``: only the viewer itself)."""
        return self.to_act(state)

    def hides_actor(self, state: State, action: Mapping[str, Any]) -> bool:
        """True when who took ``action`` (and the action) may be known to the actor only, so a match log
        names them to that seat alone (Pumptown's ``pass`` under ``poll_mode=holders_only``, which would
        tell who holds a fitting card). ``state`` is the state after the action. False by default."""
        return False

    def replay_event(self, state: State, viewer: Seat, event: Event) -> Event:
        """``event``, which ``viewer`` saw happen, as it may be served to it again now that the match is
        at ``state`` (a match log, a watch resumed from an older version): never more than the viewer
        saw then, and no card value the rules keep from being re-served (Pumptown's ``memory_assist=false``:
        a private value the view no longer shows). Unchanged by default."""
        return event

    @abstractmethod
    def default_action(self, state: State, seat: int) -> Action:
        """The action played for ``seat`` when its pending decision times out, or while the seat is away, left,
        or otherwise not deciding for itself. Always one of ``legal_actions(state, seat)`` when ``seat`` is in
        ``to_act(state)`` (RuleError NOT_YOUR_TURN otherwise). Deterministic; never helps the absent seat more
        than a careful player would. Each game's choice per decision kind is a rule decision in
        docs/rules/<game>.md."""

    def view(self, state: State, seat: Seat) -> View:
        """What ``seat`` (or a spectator, ``None``) may see, JSON-ready. A seat that is not
        at the table is refused (INVALID_SEAT), never read as another seat's index."""
        if seat is not None and not (type(seat) is int and 0 <= seat < self.seat_count(state)):
            raise RuleError("INVALID_SEAT", f"no seat {seat!r} at this table", malformed=True)
        return self.seat_view(state, seat)

    @abstractmethod
    def seat_view(self, state: State, seat: Seat) -> View:
        """``view`` for a seat at the table or a spectator (``None``)."""

    @abstractmethod
    def is_over(self, state: State) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: State) -> GameResult | None:
        """Scores, winners and ranks once over; ``None`` before."""

    @abstractmethod
    def seat_count(self, state: State) -> int:
        """Number of seats in this match."""

    # --- persistence --------------------------------------------------------
    #: the engine's state codec (schema version inside, migrations for older ones)
    codec: ClassVar[VersionedCodec]

    def encode(self, state: State) -> bytes:
        """Serialise with the engine's versioned codec."""
        return self.codec.encode(state)

    def decode(self, data: bytes) -> State:
        """Load a state saved by this or an earlier schema version."""
        return self.codec.decode(data)

    # --- introspection for invariant checks and bots --------------------------
    @abstractmethod
    def full_deck(self, state: State) -> list[Any]:
        """Every card the match was set up with (the multiset conservation is checked against)."""

    @abstractmethod
    def card_locations(self, state: State) -> list[Any]:
        """Every card found in every zone of ``state``; equals ``full_deck`` as a multiset."""

    @abstractmethod
    def hidden_cards(self, state: State, seat: Seat) -> set[Any]:
        """Cards whose identity ``seat`` has not legitimately seen (stock order, other hands...)."""

    @abstractmethod
    def redeal_hidden(self, state: State, seat: Seat, rng: Any) -> State:
        """A copy of ``state`` with the cards hidden from ``seat`` permuted among their
        places (using ``rng``, a ``random.Random``), consistent with all ``seat`` knows.
        ``view(state, seat)`` must equal ``view(redeal_hidden(state, seat, rng), seat)``."""
