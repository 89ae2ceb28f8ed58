"""Pumptown (rules: ../shared/rules/pumptown.md; decisions beyond it: docs/rules/pumptown.md).

Seats are ints; a missing seat is ``null``. Positions are ``TL TR BL BR`` (grid)
and ``L R`` (duel hand). Cards use the rules' IDs (``N7c``, ``NOPE2``).

Actions (``legal_actions`` order: this type order, then parameters in the order listed)
    ack_peek {}                                  PEEK, once per seat
    draw {source: "pile"|"discard"}              TURN_START, DUEL_TURN
    place {pos}                                  TURN_PLACE (grid pos), DUEL_PLACE (L or R)
    discard_drawn {}                             TURN_PLACE, DUEL_PLACE
    knock {}, end_turn {}                        KNOCK_DECISION
    play {card, ...args}                         a pump card; args by kind:
        PEEK, BLOCK, NOPE: none      DOUB: target     DUEL: target       SWIPE: pos     ELIM: pos
        SWAP: a, pa, b, pb           STEAL: target, tpos, own_pos        REARR: layout [4 positions]
        REDIS: allocation [{recipient, amount}], the whole decision (D86); or none, and the allocation
               follows as ``allot`` steps (D60, deprecated; only this form is listed)
    allot {recipient, amount}                    REDIS_ALLOC: one recipient's share of the moon sum (deprecated)
    pass {}                                      any response window
    discard_pump {card}                          PUMP_LIMIT
    set_autopass {on: bool}                      any seat at any time: a standing action (D61; on answers a poll, D49)

Events (public fields; ``private`` adds fields for one seat)
    round_start {round, starter, dealer, discard}      peek_start {peek_all} private {peeked}
    ack_peek {seat}     peek_end {}                    play {seat, card, ...args}
    allot {seat, recipient, amount, remaining}
    pass {seat, window}                                chain_resolved {seat, card, cancelled, cards}
    swipe {seat, pos, card, replaced}                  eliminate {seat, pos, card}
    draw {seat, source, card (discard only)} private {card}
    place {seat, pos, replaced}    discard {seat, card}    reshuffle {pile: "draw"|"pump_deck", count}
    knock {seat}   knock_stands {seat}   knock_blocked {seat}   end_turn {seat}
    reveal {grids, tallies}        tally {tallies, moon, scores}
    duel_start {kind: "tie"|"card", seats, replay}     duel_reveal {seats, slots, values}
    duel_end {kind, winner}        award {seat, source: "deck"|"loser", from} private {card}
    discard_pump {seat, card}      autopass_set {seat} private {on}
    round_over {round, scores, cumulative, halved, winner}     game_over {cumulative, winners}

View (same keys for every viewer; ``"??"`` = face down, ``"__"`` = emptied slot)
    you, round, rounds, starter, dealer, phase, decision {kind, seats}, mode, scheduled,
    last_actor, knocker, knock_blocked, final_pending, turns_done,
    players [{seat, grid [4], pump_count, cumulative, peek_acked, peek_all, tally, score,
              provisional_tally (from REVEAL on, as the grid stands, else null)}],
    draw_count, discard, set_aside, set_aside_owners (the seat of each set_aside card),
    pending {seat, source, card|null} | null,
    hand (own pump cards), autopass (own, null for a spectator), pump_deck_count, pump_discard,
    chain [{seat, card, ...args; REDIS: alloc, one int per seat, 0 = none (yet)}], doubles,
    redistributions [{seat, alloc}],
    duels [{challenger, target}], duel {kind, order, seats, slots, cycle, replay, passes} | null, round_winner,
    duel_results [{kind, seats, challenger|null, original_scores, passes [{seats, values}], winner|null,
                   scores}] (this round's finished duels),
    last_round {round, knocker|null, tallies, moon, scores, cumulative, halved, winner|null, duels, doubles,
                redistributions} | null (the last finished round; D87)

Phases: RS_WINDOW, PEEK, TB_WINDOW, TURN_START, TURN_PLACE, KNOCK_DECISION, AK_WINDOW,
RE_WINDOW, REDIS_ALLOC (a Redistribute's player allots its moon sum), DUEL_TURN, DUEL_PLACE,
PUMP_LIMIT, GAME_OVER (``decision.kind`` is NOPE_WINDOW while a Nope chain is open).

Fixture (§6 test hook, never an option, never in a view)
    stack       list, one entry per R-event in order (R1 pump shuffle, R2 deal, R3/R4 refills:
                a list of card IDs, top first, unlisted cards follow in factory order; R5: an index)
    hands       one list of pump cards per seat: skips R1 and the pump deal; the pump deck is the
                rest in factory order
    round       the round to start in (1..rounds)          cumulative   one score per seat
    zones       {grids: [[TL, TR, BL, BR] per seat], draw: [top first], discard: [bottom..top]}:
                the first round is laid out as given and starts at the first TB_WINDOW
                (no deal, no RS_WINDOW, no PEEK)
"""

from .engine import PumptownEngine

__all__ = ["PumptownEngine"]
