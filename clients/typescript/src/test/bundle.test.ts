import assert from "node:assert/strict";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import * as upOrDown from "../games/up-or-down.js";
import { BUILD_DIR, buildFrontend, GAMES } from "./bundles.js";
import { type Played, playOneMatch } from "./frontend.js";
import { liveService } from "./match.js";

/** The JSON name of each game's member in the per-game oneofs (GameOptions, SeatView, Action, Event). */
const ONEOF_KEYS: Record<string, string> = { "flip-7": "flip7", pumba: "pumba", pumptown: "pumptown", "up-or-down": "upOrDown" };

function assertWellWatched(played: Played): void {
  assert.ok(played.winners.length > 0, `${played.name} has no winner`);
  for (const versions of played.seen) {
    // every seat's watch saw each version from its first one to the last, once
    assert.deepEqual(versions, Array.from({ length: played.version - versions[0] + 1 }, (_, index) => versions[0] + index));
  }
}

test("a one-game bundle carries its game's messages and no other game's", async () => {
  for (const [game, { stem }] of Object.entries(GAMES)) {
    const one = await buildFrontend(game, "one_game", BUILD_DIR);
    const all = await buildFrontend(game, "all_games", BUILD_DIR);
    assert.ok(one.inputs.includes(`dist/esm/gen/cardroom/v1/per_game/${stem}/${stem}.js`), `${game}: ${one.inputs.join(", ")}`);
    assert.ok(one.inputs.includes(`dist/esm/gen/cardroom/v1/per_game/${stem}/match.js`));
    assert.ok(!one.inputs.includes("dist/esm/gen/cardroom/v1/match.js"), `${game} bundles the messages of every game`);
    assert.ok(one.inputs.every((input) => !input.startsWith("dist/") || input.startsWith("dist/esm/")));
    for (const [other, { stem: otherStem }] of Object.entries(GAMES)) {
      if (other === game) continue;
      const leaked = one.inputs.filter((input) => input.includes(`/${otherStem}.js`) || input.includes(`/${otherStem}/`));
      assert.deepEqual(leaked, [], `the ${game} bundle imports ${other}'s code`);
      assert.ok(!one.text.includes(ONEOF_KEYS[other]), `the ${game} bundle names ${other}'s oneof member`);
      assert.ok(all.text.includes(ONEOF_KEYS[other]), `the all-games ${game} bundle lacks ${other}: a check that checks nothing`);
    }
    assert.ok(one.bytes < all.bytes, `${game}: ${one.bytes} bytes alone, ${all.bytes} with every game`);
  }
});

for (const game of Object.keys(GAMES)) {
  test(`the ${game} bundle plays a whole match against a live server, every seat acting from its watch`, async () => {
    const bundle = await buildFrontend(game, "one_game", BUILD_DIR);
    const frontend = (await import(pathToFileURL(bundle.file).href)) as { play(baseUrl: string): Promise<Played> };
    assertWellWatched(await frontend.play(liveService().httpUrl));
  });
}

test("a one-game entry point loads with require() and plays", async () => {
  const played = await playOneMatch(upOrDown, liveService().httpUrl, GAMES["up-or-down"].table);
  assertWellWatched(played);
});
