"""The rest of a Flip 7 round played out on a sampled draw pile, every seat by the standard bot's rules: the strong
bot's look-ahead for hit or stay and for the recipient of an action card.

A rollout starts from a view at a hit-or-stay decision (TURN phase, nothing pending, no Flip Three on the stack:
the only moments the bot chooses between HIT and STAY) or at a pending assignment (``Pending``: in the deal, on a
hit, or set aside in a Flip Three during a turn). The draw pile's composition is known from the view
(``knowledge.draw_pile``); one rollout shuffles it with the bot's ``rng`` and plays the round to its end (no seat
active, a Flip 7, or the piles exhausted), the seat deciding playing the action it is testing first and then, like
every other seat, the standard bot's choices (``standard.should_hit`` and ``standard.assign_target``, restated
here on a compact line so that a rollout costs tens of microseconds, not a view per card), except that the
deciding seat may follow a plan (``Table.hits``: hit at least until a total). Only public cards and the bot's own
random numbers go in, so the rollout is as honest as the view.

The result of a rollout is the round's end totals; the strong bot turns them into its chance to win the game
(``race.game_chance``).

A hand-written simulator rather than the engine: the engine builds events, views and states for every card,
far more work than these few integer updates, and a decision runs up to a few hundred rollouts. Its rules are
the engine's (rules §3-§4) under the default options (``flip3_sc_timing``, ``auto_single_target``,
``stay_requires_card`` and ``tie_break`` as by default: under other options a rollout is an approximation, and
the bot still only picks among its legal actions), except that a reshuffle in a rollout draws from the discard
pile as the view showed it (cards discarded during the rollout do not come back).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...engines.flip7.cards import KIND, KINDS
from .knowledge import ACTION_WORTH, draw_pile

#: kind -> index in KINDS (N0..N12 are 0..12, so a number's index is its value)
INDEX = {kind: i for i, kind in enumerate(KINDS)}
FRZ, FL3, SC, X2 = INDEX["FRZ"], INDEX["FL3"], INDEX["SC"], INDEX["X2"]
#: +N modifier index -> N
PLUS = {INDEX[kind]: int(kind[1:]) for kind in KINDS if kind[0] == "P"}
#: what a card other than a number or the x2 adds to ``hit_gain``: a +N its N, an action card its rough worth
EXTRA = {**PLUS, FRZ: ACTION_WORTH["FRZ"], FL3: ACTION_WORTH["FL3"], SC: ACTION_WORTH["SC"]}

ACTIVE, STAYED, FROZEN, BUSTED, FLIP7, OUT = "ACTIVE", "STAYED", "FROZEN", "BUSTED", "FLIP7", "OUT"
BANKED = (STAYED, FROZEN, FLIP7)


class _RoundOver(Exception):
    """A Flip 7 or exhausted piles: the round ends at once."""


class Table:
    """One seat-by-seat copy of a round in progress, cheap to copy and to play on."""

    __slots__ = (
        "base",
        "bonus",
        "count",
        "counts",
        "doubled",
        "extra_left",
        "held",
        "left",
        "numbers_left",
        "pile",
        "planner",
        "plus",
        "points_left",
        "reserve",
        "rng",
        "sc",
        "seats",
        "status",
        "target",
        "total",
        "until",
    )

    def __init__(self, view: Mapping[str, Any], options: Mapping[str, Any]) -> None:
        players = view["players"]
        self.seats = len(players)
        self.status = [p["status"] for p in players]
        self.held: list[list[int]] = [[] for _ in range(self.seats)]  # the number values held
        self.count = [0] * self.seats
        self.base = [0] * self.seats
        self.plus = [0] * self.seats
        self.doubled = [False] * self.seats
        self.sc = [p["sc"] is not None for p in players]
        self.total = [p["total"] for p in players]
        for i, p in enumerate(players):
            for card in p["numbers"]:
                v = INDEX[KIND[card]]
                if v not in self.held[i]:
                    self.held[i].append(v)
                    self.count[i] += 1
                self.base[i] += v
            for card in p["mods"]:
                kind = INDEX[KIND[card]]
                if kind == X2:
                    self.doubled[i] = True
                else:
                    self.plus[i] += PLUS[kind]
        self.pile = [INDEX[KIND[card]] for card in draw_pile(view)]
        self.reserve = [INDEX[KIND[card]] for card in view["discard"]]
        if not self.pile:  # the next draw reshuffles the discard pile (rules §6 R3)
            self.pile, self.reserve = self.reserve, []
        self._count_pile()
        self.target = options["target_score"]
        self.bonus = options["flip7_bonus"]
        self.rng = random.Random(0)  # never drawn from: only copies are played on, each with the caller's rng
        self.planner, self.until = -1, 0  # no seat hits by a plan (``hits``)

    def _count_pile(self) -> None:
        """The pile's counts by kind and the sums ``hit_gain`` reads (kept up to date card by card in ``draw``)."""
        self.counts = [0] * len(KINDS)
        for kind in self.pile:
            self.counts[kind] += 1
        self.left = len(self.pile)
        self.numbers_left = sum(self.counts[:13])
        self.points_left = sum(v * self.counts[v] for v in range(13))
        self.extra_left = sum(EXTRA[kind] * self.counts[kind] for kind in EXTRA)

    def copy(self, pile: list[int], rng: random.Random) -> Table:
        """This table with ``pile`` (a shuffle of its own) as the draw pile."""
        other = Table.__new__(Table)
        for name in ("status", "count", "base", "plus", "doubled", "sc", "total", "counts"):
            setattr(other, name, list(getattr(self, name)))
        other.held = [list(held) for held in self.held]
        other.pile, other.reserve = pile, list(self.reserve)
        other.left, other.target, other.bonus, other.seats = len(pile), self.target, self.bonus, self.seats
        other.numbers_left, other.points_left, other.extra_left = self.numbers_left, self.points_left, self.extra_left
        other.rng = rng
        other.planner, other.until = self.planner, self.until
        return other

    # --- what a seat sees (the standard bot's estimates, knowledge.py and standard.py) -------------

    def line(self, i: int) -> int:
        return self.base[i] * (2 if self.doubled[i] else 1) + self.plus[i]

    def final(self, i: int) -> int:
        """Seat ``i``'s total if the round ended now."""
        status = self.status[i]
        if status in (BUSTED, OUT):
            return self.total[i]
        return self.total[i] + self.line(i) + (self.bonus if status == FLIP7 else 0)

    def hit_gain(self, i: int) -> float:
        """``knowledge.hit_gain``: the expected points of the next card when it is not a duplicate."""
        if not self.left:
            return 0.0
        counts = self.counts
        duplicates = duplicate_points = 0
        for v in self.held[i]:
            duplicates += counts[v]
            duplicate_points += counts[v] * v
        factor = 2 if self.doubled[i] else 1
        seventh = self.bonus if self.count[i] == 6 else 0
        gain = factor * (self.points_left - duplicate_points) + seventh * (self.numbers_left - duplicates)
        return (gain + self.extra_left + counts[X2] * self.base[i]) / self.left

    def duplicate_chance(self, i: int) -> float:
        if not self.left:
            return 0.0
        counts = self.counts
        return sum(counts[v] for v in self.held[i]) / self.left

    def hit_value(self, i: int) -> float:
        """``knowledge.hit_value``: the next card's expected gain against the line it puts at risk."""
        line = self.line(i)
        loss = 0.25 * line if self.sc[i] else line
        return self.hit_gain(i) - self.duplicate_chance(i) * loss

    def standard_hits(self, i: int) -> bool:
        """``standard.should_hit`` for seat ``i`` (HIT is forced on an empty line)."""
        if not (self.count[i] or self.plus[i] or self.doubled[i] or self.sc[i]):
            return True
        mine = self.total[i] + self.line(i)
        best_banked = best_rival = 0
        alone = True
        for j in range(self.seats):
            if j != i:
                status, final = self.status[j], self.final(j)
                best_rival = max(best_rival, final)
                if status in BANKED:
                    best_banked = max(best_banked, final)
                elif status == ACTIVE:
                    alone = False
        if best_banked >= self.target and mine < best_banked:
            return True
        if alone and mine >= self.target and mine > best_rival:
            return False
        return self.hit_value(i) > 0

    def hits(self, i: int) -> bool:
        """Whether seat ``i`` hits: the planner (the strong bot testing a plan) hits at least until its total and
        line reach ``until``, then as every seat by the standard bot's rules."""
        if i == self.planner and self.total[i] + self.line(i) < self.until:
            return True
        return self.standard_hits(i)

    def flip_three_loss(self, i: int) -> float:
        risk = self.duplicate_chance(i)
        if self.sc[i]:
            bust = min(1.0, 3 * risk * risk)
        else:
            survive = max(0.0, 1 - risk) * max(0.0, 0.93 - risk) * max(0.0, 0.86 - risk)
            bust = 1 - survive
        return bust * self.line(i) - (1 - bust) * 3 * self.hit_gain(i)

    def standard_target(self, decider: int, kind: int, targets: Sequence[int]) -> int:
        """``standard.assign_target`` for ``decider``."""
        rivals = [t for t in targets if t != decider]
        if kind == SC:
            if decider in targets or not rivals:
                return decider if decider in targets else targets[0]
            return min(rivals, key=lambda t: (self.total[t] + self.line(t), t))

        def standing(t: int) -> float:
            return 1 + self.total[t] / self.target

        if kind == FRZ:
            harm = {t: max(0.0, self.hit_value(t)) * standing(t) for t in rivals}
            best = max(rivals, key=lambda t: (harm[t], self.total[t], -t), default=None)
            if decider in targets and (best is None or (harm[best] < 0.5 and self.hit_value(decider) < 0)):
                return decider
            return best if best is not None else targets[0]
        damage = {t: self.flip_three_loss(t) * standing(t) for t in rivals}
        best = max(rivals, key=lambda t: (damage[t], self.total[t], -t), default=None)
        if decider in targets and (best is None or -self.flip_three_loss(decider) > damage[best]):
            return decider
        return best if best is not None else targets[0]

    # --- the rules (rules §3.3-§3.5) ---------------------------------------------------------------

    def draw(self) -> int:
        if not self.pile:
            if not self.reserve:
                raise _RoundOver
            self.pile, self.reserve = self.reserve, []
            self.rng.shuffle(self.pile)
            self._count_pile()
        kind = self.pile.pop()
        self.counts[kind] -= 1
        self.left -= 1
        if kind < 13:
            self.numbers_left -= 1
            self.points_left -= kind
        else:
            self.extra_left -= EXTRA.get(kind, 0)
        return kind

    def receive(self, i: int, kind: int, set_aside: list[int] | None) -> None:
        if kind < 13:
            if kind in self.held[i]:
                if self.sc[i]:
                    self.sc[i] = False
                else:
                    self.status[i] = BUSTED
                return
            self.held[i].append(kind)
            self.count[i] += 1
            self.base[i] += kind
            if self.count[i] == 7:
                self.status[i] = FLIP7
                raise _RoundOver
        elif kind == X2:
            self.doubled[i] = True
        elif kind in PLUS:
            self.plus[i] += PLUS[kind]
        elif set_aside is not None:
            set_aside.append(kind)
        else:
            self.open_assign(i, kind)

    def open_assign(self, decider: int, kind: int) -> None:
        targets = [t for t in range(self.seats) if self.status[t] == ACTIVE and not (kind == SC and self.sc[t])]
        if targets:
            self.assign(kind, targets[0] if len(targets) == 1 else self.standard_target(decider, kind, targets))

    def assign(self, kind: int, target: int) -> None:
        if kind == FRZ:
            self.status[target] = FROZEN
        elif kind == SC:
            self.sc[target] = True
        else:
            self.flip_three(target)

    def flip_three(self, target: int) -> None:
        set_aside: list[int] = []
        for _ in range(3):
            if self.status[target] != ACTIVE:
                break
            self.receive(target, self.draw(), set_aside)
        self.resolve_set_aside(target, set_aside)

    def resolve_set_aside(self, target: int, set_aside: Sequence[int]) -> None:
        """A Flip Three's set-aside cards, assigned one by one by its target in the order drawn, all discarded
        once the target has busted (rules §3.5 step 3: a nested Flip Three on the target may bust it)."""
        for kind in set_aside:
            if self.status[target] == BUSTED:
                return
            self.open_assign(target, kind)

    def play_round(self, seat: int, hit: bool) -> None:
        """``seat`` hits (or stays), then every seat plays the standard bot's rules to the end of the round."""
        try:
            if hit:
                self.receive(seat, self.draw(), None)
            else:
                self.status[seat] = STAYED
            self.play_on(seat)
        except _RoundOver:
            return

    def play_assignment(self, pending: Pending, target: int) -> None:
        """The pending card goes to ``target``, then the round is played to its end: what the stack's Flip Threes
        still hold, the rest of the deal, then the turns after ``pending.hitter``'s as in ``play_round``."""
        try:
            self.assign(pending.kind, target)
            for frame_target, set_aside in reversed(pending.frames):
                self.resolve_set_aside(frame_target, set_aside)
            for seat in pending.deal_left:
                if self.status[seat] == ACTIVE:
                    self.receive(seat, self.draw(), None)
            self.play_on(pending.hitter)
        except _RoundOver:
            return

    def play_on(self, hitter: int) -> None:
        """The turns after ``hitter``'s, every seat by the standard bot's rules, until no seat is active."""
        current = hitter
        while True:
            following = [(current + step) % self.seats for step in range(1, self.seats + 1)]
            active = [t for t in following if self.status[t] == ACTIVE]
            if not active:
                return
            current = active[0]
            if self.hits(current):
                self.receive(current, self.draw(), None)
            else:
                self.status[current] = STAYED


@dataclass(frozen=True, slots=True)
class Pending:
    """Where the round stands at a pending assignment, as far as the rest of the round depends on it."""

    kind: int  # the card's kind index
    frames: tuple[tuple[int, tuple[int, ...]], ...]  # the stack's Flip Threes, outermost first: target, set-aside
    deal_left: tuple[int, ...]  # the seats still to be dealt, in deal order
    hitter: int  # the turns go on after this seat's (the dealer's in the deal: the first turn is dealer + 1's)

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Pending | None:
        """The pending assignment of ``view``; None in the one case a view does not tell how the round goes on:
        set-aside cards in the deal (which seat's deal card started that Flip Three is not in the view)."""
        seats = len(view["players"])
        frames = tuple(
            (frame["target"], tuple(INDEX[KIND[card]] for card in frame["set_aside"])) for frame in view["stack"]
        )
        kind = INDEX[KIND[view["pending"]["card"]]]
        if view["phase"] == "TURN":
            return cls(kind, frames, (), view["current"])
        if frames:
            return None
        # in the deal with an empty stack the card is the decider's own deal card
        dealer, decider = view["dealer"], view["pending"]["decider"]
        deal_left = tuple((decider + step) % seats for step in range(1, (dealer - decider) % seats + 1))
        return cls(kind, frames, deal_left, dealer)


def rollout_finals(
    table: Table, piles: Sequence[list[int]], rng: random.Random, play: Callable[[Table], None]
) -> list[list[int]]:
    """The end-of-round totals of a rollout on each of ``piles``, the round played on by ``play``."""
    finals = []
    for pile in piles:
        copy = table.copy(list(pile), rng)
        play(copy)
        finals.append([copy.final(i) for i in range(copy.seats)])
    return finals


def sample_piles(table: Table, count: int, rng: random.Random) -> list[list[int]]:
    """``count`` shuffles of the draw pile (its last card is drawn first)."""
    pile = list(table.pile)
    piles = []
    for _ in range(count):
        rng.shuffle(pile)
        piles.append(list(pile))
    return piles
