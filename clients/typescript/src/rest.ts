/** `connectRest` of `@cardroom/client`: the REST client with the messages of every game. */
import { type GameServiceClient, GameServiceDefinition, type MatchUpdate } from "./gen/cardroom/v1/game_service.js";
import type { Action } from "./gen/cardroom/v1/match.js";
import { restClient, type RestOptions } from "./rest-client.js";
import type { PlaySessions } from "./session.js";

export type { RestOptions };

/** The REST client: every unary call and `watchMatch` (SSE), and `playSession` over the WebSocket `/v1/play`. */
export type RestClient = GameServiceClient & PlaySessions<MatchUpdate, Action>;

/** A REST client of the service whose HTTP port is at `baseUrl`, for example `http://localhost:8080`. */
export function connectRest(baseUrl: string, options: RestOptions = {}): RestClient {
  return restClient(GameServiceDefinition, baseUrl, options);
}
