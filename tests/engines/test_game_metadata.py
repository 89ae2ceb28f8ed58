"""The catalog's card, phase and decision metadata (engines/metadata.py, served by GetGame) is the engines' own.

For every game: the card codes are exactly those the engine can deal (at its smallest and largest table, with
the default options and with the options that widen the deck), each once, with the fields its game uses;
every phase and decision kind a view carries over seeded random games is described, with every action type
legal in it among its ``actions``; every described phase and kind has its typed enum value. Cheap: a few
seconds of CPU; ``CARDROOM_PROPERTY_GAMES`` sets the random games per game.
"""

from __future__ import annotations

import random

import pytest
from contract_suite import property_games
from google.protobuf import json_format
from option_sets import SHORT, WIDEST

from cardroom.api.convert import game_field, game_metadata_to_proto, view_to_proto
from cardroom.engines import game_ids, get_engine
from cardroom.engines.metadata import game_metadata

#: the CardSpec fields each game fills (besides code, category, kind, display_name)
FILLED: dict[str, set[str]] = {
    "flip-7": {"value", "effect"},
    "pumba": {"value", "rank", "suit", "suit_name", "points", "effect"},
    "up-or-down": {"value", "colour"},
    "pumptown": {"value", "effect"},
}


@pytest.mark.parametrize("game", game_ids())
def test_the_cards_are_the_engines_deck(game: str) -> None:
    engine = get_engine(game)
    dealt: set[str] = set()
    for seats in (engine.info.min_players, engine.info.max_players):
        for options in (None, WIDEST.get(game)):
            dealt.update(str(card) for card in engine.full_deck(engine.start(seats, options, seed=3).state))
    cards = game_metadata(game).cards
    codes = [card.code for card in cards]
    assert len(codes) == len(set(codes)), f"{game}: a card code listed twice"
    assert set(codes) == dealt
    for card in cards:
        assert card.code and card.category and card.kind and card.display_name, card
        used = {name for name in FILLED[game] if getattr(card, name) not in ("", None)}
        assert used <= FILLED[game], card


def test_card_fields_follow_the_engines_tables() -> None:
    from cardroom.engines.flip7 import cards as flip7
    from cardroom.engines.pumba import cards as pumba
    from cardroom.engines.pumptown import cards as pumptown

    for card in game_metadata("flip-7").cards:
        assert card.kind == flip7.KIND[card.code]
        if card.category == "number":
            assert card.value == flip7.VALUE[card.code] and card.display_name == str(card.value)
    for card in game_metadata("pumba").cards:
        assert card.points == pumba.POINTS[card.code] and card.rank + card.suit == card.code
    for card in game_metadata("pumptown").cards:
        assert card.value == pumptown.VALUE.get(card.code)
    colours = ("yellow", "red", "blue", "pink", "purple", "teal")
    for card in game_metadata("up-or-down").cards:
        assert card.colour == colours[(int(card.code) - 1) % 6] and card.display_name == f"{card.code} {card.colour}"


def _random_games(game: str, games: int) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Action types legal per phase, and per Pumptown decision kind, over seeded random games."""
    engine = get_engine(game)
    by_phase: dict[str, set[str]] = {}
    by_kind: dict[str, set[str]] = {}
    for i in range(games):
        seats = (engine.info.min_players, engine.info.max_players)[i % 2]
        state = engine.start(seats, SHORT.get(game), seed=7919 + i).state
        rng = random.Random(i)
        for _ in range(20_000):
            view = engine.seat_view(state, None)
            to_act = sorted(engine.to_act(state))
            legal = {a["type"] for seat in to_act for a in engine.legal_actions(state, seat)}
            kind = (view.get("decision") or {}).get("kind") or view["phase"]
            # a decision kind apart from the phase (a Nope window interrupting it) answers for the actions
            by_phase.setdefault(view["phase"], set()).update(legal if kind == view["phase"] else ())
            if view.get("decision"):
                by_kind.setdefault(kind, set()).update(legal)
            if engine.is_over(state):
                break
            seat = rng.choice(to_act)
            state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state
        else:
            pytest.fail(f"{game}: random game {i} did not end")
    return by_phase, by_kind


@pytest.mark.parametrize("game", game_ids())
def test_every_phase_and_decision_kind_is_described(game: str) -> None:
    metadata = game_metadata(game)
    by_phase, by_kind = _random_games(game, property_games(4))
    for seen, described in ((by_phase, metadata.phases), (by_kind, metadata.decision_kinds)):
        actions = {spec.name: set(spec.actions) for spec in described}
        assert len(actions) == len(described), f"{game}: a phase described twice"
        assert set(seen) <= set(actions), f"{game}: not described: {sorted(set(seen) - set(actions))}"
        for name, types in seen.items():
            assert types <= actions[name], f"{game} {name}: legal {sorted(types - actions[name])} not in its actions"
    for spec in (*metadata.phases, *metadata.decision_kinds):
        assert spec.description, spec


@pytest.mark.parametrize("game", game_ids())
def test_the_catalog_names_the_typed_value_each_view_carries(game: str) -> None:
    served = game_metadata_to_proto(game)
    assert [card.code for card in served.cards] == [card.code for card in game_metadata(game).cards]
    enum_values = {phase.name: phase.enum_value for phase in served.phases}
    kinds = {kind.name: kind.enum_value for kind in served.decision_kinds}
    engine = get_engine(game)
    state = engine.start(engine.info.min_players, SHORT.get(game), seed=5).state
    rng = random.Random(5)
    while True:
        view = json_format.MessageToDict(getattr(view_to_proto(game, engine.seat_view(state, None)), game_field(game)))
        assert view["typedPhase"] == enum_values[view["phase"]]
        if "decision" in view:
            assert view["decision"]["typedKind"] == kinds[view["decision"]["kind"]]
        if engine.is_over(state):
            break
        seat = rng.choice(sorted(engine.to_act(state)))
        state = engine.apply(state, seat, rng.choice(engine.legal_actions(state, seat))).state
