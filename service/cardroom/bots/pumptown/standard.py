"""Pumptown ``standard`` bot: memory, pairs, knocking when ahead, pump cards used and answered sensibly.

Rules: ../shared/rules/pumptown.md (and docs/rules/pumptown.md). The bot reads the seat's view, its
legal actions and the events the seat received; it keeps what the seat saw in its memory
(``knowledge.Knowledge``: peeked cards, its own pile draws, every face-up card and where it went,
followed through Swap, Steal and Rearrange), so it remembers like a careful player even when
``memory_assist`` is off. Cards it does not know are valued with the distribution of the values it
has not seen (``estimate.Estimator``).

Strategy, decision by decision:

* **PEEK**: acknowledge (the peeked values are in the events and stay in memory).
* **Round start window**: play Peek (once a round: it shows all four own cards) and Double on the
  opponent with the lowest cumulative (the leader), never on itself.
* **Turn**: take the discard top when placing it beats the expected result of a pile draw (a low
  card, or one that pairs a known card); otherwise draw from the pile. Steal (or Swap, with itself
  as one side) instead of drawing when trading a known high card for an opponent's known low or
  pairing card gains clearly more than a draw would (the opponent's loss counts a little too).
* **Placing**: the position with the lowest expected tally, pairs included (a row of equal values
  scores 0); a pile card that helps nowhere is discarded. At equal estimate an unknown card is
  replaced (it gets known).
* **Knock**: Monte Carlo over hidden states consistent with what the seat knows (unknown cards
  dealt from the unseen values): knock when the expected score of knocking (0 where it is lowest,
  tally + ``knock_penalty`` where it is not; opponents are credited with a small improvement for
  their final turns) is at most the tally it expects to keep by playing on. After two laps of the table each
  further lap adds 2 points of patience lost, so a table of careful players, who all wait for a
  better moment, still ends its rounds.
* **Swipe** (before another seat's turn): when the discard top improves its grid by 5 or more.
* **Block a Knock**: when the knocker is lowest in at least 35 % of the sampled hidden states.
* **Nope**: the card on the chain is scored for this seat (a Double or Duel on it, a Steal or Swap
  that takes a known low card, a Block of its knock, a Redistribute share given to it are bad; its
  own cards are good). It Nopes a live card that costs it 5 points or more, and Nopes a Nope that
  cancelled a card of its own worth as much.
* **Round end window** (every grid face up, tallies exact): Redistribute when it shot the moon,
  giving the whole sum to the opponent with the lowest cumulative (``allot`` steps: one recipient,
  everything); Rearrange to the layout with the lowest tally; Eliminate the card whose removal saves
  3 points or more; Duel the opponent when the expected gain (winning zeroes its own score, losing
  adds the target's) is 5 or more.
* **Duels**: keep the two duel slots' values it saw; take the discard top when it is 0/1 or pairs a
  known slot; place a drawn card where the expected duel value is lowest, or discard it.
* **Hand limit**: discard the least useful pump card (Nope and Steal are kept longest).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from ..contract import Bot, Decision, Observation
from .estimate import Estimator, sample_tallies, tally
from .knowledge import EMPTY, FACE_DOWN, POS, POSITIONS, Knowledge, kind, load, value

#: hidden states sampled for a knock or block decision (a few ms at most)
SAMPLES = 120
#: how much an opponent is expected to improve in its final turn after a knock
FINAL_TURN_GAIN = 1.5
#: pump kinds by how long the bot keeps them when over the hand limit (first = kept longest)
KEEP_ORDER = ("NOPE", "STEAL", "BLOCK", "SWAP", "ELIM", "REARR", "DOUB", "DUEL", "PEEK", "SWIPE", "REDIS")


class PumptownStandardBot(Bot):
    game: ClassVar[str] = "pumptown"
    level: ClassVar[str] = "standard"

    def decide(self, observation: Observation, rng: random.Random) -> Decision:
        view = observation.view
        knowledge = load(observation.seat_count, observation.seat, observation.memory, observation.events, view)
        turn = _Turn(observation, knowledge, rng)
        return Decision(turn.choose(), knowledge.memory())


class _Turn:
    """One decision: the observation, the seat's knowledge and the estimates built from them."""

    def __init__(self, observation: Observation, knowledge: Knowledge, rng: random.Random) -> None:
        self.view = view = observation.view
        self.me: int = observation.seat
        self.n: int = observation.seat_count
        self.options = observation.options
        self.legal = [dict(a) for a in observation.legal_actions]
        self.knowledge = knowledge
        self.rng = rng
        self.threshold: int = self.options.get("moon_threshold", 40)
        self.estimator = Estimator(knowledge.unseen(view), self.threshold)
        self.grid = knowledge.grids[self.me]

    # --- dispatch ------------------------------------------------------------------
    def choose(self) -> dict[str, Any]:
        ctx = self.view["decision"]["kind"]
        handler = getattr(self, f"_{ctx.lower()}", None)
        action = handler() if handler is not None else None
        if action is None or action not in self.legal:
            action = self._fallback()
        return action

    def _fallback(self) -> dict[str, Any]:
        """Pass where passing is allowed, else the first listed action (both always legal)."""
        return self._find("pass") or self.legal[0]

    def _find(self, action_type: str, **params: Any) -> dict[str, Any] | None:
        for action in self.legal:
            if action["type"] == action_type and all(action.get(k) == v for k, v in params.items()):
                return action
        return None

    def _plays(self, pump_kind: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a["type"] == "play" and kind(a["card"]) == pump_kind]

    # --- shared estimates -------------------------------------------------------------
    def _leader(self, exclude: int) -> int:
        """The opponent doing best: lowest cumulative plus this round's score when known."""
        players = self.view["players"]
        return min(
            (p for p in players if p["seat"] != exclude),
            key=lambda p: (p["cumulative"] + (p["score"] or 0), p["seat"]),
        )["seat"]

    def _samples(self) -> list[list[int]]:
        return sample_tallies(self.knowledge.grids, self.knowledge.unseen(self.view), self.threshold, self.rng, SAMPLES)

    def _discard_top(self) -> int | None:
        discard = self.view["discard"]
        return value(discard[-1]) if discard else None

    # --- PEEK and the round start window ------------------------------------------------
    def _peek(self) -> dict[str, Any] | None:
        return self._find("ack_peek")

    def _rs_window(self) -> dict[str, Any] | None:
        peeks = self._plays("PEEK")
        if peeks and not self.view["players"][self.me]["peek_all"]:
            return peeks[0]
        doubles = self._plays("DOUB")
        if doubles:
            target = self._leader(self.me)
            return next((a for a in doubles if a["target"] == target), None)
        return None

    # --- a turn ------------------------------------------------------------------------
    def _turn_start(self) -> dict[str, Any] | None:
        est, grid = self.estimator, self.grid
        now = est.grid(grid)
        pile = est.pile_draw(grid)
        top = self._discard_top()
        from_discard = est.best_place(grid, top)[0] if top is not None else now
        best_draw = min(pile, from_discard)
        exchange = self._best_exchange()
        if exchange is not None and exchange[0] > now - best_draw + 2.0:
            return exchange[1]
        if top is not None and from_discard < pile:
            return self._find("draw", source="discard")
        return self._find("draw", source="pile")

    def _best_exchange(self) -> tuple[float, dict[str, Any]] | None:
        """The Steal or Swap (with this seat as one side) that gains most, and its gain."""
        grids, est, me = self.knowledge.grids, self.estimator, self.me
        mine_now = est.grid(grids[me])
        best: tuple[float, dict[str, Any]] | None = None
        for action in self._plays("STEAL") + self._plays("SWAP"):
            if kind(action["card"]) == "STEAL":
                other, their_pos, my_pos = action["target"], POS[action["tpos"]], POS[action["own_pos"]]
            elif action["a"] == me:
                other, their_pos, my_pos = action["b"], POS[action["pb"]], POS[action["pa"]]
            elif action["b"] == me:
                other, their_pos, my_pos = action["a"], POS[action["pa"]], POS[action["pb"]]
            else:
                continue
            theirs = grids[other]
            mine = list(grids[me])
            mine[my_pos] = theirs[their_pos]
            if mine[my_pos] is None and grids[me][my_pos] is None:
                continue  # an unknown for an unknown changes nothing this seat can weigh
            their_new = list(theirs)
            their_new[their_pos] = grids[me][my_pos]
            gain = mine_now - est.grid(mine) + 0.25 * (est.grid(their_new) - est.grid(theirs))
            if best is None or gain > best[0]:
                best = (gain, action)
        return best

    def _turn_place(self) -> dict[str, Any] | None:
        pending = self.view["pending"]
        v = value(pending["card"])
        est, grid = self.estimator, self.grid
        cost, pos = est.best_place(grid, v)
        discard = self._find("discard_drawn")
        if discard is not None and cost >= est.grid(grid):
            return discard
        return self._find("place", pos=POSITIONS[pos])

    def _knock_decision(self) -> dict[str, Any] | None:
        samples = self._samples()
        me, penalty = self.me, self.options.get("knock_penalty", 10)
        expected = sum(s[me] for s in samples) / len(samples)
        cost = 0.0  # the expected score of knocking: 0 when lowest, tally + penalty otherwise
        for s in samples:
            others = [max(0.0, t - FINAL_TURN_GAIN) for seat, t in enumerate(s) if seat != me]
            if s[me] > min(others):
                cost += s[me] + penalty
        cost /= len(samples)
        unknown = sum(1 for v in self.grid if v is None)
        keep = max(0.0, expected - 1.0 - 0.5 * unknown)  # what playing on is expected to leave
        # patience runs out: every lap of the table makes a knock more acceptable, so a table of
        # careful players (who all improve and all wait) still ends its round
        laps = self.view["turns_done"] / self.n
        if cost <= keep + max(0.0, laps - 2.0) * 2.0:
            return self._find("knock")
        return self._find("end_turn")

    def _tb_window(self) -> dict[str, Any] | None:
        swipes = self._plays("SWIPE")
        top = self._discard_top()
        if not swipes or top is None:
            return None
        cost, pos = self.estimator.best_place(self.grid, top)
        if self.estimator.grid(self.grid) - cost >= 5.0:
            return next((a for a in swipes if a["pos"] == POSITIONS[pos]), None)
        return None

    def _ak_window(self) -> dict[str, Any] | None:
        blocks = self._plays("BLOCK")
        knocker = self.view["knocker"]
        if not blocks or knocker is None:
            return None
        samples = self._samples()
        wins = sum(1 for s in samples if s[knocker] <= min(s)) / len(samples)
        return blocks[0] if wins >= 0.35 else None

    # --- Nope ----------------------------------------------------------------------------
    def _nope_window(self) -> dict[str, Any] | None:
        nopes = self._plays("NOPE")
        chain = self.view["chain"]
        if not nopes or not chain:
            return None
        worth = self._worth(chain[0])
        live = len(chain) % 2 == 1
        if (live and worth <= -5.0) or (not live and worth >= 5.0):
            return nopes[0]
        return None

    def _worth(self, play: Mapping[str, Any]) -> float:
        """What the chain's original card is worth to this seat if it takes effect (points)."""
        me, seat, played = self.me, play["seat"], kind(play["card"])
        mine = seat == me
        if played == "DOUB":
            return 8.0 if mine else (-10.0 if play["target"] == me else 0.0)
        if played in ("SWAP", "STEAL"):
            return self._exchange_worth(play)
        if played == "BLOCK":
            return 8.0 if mine else (-8.0 if self.view["knocker"] == me else 0.0)
        if played == "REDIS":
            return 10.0 if mine else -float(play["alloc"][me])
        if played == "DUEL":
            if mine:
                return 5.0
            if play["target"] == me:
                scores = self._round_scores()
                return 0.5 * scores[me] - 0.5 * scores[seat]
            return 0.0
        return 3.0 if mine else 0.0  # Peek, Swipe, Rearrange, Eliminate: they help their player a little

    def _exchange_worth(self, play: Mapping[str, Any]) -> float:
        grids, est, me = self.knowledge.grids, self.estimator, self.me
        if kind(play["card"]) == "STEAL":
            a, pa, b, pb = play["target"], POS[play["tpos"]], play["seat"], POS[play["own_pos"]]
        else:
            a, pa, b, pb = play["a"], POS[play["pa"]], play["b"], POS[play["pb"]]
        if me not in (a, b):
            return 3.0 if play["seat"] == me else 0.0
        mine_pos, other, other_pos = (pa, b, pb) if a == me else (pb, a, pa)
        new = list(grids[me])
        new[mine_pos] = grids[other][other_pos]
        return est.grid(grids[me]) - est.grid(new) + (3.0 if play["seat"] == me else 0.0)

    # --- the round end window ------------------------------------------------------------
    def _revealed(self) -> list[list[int | None]]:
        return [[None if c in (FACE_DOWN, EMPTY) else value(c) for c in p["grid"]] for p in self.view["players"]]

    def _round_scores(self) -> list[float]:
        """E3 scores as they stand (knock result applied; ties counted at their tally)."""
        grids = self._revealed()
        tallies = [tally(g, self.threshold) for g in grids]
        knocker = self.view["knocker"]
        scores: list[float] = list(tallies)
        if knocker is not None:
            low = min(tallies)
            scores[knocker] = 0 if tallies[knocker] == low else tallies[knocker] + self.options.get("knock_penalty", 10)
        for target in self.view["doubles"]:
            scores[target] *= 2
        return scores

    def _re_window(self) -> dict[str, Any] | None:
        redis = self._plays("REDIS")
        if redis:
            return redis[0]
        grid = self._revealed()[self.me]
        now = tally(grid, self.threshold)
        best: tuple[float, dict[str, Any] | None] = (0.0, None)
        for action in self._plays("REARR"):
            new = [grid[POS[src]] for src in action["layout"]]
            gain = now - tally(new, self.threshold)
            if gain > best[0]:
                best = (gain, action)
        for action in self._plays("ELIM"):
            new = list(grid)
            new[POS[action["pos"]]] = None
            gain = now - tally(new, self.threshold)
            if gain >= 3.0 and gain > best[0]:
                best = (gain, action)
        if best[1] is not None:
            return best[1]
        duels = self._plays("DUEL")
        if duels:
            scores = self._round_scores()
            action = max(duels, key=lambda a: scores[self.me] - scores[a["target"]])
            if 0.5 * (scores[self.me] - scores[action["target"]]) >= 5.0:
                return action
        return None

    def _redis_alloc(self) -> dict[str, Any] | None:
        target = self._leader(self.me)
        offered = [a for a in self.legal if a["type"] == "allot" and a["recipient"] == target]
        if not offered:
            offered = [a for a in self.legal if a["type"] == "allot"]
        return max(offered, key=lambda a: a["amount"]) if offered else None

    # --- duels ------------------------------------------------------------------------------
    def _duel_slots(self) -> list[int | None]:
        knowledge = self.knowledge
        if self.me in knowledge.duel_seats:
            return knowledge.duel_slots[knowledge.duel_seats.index(self.me)]
        return [None, None]

    def _duel_turn(self) -> dict[str, Any] | None:
        top = self._discard_top()
        slots = self._duel_slots()
        if top is not None and (top <= 1 or top in slots):
            return self._find("draw", source="discard")
        return self._find("draw", source="pile")

    def _duel_place(self) -> dict[str, Any] | None:
        v = value(self.view["pending"]["card"])
        a, b = self._duel_slots()
        row = self.estimator.row
        options = [
            (row(v, b) - (0.3 if a is None else 0.0), self._find("place", pos="L")),
            (row(a, v) - (0.3 if b is None else 0.0), self._find("place", pos="R")),
        ]
        discard = self._find("discard_drawn")
        if discard is not None:
            options.append((row(a, b), discard))
        return min((o for o in options if o[1] is not None), key=lambda o: o[0])[1]

    # --- hand limit -------------------------------------------------------------------------
    def _pump_limit(self) -> dict[str, Any] | None:
        cards = [a for a in self.legal if a["type"] == "discard_pump"]
        return max(cards, key=lambda a: (KEEP_ORDER.index(kind(a["card"])), a["card"]))
