"""The turn (rules §3): legal actions and ``apply`` with the rules' check order.

Check order (rules §3.3): GAME_OVER -> NOT_YOUR_TURN -> WRONG_PHASE ->
INVALID_ARGUMENT -> card/index checks -> rule checks. Every check runs on the
input state; only then is it cloned and the clone changed.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from typing import Any

from ..contract import Event, RuleError, Transition
from . import compound, scoring
from .state import DRAW, GAME_OVER, HIGHEST_CARD, MAX_COLUMNS, PLACE, PLAY, TAKE, UpOrDownState, clone, direction, fits

#: action type -> the phase it belongs to, in canonical order
ACTION_PHASES = {"play": PLAY, "take": TAKE, "place": PLACE, "draw": DRAW}
PLACE_TARGETS = ("col", "new", "give_up")
PILES = ("down", "up")


def can_give_up(state: UpOrDownState, count: int) -> bool:
    """Giving up needs 3 columns, or only 1 with ``give_up_with_free_slot`` (rules §3.3)."""
    return count == MAX_COLUMNS or (count >= 1 and state.options.give_up_with_free_slot)


def legal_actions(state: UpOrDownState, seat: int) -> list[dict[str, Any]]:
    """Canonical order: the phase's one action type; cards ascending; place as col 0..k-1, new, give_up 0..k-1."""
    if seat != state.current:
        return []
    phase = state.phase
    if phase == PLAY:
        return [{"type": "play", "card": card} for card in state.hands[seat]]
    if phase == TAKE:
        low, high = sorted((state.lower, state.upper))
        return [{"type": "take", "card": low}, {"type": "take", "card": high}]
    if phase == PLACE:
        taken = state.taken
        columns = state.columns[seat]
        count = len(columns)
        actions = [{"type": "place", "target": "col", "index": i} for i in range(count) if fits(taken, columns[i])]
        if count < MAX_COLUMNS:
            actions.append({"type": "place", "target": "new"})
        if can_give_up(state, count):
            actions += [{"type": "place", "target": "give_up", "index": i} for i in range(count)]
        return actions
    if phase == DRAW:
        return [{"type": "draw", "pile": "down"}, {"type": "draw", "pile": "up"}]
    return []


def apply(state: UpOrDownState, seat: int, action: Mapping[str, Any]) -> Transition[UpOrDownState]:
    if state.phase == GAME_OVER:
        raise RuleError("GAME_OVER", "the game is over")
    if seat != state.current:
        raise RuleError("NOT_YOUR_TURN", f"it is seat {state.current}'s turn")
    kind = action.get("type") if isinstance(action, Mapping) else None
    if kind == "turn":
        return compound.apply_turn(state, seat, action, apply)
    phase = ACTION_PHASES.get(kind) if isinstance(kind, str) else None
    if phase is None:
        raise RuleError("INVALID_ARGUMENT", f"unknown action {kind!r}; expected one of {', '.join(ACTION_PHASES)}")
    if phase != state.phase:
        raise RuleError("WRONG_PHASE", f"{kind} is not allowed in phase {state.phase}")
    if kind == "play":
        return _play(state, seat, _card_param(action))
    if kind == "take":
        return _take(state, seat, _card_param(action))
    if kind == "place":
        return _place(state, seat, action)
    return _draw(state, seat, action)


def _card_param(action: Mapping[str, Any]) -> int:
    card = action.get("card")
    if len(action) != 2 or isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= HIGHEST_CARD:
        raise RuleError("INVALID_ARGUMENT", "expected exactly one parameter 'card', a card number 1-126")
    return card


def _play(state: UpOrDownState, seat: int, card: int) -> Transition[UpOrDownState]:
    if card not in state.hands[seat]:
        raise RuleError("CARD_NOT_IN_HAND", f"card {card} is not in your hand")
    new = clone(state)
    new.hands[seat].remove(card)
    if card in new.known[seat]:
        new.known[seat].remove(card)
    display = new.display
    insort(display, card)
    # The display is an ascending ring: index -1 is the highest card, the lower neighbour of the lowest.
    at = display.index(card)
    new.lower, new.upper = display[at - 1], display[(at + 1) % len(display)]
    new.played = card
    new.phase = TAKE
    return Transition(new, [Event("played", {"seat": seat, "card": card, "lower": new.lower, "upper": new.upper})])


def _take(state: UpOrDownState, seat: int, card: int) -> Transition[UpOrDownState]:
    if card != state.lower and card != state.upper:
        raise RuleError("NOT_ADJACENT", f"take {state.lower} or {state.upper}, the neighbours of {state.played}")
    new = clone(state)
    new.display.remove(card)
    new.taken = card
    new.phase = PLACE
    return Transition(new, [Event("took", {"seat": seat, "card": card})])


def _place(state: UpOrDownState, seat: int, action: Mapping[str, Any]) -> Transition[UpOrDownState]:
    target = action.get("target")
    if target == "new":
        if len(action) != 2:
            raise RuleError("INVALID_ARGUMENT", "place new takes no other parameter")
        index = None
    elif target in ("col", "give_up"):
        index = action.get("index")
        if len(action) != 3 or isinstance(index, bool) or not isinstance(index, int) or index < 0:
            raise RuleError("INVALID_ARGUMENT", f"place {target} needs exactly 'index', a column index >= 0")
    else:
        raise RuleError("INVALID_ARGUMENT", f"target must be one of {', '.join(PLACE_TARGETS)}, not {target!r}")
    columns = state.columns[seat]
    count = len(columns)
    taken = state.taken
    if index is not None and index >= count:
        raise RuleError("NO_SUCH_COLUMN", f"you have {count} column(s)")
    if target == "col" and not fits(taken, columns[index]):
        raise RuleError("WRONG_ORDER", f"{taken} does not continue the {direction(columns[index])} column {index}")
    if target == "new" and count >= MAX_COLUMNS:
        raise RuleError("NO_FREE_COLUMN", f"you already have {MAX_COLUMNS} columns")
    if target == "give_up" and not can_give_up(state, count):
        raise RuleError("GIVE_UP_NOT_ALLOWED", f"giving up a column needs {MAX_COLUMNS} columns")

    new = clone(state)
    own = new.columns[seat]
    events = []
    if target == "col":
        own[index].append(taken)
    elif target == "new":
        index = count
        own.append([taken])
    else:
        given_up = own[index]
        new.discards[seat] += given_up
        own[index] = [taken]
        events.append(Event("gave_up", {"seat": seat, "column": index, "cards": given_up}))
    events.append(
        Event(
            "placed",
            {"seat": seat, "card": taken, "column": index, "mode": target, "direction": direction(own[index])},
        )
    )
    new.taken = None
    if new.pile_down and new.pile_up:
        new.phase = DRAW
    else:
        # One pile left: the draw is forced, so the engine makes it; none left: no draw (rules §3.3).
        if new.pile_down:
            events.append(_draw_into(new, seat, "down"))
        elif new.pile_up:
            events.append(_draw_into(new, seat, "up"))
        _end_turn(new, events)
    return Transition(new, events)


def _draw(state: UpOrDownState, seat: int, action: Mapping[str, Any]) -> Transition[UpOrDownState]:
    pile = action.get("pile")
    if len(action) != 2 or pile not in PILES:
        raise RuleError("INVALID_ARGUMENT", "expected exactly one parameter 'pile', 'down' or 'up'")
    if not (state.pile_down if pile == "down" else state.pile_up):
        raise RuleError("PILE_EMPTY", f"the {pile} pile is empty")
    new = clone(state)
    events = [_draw_into(new, seat, pile)]
    _end_turn(new, events)
    return Transition(new, events)


def _draw_into(state: UpOrDownState, seat: int, pile: str) -> Event:
    """Move the top card of ``pile`` into the hand of ``seat`` (mutates ``state``)."""
    if pile == "down":
        card = state.pile_down.pop(0)
        insort(state.hands[seat], card)
        return Event("drew", {"seat": seat, "pile": "down"}, {seat: {"card": card}})
    card = state.pile_up.pop(0)
    insort(state.hands[seat], card)
    insort(state.known[seat], card)
    return Event("drew", {"seat": seat, "pile": "up", "card": card})


def _end_turn(state: UpOrDownState, events: list[Event]) -> None:
    """END_TURN (rules §3.2): the game ends when every hand is empty, else the next seat plays."""
    state.played = state.lower = state.upper = None
    if not any(state.hands):
        state.phase = GAME_OVER
        final = scoring.result(state)
        events.append(Event("game_over", {"scores": final.scores, "winners": final.winners, "ranks": final.ranks}))
        return
    state.current = (state.current + 1) % state.seats
    state.turn += 1
    state.phase = PLAY
    events.append(Event("turn", {"seat": state.current, "turn": state.turn}))
