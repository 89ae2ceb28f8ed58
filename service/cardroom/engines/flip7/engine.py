"""The Flip 7 engine behind the shared contract: action validation in the rules'
check order (§3.2), legal actions, views, results and introspection."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..contract import (
    Engine,
    Event,
    GameInfo,
    GameResult,
    RuleError,
    Seat,
    Transition,
    competition_ranks,
    require_to_act,
)
from . import defaults
from .rules import Resolver
from .start import DEFAULT_MIN_SEATS, MAX_SEATS, OPTION_SPECS, parse_options, start_match
from .state import CODEC, GAME_ID, GAME_OVER, STAYED, Flip7State, clone
from .views import build_view

#: action types in canonical order
HIT, STAY, ASSIGN = "hit", "stay", "assign"


class Flip7Engine(Engine[Flip7State]):
    info: ClassVar[GameInfo] = GameInfo(
        id=GAME_ID,
        name="Flip 7",
        min_players=DEFAULT_MIN_SEATS,  # what CreateMatch accepts with default options
        max_players=MAX_SEATS,
        options=OPTION_SPECS,
        summary="Push your luck: flip number cards without a duplicate; first to 200 wins. "
        "3-12 players by default (2 with min_players=2).",
    )
    codec = CODEC
    card_keys: ClassVar[frozenset[str]] = frozenset(
        {"card", "numbers", "mods", "sc", "set_aside", "discard", "duplicate"}
    )

    # --- play ---------------------------------------------------------------
    def start(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        fixture: Mapping[str, Any] | None = None,
    ) -> Transition[Flip7State]:
        return start_match(seats, parse_options(seats, options), seed, fixture)

    def legal_actions(self, state: Flip7State, seat: int) -> list[dict[str, Any]]:
        if state.phase == GAME_OVER:
            return []
        pending = state.pending
        if pending is not None:
            if seat != pending.decider:
                return []
            return [{"type": ASSIGN, "target": target} for target in pending.legal_targets]
        if seat != state.current:
            return []
        if _may_stay(state, seat):
            return [{"type": HIT}, {"type": STAY}]
        return [{"type": HIT}]

    def apply(self, state: Flip7State, seat: int, action: Mapping[str, Any]) -> Transition[Flip7State]:
        if state.phase == GAME_OVER:
            raise RuleError("GAME_OVER", "the game is over")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
            raise RuleError("NOT_A_PLAYER", f"no seat {seat!r} at this table")
        kind, target = _parse(action)
        pending = state.pending
        if kind == ASSIGN:
            if pending is None:
                raise RuleError("NO_DECISION", "no action card is waiting for a recipient")
            if seat != pending.decider:
                raise RuleError("NOT_YOUR_DECISION", f"seat {pending.decider} assigns {pending.card}")
            if target not in pending.legal_targets:
                raise RuleError("ILLEGAL_TARGET", f"{pending.card} may go to seats {pending.legal_targets}")
        else:
            if pending is not None:
                raise RuleError("DECISION_PENDING", f"seat {pending.decider} must first assign {pending.card}")
            if seat != state.current:
                raise RuleError("NOT_YOUR_TURN", f"it is seat {state.current}'s turn")
            if kind == STAY and not _may_stay(state, seat):
                raise RuleError("STAY_EMPTY_LINE", "you need at least one card in your line to stay")

        s = clone(state)
        resolver = Resolver(s)
        # the turn stays open until everything the action set off has resolved (§3.5 step 5)
        if kind == HIT:
            s.turn_open = True
            card = resolver.draw()
            if card is not None:
                resolver.events.append(Event("draw", {"seat": seat, "card": card, "via": "HIT"}))
                resolver.receive(seat, card, None)
        elif kind == STAY:
            s.players[seat].status = STAYED
            s.turn_open = True
            resolver.events.append(Event("stay", {"seat": seat}))
        else:
            s.pending = None
            resolver.assign(seat, pending.card, target, False)
        resolver.run()
        return Transition(s, resolver.events)

    def to_act(self, state: Flip7State) -> tuple[int, ...]:
        if state.phase == GAME_OVER:
            return ()
        if state.pending is not None:
            return (state.pending.decider,)
        return (state.current,)

    def default_action(self, state: Flip7State, seat: int) -> dict[str, Any]:
        require_to_act(self, state, seat)
        return defaults.default_action(state, seat, self.legal_actions(state, seat))

    def seat_view(self, state: Flip7State, seat: Seat) -> dict[str, Any]:
        return build_view(state, seat, [] if seat is None else self.legal_actions(state, seat))

    def is_over(self, state: Flip7State) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: Flip7State) -> GameResult | None:
        if state.phase != GAME_OVER:
            return None
        totals = [p.total for p in state.players]
        return GameResult(totals, list(state.winners), competition_ranks(totals))

    def seat_count(self, state: Flip7State) -> int:
        return len(state.players)


    # --- introspection ------------------------------------------------------
    def full_deck(self, state: Flip7State) -> list[str]:
        return list(state.deck)

    def card_locations(self, state: Flip7State) -> list[str]:
        found = [*state.draw, *state.discard]
        for player in state.players:
            found += player.numbers
            found += player.mods
            if player.sc is not None:
                found.append(player.sc)
        for frame in state.stack:
            found += frame.set_aside
        if state.pending is not None:
            found.append(state.pending.card)
        return found

    def hidden_cards(self, state: Flip7State, seat: Seat) -> set[str]:
        # Every card leaves the draw pile face up and reshuffles take only the public
        # discard pile, so the only unseen cards are those of the initial shuffle not
        # yet drawn; the order of the pile is always secret (see redeal_hidden).
        return set() if state.draw_seen else set(state.draw)

    def redeal_hidden(self, state: Flip7State, seat: Seat, rng: random.Random) -> Flip7State:
        s = clone(state)
        rng.shuffle(s.draw)
        return s


def _may_stay(state: Flip7State, seat: int) -> bool:
    if not state.options.stay_requires_card:
        return True
    player = state.players[seat]
    return bool(player.numbers or player.mods or player.sc is not None)


def _parse(action: Any) -> tuple[str, int | None]:
    """(type, target) of a well-formed action, else RuleError INVALID_ARGUMENT."""
    if not isinstance(action, Mapping):
        raise RuleError("INVALID_ARGUMENT", "an action is a mapping with a 'type'")
    kind = action.get("type")
    if kind in (HIT, STAY):
        if len(action) != 1:
            raise RuleError("INVALID_ARGUMENT", f"{kind} takes no parameters")
        return kind, None
    if kind == ASSIGN:
        target = action.get("target")
        if not isinstance(target, int) or isinstance(target, bool):
            raise RuleError("INVALID_ARGUMENT", "assign needs an integer 'target' seat")
        if len(action) != 2:
            raise RuleError("INVALID_ARGUMENT", "assign takes only 'target'")
        return kind, target
    raise RuleError("INVALID_ARGUMENT", f"unknown action type {kind!r}; expected hit, stay or assign")
