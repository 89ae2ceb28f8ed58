"""Determinized look-ahead for the Pumba ``strong`` bot: each candidate action played out to the end of the round.

For one decision the bot deals ``SAMPLES`` hidden states consistent with what its seat has seen (``deal``: the
rivals' hands and the stock drawn from the unseen cards of its ``Reading``, each rival given no more cards of a
kind it has shown it lacks than it received since), plays every candidate action in each of them, then lets
every seat (itself included) play the ``standard`` policy until the round ends, and keeps the candidate with the
best mean outcome. Every candidate is played on the same deals, and each deal's engine seed is the same for all
candidates (common random numbers: the candidates are compared on the same cards, so the comparison's noise is
the difference the candidate makes, not the luck of the deal). The outcome of a round is the bot's win or loss
of the game when the round decides it, else the rivals' mean round score less its own (``outcome``).

The hidden state comes from the Observation only (the view, the events the bot read, and its rng), never from
the engine state. The engine is imported only to play the sampled states (the bot contract allows it); the
sampled state is built here field by field because the engine's fixture hook cannot start a round with
eliminated seats or an open Pumba window.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from statistics import fmean, stdev
from typing import Any

from ...engines.pumba import actions
from ...engines.pumba.cards import CARDS, INDEX, hand_points
from ...engines.pumba.rounds import active_seats
from ...engines.pumba.state import OVER, PLAYING, PumbaOptions, PumbaState
from .reading import Reading
from .standard import Table, choose, play_variant

#: hidden states are dealt this many at a time, up to ``SAMPLES`` per decision (every candidate is played in each)
BATCH, SAMPLES = 8, 24
#: an alternative replaces the heuristic's choice when its mean gain exceeds this many standard errors
CONFIDENCE = 1.5
#: at most this many plays (the heuristic's best) are played out
CANDIDATES = 3
#: a seat with this many cards or fewer can end the round soon: every choice is then searched
ENDGAME = 2
#: two plays the heuristic scores within this many points of each other are both played out
CLOSE = 6.0
#: a play-out longer than this is scored on the hands as they stand (a round is about 50 actions)
STEP_LIMIT = 400
#: the outcome of a round that ends the game for the bot: it won, or it is eliminated
GAME_WON, ELIMINATED = 60.0, -60.0


def deal(view: Mapping[str, Any], reading: Reading, rng: random.Random) -> PumbaState | None:
    """A full state consistent with the seat's view and reading; None when the reading does not account for
    every card (it started mid-round), so no consistent deal can be built."""
    me = view["you"]
    players = view["players"]
    pile = reading.pile
    if not pile or pile[-1] != view["top"] or len(pile) != view["discard_count"]:
        return None
    seen = set(view["hand"]) | set(pile)
    pool = [card for card in CARDS if card not in seen]
    if len(pool) != view["stock_count"] + sum(p["hand_count"] for p in players if p["seat"] != me):
        return None
    rng.shuffle(pool)
    hands: list[list[str]] = [[] for _ in players]
    hands[me] = list(view["hand"])
    # the rivals that showed the most voids are dealt first, while the pool still has cards that fit them
    rivals = sorted(
        (p["seat"] for p in players if p["seat"] != me and p["hand_count"]),
        key=lambda seat: (-len(reading.lacks[seat]), seat),
    )
    for seat in rivals:
        hands[seat] = _hand_within_caps(pool, players[seat]["hand_count"], reading.lacks[seat])
    return PumbaState(
        options=PumbaOptions(**view["options"]),
        seed=rng.getrandbits(32),
        rng_counter=0,
        round=view["round"],
        phase=PLAYING,
        opener=view["opener"],
        current=view["current"],
        dir=view["dir"],
        hands=[sorted(hand, key=INDEX.__getitem__) for hand in hands],
        stock=pool,
        discard=list(pile),
        active_suit=view["active_suit"],
        pending_draw=view["pending_draw"],
        draws_this_turn=view["draws_this_turn"],
        extra_turn=view["extra_turn"],
        pumba_window=-1 if view["pumba_window"] is None else view["pumba_window"],
        idle_passes=view["idle_passes"],
        totals=[p["total"] for p in players],
        eliminated_in=[p["eliminated_round"] or 0 for p in players],
        round_scores=[p["round_score"] for p in players],
        round_winner=-1 if view["last_round_winner"] is None else view["last_round_winner"],
        winners=[],
        ranks=[],
        fixture_decks=[],
        fixture_reshuffles=[],
        reshuffles=0,
    )


def _hand_within_caps(pool: list[str], size: int, caps: Mapping[str, int]) -> list[str]:
    """``size`` cards taken from the (shuffled) ``pool``: first those that keep every kind within its cap,
    then, if the caps cannot all be met, any."""
    taken: list[str] = []
    held = dict.fromkeys(caps, 0)
    for card in pool:
        if len(taken) == size:
            break
        kinds = [kind for kind in _kinds(card) if kind in caps]
        if all(held[kind] < caps[kind] for kind in kinds):
            taken.append(card)
            for kind in kinds:
                held[kind] += 1
    for card in pool:
        if len(taken) == size:
            break
        if card not in taken:
            taken.append(card)
    for card in taken:
        pool.remove(card)
    return taken


def _kinds(card: str) -> tuple[str, ...]:
    return (f"suit:{card[1]}", f"rank:{card[0]}", *(("sota",) if card[0] == "S" else ()))


def candidates(view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]], table: Table) -> list[dict[str, Any]]:
    """The actions worth playing out, the heuristic's choice first; only that choice when the decision is not
    contested (``contested``). Otherwise also its next best plays, up to ``CANDIDATES`` in all (each card with
    the variant the heuristic would send). Drawing instead of playing, or taking a penalty instead of passing
    it on, is never played out: the heuristic always plays when it can, and in 150-deal checks every overturn
    of a play by a draw that 8 deals had chosen was a loss (1 to 5 points a round)."""
    first = choose(view, legal, table)
    if first["type"] != "play":
        return [first]
    hand = view["hand"]
    cards = sorted({action["card"] for action in legal if action["type"] == "play"})
    scores = {} if view["pending_draw"] else {card: table.sequence_score(hand, card) for card in cards}
    cards.sort(key=lambda card: -scores.get(card, 0.0))
    if len(cards) < 2 or not contested(view, [scores[card] for card in cards] if scores else []):
        return [first]
    found = [first]
    for card in cards:
        if len(found) == CANDIDATES:
            break
        plays = [action for action in legal if action["type"] == "play" and action["card"] == card]
        action = play_variant(plays, card, view, suit=table.suit_for_sota(card))
        if action not in found:
            found.append(action)
    return found


def contested(view: Mapping[str, Any], ranked: Sequence[float]) -> bool:
    """Whether a choice between plays is worth a search: the round can be decided soon (a seat still in holds
    at most ``ENDGAME`` cards), or the heuristic's two best plays (``ranked``, best first) score within
    ``CLOSE`` points of each other. Elsewhere the search would rarely overturn the heuristic."""
    if any(p["hand_count"] <= ENDGAME for p in view["players"] if not p["eliminated"]):
        return True
    return len(ranked) < 2 or ranked[0] - ranked[1] < CLOSE


def search(
    view: Mapping[str, Any],
    options: Sequence[dict[str, Any]],
    reading: Reading,
    rng: random.Random,
) -> dict[str, Any]:
    """The heuristic's choice (``options[0]``) unless an alternative beats it on the same deals with some
    confidence: deals are added ``BATCH`` at a time (at most ``SAMPLES``), an alternative whose mean gain
    over the heuristic's choice falls to 0 or below is dropped, and the best one left replaces the choice
    once its mean gain exceeds ``CONFIDENCE`` standard errors over at least two batches. A deal's play-outs
    differ by about 20 points of round score between two plays, while the true differences are a few
    points: without the test the search's noise, not its look-ahead, picks the action (8 deals and the best
    mean: a draw replaced a play in 118 of 425 searched decisions, and 150-deal checks found every one of
    those draws worse). The heuristic's choice also stands when no deal can be built."""
    me = view["you"]
    gains: dict[int, list[float]] = {index: [] for index in range(1, len(options))}
    while gains and len(next(iter(gains.values()))) < SAMPLES:
        for _ in range(BATCH):
            state = deal(view, reading, rng)
            if state is None:
                return options[0]
            base = play_out(state, me, options[0])
            for index, values in gains.items():
                values.append(play_out(state, me, options[index]) - base)
        gains = {index: values for index, values in gains.items() if fmean(values) > 0}
        if gains:
            index, values = max(gains.items(), key=lambda item: (fmean(item[1]), -item[0]))
            if len(values) >= 2 * BATCH and fmean(values) > CONFIDENCE * stdev(values) / math.sqrt(len(values)):
                return options[index]
    return options[0]


def play_out(state: PumbaState, me: int, action: Mapping[str, Any]) -> float:
    """``action`` by ``me`` in ``state``, then the standard policy for every seat until the round ends."""
    start_round = state.round
    before = active_seats(state)
    policy_options = {"max_draws": state.options.max_draws, "seven_two_players": state.options.seven_two_players}
    state = actions.apply(state, me, action).state
    for _ in range(STEP_LIMIT):
        if state.phase == OVER or state.round != start_round:
            return outcome(state, me, before, list(state.round_scores))
        seat = actions.to_act(state)[0]
        view = policy_view(state, seat, policy_options)
        state = actions.apply(state, seat, choose(view, actions.legal_actions(state, seat), Table(view))).state
    return outcome(state, me, before, [hand_points(hand) for hand in state.hands])


def policy_view(state: PumbaState, seat: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The part of ``seat``'s view the standard policy reads (``views.view`` builds the whole view, options and
    last round included, which was most of a play-out's time)."""
    totals, out = state.totals, state.eliminated_in
    return {
        "you": seat,
        "hand": state.hands[seat],
        "top": state.discard[-1],
        "active_suit": state.active_suit,
        "pending_draw": state.pending_draw,
        "dir": state.dir,
        "options": options,
        "players": [
            {"seat": index, "hand_count": len(hand), "total": totals[index], "eliminated": out[index] > 0}
            for index, hand in enumerate(state.hands)
        ],
    }


def outcome(state: PumbaState, me: int, before: list[int], scores: list[int]) -> float:
    """What the round's end is worth to ``me``: the game won or lost, else the rivals' mean score less its own."""
    if state.phase == OVER:
        return GAME_WON if me in state.winners else ELIMINATED
    if state.eliminated_in[me]:
        return ELIMINATED
    return fmean(scores[seat] for seat in before if seat != me) - scores[me]
