"""Rule engines: one module per game behind the shared contract in ``contract.py``."""

from __future__ import annotations

from importlib import import_module

from .contract import Engine, GameInfo

#: game id -> "module:Class" of its engine, imported on first use
_ENGINES = {
    "pumptown": "cardroom.engines.pumptown:PumptownEngine",
    "pumba": "cardroom.engines.pumba:PumbaEngine",
    "up-or-down": "cardroom.engines.up_or_down:UpOrDownEngine",
    "flip-7": "cardroom.engines.flip7:Flip7Engine",
}
_loaded: dict[str, Engine] = {}


def game_ids() -> list[str]:
    """Every game id the service knows, in catalog order."""
    return list(_ENGINES)


def get_engine(game: str) -> Engine:
    """The engine for ``game``; KeyError if there is none."""
    if game not in _loaded:
        module_name, class_name = _ENGINES[game].split(":")
        _loaded[game] = getattr(import_module(module_name), class_name)()
    return _loaded[game]


def catalog() -> list[GameInfo]:
    return [get_engine(game).info for game in _ENGINES]
