/**
 * The cardroom client for browsers (and Node) over REST/JSON and Server-Sent Events, with
 * the same `GameServiceClient` interface, messages and errors as the gRPC client, built on
 * a generated service definition: the one of every game (`connectRest` of
 * `@cardroom/client`) or of one game's cut messages (`@cardroom/client/flip-7`...), so that
 * this module imports no game's code.
 *
 * Routes come from each method's `google.api.http` option, which the generated service
 * definition carries as encoded bytes: no URL is typed here. Bodies and answers use the
 * proto3 JSON mapping of the generated `toJSON`/`fromJSON`; failures are Google's JSON
 * errors. `watchMatch` follows the SSE stream with the `eventsource` package (a
 * WHATWG EventSource that, unlike the browser's own, can send the `authorization`
 * header); it reconnects by itself with `Last-Event-ID` after a dropped connection.
 *
 * Written by hand because no maintained package builds a REST client from HttpRule
 * annotations in the browser: only the route templating and the request assembly below.
 */
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { EventSource, type FetchLike } from "eventsource";
import { type CallOptions, Metadata } from "nice-grpc-common";
import { CardroomError, cardroomError, STATUS_NAMES, type StatusName } from "./errors.js";
import type { MatchUpdate } from "./gen/cardroom/v1/game_service.js";
import type { MatchStatus } from "./gen/cardroom/v1/match.js";
import { HttpRule } from "./gen/google/api/http.js";
import { DEFAULT_RETRY, type RetryPolicy } from "./retry.js";
import { type PlayOptions, PlaySession, type PlaySessions, type SessionUpdate } from "./session.js";
import { type PlayCodecs, type WebSocketConstructor, webSocketStreams } from "./session-ws.js";


/** Field number of the `google.api.http` method option (google/api/annotations.proto), as a tag of length-delimited data. */
const HTTP_RULE_TAG = (72295728 * 8 + 2).toString();

export interface RestOptions {
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** The WebSocket of play sessions; default `globalThis.WebSocket` (browsers, Node 22). */
  WebSocket?: WebSocketConstructor;
  /** Bounds of a play session's reconnections. */
  retry?: Partial<RetryPolicy>;
}

interface Codec {
  fromPartial(object: unknown): unknown;
  toJSON(message: unknown): unknown;
  fromJSON(object: unknown): unknown;
}

/** What this client reads of a generated nice-grpc service definition. */
export interface ServiceDefinition {
  methods: Record<string, MethodDefinition>;
}

interface MethodDefinition {
  requestType: Codec;
  responseType: Codec;
  responseStream: boolean;
  options: { _unknownFields?: Record<string, readonly Uint8Array[]> };
}

interface Route {
  verb: string;
  template: string;
  body: string;
}

/** The statuses a match never leaves (values fixed by the published proto; the enum is only a type here, so
 * that this module loads no generated messages). */
const ENDED = new Set<number>([
  3 satisfies MatchStatus.MATCH_STATUS_FINISHED,
  4 satisfies MatchStatus.MATCH_STATUS_ABANDONED,
]);
const PATH_VARIABLE = /\{([^}=]+)(?:=[^}]*)?\}/g;

function routeOf(method: MethodDefinition): Route {
  const encoded = method.options._unknownFields?.[HTTP_RULE_TAG]?.[0];
  if (!encoded) throw new Error("method without a google.api.http option");
  const rule = HttpRule.decode(new BinaryReader(encoded).bytes());
  for (const verb of ["get", "put", "post", "delete", "patch"] as const) {
    const template = rule[verb];
    if (template) return { verb: verb.toUpperCase(), template, body: rule.body };
  }
  throw new Error(`unsupported HttpRule ${JSON.stringify(HttpRule.toJSON(rule))}`);
}

/** snake_case field path of a template variable -> its proto3 JSON name. */
function jsonName(field: string): string {
  return field.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The URL of a call: path variables from the request, the other fields as the body or the query. */
function requestOf(baseUrl: string, route: Route, json: Record<string, unknown>): { url: string; body?: string } {
  const rest = { ...json };
  const path = route.template.replace(PATH_VARIABLE, (_match, field: string) => {
    const name = jsonName(field);
    const value = String(rest[name] ?? "");
    delete rest[name];
    return value.split("/").map(encodeURIComponent).join("/");
  });
  const url = new URL(baseUrl.replace(/\/$/, "") + path);
  if (route.body === "*") return { url: url.toString(), body: JSON.stringify(rest) };
  for (const [key, value] of Object.entries(rest)) {
    if (value !== null && typeof value !== "object") url.searchParams.set(key, String(value));
  }
  return { url: url.toString() };
}

function headersOf(options: CallOptions | undefined, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { ...extra };
  const authorization = options?.metadata ? Metadata(options.metadata).get("authorization") : undefined;
  if (typeof authorization === "string") headers.authorization = authorization;
  return headers;
}

/** A status in proto3 JSON (its `details` with their `@type`) as a typed error. */
export function jsonStatusError(status: string | undefined, message: string, details: unknown[] | undefined): CardroomError {
  const info = details?.find(
    (detail): detail is { reason?: string; metadata?: Record<string, string> } =>
      typeof detail === "object" && detail !== null
      && String((detail as Record<string, unknown>)["@type"]).endsWith("/google.rpc.ErrorInfo"),
  );
  const name = STATUS_NAMES.includes(status as StatusName) ? (status as StatusName) : "UNKNOWN";
  return cardroomError(name, info?.reason ?? "", message, info?.metadata ?? {});
}

/** A Google JSON error body (`{"error": {...}}`) as a typed error. */
export function errorOf(body: unknown, httpStatus: number): CardroomError {
  const error = (body as { error?: { status?: string; message?: string; details?: unknown[] } } | null)?.error;
  return jsonStatusError(error?.status, error?.message ?? `HTTP ${httpStatus}`, error?.details);
}

async function failure(response: Response): Promise<CardroomError> {
  const text = await response.text();
  try {
    return errorOf(JSON.parse(text), response.status);
  } catch {
    const status = response.status === 503 ? "UNAVAILABLE" : "UNKNOWN";
    return cardroomError(status, "", `HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
}

/** A REST client of the service whose HTTP port is at `baseUrl`, speaking the messages of `definition`, with
 * play sessions over the WebSocket `/v1/play`. */
export function restClient<Client, Update extends SessionUpdate, Action>(
  definition: ServiceDefinition,
  baseUrl: string,
  options: RestOptions = {},
): Client & PlaySessions<Update, Action> {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function unary(method: MethodDefinition, request: unknown, callOptions?: CallOptions): Promise<unknown> {
    const route = routeOf(method);
    const json = method.requestType.toJSON(method.requestType.fromPartial(request)) as Record<string, unknown>;
    const { url, body } = requestOf(baseUrl, route, json);
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: route.verb,
        body,
        headers: headersOf(callOptions, body === undefined ? {} : { "content-type": "application/json" }),
        signal: callOptions?.signal,
      });
    } catch (error) {
      throw cardroomError("UNAVAILABLE", "", `cannot reach ${url}: ${String(error)}`);
    }
    if (!response.ok) throw await failure(response);
    return method.responseType.fromJSON(await response.json());
  }

  async function* stream(method: MethodDefinition, request: unknown, callOptions?: CallOptions) {
    const route = routeOf(method);
    const json = method.requestType.toJSON(method.requestType.fromPartial(request)) as Record<string, unknown>;
    const { url } = requestOf(baseUrl, route, json);
    const headers = headersOf(callOptions);
    const pending: Array<{ update?: MatchUpdate; error?: CardroomError; end?: boolean }> = [];
    let wake: (() => void) | undefined;
    let refused: CardroomError | undefined;
    let finished = false; // 204: the match ended at or before the version asked for
    const push = (item: { update?: MatchUpdate; error?: CardroomError; end?: boolean }) => {
      pending.push(item);
      wake?.();
    };
    // the stream's own HTTP failure (unknown match, bad token) keeps its JSON error for the caller
    const fetchWithHeaders: FetchLike = async (input, init) => {
      const response = await fetchImpl(input, { ...init, headers: { ...init?.headers, ...headers } });
      if (!response.ok) refused = await failure(response.clone());
      finished = response.status === 204;
      return response;
    };
    const source = new EventSource(url, { fetch: fetchWithHeaders });
    source.onmessage = (event) => push({ update: method.responseType.fromJSON(JSON.parse(event.data)) as MatchUpdate });
    source.addEventListener("error", (event) => {
      const data = (event as MessageEvent).data;
      if (typeof data === "string" && data) {
        push({ error: errorOf(JSON.parse(data), 200) }); // the server's last word on an open stream
      } else if (source.readyState === EventSource.CLOSED) {
        push(finished ? { end: true } : { error: refused ?? cardroomError("UNAVAILABLE", "", `${url} closed`) });
      } // else: a dropped connection, which EventSource reopens with Last-Event-ID
    });
    callOptions?.signal?.addEventListener("abort", () => push({ error: cardroomError("CANCELLED", "", "aborted") }));
    try {
      for (;;) {
        const item = pending.shift();
        if (!item) {
          await new Promise<void>((resolve) => (wake = resolve));
          continue;
        }
        if (item.error) throw item.error;
        if (item.end) return;
        const update = item.update as MatchUpdate;
        yield update;
        if (update.state?.match && ENDED.has(update.state.match.status)) return;
      }
    } finally {
      source.close();
    }
  }

  const client: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(definition.methods)) {
    client[name] = method.responseStream
      ? (request: unknown, callOptions?: CallOptions) => stream(method, request, callOptions)
      : (request: unknown, callOptions?: CallOptions) => unary(method, request, callOptions);
  }
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  client.playSession = (playOptions: PlayOptions) => {
    const socket = options.WebSocket ?? globalThis.WebSocket;
    if (!socket) throw new Error("no WebSocket here: pass RestOptions.WebSocket (for example the ws package's)");
    const codecs = definition.methods.play as unknown as PlayCodecs;
    return new PlaySession<Update, Action>(webSocketStreams(baseUrl, codecs, socket), playOptions, policy);
  };
  return client as Client & PlaySessions<Update, Action>;
}
