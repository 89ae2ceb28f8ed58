"""What one Pumptown seat knows about face-down cards, kept from the events it saw.

With ``memory_assist`` off the view never shows a face-down value again once seen (rules §5.1), so a
bot that is to remember like a careful player must keep that knowledge itself. ``Knowledge`` is
rebuilt from the bot's memory (plain lists, JSON- and msgpack-able), updated with the events the
seat received since its last decision (``Observation.events``, each as ``Event.for_viewer(seat)``),
merged with whatever the view shows (peeked cards, ``memory_assist`` values, the revealed grids),
and stored back in the ``Decision``'s memory.

It follows the §5.1 knowledge model from the seat's side: a card is known where the seat saw it
(its peek, its own pile draws, anything face up: discard draws, Swipes, the reveal) and the
knowledge follows the card through ``place``, Swap, Steal and Rearrange, which are public moves.
Values are what matter for scoring, so knowledge is kept as values (``None`` = unknown).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

POSITIONS = ("TL", "TR", "BL", "BR")
POS = {pos: i for i, pos in enumerate(POSITIONS)}
#: copies of each number value in the 76-card deck (§1.1)
DECK_COUNTS = [4] + [6] * 12
FACE_DOWN, EMPTY = "??", "__"


def value(card: str) -> int:
    """The value of a number card id such as ``N7c``."""
    return int(card[1:-1])


def kind(card: str) -> str:
    """The kind of a pump card id such as ``NOPE2``."""
    return card.rstrip("0123456789")


class Knowledge:
    """Known grid values per seat, the duel slots, and the chain card awaiting resolution."""

    __slots__ = ("chain", "duel_seats", "duel_slots", "grids", "pending", "round")

    def __init__(self, seats: int, memory: Any = None) -> None:
        memory = memory if isinstance(memory, Mapping) else {}
        self.round: int = memory.get("round", 0)
        self.grids: list[list[int | None]] = [list(g) for g in memory.get("grids", [[None] * 4] * seats)]
        self.duel_seats: list[int] = list(memory.get("duel_seats", []))
        self.duel_slots: list[list[int | None]] = [list(s) for s in memory.get("duel_slots", [])]
        #: the original card of the open chain: [seat, card, args]
        self.chain: list[Any] | None = memory.get("chain")
        #: value of the card pending for its drawer, when this seat saw it
        self.pending: int | None = memory.get("pending")

    def memory(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "grids": self.grids,
            "duel_seats": self.duel_seats,
            "duel_slots": self.duel_slots,
            "chain": self.chain,
            "pending": self.pending,
        }

    # --- events (one handler per event type, see ``_HANDLERS``) -----------------
    def _round_start(self, event: Mapping[str, Any]) -> None:
        self.round = event["round"]
        self.grids = [[None] * 4 for _ in self.grids]
        self.duel_seats, self.duel_slots, self.chain, self.pending = [], [], None, None

    def _peek(self, event: Mapping[str, Any], seat: int) -> None:
        for i, card in enumerate(event.get("peeked", ())):
            if card not in (FACE_DOWN, EMPTY):
                self.grids[seat][i] = value(card)

    def _draw(self, event: Mapping[str, Any]) -> None:
        card = event.get("card")
        self.pending = value(card) if card else None

    def _place(self, event: Mapping[str, Any]) -> None:
        seat, pos = event["seat"], event["pos"]
        if pos in POS:
            self.grids[seat][POS[pos]] = self.pending
        elif seat in self.duel_seats:
            self.duel_slots[self.duel_seats.index(seat)][0 if pos == "L" else 1] = self.pending
        self.pending = None

    def _discard(self, event: Mapping[str, Any]) -> None:
        self.pending = None

    def _swipe(self, event: Mapping[str, Any]) -> None:
        self.grids[event["seat"]][POS[event["pos"]]] = value(event["card"])

    def _play(self, event: Mapping[str, Any]) -> None:
        if kind(event["card"]) != "NOPE":
            args = {k: v for k, v in event.items() if k not in ("type", "seat", "card")}
            self.chain = [event["seat"], event["card"], args]

    def _resolved(self, event: Mapping[str, Any]) -> None:
        chain, self.chain = self.chain, None
        if event.get("cancelled") or chain is None:
            return
        seat, card, args = chain
        played = kind(card)
        grids = self.grids
        if played == "SWAP":
            a, pa, b, pb = args["a"], POS[args["pa"]], args["b"], POS[args["pb"]]
            grids[a][pa], grids[b][pb] = grids[b][pb], grids[a][pa]
        elif played == "STEAL":
            t, tp, op = args["target"], POS[args["tpos"]], POS[args["own_pos"]]
            grids[t][tp], grids[seat][op] = grids[seat][op], grids[t][tp]
        elif played == "REARR":
            old = grids[seat]
            grids[seat] = [old[POS[src]] for src in args["layout"]]

    def _reveal(self, event: Mapping[str, Any]) -> None:
        self.grids = [[value(c) if c else None for c in grid] for grid in event["grids"]]

    def _duel_start(self, event: Mapping[str, Any]) -> None:
        self.duel_seats = list(event["seats"])
        self.duel_slots = [[None, None] for _ in self.duel_seats]

    def _duel_reveal(self, event: Mapping[str, Any]) -> None:
        self.duel_seats, self.duel_slots = [], []

    # --- the view ---------------------------------------------------------------
    def merge_view(self, view: Mapping[str, Any]) -> None:
        """Values the view shows (PEEK, memory_assist, the reveal) are knowledge too."""
        for player in view["players"]:
            grid = self.grids[player["seat"]]
            for i, card in enumerate(player["grid"]):
                if card == EMPTY:
                    grid[i] = None  # set aside by Eliminate: counted in ``set_aside``
                elif card != FACE_DOWN:
                    grid[i] = value(card)
        duel = view.get("duel")
        if duel:
            if duel["seats"] != self.duel_seats:
                self.duel_seats = list(duel["seats"])
                self.duel_slots = [[None, None] for _ in self.duel_seats]
            for slots, shown in zip(self.duel_slots, duel["slots"], strict=False):
                for i, card in enumerate(shown):
                    if card not in (FACE_DOWN, EMPTY):
                        slots[i] = value(card)

    def unseen(self, view: Mapping[str, Any]) -> list[int]:
        """The values of the number cards this seat cannot place: the deck minus every card it can see
        (discard, set-aside, its pending card) or knows in a grid or duel slot."""
        counts = list(DECK_COUNTS)
        seen: list[int] = [value(c) for c in view["discard"]] + [value(c) for c in view["set_aside"]]
        pending = view.get("pending")
        if pending and pending.get("card"):
            seen.append(value(pending["card"]))
        for grid in self.grids:
            seen += [v for v in grid if v is not None]
        for slots in self.duel_slots:
            seen += [v for v in slots if v is not None]
        for v in seen:
            if counts[v] > 0:
                counts[v] -= 1
        return [v for v, count in enumerate(counts) for _ in range(count)]


_HANDLERS = {
    "round_start": Knowledge._round_start,
    "draw": Knowledge._draw,
    "place": Knowledge._place,
    "discard": Knowledge._discard,
    "swipe": Knowledge._swipe,
    "play": Knowledge._play,
    "chain_resolved": Knowledge._resolved,
    "reveal": Knowledge._reveal,
    "duel_start": Knowledge._duel_start,
    "duel_reveal": Knowledge._duel_reveal,
}


def load(seats: int, me: int, memory: Any, events: Sequence[Mapping[str, Any]], view: Mapping[str, Any]) -> Knowledge:
    """The seat's knowledge after ``events``, merged with the view."""
    knowledge = Knowledge(seats, memory)
    for event in events:
        if event.get("type") == "peek_start":
            knowledge._peek(event, me)
        else:
            handler = _HANDLERS.get(event.get("type", ""))
            if handler is not None:
                handler(knowledge, event)
    knowledge.merge_view(view)
    return knowledge
