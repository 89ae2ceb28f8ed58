// The README's TypeScript example, run as written against a live server (only the base URL differs):
// transpiled with the TypeScript compiler and run by node as an ES module inside this package, so
// `@cardroom/client` resolves to the built package itself.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import ts from "typescript";

const packageRoot = join(__dirname, "..", "..");
const readme = readFileSync(join(packageRoot, "..", "..", "README.md"), "utf8");

test("the README's TypeScript example plays a match over REST and WebSocket play sessions", () => {
  const example = /```ts\n(.*?)```/s.exec(readme)?.[1];
  assert.ok(example, "no ```ts block in README.md");
  const baseUrl = process.env.CARDROOM_HTTP_URL;
  assert.ok(baseUrl, "run through tests/support/live_server.py (CARDROOM_HTTP_URL)");
  const source = example.replace('"http://localhost:8080"', JSON.stringify(baseUrl));
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
  });
  const script = join(packageRoot, "dist", "test", "readme-example.mjs");
  writeFileSync(script, outputText);
  // with this process's node flags: --experimental-websocket gives Node 20 the WebSocket its play sessions use
  const run = spawnSync(process.execPath, [...process.execArgv, script], { encoding: "utf8", timeout: 120_000 });
  assert.equal(run.status, 0, `the example failed:\n${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /winners: \[ ?\d/);
});
