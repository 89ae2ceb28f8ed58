/**
 * expandActionSets against a live server, for every game at a large table: at each step of random matches the
 * sets of a BOTH answer expand to its flat list exactly, in order (as the Python SDK's expansion does,
 * tests/e2e/test_action_sets_live.py), and the default answer carries the sets alone, which `legalActions`
 * expands to the same list. Over REST (the browser's transport) and, for Pumptown's largest lists, gRPC too.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import {
  bearer,
  CardroomError,
  connectRest,
  expandActionSets,
  type GameServiceClient,
  legalActions,
  LegalActionsForm,
  type MatchState,
  MatchStatus,
} from "../index.js";
import { connectGrpc } from "../grpc.js";
import { liveService } from "./match.js";

/** A call retried while the service answers UNAVAILABLE (its Redis slow on a loaded machine), as a client would:
 * every call here is a read or carries a requestId, so a retry applies nothing twice. */
async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof CardroomError && error.status === "UNAVAILABLE") || attempt === 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** Random actions played per game; `CARDROOM_ACTION_SET_STEPS` plays more. */
const STEPS = Number(process.env.CARDROOM_ACTION_SET_STEPS ?? "40");
/** Seats per game: each game's largest table, but Flip 7's 12 seats are more than one client may hold (8). */
const SEATS: Record<string, number> = { pumptown: 8, pumba: 6, "up-or-down": 6, "flip-7": 8 };

async function table(client: GameServiceClient, game: string, seats: number): Promise<{ name: string; tokens: string[] }> {
  const creation = randomUUID();
  const created = await patiently(() => client.createMatch({ parent: `games/${game}`, seatCount: seats, requestId: creation }));
  const name = created.state!.match!.name;
  const tokens = [created.seatToken];
  for (let seat = 1; seat < seats; seat++) {
    const requestId = randomUUID();
    tokens.push((await patiently(() => client.joinMatch({ name, requestId }))).seatToken);
  }
  const requestId = randomUUID();
  await patiently(() => client.startMatch({ name, requestId }, bearer(tokens[0])));
  return { name, tokens };
}

/** Plays `STEPS` random actions, checking every acting seat's expansion; the most flat actions seen. */
async function check(client: GameServiceClient, game: string): Promise<number> {
  const { name, tokens } = await table(client, game, SEATS[game]);
  let most = 0;
  for (let step = 0; step < STEPS; step++) {
    const states: MatchState[] = [];
    for (const token of tokens) states.push(await patiently(() => client.getMatch({ name }, bearer(token)))); // one at a time
    if (states[0].match!.status !== MatchStatus.MATCH_STATUS_ACTIVE) break;
    const acting = states.filter((state) => state.toAct.includes(state.yourSeat ?? -1) && state.legalActionSets.length > 0);
    assert.ok(acting.length > 0, `${game}: nobody to act at version ${states[0].match!.version}`);
    for (const state of acting) {
      assert.deepEqual(state.legalActions, [], "the default form lists no flat action");
      const form = LegalActionsForm.LEGAL_ACTIONS_FORM_BOTH;
      const both = await patiently(() => client.getMatch({ name, legalActionsForm: form }, bearer(tokens[state.yourSeat!])));
      assert.ok(both.legalActions.length > 0);
      assert.deepEqual(expandActionSets(both.legalActionSets), both.legalActions);
      assert.deepEqual(legalActions(state), both.legalActions);
      assert.deepEqual(legalActions(both), both.legalActions);
      most = Math.max(most, both.legalActions.length);
    }
    const mover = acting[Math.floor(Math.random() * acting.length)];
    const actions = legalActions(mover);
    const action = actions[Math.floor(Math.random() * actions.length)];
    const requestId = randomUUID();
    await patiently(() =>
      client.submitAction({ name, action, expectedVersion: mover.match!.version, requestId }, bearer(tokens[mover.yourSeat!])),
    );
  }
  return most;
}

for (const game of Object.keys(SEATS)) {
  test(`expandActionSets gives the server's flat list of ${game} exactly (REST)`, async () => {
    assert.ok((await check(connectRest(liveService().httpUrl), game)) > 0);
  });
}

test("expandActionSets gives the server's flat list of pumptown exactly (gRPC)", async () => {
  const client = connectGrpc(liveService().grpcAddress);
  try {
    assert.ok((await check(client, "pumptown")) > 0);
  } finally {
    client.close();
  }
});
