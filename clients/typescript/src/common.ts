/** What every entry point of the package exports besides its messages: typed errors and call options. */
export { CardroomError, StaleVersion, type StatusName } from "./errors.js";
export { bearer } from "./auth.js";
export type { RestOptions } from "./rest-client.js";
export { type ActOptions, type PlayOptions, PlaySession, type PlaySessions, SessionEnded } from "./session.js";
export type { WebSocketConstructor } from "./session-ws.js";
export {
  type ActionParamLike,
  type ActionSetLike,
  expandActionSet,
  expandActionSets,
  legalActions,
} from "./action-sets.js";
