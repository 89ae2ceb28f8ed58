/**
 * Browser bundles of the minimal one-game frontend (src/test/frontend.ts), built with esbuild
 * (minified ES module, platform browser) the way a frontend project would build it: the entry
 * imports the client by its package name, resolved through package.json `exports`. The same
 * frontend is built three ways per game, so the figures compare like with like:
 *
 * - `one_game`: `@cardroom/client/<game>` (ES module build, that game's messages only);
 * - `all_games`: `@cardroom/client` (ES module build, every game's messages);
 * - `all_games_commonjs`: the CommonJS build of `@cardroom/client` (dist/index.js), what a bundler
 *   got before the ES module build existed (nothing of it can be tree-shaken).
 */
import { build, type Metafile, version as esbuildVersion } from "esbuild";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import type { Table } from "./frontend.js";

export const PACKAGE_ROOT = join(__dirname, "..", "..");
export const ESBUILD_VERSION = esbuildVersion;

/** Each game: its package subpath, its generated file stem, and a short table of it. */
export const GAMES: Record<string, { stem: string; table: Table }> = {
  "flip-7": {
    stem: "flip_7",
    table: { parent: "games/flip-7", seatCount: 2, options: { flip7: { minPlayers: 2, targetScore: 20 } } },
  },
  pumba: {
    stem: "pumba",
    table: { parent: "games/pumba", seatCount: 2, options: { pumba: { endMode: "first_to_limit", pointLimit: 10 } } },
  },
  pumptown: {
    stem: "pumptown",
    table: { parent: "games/pumptown", seatCount: 3, options: { pumptown: { rounds: 1, pumpEnabled: false } } },
  },
  "up-or-down": {
    stem: "up_or_down",
    table: { parent: "games/up-or-down", seatCount: 2, options: { upOrDown: { cardRange: "SHORT" } } },
  },
};

export type Flavour = "one_game" | "all_games" | "all_games_commonjs";
export const FLAVOURS: readonly Flavour[] = ["one_game", "all_games", "all_games_commonjs"];

export interface Bundle {
  game: string;
  flavour: Flavour;
  /** The bundled ES module; its `play(baseUrl)` plays one match of the game's table. */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** The bundle's input files, relative to the package root (`dist/esm/gen/cardroom/v1/flip_7.js`...). */
  inputs: string[];
  text: string;
}

function specifier(game: string, flavour: Flavour): string {
  if (flavour === "one_game") return `@cardroom/client/${game}`;
  if (flavour === "all_games") return "@cardroom/client";
  return join(PACKAGE_ROOT, "dist", "index.js");
}

/**
 * A directory where `@cardroom/client` resolves to this package (as in a project that installed it),
 * under the package's git-ignored build/ so that esbuild finds the package's own dependencies.
 */
function workspace(outDir: string): string {
  const dir = join(outDir, "app");
  mkdirSync(join(dir, "node_modules", "@cardroom"), { recursive: true });
  try {
    symlinkSync(PACKAGE_ROOT, join(dir, "node_modules", "@cardroom", "client"), "dir");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return dir;
}

/** Build the frontend of `game` against the client `flavour` into `outDir` (the package must be built). */
export async function buildFrontend(game: string, flavour: Flavour, outDir: string): Promise<Bundle> {
  const dir = workspace(outDir);
  const entry = join(dir, `${game}.${flavour}.entry.mjs`);
  const frontend = join(PACKAGE_ROOT, "src", "test", "frontend.ts");
  writeFileSync(
    entry,
    [
      `import { bearer, connectRest, legalActions, MatchStatus, StaleVersion } from ${JSON.stringify(specifier(game, flavour))};`,
      `import { playOneMatch } from ${JSON.stringify(frontend)};`,
      `const client = { bearer, connectRest, legalActions, MatchStatus, StaleVersion };`,
      `export function play(baseUrl) { return playOneMatch(client, baseUrl, ${JSON.stringify(GAMES[game].table)}); }`,
      "",
    ].join("\n"),
  );
  const file = join(outDir, `${game}.${flavour}.mjs`);
  const result = await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    metafile: true,
    logLevel: "silent",
  });
  const text = readFileSync(file, "utf8");
  return {
    game,
    flavour,
    file,
    bytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text).length,
    inputs: inputsOf(result.metafile),
    text,
  };
}

function inputsOf(metafile: Metafile): string[] {
  // esbuild names inputs relative to the working directory, through the symlink's target
  return Object.keys(metafile.inputs).map((input) => relative(PACKAGE_ROOT, join(process.cwd(), input)));
}

export const BUILD_DIR = join(PACKAGE_ROOT, "build", "bundles");
