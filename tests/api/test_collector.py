"""The worker's garbage-collector tuning (api/collector.py)."""

from __future__ import annotations

import gc

from cardroom.api.collector import THRESHOLDS, tune_collector


def test_tuning_freezes_what_exists_and_raises_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        tune_collector()
        assert gc.get_threshold() == THRESHOLDS
        assert gc.get_freeze_count() > 0
        # the young threshold is higher than CPython's default, and collections still run
        assert THRESHOLDS[0] > 700 and gc.isenabled()
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
