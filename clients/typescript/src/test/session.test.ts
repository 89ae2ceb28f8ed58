// Play sessions against a live server, over gRPC (`connectGrpc(...).playSession`) and over the WebSocket
// `/v1/play` (`connectRest(...).playSession`): whole matches played by one session per seat with a
// spectator's session beside them, refusals that leave the session going, connections cut mid-match (through
// a loopback TCP proxy) with every version seen exactly once, and an action whose answer is lost applied once.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import {
  type Action,
  bearer,
  CardroomError,
  connectRest,
  type GameServiceClient,
  legalActions,
  type MatchUpdate,
  type PlaySession,
  type PlaySessions,
  SessionEnded,
  StaleVersion,
} from "../index.js";
import { connectGrpc } from "../grpc.js";
import { playUrl } from "../session-ws.js";
import { liveService, openTable, type Table } from "./match.js";
import { tcpFaultProxy } from "./proxy.js";

type Client = GameServiceClient & PlaySessions<MatchUpdate, Action>;
type Session = PlaySession<MatchUpdate, Action>;

/** Each transport, as a client of the server at `host:port` (the live one, or a proxy in front of it), and
 * the live server's address for it. */
const TRANSPORTS: Record<string, { connect(address: string): Client & { close?(): void }; address(): string }> = {
  gRPC: { connect: (address) => connectGrpc(address), address: () => liveService().grpcAddress },
  WebSocket: {
    connect: (address) => connectRest(`http://${address}`),
    address: () => new URL(liveService().httpUrl).host,
  },
};

interface Seen {
  versions: number[];
  updates: MatchUpdate[];
  refusals: CardroomError[];
}

/** One seat's session (`seat` -1: a spectator's) read to its end, acting on each update that is the seat's
 * decision with a random legal action; `onUpdate` runs on every update first. */
async function playSession(session: Session, seat: number, onUpdate: (update: MatchUpdate) => void = () => undefined) {
  const seen: Seen = { versions: [], updates: [], refusals: [] };
  for await (const update of session) {
    onUpdate(update);
    seen.versions.push(update.version);
    seen.updates.push(update);
    const state = update.state!;
    const actions = legalActions(state);
    if (seat < 0 || !state.toAct.includes(seat) || actions.length === 0) continue;
    const action = actions[Math.floor(Math.random() * actions.length)];
    try {
      assert.ok((await session.act(action)) > update.version);
    } catch (error) {
      if (!(error instanceof StaleVersion)) throw error; // a newer update is on its way
    }
  }
  return seen;
}

function oneToN(last: number): number[] {
  return Array.from({ length: last }, (_, index) => index + 1);
}

/** The seats' and a spectator's sessions play `table` (started) to its end; every session sees every version
 * from the first exactly once, and the spectator no card drawn face down. */
async function playTable(client: Client, table: Table, onUpdate?: (update: MatchUpdate) => void): Promise<Seen[]> {
  const sessions = table.tokens.map((seatToken) => client.playSession({ name: table.name, seatToken }));
  const spectator = client.playSession({ name: table.name });
  const seen = await Promise.all([
    ...sessions.map((session, seat) => playSession(session, seat, seat === 0 ? onUpdate : undefined)),
    playSession(spectator, -1),
  ]);
  const final = (await client.getMatch({ name: table.name })).match!;
  assert.equal(final.status, 3 /* MATCH_STATUS_FINISHED */);
  for (const { versions } of seen) assert.deepEqual(versions, oneToN(final.version));
  const spectated = seen.at(-1)!.updates;
  assert.ok(spectated.every((update) => update.state!.yourSeat === undefined && (update.state!.view?.upOrDown?.hand ?? []).length === 0));
  const drawn = (updates: MatchUpdate[]) => updates.flatMap((update) => update.events.flatMap((event) => event.upOrDown?.drew ?? []));
  assert.ok(drawn(seen[0].updates).some((drew) => drew.pile === "down" && drew.card !== undefined), "no face-down draw to check");
  assert.ok(drawn(spectated).every((drew) => drew.pile !== "down" || drew.card === undefined), "a spectator saw a drawn card");
  return seen;
}

async function started(client: GameServiceClient): Promise<Table> {
  const table = await openTable(client);
  await client.startMatch({ name: table.name, requestId: randomUUID() }, bearer(table.tokens[0]));
  return table;
}

for (const [transport, { connect, address }] of Object.entries(TRANSPORTS)) {
  test(`a whole match played by sessions over ${transport}; a refusal rejects typed and the session goes on`, async () => {
    const client = connect(address());
    try {
      const table = await started(client);
      const state = await client.getMatch({ name: table.name });
      const waiting = 1 - state.toAct[0];
      const session = client.playSession({ name: table.name, seatToken: table.tokens[waiting], afterVersion: state.match!.version });
      const spectator = client.playSession({ name: table.name, afterVersion: state.match!.version });
      const mover = legalActions(await client.getMatch({ name: table.name }, bearer(table.tokens[1 - waiting])))[0];
      await assert.rejects(session.act(mover, { expectedVersion: state.match!.version }), (error: unknown) =>
        error instanceof CardroomError && error.status === "FAILED_PRECONDITION" && error.reason === "NOT_YOUR_TURN");
      await assert.rejects(spectator.act(mover), (error: unknown) =>
        error instanceof CardroomError && error.reason === "SEAT_TOKEN_REQUIRED");
      await assert.rejects(session.act(mover, { expectedVersion: state.match!.version - 1 }), (error: unknown) =>
        error instanceof StaleVersion && error.currentVersion === state.match!.version);
      await session.close();
      await spectator.close();
      await assert.rejects(session.act(mover), (error: unknown) => error instanceof SessionEnded);
      await playTable(client, table);
    } finally {
      client.close?.();
    }
  });

  test(`sessions over ${transport} whose connections are cut mid-match resume with every version once`, async () => {
    const direct = connect(address());
    const proxy = await tcpFaultProxy(address());
    const client = connect(proxy.address);
    try {
      const table = await started(direct);
      let cuts = 0;
      await playTable(client, table, (update) => {
        if (update.version % 8 === 0 && cuts < 3) {
          cuts++;
          proxy.cut();
        }
      });
      assert.ok(cuts > 0 && proxy.connections() > 1, `${proxy.connections()} connections for ${cuts} cuts`);
    } finally {
      client.close?.();
      direct.close?.();
      await proxy.close();
    }
  });

  if (transport === "gRPC") {
    test("gRPC sessions whose connection goes silent mid-match reconnect by keepalive with every version once", async () => {
      const direct = connect(address());
      const proxy = await tcpFaultProxy(address());
      // the live server's own keepalive pings are 10 minutes apart: only the client's can find the silence
      const client = connectGrpc(proxy.address, { keepaliveMs: 1000 });
      try {
        const table = await started(direct);
        let silenced = false;
        await playTable(client, table, (update) => {
          if (update.version === 8 && !silenced) {
            silenced = true;
            proxy.silence();
          }
        });
        assert.ok(silenced && proxy.connections() > 1, `${proxy.connections()} connections`);
      } finally {
        client.close();
        direct.close?.();
        await proxy.close();
      }
    });
  }

  test(`an action over ${transport} whose answer is lost is re-sent with its requestId and applied once`, async () => {
    const direct = connect(address());
    const proxy = await tcpFaultProxy(address());
    const client = connect(proxy.address);
    try {
      const table = await started(direct);
      const state = await direct.getMatch({ name: table.name });
      const seat = state.toAct[0];
      const session = client.playSession({ name: table.name, seatToken: table.tokens[seat], afterVersion: state.match!.version - 1 });
      const iterator = session[Symbol.asyncIterator]();
      const current = (await iterator.next()).value as MatchUpdate; // the session is open
      assert.equal(current.version, state.match!.version);
      const before = proxy.connections();
      proxy.loseNextAnswer();
      const version = await session.act(legalActions(current.state!)[0]);
      assert.ok(proxy.connections() > before, "the session did not reconnect");
      assert.equal(version, state.match!.version + 1);
      assert.equal((await iterator.next()).value?.version, version); // once, on the new stream
      assert.equal((await direct.getMatch({ name: table.name })).match!.version, version);
      await session.close();
      assert.equal((await iterator.next()).done, true);
    } finally {
      client.close?.();
      direct.close?.();
      await proxy.close();
    }
  });
}

test("the WebSocket URL names the match, so a server of several workers serves it in the one owning it", () => {
  assert.equal(
    playUrl("https://play.example/", "games/up-or-down/matches/abc"),
    "wss://play.example/v1/play?match=games%2Fup-or-down%2Fmatches%2Fabc",
  );
});
