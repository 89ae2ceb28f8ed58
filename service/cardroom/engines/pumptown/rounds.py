"""Round setup, PEEK, response windows and Nope chains, turns, knocks and REVEAL (§2.2, §3)."""

from __future__ import annotations

from ..contract import Event
from . import scoring
from .cards import FACE_DOWN, KIND_OF, NUMBER_CARDS, NUMBER_INDEX, POS_INDEX, VALUE, row_score
from .state import PUBLIC, Play, Poll, PumptownState
from .zones import draw_number, forget, shuffle, to_discard

#: pump kinds each decision context accepts (§3.2, §3.4)
PLAYABLE: dict[str, frozenset[str]] = {
    "RS_WINDOW": frozenset({"PEEK", "DOUB"}),
    "TB_WINDOW": frozenset({"SWIPE"}),
    "AK_WINDOW": frozenset({"BLOCK"}),
    "NOPE_WINDOW": frozenset({"NOPE"}),
    "RE_WINDOW": frozenset({"REARR", "ELIM", "REDIS", "DUEL"}),
    "TURN_START": frozenset({"SWAP", "STEAL"}),
}
WINDOWS = frozenset({"RS_WINDOW", "TB_WINDOW", "AK_WINDOW", "RE_WINDOW"})
MULTI = frozenset({"RS_WINDOW", "RE_WINDOW"})


def starter(st: PumptownState) -> int:
    return (st.opts["first_seat"] + st.round - 1) % st.n


def clockwise(st: PumptownState, first: int) -> list[int]:
    n = st.n
    return [(first + i) % n for i in range(n)]


def tally(grid: list[str], threshold: int) -> tuple[int, bool]:
    """E2: (tally, moon) of a grid over the cards still in it."""
    raw = sum(VALUE[c] for c in grid if c)
    if raw >= threshold:
        return 0, True
    return row_score(grid[0], grid[1]) + row_score(grid[2], grid[3]), False


# --- round setup -----------------------------------------------------------------


def start_round(st: PumptownState, ev: list[Event], zones: dict | None = None) -> None:
    """§2.2: reset the round, deal (R2) or lay out fixture zones, open RS_WINDOW."""
    n = st.n
    first = starter(st)
    st.mode, st.last_actor, st.scheduled, st.actor = "NORMAL", -1, first, first
    st.knocker, st.knock_blocked, st.final_pending, st.turns_done = -1, [], [], 0
    st.doubles, st.redis, st.duels, st.peek_all = [], [], [], [False] * n
    st.revealed, st.acked, st.set_aside, st.pending, st.pending_from = False, [False] * n, [], "", ""
    st.stage, st.tallies, st.scores, st.winner, st.duel, st.duel_idx = "", [], [], -1, None, 0
    st.prizes, st.awards, st.award_idx, st.limit_seat = [], [], 0, -1
    st.set_aside_by, st.duel_results = [], []
    if zones is None:
        forget(st, NUMBER_CARDS)
        deck = shuffle(st, NUMBER_CARDS, NUMBER_INDEX.__getitem__)
        st.grids = [[deck[p * n + (s - first) % n] for p in range(4)] for s in range(n)]
        st.discard = [deck[4 * n]]
        st.draw = deck[4 * n + 1 :][::-1]
        st.seen[deck[4 * n]] = PUBLIC
    else:
        st.grids = [list(g) for g in zones["grids"]]
        st.draw = list(zones["draw"])[::-1]
        st.discard = list(zones["discard"])
        for card in st.discard:
            st.seen[card] = PUBLIC
    ev.append(Event("round_start", {"round": st.round, "starter": first, "dealer": (first - 1) % n,
                                    "discard": [st.discard[-1]]}))
    if zones is None:
        open_window(st, "RS_WINDOW", clockwise(st, first), ev)
    else:
        begin_turn(st, ev)


def start_peek(st: PumptownState, ev: list[Event]) -> None:
    """D7: each owner sees BL and BR (all four after a resolved PEEK) until every seat acks."""
    st.phase = "PEEK"
    private = {}
    for seat, grid in enumerate(st.grids):
        shown = range(4) if st.peek_all[seat] else range(2, 4)
        bit = 1 << seat
        for i in shown:
            st.seen[grid[i]] |= bit
        private[seat] = {"peeked": [grid[i] if i in shown else FACE_DOWN for i in range(4)]}
    ev.append(Event("peek_start", {"peek_all": list(st.peek_all)}, private))


def ack_peek(st: PumptownState, seat: int, ev: list[Event]) -> None:
    st.acked[seat] = True
    ev.append(Event("ack_peek", {"seat": seat}))
    if all(st.acked):
        ev.append(Event("peek_end", {}))
        begin_turn(st, ev)


# --- response windows ----------------------------------------------------------


def _auto_passes(st: PumptownState, seat: int, kind: str) -> bool:
    """A seat with no pump card, with auto-pass on, or (holders_only) without a fitting card is not asked."""
    hand = st.hands[seat]
    if not hand or st.autopass[seat]:
        return True
    if st.opts["poll_mode"] == "holders_only":
        fits = PLAYABLE[kind]
        return not any(KIND_OF[c] in fits for c in hand)
    return False


def open_window(st: PumptownState, kind: str, seats: list[int], ev: list[Event]) -> None:
    st.phase = kind
    st.win = Poll(kind, seats, 0, 0)
    poll(st, ev)


def poll(st: PumptownState, ev: list[Event]) -> None:
    """Advance to the next seat that must answer, or close the window (§3.2)."""
    p = st.nope or st.win
    seats, kind = p.seats, p.kind
    if kind in MULTI:
        k = len(seats)
        while p.passes < k:
            if not _auto_passes(st, seats[p.idx], kind):
                return
            p.passes += 1
            p.idx = (p.idx + 1) % k
    else:
        while p.idx < len(seats):
            if not _auto_passes(st, seats[p.idx], kind):
                return
            p.idx += 1
    if p is st.nope:
        resolve_chain(st, ev)
    else:
        close_window(st, ev)


def answer_pass(st: PumptownState, seat: int, ev: list[Event]) -> None:
    p = st.nope or st.win
    if st.opts["poll_mode"] != "holders_only":
        # §5.2: with holders_only a pass would say who was asked, i.e. who holds a fitting card
        ev.append(Event("pass", {"seat": seat, "window": p.kind}))
    if p.kind in MULTI:
        p.passes += 1
        p.idx = (p.idx + 1) % len(p.seats)
    else:
        p.idx += 1
    poll(st, ev)


def play_card(st: PumptownState, seat: int, card: str, args: dict, ev: list[Event]) -> None:
    """The card joins the public chain and a NOPE_WINDOW opens after its player (§3.2).

    A Redistribute first takes its allocation, one ``allot`` at a time (D60), or all of it at once when the
    play carries ``allocation`` (D86): the same events as the steps, in the same version."""
    st.hands[seat].remove(card)
    kind = KIND_OF[card]
    if kind == "REDIS":
        ev.append(Event("play", {"seat": seat, "card": card}))
        st.chain.append(Play(seat, card, {"alloc": [0] * st.n}))
        st.phase = "REDIS_ALLOC"
        left = sum(amount for _, amount in args.get("allocation", ()))
        for recipient, amount in args.get("allocation", ()):
            left -= amount
            allot(st, seat, recipient, amount, left, ev)
        return
    ev.append(Event("play", {"seat": seat, "card": card, **args}))
    st.chain.append(Play(seat, card, args))
    if kind == "NOPE" and not st.opts["nope_on_nope"]:
        resolve_chain(st, ev)  # D48
        return
    _open_nope(st, seat, ev)


def allot(st: PumptownState, seat: int, recipient: int, amount: int, left: int, ev: list[Event]) -> None:
    """One recipient's share of the Redistribute on the chain; once all is given, the Nope window opens."""
    play = st.chain[0]
    alloc = list(play.args["alloc"])
    alloc[recipient] = amount
    st.chain[0] = Play(seat, play.card, {"alloc": alloc})  # chain records are shared between states
    ev.append(Event("allot", {"seat": seat, "recipient": recipient, "amount": amount, "remaining": left}))
    if not left:
        st.phase = "RE_WINDOW"
        _open_nope(st, seat, ev)


def _open_nope(st: PumptownState, seat: int, ev: list[Event]) -> None:
    n = st.n
    st.nope = Poll("NOPE_WINDOW", [(seat + i) % n for i in range(1, n)], 0, 0)
    poll(st, ev)


def resolve_chain(st: PumptownState, ev: list[Event]) -> None:
    """An odd number of Nopes cancels the original card; every chain card goes to the pump discard."""
    chain = st.chain
    play = chain[0]
    cancelled = len(chain) % 2 == 0
    cards = [p.card for p in chain]
    st.pump_discard.extend(cards)
    st.chain, st.nope = [], None
    ev.append(Event("chain_resolved", {"seat": play.seat, "card": play.card, "cancelled": cancelled,
                                       "cards": cards}))
    phase, win = st.phase, st.win
    if phase == "TURN_START":
        if not cancelled:  # D16: a Noped Swap or Steal leaves the turn unused
            _exchange(st, play)
            turn_complete(st, play.seat, ev)
        return
    if phase in MULTI:
        if not cancelled:
            _window_effect(st, play, ev)
        win.passes = 0
        win.idx = (win.seats.index(play.seat) + 1) % len(win.seats)
        poll(st, ev)
        return
    if cancelled:
        win.idx += 1
        poll(st, ev)
        return
    st.win = None
    if phase == "TB_WINDOW":
        _swipe(st, play, ev)
        turn_complete(st, play.seat, ev)
    else:  # AK_WINDOW: a resolved BLOCK
        knocker = st.knocker
        st.knocker = -1
        st.knock_blocked.append(knocker)
        ev.append(Event("knock_blocked", {"seat": knocker}))
        advance(st, knocker, ev)


def close_window(st: PumptownState, ev: list[Event]) -> None:
    kind = st.win.kind
    st.win = None
    if kind == "RS_WINDOW":
        start_peek(st, ev)
    elif kind == "TB_WINDOW":
        st.phase = "TURN_START"
        st.actor = st.scheduled
    elif kind == "AK_WINDOW":
        knocker = st.knocker
        st.mode = "FINAL"
        st.final_pending = [s for s in range(st.n) if s != knocker]
        ev.append(Event("knock_stands", {"seat": knocker}))
        advance(st, knocker, ev)
    else:
        scoring.begin_scoring(st, ev)


# --- card effects ----------------------------------------------------------------


def _exchange(st: PumptownState, play: Play) -> None:
    """SWAP and STEAL: two face-down cards change places; knowledge follows the cards (D17)."""
    args = play.args
    if KIND_OF[play.card] == "SWAP":
        a, pa, b, pb = args["a"], POS_INDEX[args["pa"]], args["b"], POS_INDEX[args["pb"]]
    else:
        a, pa, b, pb = args["target"], POS_INDEX[args["tpos"]], play.seat, POS_INDEX[args["own_pos"]]
    grids = st.grids
    grids[a][pa], grids[b][pb] = grids[b][pb], grids[a][pa]


def _swipe(st: PumptownState, play: Play, ev: list[Event]) -> None:
    seat, i = play.seat, POS_INDEX[play.args["pos"]]
    card = st.discard.pop()
    replaced = st.grids[seat][i]
    st.grids[seat][i] = card
    to_discard(st, replaced)
    ev.append(Event("swipe", {"seat": seat, "pos": play.args["pos"], "card": card, "replaced": replaced}))


def _window_effect(st: PumptownState, play: Play, ev: list[Event]) -> None:
    kind, seat, args = KIND_OF[play.card], play.seat, play.args
    if kind == "PEEK":
        st.peek_all[seat] = True
    elif kind == "DOUB":
        st.doubles.append(args["target"])
    elif kind == "REARR":
        old = st.grids[seat]
        st.grids[seat] = [old[POS_INDEX[src]] for src in args["layout"]]
    elif kind == "ELIM":
        i = POS_INDEX[args["pos"]]
        card = st.grids[seat][i]
        st.grids[seat][i] = ""
        st.set_aside.append(card)
        st.set_aside_by.append(seat)  # §3.4: a player eliminates a card of its own grid
        ev.append(Event("eliminate", {"seat": seat, "pos": args["pos"], "card": card}))
    elif kind == "REDIS":
        st.redis.append(play)
    else:  # DUEL
        st.duels.append([seat, args["target"]])


# --- turns -----------------------------------------------------------------------


def begin_turn(st: PumptownState, ev: list[Event]) -> None:
    """TB_WINDOW before every turn: Swipe-eligible seats, polled from the seat after ``scheduled``."""
    n, sched, last = st.n, st.scheduled, st.last_actor
    final = st.mode == "FINAL"
    pending = st.final_pending
    seats = [s for s in ((sched + i) % n for i in range(1, n)) if s != last and (not final or s in pending)]
    st.actor = sched
    open_window(st, "TB_WINDOW", seats, ev)


def draw(st: PumptownState, seat: int, source: str, ev: list[Event]) -> None:
    """A turn or duel draw: the card becomes pending (seen by the drawer, or public from the discard)."""
    if source == "pile":
        card = draw_number(st, ev)
        st.seen[card] = 1 << seat
        ev.append(Event("draw", {"seat": seat, "source": source}, {seat: {"card": card}}))
    else:
        card = st.discard.pop()
        ev.append(Event("draw", {"seat": seat, "source": source, "card": card}))
    st.pending, st.pending_from = card, source
    st.phase = "TURN_PLACE" if st.phase == "TURN_START" else "DUEL_PLACE"


def place(st: PumptownState, seat: int, pos: str, ev: list[Event]) -> None:
    card = st.pending
    st.pending = st.pending_from = ""
    if st.phase == "TURN_PLACE":
        row, i = st.grids[seat], POS_INDEX[pos]
    else:
        duel = st.duel
        row, i = duel.slots[duel.turn], 0 if pos == "L" else 1
    replaced = row[i]
    row[i] = card
    to_discard(st, replaced)
    ev.append(Event("place", {"seat": seat, "pos": pos, "replaced": replaced}))
    _end_draw_turn(st, seat, ev)


def discard_drawn(st: PumptownState, seat: int, ev: list[Event]) -> None:
    card = st.pending
    st.pending = st.pending_from = ""
    to_discard(st, card)
    ev.append(Event("discard", {"seat": seat, "card": card}))
    _end_draw_turn(st, seat, ev)


def _end_draw_turn(st: PumptownState, seat: int, ev: list[Event]) -> None:
    if st.phase == "TURN_PLACE":
        turn_complete(st, seat, ev)
    else:
        scoring.next_duel_turn(st, ev)


def turn_complete(st: PumptownState, seat: int, ev: list[Event]) -> None:
    """A KNOCK_DECISION follows in NORMAL mode unless the seat is blocked; else advance."""
    st.actor = seat
    if st.mode == "NORMAL" and seat not in st.knock_blocked:
        st.phase = "KNOCK_DECISION"
    else:
        advance(st, seat, ev)


def knock(st: PumptownState, seat: int, ev: list[Event]) -> None:
    st.knocker = seat
    ev.append(Event("knock", {"seat": seat}))
    n = st.n
    open_window(st, "AK_WINDOW", [(seat + i) % n for i in range(1, n)], ev)


def end_turn(st: PumptownState, seat: int, ev: list[Event]) -> None:
    ev.append(Event("end_turn", {"seat": seat}))
    advance(st, seat, ev)


def advance(st: PumptownState, seat: int, ev: list[Event]) -> None:
    """§3.3 Advance after a completed turn (and its knock decision)."""
    st.turns_done += 1
    st.last_actor = seat
    n = st.n
    if st.mode == "NORMAL":
        st.scheduled = (seat + 1) % n
        limit = st.opts["round_turn_limit"]
        if limit and st.turns_done >= limit:
            reveal(st, ev)
            return
    else:
        pending = st.final_pending
        if seat in pending:
            pending.remove(seat)
        if not pending:
            reveal(st, ev)
            return
        st.scheduled = next(s for s in ((seat + i) % n for i in range(1, n + 1)) if s in pending)
    begin_turn(st, ev)


def reveal(st: PumptownState, ev: list[Event]) -> None:
    """E0: every grid card face up, a provisional tally, then RE_WINDOW from the starter."""
    st.revealed = True
    st.actor = -1
    seen = st.seen
    for grid in st.grids:
        for card in grid:
            seen[card] = PUBLIC
    threshold = st.opts["moon_threshold"]
    ev.append(Event("reveal", {"grids": [list(g) for g in st.grids],
                               "tallies": [tally(g, threshold)[0] for g in st.grids]}))
    open_window(st, "RE_WINDOW", clockwise(st, starter(st)), ev)
