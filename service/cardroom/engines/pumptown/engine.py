"""The Pumptown engine on the shared contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..contract import Engine, Event, GameInfo, GameResult, Seat, Transition, competition_ranks, require_to_act
from . import actions, defaults, rounds, views
from .cards import NUMBER_CARDS, pump_cards
from .options import MAX_PLAYERS, MIN_PLAYERS, OPTIONS, check_fixture, options_for
from .state import CODEC, GAME_ID, PumptownState, clone
from .zones import shuffle


class PumptownEngine(Engine[PumptownState]):
    info: ClassVar[GameInfo] = GameInfo(
        id=GAME_ID,
        name="Pumptown",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        options=OPTIONS,
        summary="Memory card game on a face-down 2x2 grid: pairs, knocks, the moon and 21 pump cards",
    )
    codec = CODEC
    card_keys: ClassVar[frozenset[str]] = views.CARD_KEYS

    def start(
        self,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        fixture: Mapping[str, Any] | None = None,
    ) -> Transition[PumptownState]:
        opts = options_for(seats, options)
        fixture = fixture or {}
        check_fixture(fixture, seats, opts)
        n = seats
        st = PumptownState(
            seed=seed,
            rng_counter=0,
            stack=[list(e) if isinstance(e, list) else e for e in fixture.get("stack", [])],
            n=n,
            opts=opts,
            round=fixture.get("round", 1),
            cumulative=list(fixture.get("cumulative", [0] * n)),
            phase="SETUP",
            grids=[],
            draw=[],
            discard=[],
            set_aside=[],
            pending="",
            pending_from="",
            seen=dict.fromkeys(NUMBER_CARDS, 0),
            recent={},
            revealed=False,
            acked=[False] * n,
            hands=[[] for _ in range(n)],
            pump_deck=[],
            pump_discard=[],
            chain=[],
            win=None,
            nope=None,
            autopass=[False] * n,
            mode="NORMAL",
            last_actor=-1,
            scheduled=0,
            actor=0,
            knocker=-1,
            knock_blocked=[],
            final_pending=[],
            turns_done=0,
            doubles=[],
            redis=[],
            duels=[],
            peek_all=[False] * n,
            stage="",
            tallies=[],
            scores=[],
            winner=-1,
            duel=None,
            duel_idx=0,
            prizes=[],
            awards=[],
            award_idx=0,
            limit_seat=-1,
        )
        if opts["pump_enabled"]:
            deck = pump_cards(opts["pump_mix"])
            if "hands" in fixture:  # §6: fixed hands skip R1 and the deal
                st.hands = [list(h) for h in fixture["hands"]]
                held = {c for h in st.hands for c in h}
                st.pump_deck = [c for c in deck if c not in held][::-1]
            else:
                order = shuffle(st, deck, deck.index)
                first = opts["first_seat"]
                for i in range(min(n, len(order))):
                    st.hands[(first + i) % n].append(order[i])
                st.pump_deck = order[n:][::-1]
        events: list[Event] = []
        rounds.start_round(st, events, fixture.get("zones"))
        return Transition(st, events)

    def legal_actions(self, state: PumptownState, seat: int) -> list[dict[str, Any]]:
        return actions.legal_actions(state, seat)

    def standing_actions(self, state: PumptownState, seat: int) -> list[dict[str, Any]]:
        return actions.standing_actions(state, seat)

    def apply(self, state: PumptownState, seat: int, action: Mapping[str, Any]) -> Transition[PumptownState]:
        kind, arg = actions.check(state, seat, action)
        st = clone(state)
        st.recent = {}
        events: list[Event] = []
        actions.perform(st, seat, kind, arg, events)
        return Transition(st, events)

    def to_act(self, state: PumptownState) -> tuple[int, ...]:
        seats = actions.deciders(state)
        return tuple(sorted(seats)) if len(seats) > 1 else seats

    def default_action(self, state: PumptownState, seat: int) -> dict[str, Any]:
        require_to_act(self, state, seat)
        return defaults.default_action(state, seat)

    def to_act_for(self, state: PumptownState, viewer: Seat) -> tuple[int, ...]:
        return views.to_act_for(state, viewer)

    def hides_actor(self, state: PumptownState, action: Mapping[str, Any]) -> bool:
        return state.opts["poll_mode"] == "holders_only" and action.get("type") == "pass"

    def replay_event(self, state: PumptownState, viewer: Seat, event: Event) -> Event:
        return views.replay_event(state, viewer, event)

    def seat_view(self, state: PumptownState, seat: Seat) -> dict[str, Any]:
        return views.view(state, seat)

    def is_over(self, state: PumptownState) -> bool:
        return state.phase == "GAME_OVER"

    def result(self, state: PumptownState) -> GameResult | None:
        if state.phase != "GAME_OVER":
            return None
        scores = list(state.cumulative)
        low = min(scores)
        return GameResult(
            scores, [s for s, c in enumerate(scores) if c == low], competition_ranks(scores, higher_is_better=False)
        )

    def seat_count(self, state: PumptownState) -> int:
        return state.n

    def full_deck(self, state: PumptownState) -> list[str]:
        opts = state.opts
        return NUMBER_CARDS + (pump_cards(opts["pump_mix"]) if opts["pump_enabled"] else [])

    def card_locations(self, state: PumptownState) -> list[str]:
        cards = [c for g in state.grids for c in g if c] + state.draw + state.discard + state.set_aside
        if state.pending:
            cards.append(state.pending)
        if state.duel is not None:
            cards += [c for hand in state.duel.slots for c in hand]
        cards += [c for h in state.hands for c in h] + state.pump_deck + state.pump_discard
        return cards + [p.card for p in state.chain]

    def hidden_cards(self, state: PumptownState, seat: Seat) -> set[str]:
        return views.hidden_cards(state, seat)

    def redeal_hidden(self, state: PumptownState, seat: Seat, rng: Any) -> PumptownState:
        return views.redeal_hidden(state, seat, rng)
