/**
 * The cardroom client for Node over gRPC (HTTP/2): the generated `GameServiceClient`
 * through nice-grpc (on @grpc/grpc-js), with failures turned into the same typed
 * errors as the REST client.
 */
import { ChannelCredentials, ClientError, type ClientMiddleware, createChannel, createClientFactory } from "nice-grpc";
import { errorDetailsClientMiddleware, type ErrorInfo, RichClientError } from "nice-grpc-error-details";
import { cardroomError, STATUS_NAMES } from "./errors";
import { type GameServiceClient, GameServiceDefinition } from "./gen/cardroom/v1/game_service";

export * from "./index";

export interface GrpcOptions {
  /** Use TLS (with the system's roots unless `credentials` are given). */
  tls?: boolean;
  /** Explicit channel credentials, for example `ChannelCredentials.createSsl(rootCert)`. */
  credentials?: ChannelCredentials;
}

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

/** A gRPC client of the service at `address` (`host:port`); `close()` closes its channel. */
export function connectGrpc(address: string, options: GrpcOptions = {}): GameServiceClient & { close(): void } {
  const credentials = options.credentials
    ?? (options.tls ? ChannelCredentials.createSsl() : ChannelCredentials.createInsecure());
  const channel = createChannel(address, credentials);
  const client = createClientFactory()
    // the middleware added last runs first: the rich status is decoded before typedErrors reads it
    .use(errorDetailsClientMiddleware)
    .use(typedErrors)
    .create(GameServiceDefinition, channel);
  return Object.assign(client, { close: () => channel.close() });
}
