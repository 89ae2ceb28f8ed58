"""The resolution procedure of Flip 7: card resolution (§3.3), turns (§3.4), the
engine loop (§3.5), round end and game end (§4), reshuffles (§6 R3).

A :class:`Resolver` mutates one (already cloned) state and collects the events;
the engine creates one per accepted action and per new game.
"""

from __future__ import annotations

from .. import rng
from ..contract import Event, RuleError
from .cards import ACTION, CATEGORY, KIND, NUMBER, ORDER, VALUE, line_value
from .state import ACTIVE, BUSTED, DEAL, FLIP7, FROZEN, GAME_OVER, OUT, TURN, Flip7State, Frame, Pending

# round-end reasons (§4.1)
REASON_FLIP7, NO_ACTIVE, DECK_EXHAUSTED = "FLIP7", "NO_ACTIVE", "DECK_EXHAUSTED"

#: rounds the loop may run without any player input before the card set is
#: declared unplayable (only a tiny fixture card set can get there)
_MAX_UNATTENDED_ROUNDS = 1000


class Resolver:
    """Runs the rules on a mutable state, appending public events to ``events``."""

    __slots__ = ("end_reason", "events", "s")

    def __init__(self, state: Flip7State):
        self.s = state
        self.events: list[Event] = []
        #: set when the round has ended (§4.1); handled by the next loop step
        self.end_reason: str | None = None

    # --- drawing ------------------------------------------------------------
    def draw(self) -> str | None:
        """The top card, reshuffling the discard pile first if needed (§6 R3);
        None when both piles are empty, which ends the round (D13)."""
        s = self.s
        if not s.draw:
            if not s.discard:
                self.end_reason = DECK_EXHAUSTED
                return None
            cards = sorted(s.discard, key=ORDER.__getitem__)
            if not s.identity_shuffle:
                rng.fisher_yates(rng.stream(s.seed, s.rng_counter), cards)
                s.rng_counter += 1
            s.draw = cards
            s.discard = []
            s.draw_seen = True
            self.events.append(Event("reshuffle", {"count": len(cards)}))
        return s.draw.pop(0)

    # --- card resolution (§3.3) ---------------------------------------------
    def receive(self, seat: int, card: str, frame: Frame | None) -> None:
        s = self.s
        category = CATEGORY[card]
        player = s.players[seat]
        if category == NUMBER:
            value = VALUE[card]
            numbers = player.numbers
            if not any(VALUE[c] == value for c in numbers):
                numbers.append(card)
                if len(numbers) == 7:
                    player.status = FLIP7
                    self.events.append(Event("flip7", {"seat": seat}))
                    self.end_reason = REASON_FLIP7
            elif player.sc is not None:
                s.discard.append(player.sc)
                s.discard.append(card)
                self.events.append(Event("sc_used", {"seat": seat, "sc": player.sc, "duplicate": card}))
                player.sc = None
            else:
                numbers.append(card)
                player.status = BUSTED
                self.events.append(Event("bust", {"seat": seat, "card": card}))
        elif category == ACTION:
            if frame is not None and (KIND[card] != "SC" or s.options.flip3_sc_timing == "deferred"):
                frame.set_aside.append(card)
                self.events.append(Event("set_aside", {"seat": seat, "card": card}))
            else:
                self.open_assign(seat, card)
        else:
            player.mods.append(card)

    def open_assign(self, decider: int, card: str) -> None:
        s = self.s
        players = s.players
        if KIND[card] == "SC":
            targets = [i for i, p in enumerate(players) if p.status == ACTIVE and p.sc is None]
        else:
            targets = [i for i, p in enumerate(players) if p.status == ACTIVE]
        if not targets:
            s.discard.append(card)
            self.events.append(Event("discard_no_target", {"card": card}))
        elif len(targets) == 1 and s.options.auto_single_target:
            self.assign(decider, card, targets[0], True)
        else:
            s.pending = Pending(decider, card, targets)
            self.events.append(Event("assign_required", {"decider": decider, "card": card, "legal": targets}))

    def assign(self, decider: int, card: str, target: int, auto: bool) -> None:
        s = self.s
        events = self.events
        events.append(Event("assign", {"decider": decider, "card": card, "target": target, "auto": auto}))
        kind = KIND[card]
        if kind == "SC":
            s.players[target].sc = card
        elif kind == "FRZ":
            s.players[target].status = FROZEN
            s.discard.append(card)
            events.append(Event("frozen", {"seat": target}))
        else:
            s.discard.append(card)
            s.stack.append(Frame(target, 3, []))
            events.append(Event("flip3_start", {"target": target}))

    # --- turns (§3.4) ---------------------------------------------------------
    def next_active(self, after: int) -> int | None:
        """The first ACTIVE seat among after+1, after+2, ..., after+n (wrapping to ``after``)."""
        players = self.s.players
        n = len(players)
        for step in range(1, n + 1):
            seat = (after + step) % n
            if players[seat].status == ACTIVE:
                return seat
        return None

    def begin_turns(self, after: int) -> None:
        """Give the turn to the next ACTIVE seat, or end the round if there is none."""
        seat = self.next_active(after)
        if seat is None:
            self.end_reason = NO_ACTIVE
        else:
            self.s.current = seat

    # --- the engine loop (§3.5) -----------------------------------------------
    def run(self) -> None:
        s = self.s
        events = self.events
        players = s.players
        rounds = 0
        while True:
            if self.end_reason is not None:
                self.end_round()
                if s.phase == GAME_OVER:
                    return
                rounds += 1
                if rounds > _MAX_UNATTENDED_ROUNDS:
                    raise RuleError("INVALID_ARGUMENT", "the card set is too small for the game to progress")
                continue
            if s.pending is not None:
                return
            if s.stack:
                frame = s.stack[-1]
                status = players[frame.target].status
                if status == BUSTED:
                    s.discard += frame.set_aside
                    s.stack.pop()
                    events.append(Event("flip3_end", {"target": frame.target}))
                elif frame.draws_left > 0 and status == ACTIVE:
                    frame.draws_left -= 1
                    card = self.draw()
                    if card is not None:
                        events.append(Event("draw", {"seat": frame.target, "card": card, "via": "FLIP3"}))
                        self.receive(frame.target, card, frame)
                elif frame.set_aside:
                    self.open_assign(frame.target, frame.set_aside.pop(0))
                else:
                    s.stack.pop()
                    events.append(Event("flip3_end", {"target": frame.target}))
                continue
            if s.phase == DEAL:
                if s.deal_queue:
                    seat = s.deal_queue.pop(0)
                    if players[seat].status == ACTIVE:
                        card = self.draw()
                        if card is not None:
                            events.append(Event("deal", {"seat": seat, "card": card}))
                            self.receive(seat, card, None)
                    continue
                s.phase = TURN
                self.begin_turns(s.dealer)
                if self.end_reason is None:
                    return
                continue
            if s.turn_open:
                s.turn_open = False
                self.begin_turns(s.current)
                continue
            return

    # --- round end and game end (§4) ----------------------------------------------
    def end_round(self) -> None:
        s = self.s
        options = s.options
        scores = []
        for player in s.players:
            status = player.status
            if status in (BUSTED, OUT):
                score = 0
            else:
                score = line_value(player.numbers, player.mods, options.flip7_bonus if status == FLIP7 else 0)
            player.total += score
            scores.append(score)
        self.discard_table()
        totals = [p.total for p in s.players]
        self.events.append(Event("round_end", {"reason": self.end_reason, "scores": scores, "totals": totals}))
        self.end_reason = None
        contenders = [i for i, p in enumerate(s.players) if p.status != OUT]
        best = max(totals[i] for i in contenders)
        if best >= options.target_score:
            leaders = [i for i in contenders if totals[i] == best]
            if len(leaders) == 1 or options.tie_break == "shared":
                s.phase = GAME_OVER
                s.winners = leaders
                self.events.append(Event("game_over", {"winners": leaders, "totals": totals}))
                return
            self.events.append(Event("tiebreak", {"seats": leaders}))
            if options.tie_break == "tied_only":
                for i in contenders:
                    if i not in leaders:
                        s.players[i].status = OUT
        s.round += 1
        s.dealer = (s.dealer + 1) % len(s.players)
        self.start_round()

    def discard_table(self) -> None:
        """Move every card on the table to the discard pile (§4.2 step 3)."""
        s = self.s
        discard = s.discard
        for player in s.players:
            discard += player.numbers
            discard += player.mods
            player.numbers = []
            player.mods = []
            if player.sc is not None:
                discard.append(player.sc)
                player.sc = None
        for frame in s.stack:
            discard += frame.set_aside
        s.stack = []
        if s.pending is not None:
            discard.append(s.pending.card)
            s.pending = None
        s.deal_queue = []
        s.turn_open = False

    def start_round(self) -> None:
        """Round start and the initial deal's queue (§2.3-2.4); the loop does the dealing."""
        s = self.s
        n = len(s.players)
        for player in s.players:
            if player.status != OUT:
                player.status = ACTIVE
        s.phase = DEAL
        s.deal_queue = [(s.dealer + step) % n for step in range(1, n + 1)]
        self.events.append(Event("round_start", {"round": s.round, "dealer": s.dealer}))
