/**
 * The cardroom client for Node over gRPC (HTTP/2): the generated `GameServiceClient`
 * through nice-grpc (on @grpc/grpc-js), with failures turned into the same typed
 * errors as the REST client. As the Python SDK does, a call that fails with UNAVAILABLE
 * is re-sent unchanged by grpc-js's retry policy (so an action keeps its `requestId` and
 * the service applies it once), and a watch whose stream drops reopens after the last
 * version it yielded. `playSession` opens a play session (session.ts) on the `Play` stream.
 */
import {
  ChannelCredentials,
  ClientError,
  type ClientMiddleware,
  createChannel,
  createClientFactory,
} from "nice-grpc";
import { errorDetailsClientMiddleware, type ErrorInfo, RichClientError } from "nice-grpc-error-details";
import { CardroomError, cardroomError, STATUS_NAMES } from "./errors.js";
import { type GameServiceClient, GameServiceDefinition, type MatchUpdate } from "./gen/cardroom/v1/game_service.js";
import { type Action, MatchStatus } from "./gen/cardroom/v1/match.js";
import { withMatch } from "./match-metadata.js";
import { backoff, DEFAULT_RETRY, RESUMABLE, type RetryPolicy } from "./retry.js";
import { type PlayOptions, PlaySession, type PlaySessions } from "./session.js";
import { grpcStreams } from "./session-grpc.js";

export * from "./index.js";
export { MATCH_METADATA } from "./match-metadata.js";
export { DEFAULT_RETRY, type RetryPolicy } from "./retry.js";

export interface GrpcOptions {
  /** Use TLS (with the system's roots unless `credentials` are given). */
  tls?: boolean;
  /** Explicit channel credentials, for example `ChannelCredentials.createSsl(rootCert)`. */
  credentials?: ChannelCredentials;
  retry?: Partial<RetryPolicy>;
  /** Milliseconds between the channel's keepalive pings while a call is open (20 s); a connection whose ping
   * is not answered within as long is dropped, so a session on a network that vanished without closing
   * anything reconnects instead of waiting forever. The server accepts pings down to its
   * `--grpc-min-client-ping` (10 s by default). */
  keepaliveMs?: number;
}

const DEFAULT_KEEPALIVE_MS = 20_000;

/** The ErrorInfo of a rich status, as `CardroomError`/`StaleVersion`. */
const typedErrors: ClientMiddleware = async function* (call, options) {
  try {
    return yield* call.next(call.request, options);
  } catch (error) {
    if (!(error instanceof ClientError)) throw error;
    const info = error instanceof RichClientError
      ? error.extra.find((detail): detail is ErrorInfo => detail.$type === "google.rpc.ErrorInfo")
      : undefined;
    throw cardroomError(STATUS_NAMES[error.code] ?? "UNKNOWN", info?.reason ?? "", error.details, info?.metadata ?? {});
  }
};

/** Names the match of every call whose request is about one (its `name`); the Play stream's is named where it
 * is opened (session-grpc.ts), its first message being the only place that says which. */
const matchNamed: ClientMiddleware = async function* (call, options) {
  if (call.requestStream) return yield* call.next(call.request, options);
  const metadata = withMatch(options.metadata, (call.request as { name?: unknown }).name);
  return yield* call.next(call.request, { ...options, metadata });
};

/** The gRPC service config that retries every GameService call on UNAVAILABLE. */
function serviceConfig(policy: RetryPolicy): string {
  const seconds = (ms: number) => `${ms / 1000}s`;
  return JSON.stringify({
    methodConfig: [{
      name: [{ service: "cardroom.v1.GameService" }],
      retryPolicy: {
        maxAttempts: policy.attempts,
        initialBackoff: seconds(policy.initialBackoffMs),
        maxBackoff: seconds(policy.maxBackoffMs),
        backoffMultiplier: policy.multiplier,
        retryableStatusCodes: ["UNAVAILABLE"],
      },
    }],
  });
}

const ENDED = new Set([MatchStatus.MATCH_STATUS_FINISHED, MatchStatus.MATCH_STATUS_ABANDONED]);

/** `watchMatch` that reopens a dropped stream after the last version it yielded, so no version is
 * skipped or repeated. The service ends a stream itself only once the match is over, so a stream
 * that ends cleanly ends the watch. */
function resuming(watch: GameServiceClient["watchMatch"], policy: RetryPolicy): GameServiceClient["watchMatch"] {
  return async function* (request, options) {
    let last = request.afterVersion ?? 0;
    let failures = 0;
    for (;;) {
      try {
        for await (const update of watch({ ...request, afterVersion: last }, options) as AsyncIterable<MatchUpdate>) {
          failures = 0;
          last = update.version;
          yield update;
          if (ENDED.has(update.state?.match?.status ?? MatchStatus.MATCH_STATUS_UNSPECIFIED)) return;
        }
        return;
      } catch (error) {
        if (!(error instanceof CardroomError) || !RESUMABLE.has(error.status) || failures >= policy.watchReconnects) {
          throw error;
        }
      }
      failures++;
      await new Promise((resolve) => setTimeout(resolve, backoff(policy, failures)));
    }
  };
}

/** The gRPC client: every call of `GameServiceClient`, `playSession` over the Play stream, `close()`. */
export type GrpcClient = GameServiceClient & PlaySessions<MatchUpdate, Action> & { close(): void };

/** A gRPC client of the service at `address` (`host:port`); `close()` closes its channel. */
export function connectGrpc(address: string, options: GrpcOptions = {}): GrpcClient {
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const credentials = options.credentials
    ?? (options.tls ? ChannelCredentials.createSsl() : ChannelCredentials.createInsecure());
  const keepalive = options.keepaliveMs ?? DEFAULT_KEEPALIVE_MS;
  const channel = createChannel(address, credentials, {
    "grpc.enable_retries": 1,
    "grpc.service_config": serviceConfig(policy),
    "grpc.keepalive_time_ms": keepalive,
    "grpc.keepalive_timeout_ms": keepalive,
  });
  const client = createClientFactory()
    // the middleware added last runs first: the rich status is decoded before typedErrors reads it
    .use(errorDetailsClientMiddleware)
    .use(typedErrors)
    .use(matchNamed)
    .create(GameServiceDefinition, channel);
  return Object.assign(client, {
    watchMatch: resuming(client.watchMatch.bind(client), policy),
    playSession: (play: PlayOptions) => new PlaySession(grpcStreams(client.play.bind(client)), play, policy),
    close: () => channel.close(),
  });
}
