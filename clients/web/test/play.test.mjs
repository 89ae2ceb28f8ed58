// The web app in a real browser (Debian's Chromium driven by playwright-core) against a live service that
// serves it at /play (tests/support/live_server.py): for each game, players in separate browser contexts
// create, join and start a table through the lobby and the share link, then play the match to its end by
// clicking the legal actions the page draws (a seeded random choice among them, one of them by keyboard);
// the creator's page is reloaded mid-match and goes on as the same seat; a spectator on a phone-sized screen
// is checked to hold no card its own view lacks; axe-core finds no serious or critical violation; and the
// layout shift of the players' pages is measured. Screenshots go to CARDROOM_WEB_TEST_OUT.
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { AxeBuilder } from "@axe-core/playwright";
import { chromium } from "playwright-core";

const BASE = process.env.CARDROOM_HTTP_URL;
assert.ok(BASE, "run under tests/support/live_server.py (CARDROOM_HTTP_URL)");
const APP = `${BASE}/play/`;
const OUT = process.env.CARDROOM_WEB_TEST_OUT ?? join(import.meta.dirname, "..", "test-results");
mkdirSync(OUT, { recursive: true });
// the flags that polyglot.md lists for Chromium on this kind of machine (root, closed network)
const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const MAX_STEPS = 2000;
// moves before the reload: few, as a short Flip 7 race (target 40, a random deal) can end in under ten
const RELOAD_AFTER = 3;
// the move before which a page that is not deciding loses its network, and gets it back after the move
const DROP_AFTER = RELOAD_AFTER + 2;
// the bound on the layout shift of a player's page over a whole match (the sum of the layout-shift entries, as
// the Cumulative Layout Shift counts them): a quality check of the page, not a timing
const MAX_LAYOUT_SHIFT = 0.05;
const PHONE = { width: 390, height: 844 };

// Short matches: each game's smallest table and its quickest house rules (names from GetGame).
const GAMES = [
  { id: "up-or-down", seats: 2, options: { card_range: "SHORT" } },
  { id: "flip-7", seats: 2, options: { min_players: "2", target_score: "40" } },
  { id: "pumba", seats: 2, options: { end_mode: "first_to_limit", point_limit: "10" } },
  { id: "pumptown", seats: 3, options: { rounds: "1", pump_enabled: false } },
];

/** A TCP proxy to the service that can cut every connection through it and refuse new ones for a while: a dropped
 * network for the one page that uses it (Chromium's own offline mode keeps an open stream alive). */
class Dropper {
  sockets = new Set();
  offline = false;
  async start() {
    const target = new URL(BASE);
    this.server = createServer((socket) => {
      if (this.offline) return socket.destroy();
      const upstream = createConnection({ host: target.hostname, port: Number(target.port) });
      for (const end of [socket, upstream]) {
        this.sockets.add(end);
        end.on("close", () => this.sockets.delete(end));
        end.on("error", () => {});
      }
      socket.pipe(upstream).pipe(socket);
      socket.on("close", () => upstream.destroy());
      upstream.on("close", () => socket.destroy());
    });
    await new Promise((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${this.server.address().port}/play/`;
  }
  cut() {
    this.offline = true;
    for (const socket of this.sockets) socket.destroy();
  }
  restore() {
    this.offline = false;
  }
  async stop() {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** The app's address each page uses (the direct one, or a Dropper's). */
const apps = new WeakMap();
const appOf = (page) => apps.get(page) ?? APP;

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", headless: true, args: FLAGS });
});
after(async () => browser?.close());

/** mulberry32: the same choices on every run for a seed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sums the page's layout shifts not caused by its own input (the Cumulative Layout Shift's parts), and which
 * elements moved, so a failed bound names them. */
function watchLayoutShift() {
  window.__shift = 0;
  window.__shifted = {};
  const describe = (node) =>
    node instanceof Element ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).trim().split(/\s+/).join(".")}` : ""}` : String(node?.nodeName);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shift += entry.value;
      for (const source of entry.sources ?? []) {
        const key = `${describe(source.node)} ${source.previousRect.y | 0}->${source.currentRect.y | 0} h${source.previousRect.height | 0}->${source.currentRect.height | 0}`;
        window.__shifted[key] = (window.__shifted[key] ?? 0) + entry.value;
      }
    }
  }).observe({ type: "layout-shift", buffered: true });
}

async function newPage(viewport = { width: 1280, height: 900 }, app = APP) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(watchLayoutShift);
  const page = await context.newPage();
  apps.set(page, app);
  page.on("pageerror", (error) => console.error("page error:", error));
  return page;
}

/** The page is no wider than its screen: nothing sticks out sideways (panels scroll inside instead). */
async function checkNoOverflow(page, where) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= width, `${where}: the page is ${scroll} px wide on a ${width} px screen`);
}

const version = (page) => page.locator("main.table").getAttribute("data-version").then(Number);
const status = (page) => page.locator("main.table").getAttribute("data-status");

async function axe(page, where) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  assert.deepEqual(
    bad.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(" ")})`),
    [],
    `axe-core on ${where}`,
  );
}

async function createTable(page, game) {
  await page.goto(appOf(page));
  const panel = page.locator(`section.game[data-game="${game.id}"]`);
  await panel.getByLabel("Your name", { exact: true }).fill("ann");
  // house rules first: one of them (Flip 7's min_players) widens the seat choice
  await panel.locator("summary").click();
  for (const [name, value] of Object.entries(game.options)) {
    const input = panel.locator(`#opt-${game.id}-${name}`);
    if (typeof value === "boolean") await input.setChecked(value);
    else if ((await input.evaluate((node) => node.tagName)) === "SELECT") await input.selectOption(value);
    else await input.fill(value);
  }
  await panel.getByLabel("Seats", { exact: true }).selectOption(String(game.seats));
  await panel.getByRole("button", { name: "Create table" }).click();
  await page.waitForURL(/#\/games\/.+\/matches\//);
  return decodeURIComponent(new URL(page.url()).hash.slice(2));
}

async function joinFromLobby(page, game, match, name) {
  await page.goto(appOf(page));
  const panel = page.locator(`section.game[data-game="${game.id}"]`);
  await panel.getByLabel("Your name", { exact: true }).fill(name);
  await panel.locator(`li[data-match="${match}"]`).getByRole("button", { name: "Join" }).click();
  await page.waitForURL(/#\/games\/.+\/matches\//);
  await page.getByText(`you are ${name}`).waitFor();
}

/** The house rules of the table, shown on its page before joining: each option the test chose, at its value. */
async function checkRules(page, game) {
  for (const [name, value] of Object.entries(game.options)) {
    const words = typeof value === "boolean" ? (value ? "yes" : "no") : String(value).replace(/_/g, " ").toLowerCase();
    const shown = page.locator(`.table-rules [data-option="${name}"] strong`);
    await shown.waitFor();
    assert.equal(await shown.textContent(), words, `${game.id}: the table's ${name} before joining`);
  }
}

async function joinFromLink(page, match, name, game) {
  await page.goto(`${appOf(page)}#/${match}`);
  await checkRules(page, game);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join this table" }).click();
  await page.getByText(`you are ${name}`).waitFor();
}

/** Every scalar of a JSON value, as strings: the codes a viewer's own view holds. */
function scalars(value, into = new Set()) {
  if (Array.isArray(value)) value.forEach((item) => scalars(item, into));
  else if (value !== null && typeof value === "object") Object.values(value).forEach((item) => scalars(item, into));
  else into.add(String(value));
  return into;
}

const cardsIn = (page, selector = "[data-card]") => page.locator(selector).evaluateAll((nodes) => nodes.map((node) => node.dataset.card));

/** The spectator's page, caught up with `atVersion`, shows no private section and only cards of its own view. */
async function checkSpectator(spectator, players, match, atVersion) {
  await spectator.waitForFunction((v) => Number(document.querySelector("main.table")?.dataset.version) >= v, atVersion);
  assert.equal(await spectator.locator("[data-private], [data-testid=actions]").count(), 0, "spectator sees a seat's private area");
  const answer = await fetch(`${BASE}/v1/${match}`).then((response) => response.json());
  assert.equal(answer.match.version, await version(spectator), "nobody acted during the check");
  const visible = scalars(answer.view ?? {});
  const shown = await cardsIn(spectator);
  const extra = shown.filter((code) => !visible.has(code));
  assert.deepEqual(extra, [], "the spectator's page holds cards its view lacks");
  for (const page of players) {
    const hand = await cardsIn(page, "[data-private] [data-card]");
    const leaked = hand.filter((code) => !visible.has(code) && shown.includes(code));
    assert.deepEqual(leaked, [], "a private card reached the spectator's page");
  }
}

const SKELETON = [".players", ".centre", ".hand", "[data-testid=actions]", ".events"];

/** Where the table's main parts are on the page: they must not move while the match is played. */
const skeleton = (page) =>
  page.evaluate(
    (selectors) =>
      selectors.map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box ? `${selector} ${box.x},${box.y + scrollY} ${box.width}x${box.height}` : `${selector} absent`;
      }),
    SKELETON,
  );

/** One move of `page`: a seeded choice among the rendered legal actions, clicked (or by keyboard). */
async function move(page, pick, byKeyboard) {
  const buttons = page.locator("[data-testid=actions] button[data-action]:not([disabled])");
  const labels = await buttons.allTextContents();
  if (labels.length === 0) return false;
  // an autopass toggle is legal out of turn and changes nothing of the game: play it only when alone
  const useful = labels.map((label, index) => [label, index]).filter(([label]) => !label.startsWith("set autopass"));
  const all = useful.length ? useful : labels.map((label, index) => [label, index]);
  // playing a card moves every game on; drawing forever would not: play one, when there is one, 3 times in 4
  const plays = all.filter(([label]) => label.startsWith("play"));
  const choices = plays.length && pick() < 0.75 ? plays : all;
  const [, index] = choices[Math.floor(pick() * choices.length)];
  const before = await version(page);
  const button = buttons.nth(index);
  if (byKeyboard) {
    await button.focus();
    await page.keyboard.press("Enter");
  } else {
    await button.click();
  }
  await page.waitForFunction((v) => Number(document.querySelector("main.table").dataset.version) > v, before);
  return true;
}

for (const [number, game] of GAMES.entries()) {
  test(`${game.id}: a whole match played by clicking in ${game.seats} browsers, a reload, a spectator`, { timeout: 240_000 }, async () => {
    const names = ["ann", "bob", "cyd", "dee"].slice(0, game.seats);
    const players = [];
    // the second player and the spectator are on phones; the second player's connections go through a Dropper
    const dropper = new Dropper();
    const dropperApp = await dropper.start();
    for (let i = 0; i < game.seats; i++) players.push(await newPage(i === 1 ? PHONE : undefined, i === 1 ? dropperApp : APP));
    const spectator = await newPage(PHONE);
    const match = await createTable(players[0], game);
    await axe(players[0], `${game.id} waiting table`);
    await joinFromLink(players[1], match, names[1], game);
    for (let i = 2; i < game.seats; i++) await joinFromLobby(players[i], game, match, names[i]);
    await players[0].getByRole("button", { name: "Start the match" }).click();
    for (const page of players) await page.waitForFunction(() => document.querySelector("main.table")?.dataset.status === "playing");
    await spectator.goto(`${APP}#/${match}`);
    await spectator.getByText("spectating").waitFor();
    await players[0].screenshot({ path: join(OUT, `${game.id}-start.png`) });
    for (const page of players) await page.evaluate(() => ((window.__shift = 0), (window.__shifted = {})));

    const pick = random(1000 + number);
    let steps = 0;
    let reloaded = false;
    let dropped = false;
    let keyboard = false;
    let layout;
    while ((await status(players[0])) === "playing") {
      assert.ok(steps < MAX_STEPS, `${game.id} did not end in ${MAX_STEPS} moves`);
      const latest = Math.max(...(await Promise.all(players.map(version))));
      for (const page of players) await page.waitForFunction((v) => Number(document.querySelector("main.table").dataset.version) >= v, latest);
      // the status above was read before this page had the newest version: that version may have ended the match
      if ((await status(players[0])) !== "playing") break;
      if (layout && (await status(players[1])) === "playing") {
        assert.deepEqual(await skeleton(players[1]), layout, `${game.id}: the table moved at version ${latest}`);
      }
      const deciding = [];
      for (const page of players) if ((await page.locator(".decision").getAttribute("data-your-turn")) === "yes") deciding.push(page);
      assert.ok(deciding.length > 0, `${game.id}: nobody may act at version ${latest}`);
      if ((await status(players[1])) === "playing") await checkNoOverflow(players[1], `${game.id} on a phone at version ${latest}`);
      const page = deciding[Math.floor(pick() * deciding.length)];
      const idle = players[1];
      const drop = steps >= DROP_AFTER && !dropped && !deciding.includes(idle);
      if (drop) {
        // a dropped connection: the page says so, misses the move, and catches up by itself once back online
        dropped = true;
        dropper.cut();
        await idle.getByText("reconnecting…").waitFor();
      }
      const at = await version(page);
      if (await move(page, pick, !keyboard)) {
        keyboard = true;
        steps += 1;
      }
      if (drop) {
        assert.equal(await version(idle), at, `${game.id}: an offline page received an update`);
        dropper.restore();
        await idle.waitForFunction((v) => Number(document.querySelector("main.table")?.dataset.version) > v, at);
        await idle.getByText("connected", { exact: true }).waitFor();
      }
      if (steps === RELOAD_AFTER && !reloaded) {
        reloaded = true;
        const at = await version(players[0]);
        await players[0].reload();
        await players[0].getByText(`you are ann`).waitFor();
        await players[0].waitForFunction((v) => Number(document.querySelector("main.table")?.dataset.version) >= v, at);
        // what the decision is about, in the catalog's words (GetGame's phases and decision kinds)
        await players[0].waitForFunction(() => document.querySelector(".status .why")?.textContent.trim().length > 0);
        // what happened before the reload is back (read from the match's log)
        const earliest = await players[0].locator(".events__list li").first().getAttribute("data-version");
        assert.ok(Number(earliest) < at, `${game.id}: the events before the reload are shown again after it`);
        await checkSpectator(spectator, players, match, at);
        await players[0].screenshot({ path: join(OUT, `${game.id}-mid.png`) });
        await spectator.screenshot({ path: join(OUT, `${game.id}-spectator-phone.png`) });
        await axe(players[0], `${game.id} table (player)`);
        await axe(spectator, `${game.id} table (spectator)`);
        await players[0].evaluate(() => ((window.__shift = 0), (window.__shifted = {})));
        layout = await skeleton(players[1]);
      }
    }
    const shifts = await Promise.all(players.map((page) => page.evaluate(() => window.__shift)));
    const shifted = await Promise.all(players.map((page) => page.evaluate(() => window.__shifted)));
    const finished = await version(players[0]);
    for (const page of players) {
      await page.getByText("Final result").waitFor();
      assert.equal(await status(page), "finished");
    }
    await checkSpectator(spectator, players, match, finished);
    await spectator.getByText("Final result").waitFor();
    await players[0].screenshot({ path: join(OUT, `${game.id}-end.png`), fullPage: true });
    await checkNoOverflow(players[1], `${game.id} result on a phone`);
    if (game.id !== "up-or-down") {
      // every game but Up or Down? plays rounds: their scores are listed, also on the page reloaded mid-match
      for (const page of [players[0], spectator]) await page.locator(".scores tbody tr").first().waitFor();
    }
    assert.ok(reloaded, `${game.id} ended before the reload`);
    assert.ok(dropped, `${game.id} ended before a page lost its network`);
    console.log(JSON.stringify({ game: game.id, moves: steps, version: finished, layout_shift: shifts.map((s) => Number(s.toFixed(4))) }));
    shifts.forEach((shift, seat) => {
      const worst = Object.entries(shifted[seat]).sort(([, a], [, b]) => b - a).slice(0, 5);
      assert.ok(shift < MAX_LAYOUT_SHIFT, `${game.id}: layout shift ${shift.toFixed(4)} of seat ${seat + 1}'s page; moved most: ${JSON.stringify(worst)}`);
    });
    for (const page of [...players, spectator]) await page.context().close();
    await dropper.stop();
  });
}

test("lobby: the four games with their house rules, and no serious accessibility violation", async () => {
  const page = await newPage({ width: 390, height: 844 });
  await page.goto(APP);
  for (const game of GAMES) await page.locator(`section.game[data-game="${game.id}"]`).waitFor();
  await page.locator(`section.game[data-game="pumba"] summary`).click();
  await page.getByText("Sotas are wild").waitFor();
  await axe(page, "lobby");
  await checkNoOverflow(page, "lobby on a phone");
  await page.screenshot({ path: join(OUT, "lobby-phone.png"), fullPage: true });
  await page.context().close();
});

/** A table of Up or Down? against one bot, with a turn clock of `seconds`, created and started through the lobby. */
async function clockedTable(page, seconds) {
  await page.goto(APP);
  const panel = page.locator(`section.game[data-game="up-or-down"]`);
  await panel.getByLabel("Your name", { exact: true }).fill("ann");
  await panel.getByLabel("Turn clock").fill(String(seconds));
  await panel.getByLabel("Bots", { exact: true }).selectOption("1");
  await panel.getByRole("button", { name: "Create table" }).click();
  await page.waitForURL(/#\/games\/.+\/matches\//);
  await page.getByRole("button", { name: "Start the match" }).click();
  return decodeURIComponent(new URL(page.url()).hash.slice(2));
}

test("turn clock: the countdown shows the deadline of the seat's decision and ticks; a decision that runs out is told", async () => {
  const page = await newPage(PHONE);
  const match = await clockedTable(page, 600);
  await page.locator(".player .badge--seat", { hasText: "bot (standard)" }).waitFor(); // the bot's seat says so
  const timer = page.getByRole("timer");
  await timer.waitFor(); // on ann's first decision (after the bot's, when the bot starts)
  const { token } = await page.evaluate((name) => JSON.parse(sessionStorage.getItem(`cardroom.seat:${name}`)), match);
  const answer = await fetch(`${BASE}/v1/${match}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
  assert.ok(answer.deadline, "a clocked match in play has a deadline");
  assert.equal(Date.parse(await timer.getAttribute("data-deadline")), Date.parse(answer.deadline), "the countdown counts to the match's deadline");
  const seconds = async () => Number(/(\d+) seconds left/.exec(await timer.getAttribute("aria-label"))[1]);
  const first = await seconds();
  assert.ok(first > 0 && first <= 600, `${first} seconds left of a 600 s clock`);
  await page.waitForFunction((n) => Number(/(\d+) seconds/.exec(document.querySelector("[role=timer]").getAttribute("aria-label"))[1]) < n, first);
  await checkNoOverflow(page, "a clocked table on a phone");
  await page.screenshot({ path: join(OUT, "up-or-down-clock-phone.png") });
  await page.context().close();

  // a one-second clock: ann never decides, the server plays for her and the table says so
  const late = await newPage();
  await clockedTable(late, 1);
  await late.getByText("ann ran out of time").first().waitFor();
  await late.context().close();
});
