/**
 * Every gRPC call about a match names it in `cardroom-match` metadata (what a proxy in front of several replicas
 * places the match by): checked at a gRPC server in this process that records the metadata of each call it gets.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type CallContext, ServerError, Status } from "nice-grpc";
import { connectGrpc, MATCH_METADATA } from "../grpc.js";
import { GameServiceDefinition, type PlayRequest } from "../gen/cardroom/v1/game_service.js";
import { grpcStreams } from "../session-grpc.js";

const NAME = "games/up-or-down/matches/m1";

test("the unary calls about a match and the Play stream name it; the others do not", async () => {
  const seen: Record<string, string | undefined> = {};
  const record = (method: string, context: CallContext) => {
    seen[method] = context.metadata.get(MATCH_METADATA);
  };
  const refuse = Object.fromEntries(Object.keys(GameServiceDefinition.methods).map((method) => [
    method,
    async (_request: unknown, context: CallContext) => {
      record(method, context);
      throw new ServerError(Status.UNIMPLEMENTED, method);
    },
  ]));
  const server = createServer();
  server.add(GameServiceDefinition, {
    ...refuse,
    async *play(requests: AsyncIterable<PlayRequest>, context: CallContext) {
      record("play", context);
      for await (const _request of requests) return; // the open message: enough
    },
  } as never);
  const port = await server.listen("127.0.0.1:0");
  const client = connectGrpc(`127.0.0.1:${port}`);
  try {
    await assert.rejects(client.getMatch({ name: NAME }));
    await assert.rejects(client.submitAction({ name: NAME, requestId: "r1" }));
    await assert.rejects(client.listGames({}));
    await assert.rejects(client.createMatch({ parent: "games/up-or-down" }));
    const stream = grpcStreams(client.play.bind(client))({ name: NAME, seatToken: "", afterVersion: 0 } as never);
    for await (const _item of stream) break;
    stream.close();
  } finally {
    client.close();
    await server.shutdown();
  }
  assert.deepEqual(seen, {
    getMatch: NAME,
    submitAction: NAME,
    listGames: undefined,
    createMatch: undefined,
    play: NAME,
  });
});
