import { test } from "node:test";
import assert from "node:assert/strict";
import { CardroomError, connectRest } from "../index";
import { randomUUID } from "node:crypto";
import { bearer, type MatchUpdate, MatchStatus } from "../index";
import { liveService, playFullMatch } from "./match";
import { cuttableProxy } from "./proxy";

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
    const created = await direct.createMatch({
      parent: "games/up-or-down",
      seatCount: 2,
      options: { upOrDown: { cardRange: "SHORT" } },
      requestId: randomUUID(),
    });
    const name = created.state!.match!.name;
    const joined = await direct.joinMatch({ name, requestId: randomUUID() });
    const tokens = [created.seatToken, joined.seatToken];
    const seen: number[] = [];
    let cuts = 0;
    const watching = (async () => {
      for await (const update of connectRest(proxy.url).watchMatch({ name }) as AsyncIterable<MatchUpdate>) {
        seen.push(update.version);
        if (update.version % 10 === 0 && cuts < 3) {
          cuts++;
          proxy.cut();
        }
      }
    })();
    await direct.startMatch({ name, requestId: randomUUID() }, bearer(tokens[0]));
    for (;;) {
      const state = await direct.getMatch({ name });
      if (state.match!.status !== MatchStatus.MATCH_STATUS_ACTIVE) break;
      const seat = state.toAct[0];
      const mine = await direct.getMatch({ name }, bearer(tokens[seat]));
      await direct.submitAction(
        { name, action: mine.legalActions[0], expectedVersion: mine.match!.version, requestId: randomUUID() },
        bearer(tokens[seat]),
      );
    }
    await watching;
    const final = await direct.getMatch({ name });
    assert.ok(cuts > 0);
    // a cut reconnects the watch, unless it lands while the previous reconnection is still being made
    const watches = proxy.requests.filter((path) => path.includes(":watch")).length;
    assert.ok(watches >= 2 && watches <= cuts + 1, `${watches} watch requests for ${cuts} cuts`);
    assert.deepEqual(seen, Array.from({ length: final.match!.version }, (_, index) => index + 1));
  } finally {
    await proxy.close();
  }
});
