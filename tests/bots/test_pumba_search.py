"""The Pumba strong bot's look-ahead (``bots/pumba/search.py``): the hidden states it deals are consistent
with what its seat has seen and depend on nothing else, and it searches only contested plays.

Sized for CI (a few seeded games); the strength of the search is measured by ``cardroom bench bots``
(docs/benchmarks.md, "Strong bots, fifth pass: Pumba").
"""

from __future__ import annotations

import random
from collections import Counter

from cardroom.bots import get_bot, observe
from cardroom.bots.pumba.reading import Reading
from cardroom.bots.pumba.search import candidates, deal, play_out, policy_view
from cardroom.bots.pumba.standard import Table, choose
from cardroom.bots.pumba.strong import StrongTable
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options
from cardroom.engines.pumba import actions
from cardroom.engines.pumba.cards import CARDS

ENGINE = get_engine("pumba")
OPTIONS = validate_options(ENGINE.info.options, {})
STANDARD = get_bot("pumba", "standard")


def _positions(games: int, seats: int = 4):
    """(state, seat 0's observation) at every decision of seat 0 in seeded games of standard bots."""
    for game in range(games):
        opening = ENGINE.start(seats, OPTIONS, 700 + game)
        state, seen = opening.state, list(opening.events)
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            observation = observe(ENGINE, state, seat, seen if seat == 0 else (), None, OPTIONS)
            if seat == 0:
                yield state, observation
                seen = []
            transition = ENGINE.apply(state, seat, STANDARD.decide(observation, random.Random(0)).action)
            state = transition.state
            seen.extend(transition.events)


def test_a_deal_keeps_what_the_seat_sees_and_places_every_other_card() -> None:
    checked = 0
    reading = Reading(4)
    for _, observation in _positions(3):
        reading.read(observation.events, 0)
        view = observation.view
        state = deal(view, reading, random.Random(checked))
        assert state is not None
        assert state.hands[0] == view["hand"] and state.discard[-1] == view["top"]
        assert [len(hand) for hand in state.hands] == [p["hand_count"] for p in view["players"]]
        assert len(state.stock) == view["stock_count"] and len(state.discard) == view["discard_count"]
        placed = Counter(card for zone in (*state.hands, state.stock, state.discard) for card in zone)
        assert placed == Counter(CARDS)
        assert ENGINE.to_act(state) == (0,) and ENGINE.legal_actions(state, 0) == list(observation.legal_actions)
        checked += 1
    assert checked > 100


def test_a_deal_and_a_play_out_depend_on_the_observation_only() -> None:
    """The same observation and rng seed, from the real state or one with every hidden card re-dealt: the
    same deal, the same play-out value."""
    reading = Reading(4)
    for index, (state, observation) in enumerate(_positions(1)):
        reading.read(observation.events, 0)
        redealt = ENGINE.redeal_hidden(state, 0, random.Random(index))
        again = observe(ENGINE, redealt, 0, (), None, OPTIONS)
        assert again.view == observation.view
        first = deal(observation.view, reading, random.Random(index))
        second = deal(again.view, reading, random.Random(index))
        assert first == second
        action = dict(observation.legal_actions[0])
        assert play_out(first, 0, action) == play_out(second, 0, action)


def test_only_contested_plays_are_searched_and_only_plays_are_candidates() -> None:
    reading = Reading(4)
    counts = Counter()
    for _, observation in _positions(3):
        reading.read(observation.events, 0)
        table = StrongTable(observation.view, reading)
        found = candidates(observation.view, observation.legal_actions, table)
        assert all(action in observation.legal_actions for action in found)
        counts[len(found) > 1] += 1
        if len(found) > 1:
            assert {action["type"] for action in found} == {"play"}
            assert len({action["card"] for action in found}) == len(found)
    # most decisions are left to the heuristic (forced, or one play far ahead); some are searched
    assert counts[True] > 0 and counts[False] > counts[True]


def test_the_play_outs_short_view_makes_the_standard_policy_choose_as_the_full_view() -> None:
    """``policy_view`` restates the part of the engine's view the standard policy reads (for speed): at every
    decision of every seat in seeded games, the policy chooses the same on it as on the engine's own view."""
    compared = 0
    for game in range(3):
        state = ENGINE.start(4, OPTIONS, 900 + game).state
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            full = ENGINE.view(state, seat)
            rules = {"max_draws": state.options.max_draws, "seven_two_players": state.options.seven_two_players}
            short = policy_view(state, seat, rules)
            legal = actions.legal_actions(state, seat)
            chosen = choose(full, legal, Table(full))
            assert choose(short, legal, Table(short)) == chosen, (game, seat, full)
            compared += 1
            state = ENGINE.apply(state, seat, chosen).state
    assert compared > 300
