"""Turn actions (rules §3.3, §3.4): who may act, what is legal, and applying an action.

Validation follows the rules' error precedence: GAME_OVER, NOT_A_PLAYER /
PLAYER_ELIMINATED, malformed input (INVALID_ARGUMENT), NOT_YOUR_TURN, then the
"Legal when" column left to right. Only then is the state copied and changed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Event, RuleError, Transition
from .cards import ACE, CABALLO, INDEX, REY, SEVEN, SOTA, SUITS, TWO
from .rounds import card_available, close_window, draw_cards, end_round, new_turn, next_seat
from .state import OVER, PumbaState, clone

#: action types in canonical order, with the parameters each accepts
PARAMS: dict[str, frozenset[str]] = {
    "play": frozenset({"card", "suit", "target", "pumba"}),
    "draw": frozenset(),
    "pass": frozenset(),
    "take_penalty": frozenset(),
    "challenge_pumba": frozenset({"target"}),
}


def to_act(state: PumbaState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    offender = state.pumba_window
    if offender < 0:
        return (state.current,)
    # an open window lets every active seat but the offender challenge, out of turn
    current = state.current
    return tuple(
        seat for seat, out in enumerate(state.eliminated_in) if not out and (seat != offender or seat == current)
    )


def legal_actions(state: PumbaState, seat: int) -> list[dict[str, Any]]:
    if state.phase == OVER or not 0 <= seat < len(state.hands) or state.eliminated_in[seat]:
        return []
    actions: list[dict[str, Any]] = []
    if seat == state.current:
        hand = state.hands[seat]
        if state.pending_draw:
            if state.options.stack_twos:
                for card in hand:
                    if card[0] == TWO:
                        _add_plays(state, seat, card, actions)
            actions.append({"type": "take_penalty"})
        else:
            top_rank = state.discard[-1][0]
            suit = state.active_suit
            for card in hand:
                if card[0] == SOTA or card[1] == suit or card[0] == top_rank:
                    _add_plays(state, seat, card, actions)
            available = card_available(state)
            if available and state.draws_this_turn < state.options.max_draws:
                actions.append({"type": "draw"})
            if _may_pass(state, available):
                actions.append({"type": "pass"})
    offender = state.pumba_window
    if offender >= 0 and seat != offender:
        actions.append({"type": "challenge_pumba", "target": offender})
    return actions


def _add_plays(state: PumbaState, seat: int, card: str, actions: list[dict[str, Any]]) -> None:
    """Every parameter combination of playing ``card``: suit (Sota), target (Ace), pumba call."""
    rank = card[0]
    if rank == SOTA:
        variants = [{"type": "play", "card": card, "suit": suit} for suit in SUITS]
    elif rank == ACE and state.options.ace_target == "choose":
        variants = [
            {"type": "play", "card": card, "target": target}
            for target, out in enumerate(state.eliminated_in)
            if not out and target != seat
        ]
    else:
        variants = [{"type": "play", "card": card}]
    if len(state.hands[seat]) == 2:
        for variant in variants:
            actions.append(variant)
            actions.append({**variant, "pumba": True})
    else:
        actions.extend(variants)


def _may_pass(state: PumbaState, available: bool) -> bool:
    return (
        state.draws_this_turn >= 1 or not available or (state.extra_turn and state.options.king_followup == "optional")
    )


def _malformed(message: str) -> RuleError:
    return RuleError("INVALID_ARGUMENT", message)


def apply(state: PumbaState, seat: Any, action: Any) -> Transition[PumbaState]:
    if state.phase == OVER:
        raise RuleError("GAME_OVER", "the game is over")
    if type(seat) is not int or not 0 <= seat < len(state.hands):
        raise RuleError("NOT_A_PLAYER", "no such seat")
    if state.eliminated_in[seat]:
        raise RuleError("PLAYER_ELIMINATED", "this seat has been eliminated")
    if type(action) is not dict and not isinstance(action, Mapping):
        raise _malformed("an action is a mapping with a 'type'")
    kind = action.get("type")
    params = PARAMS.get(kind) if type(kind) is str else None
    if params is None:
        raise _malformed(f"unknown action type; expected one of {', '.join(PARAMS)}")
    for key in action:
        if key != "type" and key not in params:
            raise _malformed(f"unexpected parameter {key!r} for {kind}")
    if kind == "play":
        return _play(state, seat, action)
    if kind == "challenge_pumba":
        return _challenge(state, seat, action)
    if seat != state.current:
        raise RuleError("NOT_YOUR_TURN", "it is another seat's turn")
    if kind == "draw":
        return _draw(state, seat)
    if kind == "pass":
        return _pass(state, seat)
    return _take_penalty(state, seat)


def _play(state: PumbaState, seat: int, action: Mapping[str, Any]) -> Transition[PumbaState]:
    card = action.get("card")
    if type(card) is not str or card not in INDEX:
        raise _malformed("card must be a card id such as '5c'")
    suit = action.get("suit")
    if "suit" in action and (type(suit) is not str or len(suit) != 1 or suit not in SUITS):
        raise _malformed("suit must be one of o, c, e, b")
    target = action.get("target")
    if "target" in action and type(target) is not int:
        raise _malformed("target must be a seat number")
    call = action.get("pumba", False)
    if type(call) is not bool:
        raise _malformed("pumba must be true or false")
    if seat != state.current:
        raise RuleError("NOT_YOUR_TURN", "it is another seat's turn")
    hand = state.hands[seat]
    if card not in hand:
        raise RuleError("CARD_NOT_IN_HAND", "that card is not in your hand")
    rank = card[0]
    options = state.options
    if state.pending_draw:
        if rank != TWO:
            raise RuleError("MUST_ANSWER_TWO", "answer the pending Two with a Two or take the penalty")
        if not options.stack_twos:
            raise RuleError("STACKING_DISABLED", "Twos do not stack at this table")
    elif rank != SOTA and card[1] != state.active_suit and rank != state.discard[-1][0]:
        raise RuleError("CARD_NOT_PLAYABLE", "the card matches neither the suit nor the rank")
    if rank == SOTA:
        if suit is None:
            raise RuleError("SUIT_REQUIRED", "a Sota names a suit")
    elif suit is not None:
        raise RuleError("SUIT_NOT_ALLOWED", "only a Sota names a suit")
    if rank == ACE:
        if options.ace_target == "choose":
            if target is None:
                raise RuleError("TARGET_REQUIRED", "an Ace names the opponent who draws")
            if not 0 <= target < len(state.hands) or target == seat or state.eliminated_in[target]:
                raise RuleError("INVALID_TARGET", "the target must be another active seat")
        elif target is not None and target != next_seat(state, seat):
            raise RuleError("INVALID_TARGET", "the Ace's target is the next player")
    elif target is not None:
        raise RuleError("TARGET_NOT_ALLOWED", "only an Ace takes a target")
    if call and len(hand) != 2:
        raise RuleError("INVALID_PUMBA_CALL", "call Pumba on the play that leaves one card")

    new = clone(state)
    events: list[Event] = []
    close_window(new, events)
    hand = new.hands[seat]
    hand.remove(card)
    new.discard.append(card)
    new.active_suit = suit or card[1]
    new.idle_passes = 0
    if not hand:
        _go_out(new, seat, card, target, events)
        return Transition(new, events)
    events.append(
        Event(
            "card_played",
            {"seat": seat, "card": card, "active_suit": new.active_suit, "target": target, "pumba": call},
        )
    )
    missed_call = False
    if len(hand) == 1 and not call:
        enforcement = options.pumba_enforcement
        if enforcement == "challenge":
            new.pumba_window = seat
            events.append(Event("pumba_window_opened", {"seat": seat}))
        else:
            missed_call = enforcement == "auto"
    if rank == ACE:
        follower = next_seat(new, seat)
        draw_cards(new, follower if target is None else target, 1, "ace", events)
        new_turn(new, follower)
    elif rank == TWO:
        new.pending_draw += 2
        new_turn(new, next_seat(new, seat))
    elif rank == SEVEN:
        new.dir = -new.dir
        two_players = sum(1 for out in new.eliminated_in if not out) == 2
        if two_players and options.seven_two_players == "skip":
            new_turn(new, seat)
        else:
            new_turn(new, next_seat(new, seat))
    elif rank == CABALLO:
        new_turn(new, next_seat(new, next_seat(new, seat)))
    elif rank == REY:
        new_turn(new, seat)
        new.extra_turn = True
    else:
        new_turn(new, next_seat(new, seat))
    if missed_call:
        # D32: the card's effect first, then the offender's penalty
        draw_cards(new, seat, options.pumba_penalty, "pumba", events)
    return Transition(new, events)


def _go_out(new: PumbaState, seat: int, card: str, target: int | None, events: list[Event]) -> None:
    """The hand is empty: the round ends and the card's effect is not applied (D12), except the
    draws of a finishing Ace or Two with ``final_card_effects = apply_draws``."""
    # named last_card, not card: the card is reshuffled into the next round's deal at once
    events.append(
        Event("went_out", {"seat": seat, "last_card": card, "active_suit": new.active_suit, "target": target})
    )
    if new.options.final_card_effects == "apply_draws":
        # these cards are revealed at once in round_ended, so the draw needs no private part
        if card[0] == ACE:
            victim = next_seat(new, seat) if target is None else target
            draw_cards(new, victim, 1, "ace", events, private=False)
        elif card[0] == TWO:
            draw_cards(new, next_seat(new, seat), new.pending_draw + 2, "two", events, private=False)
    end_round(new, seat, events)


def _draw(state: PumbaState, seat: int) -> Transition[PumbaState]:
    if state.pending_draw:
        raise RuleError("PENDING_DRAW", "a Two is pending: use take_penalty")
    if state.draws_this_turn >= state.options.max_draws:
        raise RuleError("DRAW_LIMIT_REACHED", "no more draws this turn")
    if not card_available(state):
        raise RuleError("NOTHING_TO_DRAW", "the stock and the discard pile are empty")
    new = clone(state)
    events: list[Event] = []
    close_window(new, events)
    draw_cards(new, seat, 1, "draw", events)
    new.draws_this_turn += 1
    new.idle_passes = 0
    return Transition(new, events)


def _pass(state: PumbaState, seat: int) -> Transition[PumbaState]:
    if state.pending_draw:
        raise RuleError("PENDING_DRAW", "a Two is pending: use take_penalty")
    available = card_available(state)
    if not _may_pass(state, available):
        raise RuleError("MUST_PLAY_OR_DRAW", "play a card or draw before passing")
    new = clone(state)
    events: list[Event] = []
    close_window(new, events)
    events.append(Event("passed", {"seat": seat}))
    if not available and not state.draws_this_turn:
        new.idle_passes += 1
        if new.idle_passes == sum(1 for out in new.eliminated_in if not out):
            end_round(new, -1, events)  # blocked round (D17)
            return Transition(new, events)
    else:
        new.idle_passes = 0
    new_turn(new, next_seat(new, seat))
    return Transition(new, events)


def _take_penalty(state: PumbaState, seat: int) -> Transition[PumbaState]:
    if not state.pending_draw:
        raise RuleError("NO_PENDING_DRAW", "no Two is pending")
    new = clone(state)
    events: list[Event] = []
    close_window(new, events)
    draw_cards(new, seat, state.pending_draw, "two", events)
    new.pending_draw = 0
    new.idle_passes = 0
    new_turn(new, next_seat(new, seat) if state.options.two_penalty_ends_turn else seat)
    return Transition(new, events)


def _challenge(state: PumbaState, seat: int, action: Mapping[str, Any]) -> Transition[PumbaState]:
    target = action.get("target")
    if type(target) is not int:
        raise _malformed("target must be a seat number")
    if state.options.pumba_enforcement != "challenge":
        raise RuleError("NO_OPEN_WINDOW", "missing calls are not challenged at this table")
    if target == seat:
        raise RuleError("CANNOT_CHALLENGE_SELF", "you cannot challenge yourself")
    if state.pumba_window < 0 or state.pumba_window != target:
        raise RuleError("NO_OPEN_WINDOW", "that seat cannot be challenged now")
    new = clone(state)
    new.pumba_window = -1
    events = [Event("pumba_challenged", {"seat": seat, "target": target})]
    draw_cards(new, target, state.options.pumba_penalty, "pumba", events)
    return Transition(new, events)
