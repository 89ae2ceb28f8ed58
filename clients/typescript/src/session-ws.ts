/**
 * The play session's transport for browsers: the WebSocket `/v1/play` of the HTTP port, each message a
 * `PlayRequest` or `PlayResponse` in proto3 JSON (the generated `toJSON`/`fromJSON` of the service
 * definition's Play method, so a one-game client decodes with its own messages). The seat token travels in
 * the open message (browsers cannot set headers on a WebSocket). The URL names the match (`?match=`), so a
 * server running several worker processes serves every session of a match in the one that owns it.
 *
 * How a socket ends says what happened (service/cardroom/api/play_ws.py): 1000 after the update that ends
 * the match; 1012 when the server shuts down, and 1006 for a connection lost without a close, which are
 * UNAVAILABLE (the session reconnects); a failure is a last text message, Google's JSON error, before a
 * close of 4000 + its HTTP status, and is that error.
 */
import { cardroomError, type CardroomError, STATUS_NAMES } from "./errors.js";
import { errorOf, jsonStatusError } from "./rest-client.js";
import type { OpenStream, SessionItem } from "./session.js";
import { AsyncQueue } from "./session-queue.js";

/** The `WebSocket` constructor to use: the global one of browsers and Node 22, or `ws`'s. */
export type WebSocketConstructor = new (url: string, protocols?: string | string[]) => WebSocket;

/** What the transport uses of the Play method of a generated service definition. */
export interface PlayCodecs {
  requestType: { fromPartial(object: unknown): unknown; toJSON(message: unknown): unknown };
  responseType: { fromJSON(object: unknown): unknown };
}

export const SUBPROTOCOL = "cardroom.v1";
const NORMAL_CLOSE = 1000;

interface OutcomeJson {
  requestId?: string;
  accepted?: boolean;
  version?: number;
  error?: { code?: number; message?: string; details?: unknown[] };
}

/** The `/v1/play` URL of the HTTP port at `baseUrl` for match `name`
 * (`http://host:port` -> `ws://host:port/v1/play?match=games%2F...`). */
export function playUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl.replace(/\/$/, "") + "/v1/play");
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.searchParams.set("match", name);
  return url.toString();
}

function outcomeItem<Update>({ requestId = "", accepted = false, version = 0, error }: OutcomeJson): SessionItem<Update> {
  const refused = accepted
    ? undefined
    : jsonStatusError(STATUS_NAMES[error?.code ?? 2], error?.message ?? "refused", error?.details);
  return { outcome: { requestId, version, error: refused } };
}

export function webSocketStreams<Update, Action>(
  baseUrl: string,
  codecs: PlayCodecs,
  WebSocketImpl: WebSocketConstructor,
): OpenStream<Update, Action> {
  const encode = (request: unknown) => JSON.stringify(codecs.requestType.toJSON(codecs.requestType.fromPartial(request)));
  return (open) => {
    const url = playUrl(baseUrl, open.name);
    const items = new AsyncQueue<SessionItem<Update>>();
    // an accepted action's outcome comes in its update's message (one message fewer per action)
    const unsent = [encode({ open: { ...open, outcomesInUpdates: true } })];
    let failure: CardroomError | undefined;
    const socket = new WebSocketImpl(url, [SUBPROTOCOL]);
    socket.onopen = () => {
      for (const text of unsent.splice(0)) socket.send(text);
    };
    socket.onmessage = (event: MessageEvent) => {
      const body = JSON.parse(String(event.data)) as {
        update?: unknown;
        updateOutcome?: OutcomeJson;
        outcome?: OutcomeJson;
        error?: unknown;
      };
      if (body.error) {
        failure = errorOf(body, 0); // the server's last word before it closes
      } else if (body.update) {
        const { update } = codecs.responseType.fromJSON(body) as { update: Update };
        items.push({ update });
        if (body.updateOutcome) items.push(outcomeItem(body.updateOutcome)); // after its update, as a separate one
      } else if (body.outcome) {
        items.push(outcomeItem(body.outcome));
      }
    };
    socket.onclose = (event: CloseEvent) => {
      if (event.code === NORMAL_CLOSE && !failure) items.end();
      else items.fail(failure ?? cardroomError("UNAVAILABLE", "", `${url} closed (${event.code} ${event.reason})`));
    };
    return {
      send: (action) => {
        const text = encode({ action });
        if (socket.readyState === socket.OPEN) socket.send(text);
        else unsent.push(text);
      },
      close: () => {
        items.end();
        socket.close(NORMAL_CLOSE);
      },
      [Symbol.asyncIterator]: () => items[Symbol.asyncIterator](),
    };
  };
}
