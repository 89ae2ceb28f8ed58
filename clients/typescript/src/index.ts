/**
 * @cardroom/client: the cardroom.v1 messages (proto3 JSON mapping via `fromJSON`/`toJSON`),
 * the `GameServiceClient` interface, typed errors and the REST + Server-Sent Events
 * client. Everything here loads in a browser; the gRPC client for Node is
 * `@cardroom/client/grpc`, with the same interface.
 */
export * from "./gen/cardroom/v1/flip_7";
export * from "./gen/cardroom/v1/game_service";
export * from "./gen/cardroom/v1/match";
export * from "./gen/cardroom/v1/pumba";
export * from "./gen/cardroom/v1/pumptown";
export * from "./gen/cardroom/v1/up_or_down";
export { CardroomError, StaleVersion, type StatusName } from "./errors";
export { bearer } from "./auth";
export { connectRest, type RestOptions } from "./rest";
