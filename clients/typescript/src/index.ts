/**
 * @cardroom/client: the cardroom.v1 messages of every game (proto3 JSON mapping via
 * `fromJSON`/`toJSON`), the `GameServiceClient` interface, typed errors and the REST +
 * Server-Sent Events client. Everything here loads in a browser; the gRPC client for Node is
 * `@cardroom/client/grpc`, with the same interface. A frontend of one game imports
 * `@cardroom/client/<game>` instead (src/games/), which carries that game's code only.
 */
export * from "./gen/cardroom/v1/flip_7.js";
export * from "./gen/cardroom/v1/game_service.js";
export * from "./gen/cardroom/v1/match.js";
export * from "./gen/cardroom/v1/pumba.js";
export * from "./gen/cardroom/v1/pumptown.js";
export * from "./gen/cardroom/v1/up_or_down.js";
export * from "./common.js";
export { connectRest, type RestClient } from "./rest.js";
