import { test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { bearer, CardroomError, connectGrpc, legalActions, type MatchUpdate } from "../grpc.js";
import { liveService, openTable, playFirstActions, playFullMatch } from "./match.js";
import { tcpFaultProxy } from "./proxy.js";

test("a full match over gRPC", async () => {
  const client = connectGrpc(liveService().grpcAddress);
  try {
    await playFullMatch(client);
    await assert.rejects(
      client.getMatch({ name: "games/up-or-down/matches/none" }),
      (error: unknown) => error instanceof CardroomError && error.status === "NOT_FOUND" && error.reason === "MATCH_NOT_FOUND",
    );
  } finally {
    client.close();
  }
});

test("a watch over gRPC resumes after its connection drops, without a gap or a repeat", async () => {
  const direct = connectGrpc(liveService().grpcAddress);
  const proxy = await tcpFaultProxy(liveService().grpcAddress);
  const watcher = connectGrpc(proxy.address);
  try {
    const table = await openTable(direct);
    const seen: number[] = [];
    let cuts = 0;
    const watching = (async () => {
      for await (const update of watcher.watchMatch({ name: table.name }) as AsyncIterable<MatchUpdate>) {
        seen.push(update.version);
        if (update.version % 10 === 0 && cuts < 3) {
          cuts++;
          proxy.cut();
        }
      }
    })();
    const final = await playFirstActions(direct, table);
    await watching;
    assert.ok(cuts > 0 && proxy.connections() >= 2, `${proxy.connections()} connections for ${cuts} cuts`);
    assert.deepEqual(seen, Array.from({ length: final }, (_, index) => index + 1));
  } finally {
    watcher.close();
    direct.close();
    await proxy.close();
  }
});

test("an action whose answer is lost is re-sent with its requestId and applied once", async () => {
  const proxy = await tcpFaultProxy(liveService().grpcAddress);
  const client = connectGrpc(proxy.address);
  try {
    const table = await openTable(client);
    const started = await client.startMatch({ name: table.name, requestId: randomUUID() }, bearer(table.tokens[0]));
    const seat = started.toAct[0];
    const mine = await client.getMatch({ name: table.name }, bearer(table.tokens[seat]));
    const before = proxy.connections();
    proxy.loseNextAnswer();
    const answer = await client.submitAction(
      { name: table.name, action: legalActions(mine)[0], expectedVersion: mine.match!.version, requestId: randomUUID() },
      bearer(table.tokens[seat]),
    );
    assert.ok(proxy.connections() > before, "the call was not re-sent on a new connection");
    assert.equal(answer.state!.match!.version, mine.match!.version + 1);
    const after = await client.getMatch({ name: table.name });
    assert.equal(after.match!.version, mine.match!.version + 1);
  } finally {
    client.close();
    await proxy.close();
  }
});
