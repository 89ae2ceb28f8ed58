"""Up or Down? determinizer: an engine state consistent with one seat's view, for the strong bot.

Hidden from a seat are the face-down pile, the face-up pile below its top and the
rivals' hand cards they did not draw face up (rules §5). A sample deals the
cards this seat has not seen (``standard.unseen_cards``) at random into those
places; everything else is copied from the view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engines.up_or_down.setup import RANGE_TOP
from ...engines.up_or_down.state import Options, UpOrDownState
from .standard import unseen_cards

_OPTION_FIELDS = Options.__struct_fields__


def determinize(view: Mapping[str, Any], options: Mapping[str, Any], rng: random.Random) -> UpOrDownState:
    seat = view["you"]
    players = view["players"]
    seats = len(players)
    top = RANGE_TOP[options["card_range"]][seats]
    unseen = unseen_cards(view, top)
    rng.shuffle(unseen)
    deal = iter(unseen)
    hands, known = [], []
    for player in players:
        if player["seat"] == seat:
            hands.append(sorted(view["hand"]))
            known.append([])
            continue
        shown = list(player["known"])
        hands.append(sorted(shown + [next(deal) for _ in range(player["hand_size"] - len(shown))]))
        known.append(sorted(shown))
    pile_down = [next(deal) for _ in range(view["pile_down_size"])]
    pile_up = []
    if view["pile_up_size"]:
        pile_up = [view["pile_up_top"]] + [next(deal) for _ in range(view["pile_up_size"] - 1)]
    return UpOrDownState(
        seats=seats,
        seed=0,
        rng_counter=0,
        options=Options(**{name: options[name] for name in _OPTION_FIELDS}),
        cards=list(range(1, top + 1)),
        first_player=view["first_player"],
        current=view["current"],
        turn=view["turn"],
        phase=view["phase"],
        hands=hands,
        known=known,
        display=list(view["display"]),
        pile_down=pile_down,
        pile_up=pile_up,
        columns=[[list(column["cards"]) for column in player["columns"]] for player in players],
        discards=[list(player["discard"]) for player in players],
        played=view["played"],
        lower=view["lower"],
        upper=view["upper"],
        taken=view["taken"],
    )
