"""The per-worker cache of decoded engine states (app/decoded_states.py)."""

from __future__ import annotations

from cardroom.app.decoded_states import DecodedStates
from cardroom.engines import game_ids, get_engine


def _encoded(game: str, seed: int) -> bytes:
    engine = get_engine(game)
    seats = engine.info.min_players
    return engine.encode(engine.start(seats, {}, seed, None).state)


def test_the_same_bytes_decode_once_to_the_state_they_encode() -> None:
    cache = DecodedStates()
    for game in game_ids():
        engine = get_engine(game)
        data = _encoded(game, 7)
        first = cache.decode(engine, data)
        assert engine.encode(first) == data
        # equal bytes from another read (another object) hit the same entry
        assert cache.decode(engine, bytes(bytearray(data))) is first


def test_other_bytes_are_other_states_and_the_cache_stays_bounded() -> None:
    cache = DecodedStates(size=2)
    engine = get_engine("flip-7")
    one, two, three = (_encoded("flip-7", seed) for seed in (1, 2, 3))
    kept = cache.decode(engine, one)
    assert engine.encode(cache.decode(engine, two)) == two
    assert cache.decode(engine, one) is kept  # used last: kept over two
    cache.decode(engine, three)
    assert cache.decode(engine, one) is kept
    assert len(cache._states) == 2
