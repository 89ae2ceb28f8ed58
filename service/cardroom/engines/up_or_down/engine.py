"""The Up or Down? engine: the contract's methods, delegating to the rules modules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..contract import Action, Engine, GameInfo, GameResult, Seat, Transition, View, require_to_act
from . import defaults, scoring, setup, turn, views
from .state import CODEC, GAME_ID, GAME_OVER, UpOrDownState


class UpOrDownEngine(Engine[UpOrDownState]):
    info: ClassVar[GameInfo] = GameInfo(
        id=GAME_ID,
        name="Up or Down?",
        min_players=setup.MIN_PLAYERS,
        max_players=setup.MAX_PLAYERS,
        options=setup.OPTION_SPECS,
        summary="Play a card into the number ring, take a neighbour, build rising or falling columns of one colour.",
    )
    codec = CODEC
    card_keys: ClassVar[frozenset[str]] = frozenset(
        {"card", "lower", "upper", "cards", "hand", "known", "display", "discard", "played", "taken", "pile_up_top"}
    )

    def start(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        fixture: Mapping[str, Any] | None = None,
    ) -> Transition[UpOrDownState]:
        return Transition(setup.new_game(seats, options, seed, fixture), [])  # the deal is the first view

    def legal_actions(self, state: UpOrDownState, seat: int) -> list[Action]:
        return turn.legal_actions(state, seat)

    def apply(self, state: UpOrDownState, seat: int, action: Mapping[str, Any]) -> Transition[UpOrDownState]:
        return turn.apply(state, seat, action)

    def to_act(self, state: UpOrDownState) -> tuple[int, ...]:
        return () if state.phase == GAME_OVER else (state.current,)

    def default_action(self, state: UpOrDownState, seat: int) -> Action:
        require_to_act(self, state, seat)
        return defaults.default_action(state, seat, turn.legal_actions(state, seat))

    def seat_view(self, state: UpOrDownState, seat: Seat) -> View:
        return views.view(state, seat)

    def is_over(self, state: UpOrDownState) -> bool:
        return state.phase == GAME_OVER

    def result(self, state: UpOrDownState) -> GameResult | None:
        return scoring.result(state) if state.phase == GAME_OVER else None

    def seat_count(self, state: UpOrDownState) -> int:
        return state.seats


    def full_deck(self, state: UpOrDownState) -> list[int]:
        return list(state.cards)

    def card_locations(self, state: UpOrDownState) -> list[int]:
        found = [*state.display, *state.pile_down, *state.pile_up]
        for hand, columns, discard in zip(state.hands, state.columns, state.discards, strict=True):
            found += hand
            for column in columns:
                found += column
            found += discard
        if state.taken is not None:
            found.append(state.taken)
        return found

    def hidden_cards(self, state: UpOrDownState, seat: Seat) -> set[int]:
        return views.hidden_cards(state, seat)

    def redeal_hidden(self, state: UpOrDownState, seat: Seat, rng: random.Random) -> UpOrDownState:
        return views.redeal_hidden(state, seat, rng)
