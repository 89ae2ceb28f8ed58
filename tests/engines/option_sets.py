"""Options the engine tests play with: the ones that widen the deck, and the ones that keep random games short."""

from __future__ import annotations

from typing import Any

#: options that put cards in the deck the defaults leave out
WIDEST: dict[str, dict[str, Any]] = {"pumptown": {"pump_mix": [9] * 11}}
#: options that keep the random games short
SHORT: dict[str, dict[str, Any]] = {
    "pumptown": {"rounds": 2},
    "pumba": {"point_limit": 30},
    "flip-7": {"target_score": 60},
}
