"""Who decides, which actions are legal, and how an action is checked and applied (§3.3, §3.7)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from ..contract import Event, RuleError
from . import rounds, scoring
from .cards import DUEL_SLOTS, KIND_OF, POS_INDEX, POSITIONS, PUMP_INDEX, VALUE
from .rounds import PLAYABLE, WINDOWS
from .state import PumptownState

#: action types in canonical order (legal_actions lists them in this order)
ACTION_TYPES: tuple[str, ...] = (
    "ack_peek",
    "draw",
    "place",
    "discard_drawn",
    "knock",
    "end_turn",
    "play",
    "allot",
    "pass",
    "discard_pump",
    "set_autopass",
)
#: the decision kinds (contexts) each non-play action belongs to
ALLOWED: dict[str, frozenset[str]] = {
    "ack_peek": frozenset({"PEEK"}),
    "draw": frozenset({"TURN_START", "DUEL_TURN"}),
    "place": frozenset({"TURN_PLACE", "DUEL_PLACE"}),
    "discard_drawn": frozenset({"TURN_PLACE", "DUEL_PLACE"}),
    "end_turn": frozenset({"KNOCK_DECISION"}),
    "allot": frozenset({"REDIS_ALLOC"}),
    "pass": WINDOWS | {"NOPE_WINDOW"},
    "discard_pump": frozenset({"PUMP_LIMIT"}),
}
#: parameter names of every play, by pump kind
PLAY_PARAMS: dict[str, tuple[str, ...]] = {
    "PEEK": (),
    "BLOCK": (),
    "NOPE": (),
    "DOUB": ("target",),
    "SWAP": ("a", "pa", "b", "pb"),
    "STEAL": ("target", "tpos", "own_pos"),
    "SWIPE": ("pos",),
    "REARR": ("layout",),
    "ELIM": ("pos",),
    "REDIS": (),  # the allocation follows, one ``allot`` per recipient (D60), unless ``allocation`` is given (D86)
    "DUEL": ("target",),
}
#: the optional parameter of REDIS that makes it one atomic decision (D86)
ALLOCATION = "allocation"
LAYOUTS: list[list[str]] = [list(p) for p in permutations(POSITIONS)]


def deciders(st: PumptownState) -> tuple[int, ...]:
    phase = st.phase
    if phase == "GAME_OVER":
        return ()
    if st.nope is not None:
        return (st.nope.seats[st.nope.idx],)
    if phase in WINDOWS:
        return (st.win.seats[st.win.idx],)
    if phase == "PEEK":
        return tuple(s for s, done in enumerate(st.acked) if not done)
    if phase == "DUEL_TURN" or phase == "DUEL_PLACE":
        return (st.duel.live[st.duel.turn],)
    if phase == "PUMP_LIMIT":
        return (st.limit_seat,)
    if phase == "REDIS_ALLOC":
        return (st.chain[0].seat,)
    return (st.actor,)


def context(st: PumptownState) -> str:
    """The kind of the pending decision: the phase, or NOPE_WINDOW while a chain is open."""
    return "NOPE_WINDOW" if st.nope is not None else st.phase


# --- legal actions ---------------------------------------------------------------


def legal_actions(st: PumptownState, seat: int) -> list[dict[str, Any]]:
    if seat not in deciders(st):
        return []
    ctx = context(st)
    acts: list[dict[str, Any]] = []
    if ctx == "PEEK":
        acts.append({"type": "ack_peek"})
    elif ctx == "TURN_START" or ctx == "DUEL_TURN":
        acts.append({"type": "draw", "source": "pile"})
        if st.discard:
            acts.append({"type": "draw", "source": "discard"})
    elif ctx == "TURN_PLACE" or ctx == "DUEL_PLACE":
        acts += [{"type": "place", "pos": pos} for pos in (POSITIONS if ctx == "TURN_PLACE" else DUEL_SLOTS)]
        if _may_discard(st, ctx):
            acts.append({"type": "discard_drawn"})
    elif ctx == "KNOCK_DECISION":
        acts += [{"type": "knock"}, {"type": "end_turn"}]
    elif ctx == "REDIS_ALLOC":
        acts += _allotments(st, seat)
    fits = PLAYABLE.get(ctx)
    if fits:
        for card in sorted(set(st.hands[seat]), key=PUMP_INDEX.__getitem__):
            kind = KIND_OF[card]
            if kind in fits:
                acts += [{"type": "play", "card": card, **args} for args in _play_args(st, seat, kind)]
    if ctx in ALLOWED["pass"]:
        acts.append({"type": "pass"})
    if ctx == "PUMP_LIMIT":
        acts += [{"type": "discard_pump", "card": c} for c in sorted(set(st.hands[seat]), key=PUMP_INDEX.__getitem__)]
    return acts


def standing_actions(st: PumptownState, seat: int) -> list[dict[str, Any]]:
    """§3.2: ``set_autopass`` may be sent at any time, by any seat (D61)."""
    if st.phase == "GAME_OVER" or not 0 <= seat < st.n:
        return []
    return [{"type": "set_autopass", "on": not st.autopass[seat]}]


def _may_discard(st: PumptownState, ctx: str) -> bool:
    if ctx == "DUEL_PLACE":  # D54
        return st.pending_from == "pile" and st.opts["duel_may_discard"]
    return st.pending_from == "pile" or st.opts["allow_rediscard"]


def _play_args(st: PumptownState, seat: int, kind: str) -> list[dict[str, Any]]:
    n = st.n
    if kind in ("PEEK", "BLOCK", "NOPE"):
        return [{}]
    if kind == "DOUB":
        return [{"target": t} for t in range(n)]
    if kind == "DUEL":
        return [{"target": t} for t in range(n) if t != seat]
    if kind == "SWIPE":
        return [{"pos": pos} for pos in POSITIONS] if st.discard else []
    if kind == "SWAP":
        return [
            {"a": a, "pa": pa, "b": b, "pb": pb}
            for a in range(n)
            for pa in POSITIONS
            for b in range(n)
            if b != a
            for pb in POSITIONS
        ]
    if kind == "STEAL":
        return [
            {"target": t, "tpos": tp, "own_pos": op}
            for t in range(n)
            if t != seat
            for tp in POSITIONS
            for op in POSITIONS
        ]
    if kind == "REARR":
        return [{"layout": list(layout)} for layout in LAYOUTS]
    if kind == "ELIM":
        if _locked(st, seat):
            return []
        return [{"pos": pos} for pos, card in zip(POSITIONS, st.grids[seat], strict=True) if card]
    return [{}] if _moon_sum(st, seat) is not None and not _locked(st, seat) else []


def _allotments(st: PumptownState, seat: int) -> list[dict[str, Any]]:
    """D60: the next ``allot`` steps of a Redistribute being played."""
    open_seats = _open_recipients(st, seat)
    amounts = _allowed_amounts(remaining(st, seat), len(open_seats))
    return [{"type": "allot", "recipient": r, "amount": a} for r in open_seats for a in amounts]


def _open_recipients(st: PumptownState, seat: int) -> list[int]:
    """The other seats that have no share yet of the Redistribute on the chain."""
    alloc = st.chain[0].args["alloc"]
    return [r for r in range(st.n) if r != seat and not alloc[r]]


def _allowed_amounts(left: int, open_count: int) -> range:
    """1..what remains, except that the last seat without a share takes exactly what remains."""
    return range(1, left + 1) if open_count > 1 else range(left, left + 1)


def remaining(st: PumptownState, seat: int) -> int:
    """Points of the moon sum not yet allotted by the Redistribute on the chain."""
    return _moon_sum(st, seat) - sum(st.chain[0].args["alloc"])


def _locked(st: PumptownState, seat: int) -> bool:
    """After its own resolved REDIS a seat may not Eliminate nor redistribute again."""
    return any(play.seat == seat for play in st.redis)


def _moon_sum(st: PumptownState, seat: int) -> int | None:
    grid = st.grids[seat]
    if not all(grid):
        return None
    total = sum(VALUE[c] for c in grid)
    return total if total >= st.opts["moon_threshold"] else None


# --- checking --------------------------------------------------------------------


def _malformed(message: str) -> RuleError:
    return RuleError("INVALID_ARGUMENT", message)


def _keys(action: Mapping[str, Any], params: tuple[str, ...], extra: int = 1) -> None:
    if len(action) != len(params) + extra or any(p not in action for p in params):
        raise _malformed(f"expected parameters {list(params)}")


def _int(action: Mapping[str, Any], key: str) -> int:
    value = action[key]
    if type(value) is not int:
        raise _malformed(f"{key} must be an integer")
    return value


def _seat(st: PumptownState, action: Mapping[str, Any], key: str) -> int:
    value = _int(action, key)
    if not 0 <= value < st.n:
        raise RuleError("BAD_ARGS", f"{key}: no seat {value}")
    return value


def _pos(action: Mapping[str, Any], key: str, table: tuple[str, ...] = POSITIONS) -> str:
    value = action[key]
    if not isinstance(value, str):
        raise _malformed(f"{key} must be a position")
    if value not in table:
        raise RuleError("BAD_ARGS", f"{key}: no position {value!r}")
    return value


def check(st: PumptownState, seat: int, action: Mapping[str, Any]) -> tuple[str, Any]:
    """Validate in §3.7's order without changing anything; return (type, parsed argument)."""
    if st.phase == "GAME_OVER":
        raise RuleError("GAME_OVER", "the game is over")
    if not isinstance(action, Mapping) or action.get("type") not in ACTION_TYPES:
        raise _malformed("unknown action type")
    kind = action["type"]
    if kind == "knock":
        if st.phase != "KNOCK_DECISION" or st.actor != seat:
            raise RuleError("KNOCK_NOT_ALLOWED", "no knock decision pending for this seat")
        _keys(action, ())
        return kind, None
    if kind == "ack_peek" and st.phase == "PEEK" and isinstance(seat, int) and 0 <= seat < st.n and st.acked[seat]:
        raise RuleError("ALREADY_ACKED", "this seat has acknowledged the peek")
    if kind == "set_autopass":  # a standing preference: any seat, at any time (D61)
        if not (type(seat) is int and 0 <= seat < st.n):
            raise RuleError("NOT_YOUR_DECISION", "no such seat")
        _keys(action, ("on",))
        if type(action["on"]) is not bool:
            raise _malformed("on must be true or false")
        if action["on"] == st.autopass[seat]:
            raise RuleError("BAD_ARGS", "auto-pass is already set so")
        return kind, action["on"]
    if seat not in deciders(st):
        raise RuleError("NOT_YOUR_DECISION", "another seat decides now")
    ctx = context(st)
    if kind == "play":
        return kind, _check_play(st, seat, ctx, action)
    if ctx not in ALLOWED[kind]:
        raise RuleError("WRONG_PHASE", f"{kind} is not possible in {ctx}")
    if kind == "draw":
        _keys(action, ("source",))
        source = action["source"]
        if not isinstance(source, str):
            raise _malformed("source must be pile or discard")
        if source not in ("pile", "discard") or (source == "discard" and not st.discard):
            raise RuleError("BAD_ARGS", f"no source {source!r}")
        return kind, source
    if kind == "place":
        _keys(action, ("pos",))
        return kind, _pos(action, "pos", POSITIONS if ctx == "TURN_PLACE" else DUEL_SLOTS)
    if kind == "allot":
        return kind, _check_allot(st, seat, action)
    if kind == "discard_pump":
        _keys(action, ("card",))
        card = action["card"]
        if not isinstance(card, str):
            raise _malformed("card must be a card ID")
        if card not in st.hands[seat]:
            raise RuleError("CARD_NOT_IN_HAND", f"{card} is not in your hand")
        return kind, card
    _keys(action, ())
    if kind == "discard_drawn" and not _may_discard(st, ctx):
        raise RuleError("REDISCARD_FORBIDDEN", "this card may not be discarded")
    return kind, None


def _check_play(st: PumptownState, seat: int, ctx: str, action: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    card = action.get("card")
    if not isinstance(card, str):
        raise _malformed("card must be a card ID")
    if card not in st.hands[seat]:
        raise RuleError("CARD_NOT_IN_HAND", f"{card} is not in your hand")
    kind = KIND_OF[card]
    if kind not in PLAYABLE.get(ctx, ()):
        raise RuleError("CARD_NOT_PLAYABLE_HERE", f"{card} cannot be played in {ctx}")
    params = (ALLOCATION,) if kind == "REDIS" and ALLOCATION in action else PLAY_PARAMS[kind]
    _keys(action, params, 2)
    if kind == "DOUB":
        return card, {"target": _seat(st, action, "target")}
    if kind == "DUEL":
        target = _seat(st, action, "target")
        if target == seat:
            raise RuleError("ILLEGAL_TARGET", "you cannot duel yourself")
        return card, {"target": target}
    if kind == "SWIPE":
        return card, {"pos": _pos(action, "pos")}
    if kind == "SWAP":
        args = {
            "a": _seat(st, action, "a"),
            "pa": _pos(action, "pa"),
            "b": _seat(st, action, "b"),
            "pb": _pos(action, "pb"),
        }
        if args["a"] == args["b"]:
            raise RuleError("BAD_ARGS", "a swap needs two different seats")
        return card, args
    if kind == "STEAL":
        args = {"target": _seat(st, action, "target"), "tpos": _pos(action, "tpos"), "own_pos": _pos(action, "own_pos")}
        if args["target"] == seat:
            raise RuleError("ILLEGAL_TARGET", "you cannot steal from yourself")
        return card, args
    if kind == "REARR":
        layout = action["layout"]
        if not isinstance(layout, list) or not all(isinstance(p, str) for p in layout):
            raise _malformed("layout must be a list of positions")
        if sorted(layout, key=lambda p: POS_INDEX.get(p, 9)) != list(POSITIONS):
            raise RuleError("BAD_ARGS", "layout must be a permutation of TL TR BL BR")
        return card, {"layout": list(layout)}
    if kind == "ELIM":
        pos = _pos(action, "pos")
        if not st.grids[seat][POS_INDEX[pos]]:
            raise RuleError("BAD_ARGS", f"{pos} holds no card")
        if _locked(st, seat):
            raise RuleError("GRID_LOCKED", "your grid is locked by your Redistribute")
        return card, {"pos": pos}
    if kind == "REDIS":
        shares = _shares(st, seat, action[ALLOCATION]) if ALLOCATION in action else None
        total = _moon_sum(st, seat)
        if total is None:
            raise RuleError("NOT_MOON", "Redistribute needs a 4-card grid that shot the moon")
        if _locked(st, seat):
            raise RuleError("ALREADY_REDISTRIBUTED", "one Redistribute per round")
        if shares is not None:
            _check_total(shares, total)
            return card, {ALLOCATION: shares}
    return card, {}


def _shares(st: PumptownState, seat: int, allocation: Any) -> list[tuple[int, int]]:
    """The (recipient, amount) pairs of an atomic Redistribute (D86), checked for D51's first two codes:
    ``BAD_ARGS`` (no such seat, a seat named twice), then ``ILLEGAL_TARGET`` (the player itself)."""
    if not isinstance(allocation, list) or not allocation:
        raise _malformed("allocation must be a non-empty list of {recipient, amount}")
    shares = []
    for share in allocation:
        if not isinstance(share, Mapping) or set(share) != {"recipient", "amount"}:
            raise _malformed("each share has exactly a recipient and an amount")
        shares.append((_seat(st, share, "recipient"), _int(share, "amount")))
    recipients = [r for r, _ in shares]
    if len(set(recipients)) != len(recipients):
        raise RuleError("BAD_ARGS", "a seat is named twice in the allocation")
    if seat in recipients:
        raise RuleError("ILLEGAL_TARGET", "you cannot give points to yourself")
    return shares


def _check_total(shares: list[tuple[int, int]], total: int) -> None:
    """§3.4: every amount at least 1, summing to the raw grid sum S (``INVALID_ALLOCATION``)."""
    if any(amount < 1 for _, amount in shares):
        raise RuleError("INVALID_ALLOCATION", "every share is at least 1 point")
    given = sum(amount for _, amount in shares)
    if given != total:
        raise RuleError("INVALID_ALLOCATION", f"the shares sum to {given}, not to the moon sum {total}")


def _check_allot(st: PumptownState, seat: int, action: Mapping[str, Any]) -> tuple[int, int, int]:
    """D51 order: BAD_ARGS, ILLEGAL_TARGET, then INVALID_ALLOCATION (D60). Returns the recipient,
    the amount and what remains after it."""
    _keys(action, ("recipient", "amount"))
    amount = _int(action, "amount")
    recipient = _seat(st, action, "recipient")
    if recipient == seat:
        raise RuleError("ILLEGAL_TARGET", "you cannot give points to yourself")
    open_seats = _open_recipients(st, seat)
    if recipient not in open_seats:
        raise RuleError("INVALID_ALLOCATION", f"seat {recipient} already has its share")
    left = remaining(st, seat)
    allowed = _allowed_amounts(left, len(open_seats))
    if amount not in allowed:
        raise RuleError("INVALID_ALLOCATION", f"the amount must be {allowed.start}..{allowed.stop - 1}: "
                                              f"{left} remain and the last recipient takes all that remains")
    return recipient, amount, left - amount


# --- applying --------------------------------------------------------------------


def perform(st: PumptownState, seat: int, kind: str, arg: Any, ev: list[Event]) -> None:
    """Apply a checked action to the (already copied) state."""
    if kind == "draw":
        rounds.draw(st, seat, arg, ev)
    elif kind == "place":
        rounds.place(st, seat, arg, ev)
    elif kind == "discard_drawn":
        rounds.discard_drawn(st, seat, ev)
    elif kind == "pass":
        rounds.answer_pass(st, seat, ev)
    elif kind == "play":
        rounds.play_card(st, seat, arg[0], arg[1], ev)
    elif kind == "allot":
        rounds.allot(st, seat, *arg, ev)
    elif kind == "knock":
        rounds.knock(st, seat, ev)
    elif kind == "end_turn":
        rounds.end_turn(st, seat, ev)
    elif kind == "ack_peek":
        rounds.ack_peek(st, seat, ev)
    elif kind == "discard_pump":
        scoring.discard_pump(st, seat, arg, ev)
    else:  # set_autopass; D49: switching it on while being asked answers pass at once
        st.autopass[seat] = arg
        ev.append(Event("autopass_set", {"seat": seat}, {seat: {"on": arg}}))
        if arg and seat in deciders(st) and context(st) in ALLOWED["pass"]:
            rounds.answer_pass(st, seat, ev)
