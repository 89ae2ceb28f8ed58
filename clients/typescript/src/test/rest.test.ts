import { test } from "node:test";
import assert from "node:assert/strict";
import { CardroomError, connectRest } from "../index";
import { liveService, playFullMatch } from "./match";

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
