"""The Up or Down? strong bot's deals of hidden cards: drawn from what the seat has not seen, of the right sizes,
the rivals' known cards kept theirs."""

from __future__ import annotations

import random

from cardroom.bots import get_bot, observe
from cardroom.bots.up_or_down.standard import unseen_cards
from cardroom.bots.up_or_down.strong import deals
from cardroom.engines import get_engine
from cardroom.engines.contract import validate_options

ENGINE = get_engine("up-or-down")
OPTIONS = validate_options(ENGINE.info.options, {})
STANDARD = get_bot("up-or-down", "standard")


def _play_views(seed: int):
    """The view of every play decision of a four-seat game of standard bots."""
    state = ENGINE.start(4, OPTIONS, seed).state
    while not ENGINE.is_over(state):
        seat = ENGINE.to_act(state)[0]
        observation = observe(ENGINE, state, seat, (), None, OPTIONS)
        if observation.legal_actions[0]["type"] == "play":
            yield observation.view
        state = ENGINE.apply(state, seat, STANDARD.decide(observation, random.Random(0)).action).state


def test_deals_come_from_the_unseen_cards_and_keep_known_cards() -> None:
    checked = 0
    for view in _play_views(3):
        seat = view["you"]
        rivals = [view["players"][(seat + step) % 4] for step in (1, 2, 3)]
        unseen = set(unseen_cards(view, 126))
        for hands, draws in deals(view, 126, rivals, 4, random.Random(checked)):
            dealt = [
                card for rival, hand in zip(rivals, hands, strict=True) for card in hand if card not in rival["known"]
            ]
            assert [len(hand) for hand in hands] == [rival["hand_size"] for rival in rivals]
            assert all(set(rival["known"]) <= set(hand) for rival, hand in zip(rivals, hands, strict=True))
            down = draws[-1:] if view["pile_down_size"] else []
            assert set(dealt + down) <= unseen and len(set(dealt + down)) == len(dealt + down)
            assert draws[: bool(view["pile_up_size"])] == ([view["pile_up_top"]] if view["pile_up_size"] else [])
        checked += 1
    assert checked == 120  # every seat's 30 plays
