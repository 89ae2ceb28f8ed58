"""The end-of-round pipeline E2–E10 (§4.1), duels (§4.4) and pump awards."""

from __future__ import annotations

from ..contract import Event
from . import rounds
from .cards import VALUE
from .state import Duel, DuelPass, DuelResult, PumptownState, RoundSummary
from .zones import draw_number, draw_pump, pick_index, to_discard


def begin_scoring(st: PumptownState, ev: list[Event]) -> None:
    """E2 tally and E3 knock result; a tie among the lowest non-knockers duels (E4)."""
    st.phase = "SCORING"
    threshold = st.opts["moon_threshold"]
    results = [rounds.tally(g, threshold) for g in st.grids]
    st.tallies = [t for t, _ in results]
    st.scores = list(st.tallies)
    m = min(st.tallies)
    k = st.knocker
    tied: list[int] = []
    if k >= 0 and st.tallies[k] == m:
        st.scores[k] = 0
        st.winner = k
    else:
        if k >= 0:
            st.scores[k] = st.tallies[k] + st.opts["knock_penalty"]
        tied = [s for s in range(st.n) if s != k and st.tallies[s] == m]
        if len(tied) == 1:
            st.winner = tied[0]
    ev.append(Event("tally", {"tallies": list(st.tallies), "moon": [moon for _, moon in results],
                              "scores": list(st.scores)}))
    st.stage = "E5"
    if len(tied) >= 2:
        start_duel(st, "tie", tied, ev)
    else:
        run_pipeline(st, ev)


def run_pipeline(st: PumptownState, ev: list[Event]) -> None:
    """Continue from ``st.stage`` until a decision (duel turn, pump limit) or the round ends."""
    if st.stage == "E5":
        for play in st.redis:
            for seat, amount in enumerate(play.args["alloc"]):
                st.scores[seat] += amount
        st.stage = "E6"
    if st.stage == "E6":
        if st.duel_idx < len(st.duels):
            challenger, target = st.duels[st.duel_idx]
            st.duel_idx += 1
            start_duel(st, "card", [challenger, target], ev)
            return
        st.stage = "E7"
        st.awards = [[st.winner, -1]] if st.winner >= 0 else []
        st.awards += [[winner, loser] for winner, loser in st.prizes]
    if st.stage == "E7" and not _give_awards(st, ev):
        return
    _finish_round(st, ev)


# --- duels -----------------------------------------------------------------------


def duel_order(st: PumptownState, seats: list[int]) -> list[int]:
    """§4.4: the first participant searching from the dealer's right (or left), then clockwise."""
    n = st.n
    dealer = (rounds.starter(st) - 1) % n
    step = -1 if st.opts["duel_first"] == "right_of_dealer" else 1
    first = next(s for s in ((dealer + step * i) % n for i in range(1, n + 1)) if s in seats)
    return [s for s in rounds.clockwise(st, first) if s in seats]


def start_duel(st: PumptownState, kind: str, seats: list[int], ev: list[Event]) -> None:
    order = duel_order(st, seats)
    st.duel = Duel(kind, order, [st.scores[s] for s in order], list(order), [], 0, 0, 0)
    _deal_duel(st, ev)


def _deal_duel(st: PumptownState, ev: list[Event]) -> None:
    duel = st.duel
    duel.slots = [["", ""] for _ in duel.live]
    for slot in (0, 1):
        for hand in duel.slots:
            card = draw_number(st, ev)
            st.seen[card] = 0
            hand[slot] = card
    duel.cycle = duel.turn = 0
    ev.append(Event("duel_start", {"kind": duel.kind, "seats": list(duel.live), "replay": duel.replays}))
    if st.opts["duel_turns"] > 0:
        st.phase = "DUEL_TURN"
    else:
        _duel_reveal(st, ev)


def next_duel_turn(st: PumptownState, ev: list[Event]) -> None:
    duel = st.duel
    duel.turn += 1
    if duel.turn == len(duel.live):
        duel.turn = 0
        duel.cycle += 1
        if duel.cycle == st.opts["duel_turns"]:
            _duel_reveal(st, ev)
            return
    st.phase = "DUEL_TURN"


def _duel_reveal(st: PumptownState, ev: list[Event]) -> None:
    duel = st.duel
    values = [0 if VALUE[a] == VALUE[b] else VALUE[a] + VALUE[b] for a, b in duel.slots]
    ev.append(Event("duel_reveal", {"seats": list(duel.live), "slots": [list(x) for x in duel.slots],
                                    "values": values}))
    duel.passes.append(DuelPass(list(duel.live), values))
    low = min(values)
    best = [seat for seat, value in zip(duel.live, values, strict=True) if value == low]
    for hand in duel.slots:
        for card in hand:
            to_discard(st, card)
    duel.slots = []
    if len(best) >= 2 and duel.replays < st.opts["duel_max_replays"]:
        duel.replays += 1
        duel.live = best
        _deal_duel(st, ev)
        return
    _finish_duel(st, best[0] if len(best) == 1 else -1, ev)


def _finish_duel(st: PumptownState, winner: int, ev: list[Event]) -> None:
    """E4/E6 scores: the winner 0; each loser its own original plus the winner's (D27, D29)."""
    duel = st.duel
    st.duel = None
    st.phase = "SCORING"
    ev.append(Event("duel_end", {"kind": duel.kind, "winner": winner if winner >= 0 else None}))
    if winner >= 0:
        orig = dict(zip(duel.order, duel.origs, strict=True))
        for seat in duel.order:
            st.scores[seat] = 0 if seat == winner else orig[seat] + orig[winner]
        if duel.kind == "tie":
            st.winner = winner
        else:
            st.prizes.append([winner, next(s for s in duel.order if s != winner)])
    # a card duel is started from st.duels[duel_idx - 1] (run_pipeline moves the index on first)
    challenger = st.duels[st.duel_idx - 1][0] if duel.kind == "card" else -1
    st.duel_results.append(DuelResult(duel.kind, list(duel.order), challenger, list(duel.origs), list(duel.passes),
                                      winner, [st.scores[s] for s in duel.order]))
    run_pipeline(st, ev)


# --- E7 awards and the hand limit ------------------------------------------------


def _give_awards(st: PumptownState, ev: list[Event]) -> bool:
    """Hand out the queued pump cards; False when a seat must first discard (PUMP_LIMIT)."""
    limit = st.opts["pump_hand_limit"]
    while st.award_idx < len(st.awards):
        receiver, loser = st.awards[st.award_idx]
        st.award_idx += 1
        card, source = _prize(st, loser, ev)
        if card is None:
            continue
        st.hands[receiver].append(card)
        # D58: only the new holder sees the ID (the loser sees its own hand shrink)
        ev.append(Event("award", {"seat": receiver, "source": source, "from": loser if source == "loser" else None},
                        {receiver: {"card": card}}))
        if len(st.hands[receiver]) > limit:
            st.phase, st.limit_seat = "PUMP_LIMIT", receiver
            return False
    return True


def _prize(st: PumptownState, loser: int, ev: list[Event]) -> tuple[str | None, str]:
    if loser >= 0 and st.opts["card_duel_prize"] == "from_loser" and st.hands[loser]:
        hand = st.hands[loser]
        i = pick_index(st, len(hand)) if len(hand) > 1 else 0
        card = hand.pop(i)
        st.recent[card] = st.recent.get(card, 0) | 1 << loser  # the loser's earlier events may name it
        return card, "loser"
    return draw_pump(st, ev), "deck"


def discard_pump(st: PumptownState, seat: int, card: str, ev: list[Event]) -> None:
    st.hands[seat].remove(card)
    st.pump_discard.append(card)
    ev.append(Event("discard_pump", {"seat": seat, "card": card}))
    if len(st.hands[seat]) > st.opts["pump_hand_limit"]:
        return
    st.phase, st.limit_seat = "SCORING", -1
    if _give_awards(st, ev):
        _finish_round(st, ev)


def _finish_round(st: PumptownState, ev: list[Event]) -> None:
    """E8 Double, E9 cumulative with halving at exactly a reduction total, E10."""
    scores = st.scores
    for target in st.doubles:
        scores[target] *= 2
    totals = st.opts["reduction_totals"]
    halved = []
    for seat, score in enumerate(scores):
        if score:  # D56: only a round that changes the cumulative can hit a total
            st.cumulative[seat] += score
            if st.cumulative[seat] in totals:
                st.cumulative[seat] //= 2
                halved.append(seat)
    ev.append(Event("round_over", {"round": st.round, "scores": list(scores), "cumulative": list(st.cumulative),
                                   "halved": halved, "winner": st.winner if st.winner >= 0 else None}))
    threshold = st.opts["moon_threshold"]  # E2's moons: the grids have not changed since
    st.last_round = RoundSummary(
        st.round, st.knocker, list(st.tallies), [rounds.tally(g, threshold)[1] for g in st.grids], list(scores),
        list(st.cumulative), halved, st.winner, list(st.duel_results), list(st.doubles), list(st.redis))
    if st.round < st.opts["rounds"]:
        st.round += 1
        rounds.start_round(st, ev)
        return
    st.phase = "GAME_OVER"
    low = min(st.cumulative)
    ev.append(Event("game_over", {"cumulative": list(st.cumulative),
                                  "winners": [s for s, c in enumerate(st.cumulative) if c == low]}))

