"""Pumba ``standard`` bot: a shedding heuristic written from the rules (../shared/rules/pumba.md).

It reads only the seat's view and legal actions; it needs no memory between decisions.

Strategy, in the order it is applied:

1. **Challenge** every open Pumba window it may challenge (rules §3.3: a challenge costs nothing, a
   false one is refused, and a caught offender draws ``pumba_penalty`` cards). It is listed only while
   a window is open on another seat, so the bot takes it before anything else, in turn or out of turn.
2. **Penalty turn** (a Two is pending): answer with a Two when it holds one (the debt moves on to the
   next player, and a Two is 10 points less in hand), choosing the Two whose suit it holds most of;
   otherwise ``take_penalty``.
3. **Plan the turn.** A King gives the same player a new turn (and so does a Caballo, or a Seven with
   ``seven_two_players=skip``, between two players), so the bot searches the sequences of plays it
   can make this turn. A sequence that empties the hand wins the round and is always chosen. Any
   other sequence is scored by what it sheds and leaves:
   - points shed (the cards left in hand are the round score if someone else goes out), with a bonus
     for shedding high cards early;
   - the effect of the last card: a Two, Caballo or Ace hurts the next (or chosen) player, more when
     that player is close to going out; a Seven is worth playing when the player behind holds more
     cards than the one in front; a King that ends the sequence (no follow-up) is worth less, since
     the extra turn then forces a draw;
   - **saving special cards**: a Sota (wild) is kept while other cards can be played, unless the hand
     is small enough that it helps to go out; one Two is kept as a defence against incoming Twos
     while the hand is large and the next player is not close to going out;
   - **suit management**: a small bonus for each card left in hand that follows the active suit the
     play leaves (fewer forced draws when the suit comes back), and the Sota names the suit the hand
     holds most points of.
4. **Draw or play.** With a playable card it plays: a draw adds a card and its points. (Drawing once
   to save a Sota or Two that is the only playable card was tried and lost: 42.4 % against 47.0 %
   wins over 1,200 games against three "play any playable card" players.) With nothing playable it
   draws up to ``max_draws`` times, then passes.
5. **Calling Pumba!** Every play that leaves one card carries ``pumba: true`` (the engine lists the
   flagged variant exactly when the hand holds two cards), so the bot never misses the call.
6. **Ace targets**: the opponent with the fewest cards (the closest to going out), then the lowest
   total (the leader).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..contract import Bot, Decision, Observation

SUITS = "oceb"
POINTS = {"1": 1, "2": 10, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "S": 10, "C": 9, "R": 10}
ACE, TWO, SEVEN, SOTA, CABALLO, REY = "1", "2", "7", "S", "C", "R"

#: a score above every non-winning sequence: emptying the hand ends the round with -5
GO_OUT = 1000.0


class PumbaStandardBot(Bot):
    game: ClassVar[str] = "pumba"
    level: ClassVar[str] = "standard"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        return Decision(choose(observation.view, observation.legal_actions, Table(observation.view)))


def choose(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], table: Table) -> dict[str, Any]:
    """The choice among ``legal``; ``table`` weighs the plays (the strong bot passes a better-read one)."""
    by_type: dict[str, list[Mapping[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    if "challenge_pumba" in by_type:
        return dict(by_type["challenge_pumba"][0])
    plays = by_type.get("play", [])
    if view["pending_draw"]:
        if plays:
            hand = view["hand"]
            best = max(
                {action["card"] for action in plays},
                key=lambda two: (sum(1 for card in hand if card[1] == two[1] and card != two), two),
            )
            return play_variant(plays, best, view)
        return dict(by_type["take_penalty"][0])
    if plays:
        card, _ = table.best_play({action["card"] for action in plays})
        return play_variant(plays, card, view, suit=table.suit_for_sota(card))
    if "draw" in by_type:
        return dict(by_type["draw"][0])
    return dict(by_type["pass"][0])


def play_variant(
    plays: Sequence[Mapping[str, Any]], card: str, view: Mapping[str, Any], *, suit: str | None = None
) -> dict[str, Any]:
    """The listed play of ``card`` with the Pumba call when offered, the wanted suit and the Ace target."""
    variants = [action for action in plays if action["card"] == card]
    calls = [action for action in variants if action.get("pumba")]
    if calls:
        variants = calls
    if suit is not None:
        variants = [action for action in variants if action.get("suit") == suit] or variants
    if any("target" in action for action in variants):
        target = _ace_target(view, [action["target"] for action in variants if "target" in action])
        variants = [action for action in variants if action.get("target") == target]
    return dict(variants[0])


def _ace_target(view: Mapping[str, Any], targets: Sequence[int]) -> int:
    players = view["players"]
    return min(targets, key=lambda seat: (players[seat]["hand_count"], players[seat]["total"], seat))


class Table:
    """The public facts the heuristic weighs, read once from the view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.me: int = view["you"]
        self.hand: list[str] = list(view["hand"])
        self.top_rank: str = view["top"][0]
        self.suit: str = view["active_suit"]
        self.players = view["players"]
        self.dir: int = view["dir"]
        options = view["options"]
        self.max_draws: int = options["max_draws"]
        active = [p["seat"] for p in self.players if not p["eliminated"]]
        self.two_players = len(active) == 2
        self.seven_repeats = self.two_players and options["seven_two_players"] == "skip"
        self.next_seat = self._step(self.me, self.dir)
        self.prev_seat = self._step(self.me, -self.dir)
        self.next_count: int = self.players[self.next_seat]["hand_count"]
        self.prev_count: int = self.players[self.prev_seat]["hand_count"]
        self.fewest_other = min(
            (p["hand_count"] for p in self.players if not p["eliminated"] and p["seat"] != self.me), default=99
        )

    def _step(self, seat: int, direction: int) -> int:
        count = len(self.players)
        seat = (seat + direction) % count
        while self.players[seat]["eliminated"] and seat != self.me:
            seat = (seat + direction) % count
        return seat

    # --- the turn plan ----------------------------------------------------------
    def best_play(self, playable: set[str]) -> tuple[str, float]:
        """The first card of the best sequence of plays this turn, and that sequence's score."""
        best_card, best_score = "", -GO_OUT * 10
        for card in sorted(playable):
            score = self.sequence_score(self.hand, card)
            if score > best_score:
                best_card, best_score = card, score
        return best_card, best_score

    def sequence_score(self, hand: list[str], card: str) -> float:
        """The score of the best sequence of plays from ``hand`` that starts with ``card``."""
        return self._sequence(hand, card, depth=0)

    def _repeats(self, card: str) -> bool:
        """Whether playing ``card`` (not the last) gives this seat another turn at once."""
        rank = card[0]
        return rank == REY or (self.two_players and rank == CABALLO) or (rank == SEVEN and self.seven_repeats)

    def _sequence(self, hand: list[str], card: str, depth: int) -> float:
        rest = list(hand)
        rest.remove(card)
        if not rest:
            return GO_OUT - depth
        suit = self._named_suit(rest) if card[0] == SOTA else card[1]
        shed = POINTS[card[0]] + self._keep_penalty(card, hand)
        if self._repeats(card) and depth < 6:
            follow = [c for c in rest if c[0] == SOTA or c[1] == suit or c[0] == card[0]]
            if follow:
                return shed + max(self._sequence(rest, nxt, depth + 1) for nxt in follow)
            # an extra turn with nothing to play: it must draw (full_turn) -- a card more in hand
            return shed + self._leave(rest, suit) - 4.0
        return shed + self._end(card, rest, suit)

    def _end(self, card: str, rest: list[str], suit: str) -> float:
        """What the last card of a sequence is worth beyond its points: its effect and the hand it leaves."""
        return self._effect(card) + self._leave(rest, suit)

    def _leave(self, rest: list[str], suit: str) -> float:
        """What the hand left behind is worth: cards that follow the active suit, Sotas kept."""
        follows = sum(1 for c in rest if c[1] == suit and c[0] != SOTA)
        return 1.5 * min(follows, 3)

    def _effect(self, card: str) -> float:
        rank = card[0]
        if rank == TWO:
            return 4.0 + (6.0 if self.next_count <= 2 else 0.0)
        if rank == CABALLO:
            return 2.0 + (5.0 if self.next_count <= 2 else 0.0)
        if rank == ACE:
            return 2.0 + (4.0 if self.fewest_other <= 2 else 0.0)
        if rank == SEVEN and not self.two_players:
            return 3.0 if self.prev_count > self.next_count else -1.0
        return 0.0

    def _keep_penalty(self, card: str, hand: list[str]) -> float:
        """Negative when ``card`` is a special card worth saving now."""
        rank, size = card[0], len(hand)
        if rank == SOTA and size > 3 and any(c[0] != SOTA for c in hand if self._playable_now(c)):
            return -14.0
        if rank == TWO and size > 4 and self.next_count > 2 and sum(1 for c in hand if c[0] == TWO) == 1:
            return -8.0
        return 0.0

    def _playable_now(self, card: str) -> bool:
        return card[0] == SOTA or card[1] == self.suit or card[0] == self.top_rank

    # --- the Sota's suit -----------------------------------------------------------
    def suit_for_sota(self, card: str) -> str | None:
        if card[0] != SOTA:
            return None
        rest = list(self.hand)
        rest.remove(card)
        return self._named_suit(rest)

    @staticmethod
    def _named_suit(rest: list[str]) -> str:
        weight = dict.fromkeys(SUITS, 0.0)
        for c in rest:
            if c[0] != SOTA:
                weight[c[1]] += 1.0 + POINTS[c[0]] / 10.0
        return max(SUITS, key=lambda s: (weight[s], -SUITS.index(s)))
