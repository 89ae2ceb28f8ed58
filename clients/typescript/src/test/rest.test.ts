import { test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { bearer, CardroomError, connectRest, upOrDownPhaseToJSON } from "../index.js";
import { type MatchUpdate } from "../index.js";
import { liveService, openTable, playFirstActions, playFullMatch } from "./match.js";
import { cuttableProxy } from "./proxy.js";

test("a full match over REST and Server-Sent Events", async () => {
  const client = connectRest(liveService().httpUrl);
  await playFullMatch(client);
  await assert.rejects(
    client.getMatch({ name: "games/up-or-down/matches/none" }),
    (error: unknown) => error instanceof CardroomError && error.status === "NOT_FOUND" && error.reason === "MATCH_NOT_FOUND",
  );
  // a stream refused before it starts keeps its JSON error
  await assert.rejects(
    (async () => {
      for await (const _update of client.watchMatch({ name: "games/up-or-down/matches/none" })) break;
    })(),
    (error: unknown) => error instanceof CardroomError && error.status === "NOT_FOUND",
  );
});

test("a watch over SSE resumes after its connection drops, without a gap or a repeat", async () => {
  const direct = connectRest(liveService().httpUrl);
  const proxy = await cuttableProxy(liveService().httpUrl);
  try {
    const table = await openTable(direct);
    const seen: number[] = [];
    let cuts = 0;
    const watching = (async () => {
      for await (const update of connectRest(proxy.url).watchMatch({ name: table.name }) as AsyncIterable<MatchUpdate>) {
        seen.push(update.version);
        if (update.version % 10 === 0 && cuts < 3) {
          cuts++;
          proxy.cut();
        }
      }
    })();
    const final = await playFirstActions(direct, table);
    await watching;
    assert.ok(cuts > 0);
    // a cut reconnects the watch, unless it lands while the previous reconnection is still being made
    const watches = proxy.requests.filter((path) => path.includes(":watch")).length;
    assert.ok(watches >= 2 && watches <= cuts + 1, `${watches} watch requests for ${cuts} cuts`);
    assert.deepEqual(seen, Array.from({ length: final }, (_, index) => index + 1));
  } finally {
    await proxy.close();
  }
});

test("getGame carries every card, phase and decision kind; views carry the typed phase", async () => {
  const client = connectRest(liveService().httpUrl);
  const pumptown = await client.getGame({ name: "games/pumptown" });
  const peek = pumptown.cards.find((card) => card.code === "PEEK1");
  assert.equal(peek?.displayName, "Peek");
  assert.equal(peek?.category, "pump");
  assert.ok(pumptown.decisionKinds.some((kind) => kind.enumValue === "PUMPTOWN_DECISION_KIND_NOPE_WINDOW"));
  const upOrDown = await client.getGame({ name: "games/up-or-down" });
  assert.equal(upOrDown.cards.find((card) => card.code === "106")?.colour, "pink");
  const table = await openTable(client);
  await client.startMatch({ name: table.name, requestId: randomUUID() }, bearer(table.tokens[0]));
  const view = (await client.getMatch({ name: table.name })).view?.upOrDown;
  assert.ok(view);
  const phase = upOrDown.phases.find((info) => info.name === view.phase);
  assert.equal(phase?.enumValue, upOrDownPhaseToJSON(view.typedPhase));
});
