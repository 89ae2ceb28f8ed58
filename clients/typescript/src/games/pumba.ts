/**
 * @cardroom/client/pumba: the package for a frontend of Pumba alone. The same API as
 * `@cardroom/client` (messages, `connectRest` with its play sessions, errors) over messages generated with only
 * Pumba's members in the per-game oneofs (GameOptions, SeatView, Action, Event), so a bundle
 * carries no other game's code; the server never sends another game's payload in a match of
 * this one (and `fromJSON` would skip it). For the REST client only: the messages have the JSON
 * methods (`fromJSON`, `toJSON`, `fromPartial`, `create`) and no binary `encode`/`decode`.
 */
import { type GameServiceClient, GameServiceDefinition, type MatchUpdate } from "../gen/cardroom/v1/per_game/pumba/game_service.js";
import type { Action } from "../gen/cardroom/v1/per_game/pumba/match.js";
import { restClient, type RestOptions } from "../rest-client.js";
import type { PlaySessions } from "../session.js";

export * from "../gen/cardroom/v1/per_game/pumba/pumba.js";
export * from "../gen/cardroom/v1/per_game/pumba/game_service.js";
export * from "../gen/cardroom/v1/per_game/pumba/match.js";
export * from "../common.js";

/** The game's resource name, the `parent` of its matches. */
export const GAME_NAME = "games/pumba";

/** A REST client of the service whose HTTP port is at `baseUrl`, for Pumba matches. */
export function connectRest(baseUrl: string, options: RestOptions = {}): GameServiceClient & PlaySessions<MatchUpdate, Action> {
  return restClient(GameServiceDefinition, baseUrl, options);
}
