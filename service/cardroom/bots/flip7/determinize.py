"""Flip 7 determinizer: an engine state consistent with one seat's view, for the strong bot's simulations.

Everything of a Flip 7 round is public but the order of the draw pile (rules §5),
so a sample is the view's table with the unseen cards (``knowledge.draw_pile``)
shuffled into a draw pile, and a fresh seed for any reshuffle the simulation
runs into. Only TURN-phase states are built: the view does not say which seats
the opening deal has still to serve, so the strong bot leaves deal-time choices
to the standard policy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...engines.flip7.cards import CANONICAL
from ...engines.flip7.state import TURN, Flip7State, Frame, Options, Pending, Player
from .knowledge import draw_pile

_OPTION_FIELDS = Options.__struct_fields__


def determinize(view: Mapping[str, Any], options: Mapping[str, Any], rng: random.Random) -> Flip7State:
    """A TURN-phase state that shows exactly ``view``, its draw pile drawn at random from the unseen cards."""
    if view["phase"] != TURN:
        raise ValueError("only TURN-phase views are determinized")
    draw = draw_pile(view)
    rng.shuffle(draw)
    pending = view["pending"]
    return Flip7State(
        seed=rng.getrandbits(63),
        rng_counter=0,
        identity_shuffle=False,
        options=Options(**{name: options[name] for name in _OPTION_FIELDS}),
        deck=list(CANONICAL),
        phase=TURN,
        round=view["round"],
        dealer=view["dealer"],
        deal_queue=[],
        current=view["current"],
        turn_open=view["turn_open"],
        pending=None
        if pending is None
        else Pending(pending["decider"], pending["card"], list(pending["legal_targets"])),
        stack=[Frame(f["target"], f["draws_left"], list(f["set_aside"])) for f in view["stack"]],
        players=[
            Player(p["status"], list(p["numbers"]), list(p["mods"]), p["sc"], p["total"]) for p in view["players"]
        ],
        draw=draw,
        discard=list(view["discard"]),
        draw_seen=True,
        winners=list(view["winners"]),
    )
