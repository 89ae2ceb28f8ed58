"""Pumba ("chúpate 2"): the rules of ../shared/rules/pumba.md on the engine contract.

Modules: ``cards`` (deck, points), ``state`` (state, options, codec, copy),
``setup`` (match creation and the test hook), ``rounds`` (deal, draws,
reshuffle, scoring, game end), ``actions`` (legality and effects), ``views``.

Actions (``legal_actions`` order: by type as listed, then card in canonical
order, suit in o c e b order, target ascending, the pumba call after the plain play):

* ``play``: ``card`` (id, e.g. ``"5c"``); ``suit`` (``o|c|e|b``, Sota only);
  ``target`` (seat, Ace only; required with ``ace_target=choose``, omitted in
  the listed form with ``ace_target=next`` but accepted if it names the next
  player); ``pumba`` (bool, default false; listed as ``true`` only when the hand
  holds exactly 2 cards).
* ``draw``, ``pass``, ``take_penalty``: no parameters.
* ``challenge_pumba``: ``target`` (the offender of the open window); any active
  seat but the offender, out of turn.

Events (``private`` parts in brackets):

* ``round_started``: round, opener, starter, active_suit, hand_counts,
  stock_count, current, dir, pending_draw [each dealt seat: hand].
* ``card_played``: seat, card, active_suit, target (or null), pumba.
* ``went_out``: seat, last_card, active_suit, target — a play that empties the
  hand; the round ends at once (``round_ended`` follows).
* ``cards_drawn``: seat, count (cards actually drawn), reason (``draw``, ``ace``,
  ``two``, ``pumba``, ``starter``) [drawer: cards].
* ``stock_reshuffled``: count.
* ``passed``: seat.
* ``pumba_window_opened`` / ``pumba_window_closed``: seat (the offender; closed
  without penalty). ``pumba_challenged``: seat (challenger), target.
* ``round_ended``: round, winner (or null when blocked), blocked,
  revealed_hands (list by seat), scores, totals, eliminated (seats).
* ``game_ended``: winners, ranks, totals.

``revealed_hands`` and ``last_card`` are not ``card_keys``: they name the cards of
a round that has just ended, which the same transition reshuffles into the next
deal; they say nothing about where those cards are now.

View (same keys for every viewer): you, phase (``turn_normal``,
``turn_penalty``, ``game_over``), round, options (all 14), players (list of
{seat, hand_count, total, eliminated, eliminated_round, round_score}), hand
(own cards, canonical order; empty for spectators), top, active_suit, discard_count (the
pile's cards are public through the ``card_played`` events), stock_count, opener, current (null
once over), dir, pending_draw, draws_this_turn, extra_turn, pumba_window
(offender or null), idle_passes, last_round_winner, winners, ranks (empty until
the end), last_round (null until a round ends, then {round, winner (or null), blocked,
results [{seat, score (null: did not play), revealed_hand}]}; ``revealed_hand`` is not
a card key, like ``revealed_hands``).

Fixture (the §6 test hook, ``new_game(..., fixture=...)``, never in a view):

* ``decks``: list of deck orders, one per round from round 1, each top first;
  a partial list is completed with the unlisted cards in canonical order.
  Rounds without one are shuffled from the seed.
* ``reshuffles``: list of new-stock orders (top first) for the successive
  reshuffles; each must be a permutation of the pile being reshuffled.
* ``state``: start mid-round instead of dealing: ``hands`` (one list per seat),
  ``stock`` (top first), ``discard`` (oldest first, non-empty) — together the 40
  cards once — and optionally ``active_suit``, ``opener``, ``current``, ``dir``,
  ``pending_draw``, ``draws_this_turn``, ``extra_turn``, ``totals``, ``round``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..contract import Engine, GameInfo, GameResult, Transition, require_to_act
from . import actions, defaults, setup, views
from .cards import CARDS
from .state import CODEC, GAME_ID, OPTION_SPECS, OVER, PumbaState


class PumbaEngine(Engine[PumbaState]):
    info: ClassVar[GameInfo] = GameInfo(
        id=GAME_ID,
        name="Pumba",
        min_players=setup.MIN_SEATS,
        max_players=setup.MAX_SEATS,
        options=OPTION_SPECS,
        summary="Spanish-deck shedding game: match suit or rank, Sotas are wild, Twos stack; call Pumba!",
    )
    codec = CODEC
    card_keys: ClassVar[frozenset[str]] = frozenset({"hand", "top", "card", "cards", "starter"})

    def start(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        fixture: Mapping[str, Any] | None = None,
    ) -> Transition[PumbaState]:
        return setup.start_match(seats, options, seed, fixture)

    def legal_actions(self, state: PumbaState, seat: int) -> list[dict[str, Any]]:
        return actions.legal_actions(state, seat)

    def apply(self, state: PumbaState, seat: int, action: Mapping[str, Any]) -> Transition[PumbaState]:
        return actions.apply(state, seat, action)

    def to_act(self, state: PumbaState) -> tuple[int, ...]:
        return actions.to_act(state)

    def default_action(self, state: PumbaState, seat: int) -> dict[str, Any]:
        require_to_act(self, state, seat)
        return defaults.default_action(actions.legal_actions(state, seat))

    def seat_view(self, state: PumbaState, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat)

    def is_over(self, state: PumbaState) -> bool:
        return state.phase == OVER

    def result(self, state: PumbaState) -> GameResult | None:
        if state.phase != OVER:
            return None
        return GameResult(list(state.totals), list(state.winners), list(state.ranks))

    def seat_count(self, state: PumbaState) -> int:
        return len(state.hands)


    def full_deck(self, state: PumbaState) -> list[str]:
        return list(CARDS)

    def card_locations(self, state: PumbaState) -> list[str]:
        return [card for hand in state.hands for card in hand] + state.stock + state.discard

    def hidden_cards(self, state: PumbaState, seat: int | None) -> set[str]:
        return views.hidden_cards(state, seat)

    def redeal_hidden(self, state: PumbaState, seat: int | None, rng: random.Random) -> PumbaState:
        return views.redeal_hidden(state, seat, rng)
