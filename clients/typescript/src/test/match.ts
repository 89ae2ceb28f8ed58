/**
 * One full match played through a `GameServiceClient`, the same code for the gRPC and the
 * REST client: a short Up or Down? table, two seats with their own tokens, a spectator
 * watching every update, random legal actions decided on each seat's fresh view.
 */
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import {
  bearer,
  CardroomError,
  type GameServiceClient,
  legalActions,
  type MatchUpdate,
  MatchStatus,
  StaleVersion,
} from "../index.js";

/** The live service that tests/support/live_server.py started for this run. */
export function liveService(): { grpcAddress: string; httpUrl: string } {
  const grpcAddress = process.env.CARDROOM_GRPC_ADDRESS;
  const httpUrl = process.env.CARDROOM_HTTP_URL;
  if (!grpcAddress || !httpUrl) {
    throw new Error("run through tests/support/live_server.py (CARDROOM_GRPC_ADDRESS, CARDROOM_HTTP_URL)");
  }
  return { grpcAddress, httpUrl };
}

async function collect(updates: AsyncIterable<MatchUpdate>): Promise<MatchUpdate[]> {
  const seen: MatchUpdate[] = [];
  for await (const update of updates) seen.push(update);
  return seen;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

export async function playFullMatch(client: GameServiceClient): Promise<void> {
  const games = await client.listGames({});
  assert.deepEqual(games.games.map((game) => game.gameId).sort(), ["flip-7", "pumba", "pumptown", "up-or-down"]);

  const created = await client.createMatch({
    parent: "games/up-or-down",
    seatCount: 2,
    playerName: "p0",
    options: { upOrDown: { cardRange: "SHORT" } },
    requestId: randomUUID(),
  });
  const name = created.state!.match!.name;
  const joined = await client.joinMatch({ name, playerName: "p1", requestId: randomUUID() });
  assert.equal(joined.seat, 1);
  const tokens = [created.seatToken, joined.seatToken];
  const spectator = collect(client.watchMatch({ name }));

  const started = await client.startMatch({ name, requestId: randomUUID() }, bearer(tokens[0]));
  assert.equal(started.match!.status, MatchStatus.MATCH_STATUS_ACTIVE);

  // a refusal is typed, with its reason
  const waiting = 1 - started.toAct[0];
  await assert.rejects(
    client.submitAction({ name, action: legalActions(started)[0] ?? { upOrDown: {} }, requestId: randomUUID() }, bearer(tokens[waiting])),
    (error: unknown) => error instanceof CardroomError && error.status === "FAILED_PRECONDITION"
      && ["NOT_YOUR_TURN", "NOT_YOUR_DECISION"].includes(error.reason),
  );

  let staleChecked = false;
  for (let step = 0; step < 5000; step++) {
    const state = await client.getMatch({ name });
    if (state.match!.status !== MatchStatus.MATCH_STATUS_ACTIVE) break;
    const seat = pick(state.toAct);
    const mine = await client.getMatch({ name }, bearer(tokens[seat]));
    assert.equal(mine.yourSeat, seat);
    const action = pick(legalActions(mine));
    if (!staleChecked) {
      // a decision on an old version is refused with the current one
      await assert.rejects(
        client.submitAction(
          { name, action, expectedVersion: mine.match!.version - 1, requestId: randomUUID() },
          bearer(tokens[seat]),
        ),
        (error: unknown) => error instanceof StaleVersion && error.currentVersion === mine.match!.version,
      );
      staleChecked = true;
    }
    const answer = await client.submitAction(
      { name, action, expectedVersion: mine.match!.version, requestId: randomUUID() },
      bearer(tokens[seat]),
    );
    assert.equal(answer.state!.match!.version, mine.match!.version + 1);
  }

  const final = await client.getMatch({ name });
  assert.equal(final.match!.status, MatchStatus.MATCH_STATUS_FINISHED);
  assert.equal(final.result!.ranks.length, 2);
  const updates = await spectator;
  assert.deepEqual(
    updates.map((update) => update.version),
    Array.from({ length: final.match!.version }, (_, index) => index + 1),
  );
  assert.equal(updates.at(-1)!.state!.yourSeat, undefined);
  // watching a finished match after its last version ends at once
  assert.deepEqual(await collect(client.watchMatch({ name, afterVersion: final.match!.version })), []);
}

export interface Table {
  name: string;
  tokens: string[];
}

/** A short two-seat Up or Down? table with both seats taken, not started yet. */
export async function openTable(client: GameServiceClient): Promise<Table> {
  const created = await client.createMatch({
    parent: "games/up-or-down",
    seatCount: 2,
    options: { upOrDown: { cardRange: "SHORT" } },
    requestId: randomUUID(),
  });
  const name = created.state!.match!.name;
  const joined = await client.joinMatch({ name, requestId: randomUUID() });
  return { name, tokens: [created.seatToken, joined.seatToken] };
}

/** Start the table and play the first legal action of the seat to act until the match ends;
 * `beforeAction` runs before each action. Returns the final version. */
export async function playFirstActions(
  client: GameServiceClient,
  table: Table,
  beforeAction: () => void = () => undefined,
): Promise<number> {
  await client.startMatch({ name: table.name, requestId: randomUUID() }, bearer(table.tokens[0]));
  for (;;) {
    const state = await client.getMatch({ name: table.name });
    if (state.match!.status !== MatchStatus.MATCH_STATUS_ACTIVE) return state.match!.version;
    const seat = state.toAct[0];
    const mine = await client.getMatch({ name: table.name }, bearer(table.tokens[seat]));
    beforeAction();
    await client.submitAction(
      { name: table.name, action: legalActions(mine)[0], expectedVersion: mine.match!.version, requestId: randomUUID() },
      bearer(table.tokens[seat]),
    );
  }
}
