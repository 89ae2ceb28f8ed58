/**
 * The app's only door to the service: the published REST + SSE client, the seats this tab holds
 * (sessionStorage, so a reload keeps them and another tab does not share them), and plain-JSON copies
 * of the typed messages for the generic renderers.
 */
import {
  Action,
  bearer,
  CardroomError,
  connectRest,
  Event,
  Game,
  legalActions,
  type Match,
  MatchState,
  type MatchUpdate,
  MatchStatus,
  StaleVersion,
} from "@cardroom/client";

export { Action, CardroomError, Event, Game, legalActions, MatchState, MatchStatus, StaleVersion };
export type { Match, MatchUpdate };

type StreamListener = (up: boolean) => void;
const streamListeners = new Set<StreamListener>();

/** Calls `listener` with true when an update stream (WatchMatch over SSE) opens, false when one fails or is cut:
 * the client's EventSource reopens a cut stream by itself (Last-Event-ID) and says nothing, so the page learns of
 * it here, from the fetch under the client. Returns the unsubscribe function. */
export function onStreamChange(listener: StreamListener): () => void {
  streamListeners.add(listener);
  return () => streamListeners.delete(listener);
}

const tell = (up: boolean) => streamListeners.forEach((listener) => listener(up));

/** fetch, watching the update streams' connections (written by hand: a body reader that reports its failure). */
async function watchedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = input instanceof Request ? input.url : String(input);
  if (!url.includes(":watch")) return fetch(input, init);
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (failure) {
    if (!init?.signal?.aborted) tell(false);
    throw failure;
  }
  if (!response.ok || !response.body) return response;
  tell(true);
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (failure) {
        if (!init?.signal?.aborted) tell(false);
        controller.error(failure);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Same origin: the service serves this app at /play and its API at /v1. */
export const client = connectRest(location.origin, { fetch: watchedFetch });

export type Json = any;

export interface Seat {
  token: string;
  seat: number;
}

const SEAT_KEY = "cardroom.seat:";

export function saveSeat(match: string, seat: Seat): void {
  sessionStorage.setItem(SEAT_KEY + match, JSON.stringify(seat));
}

export function loadSeat(match: string): Seat | undefined {
  const text = sessionStorage.getItem(SEAT_KEY + match);
  return text ? (JSON.parse(text) as Seat) : undefined;
}

export function forgetSeat(match: string): void {
  sessionStorage.removeItem(SEAT_KEY + match);
}

export function authOf(seat: Seat | undefined) {
  return seat ? bearer(seat.token) : {};
}

/** A fresh request id; crypto.randomUUID exists only in secure contexts (a LAN http address is not one). */
export function requestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function stateJson(state: MatchState): Json {
  return MatchState.toJSON(state);
}

export function actionJson(action: Action): Json {
  return Action.toJSON(action);
}

export function eventJson(event: Event): Json {
  return Event.toJSON(event);
}

/** The single key of a oneof-like JSON object and its value: `{"play": {"card": 3}}` -> ["play", {card: 3}]. */
export function onlyEntry(value: Json): [string, Json] {
  const entries = Object.entries(value ?? {});
  return entries.length ? (entries[0] as [string, Json]) : ["", {}];
}

/** The per-game payload of a SeatView / Action / Event / GameOptions JSON: `{"pumba": {...}}` -> {...}. */
export function payload(value: Json): Json {
  return onlyEntry(value)[1];
}

/** JSON name of a game's oneof member in GameOptions, SeatView, Action and Event. */
export function oneofKey(gameId: string): string {
  return { pumptown: "pumptown", pumba: "pumba", "up-or-down": "upOrDown", "flip-7": "flip7" }[gameId] ?? gameId;
}

export function message(error: unknown): string {
  if (error instanceof CardroomError) return `${error.reason || error.status}: ${error.message}`;
  return String(error);
}

export const ENDED = new Set([MatchStatus.MATCH_STATUS_FINISHED, MatchStatus.MATCH_STATUS_ABANDONED]);
