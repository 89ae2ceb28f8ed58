"""The player and UI-builder docs (docs/games/<game>.md) cover what each engine can send.

For every game: every card code the engine can deal (at its smallest and largest table, with the
default options and with the options that widen the deck), every option of ``engine.info.options``
with its default in the options table, every phase (and Pumptown decision kind) a view can carry,
and a REST JSON example of every action type, a SubmitAction body of that game exactly as the server
writes it.
Phases are the catalog's (engines/metadata.py) and action types the declared list below, checked
against seeded random games so a new phase or action type in an engine fails here until it is
documented. Cheap: a few seconds of
CPU; ``CARDROOM_PROPERTY_GAMES`` sets the random games per game.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from contract_suite import property_games
from google.protobuf import json_format
from option_sets import SHORT, WIDEST

from cardroom.api.convert import action_from_proto, game_field
from cardroom.engines import game_ids, get_engine
from cardroom.engines.metadata import game_metadata
from cardroom.v1 import game_service_pb2

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "games"

#: every value a view's ``phase`` can carry (Pumptown: also ``decision.kind``): the catalog's (GetGame's)
#: phases and decision kinds, which tests/engines/test_game_metadata.py checks against the engines
PHASES: dict[str, set[str]] = {
    game: {spec.name for spec in (*game_metadata(game).phases, *game_metadata(game).decision_kinds)}
    for game in game_ids()
}
#: every action type (legal or standing) an engine can list
ACTION_TYPES: dict[str, set[str]] = {
    "flip-7": {"hit", "stay", "assign"},
    "pumba": {"play", "draw", "pass", "take_penalty", "challenge_pumba"},
    "up-or-down": {"play", "take", "place", "draw"},
    "pumptown": {
        "ack_peek", "draw", "place", "discard_drawn", "knock", "end_turn", "play", "allot", "pass",
        "discard_pump", "set_autopass",
    },
}  # fmt: skip


def _doc(game: str) -> str:
    return (DOCS / f"{game}.md").read_text(encoding="utf-8")


def _code_spans(text: str) -> set[str]:
    """Every inline code span of a Markdown text (cards are matched whole: `N1_1` is not in `N11_1`)."""
    return set(re.findall(r"`([^`\n]+)`", text))


def _random_games(game: str, games: int) -> tuple[set[str], set[str]]:
    """Phases (and decision kinds) the spectator view carried and action types offered, over seeded random games."""
    engine = get_engine(game)
    phases: set[str] = set()
    types: set[str] = set()
    for i in range(games):
        seats = (engine.info.min_players, engine.info.max_players)[i % 2]
        state = engine.start(seats, SHORT.get(game), seed=7919 + i).state
        rng = random.Random(i)
        for _ in range(20_000):
            view = engine.seat_view(state, None)
            phases.add(view["phase"])
            if isinstance(view.get("decision"), dict) and view["decision"].get("kind"):
                phases.add(view["decision"]["kind"])
            if engine.is_over(state):
                break
            seat = rng.choice(sorted(engine.to_act(state)))
            legal = engine.legal_actions(state, seat)
            for other in range(seats):
                types.update(a["type"] for a in engine.standing_actions(state, other))
            types.update(a["type"] for a in legal)
            state = engine.apply(state, seat, rng.choice(legal)).state
        else:
            pytest.fail(f"{game}: random game {i} did not end")
    return phases, types


def test_the_index_links_every_game() -> None:
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in game_ids():
        assert f"({game}.md)" in index, game
    assert "docs/games/" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "games/" in (ROOT / "docs" / "api-guide.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", game_ids())
def test_every_card_code_is_documented(game: str) -> None:
    engine = get_engine(game)
    codes = _code_spans(_doc(game))
    dealt: set[str] = set()
    for seats in (engine.info.min_players, engine.info.max_players):
        for options in (None, WIDEST.get(game)):
            dealt.update(str(card) for card in engine.full_deck(engine.start(seats, options, seed=3).state))
    missing = sorted(dealt - codes)
    assert not missing, f"{game}: card codes not in docs/games/{game}.md: {missing}"


@pytest.mark.parametrize("game", game_ids())
def test_every_option_is_documented_with_its_default(game: str) -> None:
    rows = {
        line.split("|")[1].strip(): line for line in _doc(game).splitlines() if re.match(r"\| `[a-z0-9_]+` \|", line)
    }
    for spec in get_engine(game).info.options:
        row = rows.get(f"`{spec.name}`")
        assert row is not None, f"{game}: option {spec.name} has no table row"
        default = spec.default if isinstance(spec.default, str) else json.dumps(spec.default)
        assert f"`{default}`" in row, f"{game}: option {spec.name}'s row lacks its default `{default}`"


@pytest.mark.parametrize("game", game_ids())
def test_every_phase_and_action_is_documented(game: str) -> None:
    text = _doc(game)
    codes = _code_spans(text)
    phases, types = _random_games(game, property_games(4))
    assert phases <= PHASES[game], f"{game}: undeclared phases {sorted(phases - PHASES[game])}"
    assert types <= ACTION_TYPES[game], f"{game}: undeclared action types {sorted(types - ACTION_TYPES[game])}"
    assert not PHASES[game] - codes, f"{game}: phases not documented: {sorted(PHASES[game] - codes)}"
    examples = set()
    for span in codes:
        if span.startswith('{"action"'):
            body = json_format.Parse(span, game_service_pb2.SubmitActionRequest())
            assert body.action.WhichOneof("game") == game_field(game), span
            # written as the server sends it: proto3 JSON names, zero values of non-optional fields left out
            assert json_format.MessageToDict(body) == json.loads(span), span
            examples.add(action_from_proto(game, body.action)["type"])
    assert not ACTION_TYPES[game] - examples, f"{game}: no REST example of {sorted(ACTION_TYPES[game] - examples)}"
