"""Per-seat views (§5.2), the cards each viewer has not seen, and the redeal used by the leak test."""

from __future__ import annotations

import random
from typing import Any

import msgspec

from ..contract import Event, Seat
from .actions import context, deciders
from .cards import EMPTY, FACE_DOWN
from .rounds import WINDOWS, tally
from .state import PUBLIC, DuelPass, DuelResult, Play, PumptownState, RoundSummary

#: keys under which a card ID can appear in a view or an event
CARD_KEYS = frozenset({"grid", "grids", "peeked", "card", "cards", "replaced", "discard", "set_aside", "slots",
                       "hand", "pump_discard"})


def _none(seat: int) -> int | None:
    return seat if seat >= 0 else None


def _knows(st: PumptownState, viewer: Seat) -> int:
    return PUBLIC | (1 << viewer) if viewer is not None else PUBLIC


def view(st: PumptownState, viewer: Seat) -> dict[str, Any]:
    n, opts, seen = st.n, st.opts, st.seen
    bits = _knows(st, viewer)
    assist = opts["memory_assist"]
    grids = []
    for seat, grid in enumerate(st.grids):
        if st.revealed:
            cells = [c or EMPTY for c in grid]
        elif assist:
            cells = [c if seen[c] & bits else FACE_DOWN for c in grid]
        else:
            cells = [FACE_DOWN] * 4
        if st.phase == "PEEK" and seat == viewer:
            for i in range(4) if st.peek_all[seat] else (2, 3):
                cells[i] = grid[i]
        grids.append(cells)
    scored = bool(st.tallies)
    players = [
        {"seat": s, "grid": grids[s], "pump_count": len(st.hands[s]), "cumulative": st.cumulative[s],
         "peek_acked": st.acked[s], "peek_all": st.peek_all[s],
         "tally": st.tallies[s] if scored else None, "score": st.scores[s] if scored else None,
         # §4.1 E0: public from REVEAL on, recomputed from the grid as Rearrange and Eliminate change it
         "provisional_tally": tally(st.grids[s], opts["moon_threshold"])[0] if st.revealed else None}
        for s in range(n)
    ]
    ctx = context(st)
    seats = list(to_act_for(st, viewer))
    pending = None
    if st.pending:
        holder = deciders(st)[0]
        shown = st.pending_from == "discard" or viewer == holder
        pending = {"seat": holder, "source": st.pending_from, "card": st.pending if shown else None}
    duel = st.duel
    duel_view = None
    if duel is not None:
        slots = [[c if assist and seen[c] & bits else FACE_DOWN for c in hand] for hand in duel.slots]
        duel_view = {"kind": duel.kind, "order": list(duel.order), "seats": list(duel.live), "slots": slots,
                     "cycle": duel.cycle, "replay": duel.replays, "passes": [_pass(p) for p in duel.passes]}
    return {
        "you": viewer,
        "round": st.round,
        "rounds": opts["rounds"],
        "starter": (opts["first_seat"] + st.round - 1) % n,
        "dealer": (opts["first_seat"] + st.round - 2) % n,
        "phase": st.phase,
        "decision": {"kind": ctx, "seats": seats},
        "mode": st.mode,
        "scheduled": st.scheduled,
        "last_actor": _none(st.last_actor),
        "knocker": _none(st.knocker),
        "knock_blocked": list(st.knock_blocked),
        "final_pending": list(st.final_pending),
        "turns_done": st.turns_done,
        "players": players,
        "draw_count": len(st.draw),
        "discard": list(st.discard),
        "set_aside": list(st.set_aside),
        # a state saved mid-round by a release before set_aside_by knows no owners for that round's cards
        "set_aside_owners": list(st.set_aside_by) if len(st.set_aside_by) == len(st.set_aside) else [],
        "pending": pending,
        "hand": list(st.hands[viewer]) if viewer is not None else [],
        "autopass": st.autopass[viewer] if viewer is not None else None,
        "pump_deck_count": len(st.pump_deck),
        "pump_discard": list(st.pump_discard),
        "chain": [{"seat": p.seat, "card": p.card, **p.args} for p in st.chain],
        "doubles": list(st.doubles),
        "redistributions": _redistributions(st.redis),
        "duels": [{"challenger": c, "target": t} for c, t in st.duels],
        "duel": duel_view,
        "round_winner": _none(st.winner),
        "duel_results": [_duel_result(d) for d in st.duel_results],
        "last_round": _summary(st.last_round) if st.last_round is not None else None,
    }


# Derived state (issue 16): public by §5.2 (duel values after the reveal, round scores, tallies, the summary).
# It names no card: revealed duel cards went to the discard and a reshuffle may have hidden them again since
# (the duel_reveal events name them, as they were then).


def _pass(p: DuelPass) -> dict[str, Any]:
    return {"seats": list(p.seats), "values": list(p.values)}


def _duel_result(d: DuelResult) -> dict[str, Any]:
    return {"kind": d.kind, "seats": list(d.seats), "challenger": _none(d.challenger),
            "original_scores": list(d.original_scores), "passes": [_pass(p) for p in d.passes],
            "winner": _none(d.winner), "scores": list(d.scores)}


def _summary(r: RoundSummary) -> dict[str, Any]:
    return {"round": r.round, "knocker": _none(r.knocker), "tallies": list(r.tallies), "moon": list(r.moon),
            "scores": list(r.scores), "cumulative": list(r.cumulative), "halved": list(r.halved),
            "winner": _none(r.winner), "duels": [_duel_result(d) for d in r.duels], "doubles": list(r.doubles),
            "redistributions": _redistributions(r.redistributions)}


def _redistributions(plays: list[Play]) -> list[dict[str, Any]]:
    return [{"seat": p.seat, "alloc": list(p.args["alloc"])} for p in plays]


def to_act_for(st: PumptownState, viewer: Seat) -> tuple[int, ...]:
    """§5.2: with ``holders_only``, who is asked in a window is known to that seat only; others learn
    only that a window is open (``decision.kind``)."""
    seats = deciders(st)
    if st.opts["poll_mode"] == "holders_only" and (context(st) in WINDOWS or context(st) == "NOPE_WINDOW"):
        return tuple(seat for seat in seats if seat == viewer)
    return tuple(sorted(seats)) if len(seats) > 1 else seats


def replay_event(st: PumptownState, viewer: Seat, event: Event) -> Event:
    """§5.2: with ``memory_assist=false`` the server never re-serves a private value: a card value only
    ``viewer`` saw (its peek, its pile draw, a pump card awarded to it) is served again only while the
    view at ``st`` still shows that card; otherwise it reads ``??``, as the view does. Public values stay."""
    mine = event.private.get(viewer) if event.private and viewer is not None else None
    if st.opts["memory_assist"] or not mine:
        return event
    shown = set(_card_ids(view(st, viewer)))
    redacted = {key: _redact(value, shown) if key in CARD_KEYS else value for key, value in mine.items()}
    return Event(event.type, event.data, {**event.private, viewer: redacted})


def _card_ids(obj: Any) -> list[str]:
    """Every card id a view holds (under any card key, at any depth)."""
    found: list[str] = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in CARD_KEYS and isinstance(value, (str, list)):
                found += [value] if isinstance(value, str) else _flat(value)
            else:
                found += _card_ids(value)
    elif isinstance(obj, list):
        for item in obj:
            found += _card_ids(item)
    return found


def _flat(value: list[Any]) -> list[str]:
    return [c for item in value for c in (_flat(item) if isinstance(item, list) else [item]) if isinstance(c, str)]


def _redact(value: Any, shown: set[str]) -> Any:
    if isinstance(value, list):
        return [_redact(item, shown) for item in value]
    if isinstance(value, str) and value not in (FACE_DOWN, EMPTY) and value not in shown:
        return FACE_DOWN
    return value


def _unseen(st: PumptownState, viewer: Seat) -> list[tuple[list[str], int]]:
    """Every face-down place (list, index) holding a number card the viewer has not seen (§5.1)."""
    bits = _knows(st, viewer)
    seen, recent = st.seen, st.recent
    places = []
    rows = [] if st.revealed else list(st.grids)
    if st.duel is not None:
        rows += st.duel.slots
    rows.append(st.draw)
    for row in rows:
        places += [(row, i) for i, c in enumerate(row) if c and not (seen[c] | recent.get(c, 0)) & bits]
    return places


def _hidden_pumps(st: PumptownState, viewer: Seat) -> list[tuple[list[str], int]]:
    bits = _knows(st, viewer)
    recent = st.recent
    rows = [hand for seat, hand in enumerate(st.hands) if seat != viewer] + [st.pump_deck]
    return [(row, i) for row in rows for i, card in enumerate(row) if not recent.get(card, 0) & bits]


def hidden_cards(st: PumptownState, viewer: Seat) -> set[str]:
    bits = _knows(st, viewer)
    seen, recent = st.seen, st.recent
    rows = [] if st.revealed else list(st.grids)
    if st.duel is not None:
        rows += st.duel.slots
    rows.append(st.draw)
    if recent:
        hidden = {c for row in rows for c in row if c and not (seen[c] | recent.get(c, 0)) & bits}
    else:
        hidden = {c for row in rows for c in row if c and not seen[c] & bits}
    hidden.update(row[i] for row, i in _hidden_pumps(st, viewer))
    if st.pending and st.pending_from == "pile" and viewer != deciders(st)[0]:
        hidden.add(st.pending)
    return hidden


def redeal_hidden(st: PumptownState, viewer: Seat, rng: random.Random) -> PumptownState:
    """Permute the cards hidden from ``viewer`` among their places (number and pump cards apart)."""
    duel = st.duel
    copy = msgspec.structs.replace(
        st, grids=[list(g) for g in st.grids], draw=list(st.draw), hands=[list(h) for h in st.hands],
        pump_deck=list(st.pump_deck),
        duel=msgspec.structs.replace(duel, slots=[list(x) for x in duel.slots]) if duel is not None else None,
    )
    number_places = _unseen(copy, viewer)
    if copy.pending and copy.pending_from == "pile" and viewer != deciders(copy)[0]:
        holder = [copy.pending]
        number_places.append((holder, 0))
    for places in (number_places, _hidden_pumps(copy, viewer)):
        cards = [row[i] for row, i in places]
        rng.shuffle(cards)
        for (row, i), card in zip(places, cards, strict=True):
            row[i] = card
    if copy.pending and copy.pending_from == "pile" and viewer != deciders(copy)[0]:
        copy.pending = holder[0]
    return copy
