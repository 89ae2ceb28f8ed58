/**
 * `npm run bundle-size`: the minified and gzip size of the minimal one-game frontend (src/test/frontend.ts)
 * for each game, bundled with `@cardroom/client/<game>`, with `@cardroom/client` (every game) and with the
 * CommonJS build of `@cardroom/client` (before the ES module build), as JSON on stdout.
 */
import { loadavg } from "node:os";
import { BUILD_DIR, buildFrontend, ESBUILD_VERSION, FLAVOURS, GAMES } from "./bundles.js";

async function main(): Promise<void> {
  const games: Record<string, Record<string, { bytes: number; gzip_bytes: number }>> = {};
  for (const game of Object.keys(GAMES)) {
    games[game] = {};
    for (const flavour of FLAVOURS) {
      const bundle = await buildFrontend(game, flavour, BUILD_DIR);
      games[game][flavour] = { bytes: bundle.bytes, gzip_bytes: bundle.gzipBytes };
    }
  }
  const report = {
    bundler: `esbuild ${ESBUILD_VERSION} (bundle, minify, format esm, platform browser, target es2022)`,
    frontend: "src/test/frontend.ts: connect over REST, create, join, start, watch, act",
    games,
    load_average: loadavg().map((load) => Number(load.toFixed(2))),
  };
  process.stdout.write(JSON.stringify(report, null, 2) + "\n");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
