"""What a Pumba seat can read from the public events: the discard pile and which suits each rival lacks.

Kept in the strong bot's memory between its decisions and brought up to date from the events of
``Observation.events`` (the seat's own events, as it saw them; nothing hidden is read):

* **the discard pile** since the last reshuffle (``card_played``, ``went_out``; a ``stock_reshuffled`` leaves
  only the top card), so the cards the seat has not seen are the 40 less its hand and the pile;
* **what each rival lacks**: a rival that draws of its own will (``cards_drawn`` with reason ``draw``) or
  passes showed that it held no card of the active suit, none of the top card's rank and no Sota at that moment
  (a careful player plays when it can). Each of those is kept with the count of cards the rival received since
  (any of those may be of that kind); a card of that kind played later was one of them (the count goes down),
  and when the count cannot explain it the knowledge is dropped (the rival drew although it could play).

Every round starts with nothing known (``round_started``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...engines.pumba.cards import CARDS

SOTA = "S"


@dataclass
class Reading:
    """``lacks[seat]`` maps a kind of card (``suit:o``, ``rank:5``, ``sota``) to the number of cards the seat
    received since it showed it had none of that kind; a kind not listed is unknown."""

    seats: int
    pile: list[str] = field(default_factory=list)
    active_suit: str = ""
    lacks: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.lacks:
            self.lacks = [{} for _ in range(self.seats)]

    @classmethod
    def load(cls, memory: Any, seats: int) -> Reading:
        """The reading kept in ``memory`` (a fresh one at first)."""
        if not memory:
            return cls(seats)
        return cls(seats, list(memory["pile"]), memory["suit"], [dict(kinds) for kinds in memory["lacks"]])

    def dump(self) -> dict[str, Any]:
        """msgpack/JSON-able memory (seat-indexed list, string keys)."""
        return {"pile": self.pile, "suit": self.active_suit, "lacks": self.lacks}

    def read(self, events: Iterable[Mapping[str, Any]], me: int) -> None:
        for event in events:
            kind = event["type"]
            if kind == "round_started":
                self.pile = [event["starter"]]
                self.active_suit = event["active_suit"]
                self.lacks = [{} for _ in range(self.seats)]
            elif kind in ("card_played", "went_out"):
                card = event["card"] if kind == "card_played" else event["last_card"]
                self.pile.append(card)
                self.active_suit = event["active_suit"]
                self._played(event["seat"], card)
            elif kind == "stock_reshuffled":
                self.pile = self.pile[-1:]
            elif kind == "cards_drawn":
                seat = event["seat"]
                if event["reason"] == "draw" and seat != me:
                    self._showed_nothing_playable(seat)
                self.lacks[seat] = {name: fresh + event["count"] for name, fresh in self.lacks[seat].items()}
            elif kind == "passed" and event["seat"] != me:
                self._showed_nothing_playable(event["seat"])

    def _showed_nothing_playable(self, seat: int) -> None:
        if not self.pile:  # a reading started mid-round (no round_started seen): no top card to infer from
            return
        lacks = self.lacks[seat]
        for name in _kinds_playable_on(self.active_suit, self.pile[-1][0]):
            lacks[name] = 0

    def _played(self, seat: int, card: str) -> None:
        """A card of a kind the seat lacked was one it received since: one fewer such card; none (the seat
        drew although it could play): nothing is known of that kind any more."""
        lacks = self.lacks[seat]
        for name in _kinds_of(card):
            if name in lacks:
                if lacks[name]:
                    lacks[name] -= 1
                else:
                    del lacks[name]

    def unseen(self, hand: Iterable[str]) -> list[str]:
        """The cards the seat has not seen where they are: rivals' hands and the stock."""
        seen = set(hand) | set(self.pile)
        return [card for card in CARDS if card not in seen]

    @staticmethod
    def playable_share(suit: str, rank: str, pool: list[str]) -> float:
        """The share of ``pool`` playable on a ``rank`` card with ``suit`` active."""
        if not pool:
            return 0.0
        return sum(1 for card in pool if card[1] == suit or card[0] == rank or card[0] == SOTA) / len(pool)

    def blocked(self, seat: int, hand_count: int, suit: str, rank: str, unseen: list[str]) -> float:
        """The chance that ``seat`` holds nothing playable on a ``rank`` card with ``suit`` active.

        The playable cards fall in three disjoint kinds (the suit; the rank in other suits; the other Sotas).
        For each kind, the cards the seat may hold of it (all its cards, or those received since it showed it
        lacked the kind) are each taken as drawn from the unseen cards: binomial, kind by kind."""
        if hand_count <= 0:
            return 1.0
        if not unseen:
            return 0.0
        lacks = self.lacks[seat]
        kinds = (
            (f"suit:{suit}", lambda card: card[1] == suit),
            (f"rank:{rank}", lambda card: card[0] == rank and card[1] != suit and rank != SOTA),
            ("sota", lambda card: card[0] == SOTA and card[1] != suit),
        )
        chance = 1.0
        for name, member in kinds:
            share = sum(1 for card in unseen if member(card)) / len(unseen)
            chance *= (1.0 - share) ** min(hand_count, lacks.get(name, hand_count))
        return chance


def _kinds_of(card: str) -> tuple[str, ...]:
    return (f"suit:{card[1]}", f"rank:{card[0]}", *(("sota",) if card[0] == SOTA else ()))


def _kinds_playable_on(suit: str, rank: str) -> tuple[str, ...]:
    return (f"suit:{suit}", f"rank:{rank}", "sota")
