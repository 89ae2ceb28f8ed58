/**
 * Actions and events in words. Every game's actions and events are oneofs of small messages
 * (`{"play": {"card": "Sc", "suit": "o"}}`), so one reader covers all four games: the member name is
 * the verb, card fields are named through the game's card renderer, seat fields through the table's
 * player names, and pumba suits by their names.
 */
import { onlyEntry, type Json } from "./api";
import { cardWords, isCard, pumbaSuit } from "./cards";

/** "pileUpTop" / "pile_up_top" -> "pile up top". */
export function humanize(key: string): string {
  return key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/\s+/g, " ")
    .toLowerCase()
    .trim();
}

const SEAT_KEYS = /^(seat|target|from|to|winner|winners|victim|opponent|knocker|player|owner|by|current|dealer|lastActor|firstPlayer|starter|opener)(Seat)?$/i;

export type SeatName = (seat: number) => string;

/** One value of a view, action or event in words: cards by name, seats by player name, Pumba suits by name. */
export function valueWords(game: string, key: string, value: Json, seatName: SeatName): string {
  if (Array.isArray(value)) return value.map((item) => valueWords(game, key, item, seatName)).join(", ");
  if (isCard(game, key, value)) return cardWords(game, value);
  if (typeof value === "number" && SEAT_KEYS.test(key)) return seatName(value);
  if (game === "pumba" && (key === "suit" || key === "activeSuit") && typeof value === "string") return pumbaSuit(value);
  if (value !== null && typeof value === "object") {
    return Object.entries(value)
      .map(([inner, item]) => `${humanize(inner)} ${valueWords(game, inner, item, seatName)}`)
      .join(", ");
  }
  if (typeof value === "boolean") return value ? "on" : "off";
  return humanize(String(value));
}

function fieldsWords(game: string, fields: Json, seatName: SeatName, skip: Set<string>): string {
  return Object.entries(fields ?? {})
    .filter(([key]) => !skip.has(key))
    .map(([key, value]) => (key === "card" || key === "cards" ? valueWords(game, key, value, seatName) : `${humanize(key)} ${valueWords(game, key, value, seatName)}`))
    .join(", ");
}

/** A legal action as a button label: "play Sota of copas, suit oros". */
export function actionWords(game: string, action: Json, seatName: SeatName): string {
  const [verb, fields] = onlyEntry(action);
  const rest = fieldsWords(game, fields, seatName, new Set());
  return rest ? `${humanize(verb)}: ${rest}` : humanize(verb);
}

/** An event as a sentence: "ann: played 20 yellow, lower 8 ..." (the seat first when the event names one). */
export function eventWords(game: string, event: Json, seatName: SeatName): string {
  const [verb, fields] = onlyEntry(event);
  const who = typeof fields?.seat === "number" ? `${seatName(fields.seat)}: ` : "";
  const rest = fieldsWords(game, fields, seatName, new Set(["seat"]));
  return `${who}${humanize(verb)}${rest ? ` — ${rest}` : ""}`;
}
