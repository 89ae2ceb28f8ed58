"""The Flip 7 strong bot's rollout simulator (bots/flip7/rollout.py) against the real thing: its restated standard
rules choose what the standard bot chooses, and a round it plays on the engine's own draw pile (read here from the
state, which a bot never gets) ends with the engine's totals."""

from __future__ import annotations

import random

from standard_play import standard_decisions

from cardroom.bots import get_bot, observe
from cardroom.bots.flip7 import standard
from cardroom.bots.flip7.rollout import INDEX, Pending, Table
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options
from cardroom.engines.flip7.cards import KIND

GAMES = 3
ENGINE = get_engine("flip-7")
OPTIONS = validate_options(ENGINE.info.options, {})
STANDARD = get_bot("flip-7", "standard")


def test_the_restated_rules_choose_as_the_standard_bot() -> None:
    hits = assigns = 0
    for seed in range(GAMES):
        for _, observation in standard_decisions("flip-7", seed):
            view, legal = observation.view, observation.legal_actions
            table = Table(view, OPTIONS)
            seat = view["you"]
            if legal[0]["type"] == "assign":
                targets = view["pending"]["legal_targets"]
                kind = INDEX[KIND[view["pending"]["card"]]]
                assert table.standard_target(seat, kind, targets) == standard.assign_target(view, OPTIONS)
                assigns += 1
            elif len(legal) == 2:
                assert table.standard_hits(seat) == standard.should_hit(view, OPTIONS)
                hits += 1
    assert hits > 100 and assigns > 10


def test_a_rollout_on_the_engines_pile_ends_the_round_as_the_engine() -> None:
    compared = 0
    for seed in range(GAMES):
        for state, observation in standard_decisions("flip-7", seed):
            view, legal = observation.view, observation.legal_actions
            if len(legal) != 2 or legal[0]["type"] == "assign" or state.draw_seen:
                continue
            table = Table(view, OPTIONS)
            pile = [INDEX[KIND[card]] for card in reversed(state.draw)]  # the rollout draws from the end
            seat = view["you"]
            hit = standard.should_hit(view, OPTIONS)
            engine_totals = _engine_round_end(state, seat, hit)
            if engine_totals is None:
                continue  # the round reshuffled the discard pile, which a rollout does not replay card for card
            play = table.copy(pile, random.Random(0))
            play.play_round(seat, hit)
            assert [play.final(i) for i in range(4)] == engine_totals
            compared += 1
    assert compared > 100


def test_a_rollout_from_an_assignment_ends_the_round_as_the_engine() -> None:
    """Every recipient of every pending card (in the deal, on a hit, set aside in a Flip Three) that the view
    tells how the round goes on from."""
    compared = in_deal = in_flip_three = 0
    for seed in range(30):
        for state, observation in standard_decisions("flip-7", seed):
            view, legal = observation.view, observation.legal_actions
            if legal[0]["type"] != "assign" or state.draw_seen:
                continue
            pending = Pending.of(view)
            if pending is None:
                assert view["phase"] == "DEAL" and view["stack"]
                continue
            table = Table(view, OPTIONS)
            pile = [INDEX[KIND[card]] for card in reversed(state.draw)]
            for target in view["pending"]["legal_targets"]:
                engine_totals = _engine_round_end(state, view["you"], {"type": "assign", "target": target})
                if engine_totals is None:
                    continue
                play = table.copy(list(pile), random.Random(0))
                play.play_assignment(pending, target)
                assert [play.final(i) for i in range(4)] == engine_totals
                compared += 1
                in_deal += view["phase"] == "DEAL"
                in_flip_three += bool(view["stack"])
    assert compared > 30 and in_deal > 5 and in_flip_three > 2


def _engine_round_end(state, seat: int, first: bool | dict) -> list[int] | None:
    """The totals at the end of the current round, ``seat`` playing ``first`` (hit or not, or an action) and
    standard bots after."""
    action = first if isinstance(first, dict) else {"type": "hit" if first else "stay"}
    while True:
        transition = ENGINE.apply(state, seat, action)
        for event in transition.events:
            if event.type == "reshuffle":
                return None
            if event.type == "round_end":
                return list(event.data["totals"])
        state = transition.state
        seat = ENGINE.to_act(state)[0]
        action = STANDARD.decide(observe(ENGINE, state, seat, (), None, OPTIONS), random.Random(0)).action
