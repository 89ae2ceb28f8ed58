"""Card notation of Pumptown (§1): number cards, pump cards, grid and duel positions."""

from __future__ import annotations

COPIES = "abcdef"
#: the 76 number cards in factory order (§1.1)
NUMBER_CARDS: list[str] = [f"N0{c}" for c in COPIES[:4]] + [f"N{v}{c}" for v in range(1, 13) for c in COPIES]
VALUE: dict[str, int] = {card: int(card[1:-1]) for card in NUMBER_CARDS}
NUMBER_INDEX: dict[str, int] = {card: i for i, card in enumerate(NUMBER_CARDS)}

#: pump kinds in table order (§1.2); ``pump_mix`` lists copies in this order
KINDS: tuple[str, ...] = ("PEEK", "DOUB", "SWAP", "STEAL", "BLOCK", "SWIPE", "NOPE", "REARR", "DUEL", "ELIM", "REDIS")
DEFAULT_MIX: list[int] = [2, 2, 2, 2, 2, 2, 3, 2, 1, 2, 1]
MAX_COPIES = 9

POSITIONS: tuple[str, ...] = ("TL", "TR", "BL", "BR")
POS_INDEX: dict[str, int] = {pos: i for i, pos in enumerate(POSITIONS)}
DUEL_SLOTS: tuple[str, ...] = ("L", "R")
FACE_DOWN = "??"
EMPTY = "__"


def pump_cards(mix: list[int]) -> list[str]:
    """The pump deck of a mix in factory order: ``PEEK1, PEEK2, DOUB1, …``."""
    return [f"{kind}{copy}" for kind, copies in zip(KINDS, mix, strict=True) for copy in range(1, copies + 1)]


#: kind of every pump card any mix can hold (IDs are the kind plus one digit)
KIND_OF: dict[str, str] = {f"{kind}{copy}": kind for kind in KINDS for copy in range(1, MAX_COPIES + 1)}
PUMP_INDEX: dict[str, int] = {card: i for i, card in enumerate(KIND_OF)}


def row_score(a: str, b: str) -> int:
    """A row of two cards scores 0 when they pair, else their sum; an emptied slot never pairs."""
    if not a or not b:
        return VALUE[a] if a else (VALUE[b] if b else 0)
    va, vb = VALUE[a], VALUE[b]
    return 0 if va == vb else va + vb
