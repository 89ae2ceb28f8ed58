import { test } from "node:test";
import assert from "node:assert/strict";
import { CardroomError, connectGrpc } from "../grpc";
import { liveService, playFullMatch } from "./match";

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
