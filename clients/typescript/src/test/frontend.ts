/**
 * A minimal frontend of one game, the code the bundle figures measure (src/test/bundles.ts): it
 * connects over REST, creates a table, joins its other seats, starts it, and each seat watches the
 * match and acts on its own fresh updates (a random legal action, when the decision is the seat's)
 * until the end. It takes the client module's exports as an argument, so the same code is bundled
 * with `@cardroom/client/<game>` or with `@cardroom/client`; its imports are types only.
 */
import type { bearer, GameServiceClient, legalActions, MatchStatus, RestOptions, StaleVersion } from "../index.js";

/** What the frontend uses of a client entry point (`@cardroom/client` or `@cardroom/client/<game>`). */
export interface ClientModule {
  connectRest(baseUrl: string, options?: RestOptions): GameServiceClient;
  bearer: typeof bearer;
  legalActions: typeof legalActions;
  StaleVersion: typeof StaleVersion;
  MatchStatus: typeof MatchStatus;
}

export interface Table {
  /** `games/<game>` */
  parent: string;
  seatCount: number;
  /** The house rules, as `CreateMatchRequest.options` (for example `{ flip7: { targetScore: 40 } }`). */
  options: Record<string, unknown>;
}

export interface Played {
  name: string;
  version: number;
  winners: number[];
  /** The versions each seat's watch yielded, in order. */
  seen: number[][];
}

function requestId(): string {
  return globalThis.crypto.randomUUID();
}

/** Play one match of `table` with every seat acting from its own watch. */
export async function playOneMatch(client: ClientModule, baseUrl: string, table: Table): Promise<Played> {
  const api = client.connectRest(baseUrl);
  const created = await api.createMatch({
    parent: table.parent,
    seatCount: table.seatCount,
    playerName: "seat 0",
    options: table.options,
    requestId: requestId(),
  });
  const name = created.state!.match!.name;
  const tokens = [created.seatToken];
  for (let seat = 1; seat < table.seatCount; seat++) {
    const joined = await api.joinMatch({ name, playerName: `seat ${seat}`, requestId: requestId() });
    tokens.push(joined.seatToken);
  }
  await api.startMatch({ name, requestId: requestId() }, client.bearer(tokens[0]));
  const seen = await Promise.all(tokens.map((token) => playSeat(client, api, name, token)));
  const final = await api.getMatch({ name });
  if (final.match!.status !== client.MatchStatus.MATCH_STATUS_FINISHED) {
    throw new Error(`${name} ended as ${final.match!.status}`);
  }
  return { name, version: final.match!.version, winners: final.result!.winners, seen };
}

/** One seat: act on every update that gives it legal actions; the watch ends with the match. */
async function playSeat(client: ClientModule, api: GameServiceClient, name: string, token: string): Promise<number[]> {
  const me = client.bearer(token);
  const seen: number[] = [];
  for await (const update of api.watchMatch({ name }, me)) {
    seen.push(update.version);
    const state = update.state!;
    // Act only on this seat's decisions: a standing action (Pumptown's setAutopass) is legal at any time, and
    // seats that kept playing it would keep making the seat whose decision it is stale.
    const actions = client.legalActions(state);
    if (actions.length === 0 || !state.toAct.includes(state.yourSeat ?? -1)) continue;
    const action = actions[Math.floor(Math.random() * actions.length)];
    try {
      await api.submitAction({ name, action, expectedVersion: state.match!.version, requestId: requestId() }, me);
    } catch (error) {
      if (!(error instanceof client.StaleVersion)) throw error; // else: a newer update is on its way
    }
  }
  return seen;
}
