/** `connectRest` of `@cardroom/client`: the REST client with the messages of every game. */
import { type GameServiceClient, GameServiceDefinition } from "./gen/cardroom/v1/game_service.js";
import { restClient, type RestOptions } from "./rest-client.js";

export type { RestOptions };

/** A REST client of the service whose HTTP port is at `baseUrl`, for example `http://localhost:8080`. */
export function connectRest(baseUrl: string, options: RestOptions = {}): GameServiceClient {
  return restClient(GameServiceDefinition, baseUrl, options);
}
