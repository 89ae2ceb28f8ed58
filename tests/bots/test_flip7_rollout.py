"""The Flip 7 strong bot's rollout simulator (bots/flip7/rollout.py) against the real thing: its restated standard
rules choose what the standard bot chooses, and a round it plays on the engine's own draw pile (read here from the
state, which a bot never gets) ends with the engine's totals."""

from __future__ import annotations

import random

from cardroom.bots import get_bot, observe
from cardroom.bots.flip7 import standard
from cardroom.bots.flip7.rollout import INDEX, Table
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options
from cardroom.engines.flip7.cards import KIND

GAMES = 3
ENGINE = get_engine("flip-7")
OPTIONS = validate_options(ENGINE.info.options, {})
STANDARD = get_bot("flip-7", "standard")


def _decisions(seed: int):
    """(state, observation) at every decision of a four-seat game of standard bots."""
    state = ENGINE.start(4, OPTIONS, seed).state
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        observation = observe(ENGINE, state, seat, (), None, OPTIONS)
        yield state, observation
        action = STANDARD.decide(observation, random.Random(0)).action
        state = ENGINE.apply(state, seat, action).state


def test_the_restated_rules_choose_as_the_standard_bot() -> None:
    hits = assigns = 0
    for seed in range(GAMES):
        for _, observation in _decisions(seed):
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
        for state, observation in _decisions(seed):
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


def _engine_round_end(state, seat: int, hit: bool) -> list[int] | None:
    """The totals at the end of the current round, ``seat`` playing ``hit`` first and standard bots after."""
    action = {"type": "hit" if hit else "stay"}
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
