"""Up or Down? (game id ``up-or-down``, 2-6 players), per ../shared/rules/up-or-down.md.

Cards are their numbers (JSON integers 1-126); colour ``(n-1) mod 6`` is derived.
Decisions where the rules file is silent: docs/rules/up-or-down.md.

Options (public, rules §7): ``card_range`` ALL|LONG|SHORT (ALL), ``first_player``
SEAT0|RANDOM (SEAT0), ``give_up_with_free_slot`` bool (false), ``show_known_cards``
bool (true).

Fixture (``new_game(..., fixture=...)``, the §6/§7 test hook, never in a view):
``{"deck_order": [int, ...]}`` -- distinct card numbers 1-126, at least 3N+6 of
them, used as the dealt sequence top first instead of range + shuffle
(``card_range`` is then ignored). Any other key or a bad list -> INVALID_ARGUMENT.

Actions (only the current seat acts; one action type per phase):
  ``{"type": "play", "card": int}``                      phase PLAY
  ``{"type": "take", "card": int}``                      phase TAKE (a neighbour of the played card)
  ``{"type": "place", "target": "col", "index": int}``   phase PLACE, extend column ``index``
  ``{"type": "place", "target": "new"}``                 phase PLACE, start a column (fewer than 3)
  ``{"type": "place", "target": "give_up", "index": int}`` phase PLACE, discard column ``index``, restart it
  ``{"type": "draw", "pile": "down" | "up"}``            phase DRAW (only when both piles have cards)
  ``{"type": "turn", "play": {card}, "take": {card}, "place": {target, index?}, "draw"?: {pile}}``
                                                         phase PLAY: the whole turn at once (compound.py), never listed
Legal actions are listed cards ascending; place as col 0..k-1, new, give_up 0..k-1; draw down, up.
Error codes: GAME_OVER, NOT_YOUR_TURN, WRONG_PHASE, INVALID_ARGUMENT, CARD_NOT_IN_HAND,
NOT_ADJACENT, NO_SUCH_COLUMN, WRONG_ORDER, NO_FREE_COLUMN, GIVE_UP_NOT_ALLOWED, PILE_EMPTY.

Events (all public except the card of a face-down draw, sent only to the drawer):
  ``played   {seat, card, lower, upper}``
  ``took     {seat, card}``
  ``gave_up  {seat, column, cards}``                      (before the ``placed`` of that turn)
  ``placed   {seat, card, column, mode: col|new|give_up, direction: UNSET|ASC|DESC}``
  ``drew     {seat, pile: down|up, card}``                 (``card`` private to ``seat`` when ``pile`` is down;
                                                            also emitted for the engine's forced draw)
  ``turn     {seat, turn}``                                (the next turn starts; ``turn`` counts from 1)
  ``game_over {scores, winners, ranks}``

View (same shape for every viewer; ``you`` is the seat or null for a spectator)::

  {"you", "phase": PLAY|TAKE|PLACE|DRAW|GAME_OVER, "current": seat|null (null once over),
   "first_player", "turn", "display": [ascending ring],
   "played", "lower", "upper", "taken": card|null (this turn's play, its neighbours, the taken card),
   "pile_down_size", "pile_up_size", "pile_up_top": card|null,
   "hand": [own cards ascending; [] for a spectator],
   "players": [{"seat", "hand_size", "known": [cards drawn face up still held; [] for yourself or
                when show_known_cards is off], "columns": [{"cards", "direction"}] (list index = column index),
                "discard": [cards in discard order], "score"}],
   "winners": [seats; [] until the game is over]}
"""

from .engine import UpOrDownEngine

__all__ = ["UpOrDownEngine"]
