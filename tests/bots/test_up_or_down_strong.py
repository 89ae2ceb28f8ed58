"""The Up or Down? strong bot's deals of hidden cards: drawn from what the seat has not seen, of the right sizes,
the rivals' known cards kept theirs."""

from __future__ import annotations

import random

from standard_play import standard_decisions

from cardroom.bots.up_or_down.standard import unseen_cards
from cardroom.bots.up_or_down.strong import deals


def _play_views(seed: int):
    """The view of every play decision of a four-seat game of standard bots."""
    for _, observation in standard_decisions("up-or-down", seed):
        if observation.legal_actions[0]["type"] == "play":
            yield observation.view


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
