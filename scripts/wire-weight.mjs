#!/usr/bin/env node
// The page's weight on the wire (issue 26 §5), a benchmark: `node scripts/wire-weight.mjs`, or
// `node scripts/size-report.mjs --wire`. Every byte baroque-server sends is counted by a TCP
// relay in front of it (response heads and bodies, the page's, its worker's and the service
// worker's fetches alike), in three phases of one browser profile (headless Chromium):
//   1. playable: a cold visit of a computer game, until the board is ready (`playable`: the
//      bytes sent before the page marked its first board, `baroque:first-board`, and before the
//      service worker's script was first asked for, since www/pages/game/main.js registers it and loads
//      what can wait only then), and until the computer has answered one move (`firstMove`);
//   2. offline set: then until the service worker controls the page and the server has been quiet
//      for two seconds (its install has cached every file of the offline set);
//   3. repeat: a second visit of the same game in a new tab, until the computer has answered one
//      move, the service worker has checked for a new build and the server has been quiet for
//      two seconds.
// Prints one line and returns the figures; docs/benchmarks.md keeps them.
import { createServer, connect } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A relay from a free port of 127.0.0.1 to `port`, counting the bytes sent back to clients and
 * listing the paths asked for (`counter.paths`, in order).
 */
export function relay(port) {
  /** `beforeWorker`: the bytes sent before the first request for sw.js (the page's own load). */
  const counter = { bytes: 0, last: Date.now(), beforeWorker: null, paths: [], sent: [] };
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    client.on('data', (d) => {
      const line = /^(?:GET|HEAD) (\S+)/.exec(d.toString('latin1', 0, 2048));
      if (line) counter.paths.push(new URL(line[1], 'http://x').pathname);
      if (counter.beforeWorker === null && /^GET \/sw\.js[ ?]/.test(d.toString('latin1', 0, 32))) counter.beforeWorker = counter.bytes;
    });
    client.pipe(upstream);
    upstream.on('data', (d) => {
      counter.bytes += d.length;
      counter.last = Date.now();
      counter.sent.push([counter.last, counter.bytes]);
      client.write(d);
    });
    upstream.on('end', () => client.end());
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
    client.on('close', () => upstream.destroy());
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, counter, port: server.address().port })));
}

/** The bytes `counter` had sent by wall-clock time `t` (ms since the epoch). */
export function sentBy(counter, t) {
  let bytes = 0;
  for (const [when, total] of counter.sent) {
    if (when > t) break;
    bytes = total;
  }
  return bytes;
}

/** Waits until the server has sent nothing for `ms` (at most 30 s). */
export async function quiet(counter, ms = 2000) {
  const deadline = Date.now() + 30000;
  while (Date.now() - counter.last < ms && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}

/** Plays e2e5 against the computer on a loaded game page and waits for its answer. */
async function playOne(page) {
  await page.fill('#move-input', 'e2e5');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '2', null, { timeout: 30000 });
}

/** Measures the three phases; resolves with `{ playable, firstMove, offline, repeat }` in bytes. */
export async function wireWeight() {
  const h = await import('../tests/e2e/helpers.mjs');
  const server = await h.startServer();
  const { server: proxy, counter, port } = await relay(Number(new URL(server.url).port));
  const browser = await h.launch();
  try {
    const context = await browser.newContext();
    const url = `http://localhost:${port}/index.html?variant=ultima&mode=computer&side=white&level=1`;
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('#board[data-ready="true"]', { timeout: 30000 });
    // www/pages/game/main.js registers sw.js only once the board is ready, and loads what can wait in idle
    // time after it: what was sent before the board was ready (the page's own mark, on the same
    // clock) is the page's own load.
    const readyAt = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName('baroque:first-board')[0]?.startTime ?? performance.now()));
    const atReady = sentBy(counter, readyAt);
    await playOne(page);
    const firstMove = counter.bytes;
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
    await quiet(counter);
    const offline = counter.bytes;
    const playable = Math.min(atReady, counter.beforeWorker ?? atReady);
    const again = await context.newPage();
    await again.goto(url);
    await again.waitForSelector('#board[data-ready="true"]', { timeout: 30000 });
    await playOne(again);
    // The browser's check for a new build (sw.js and its build id, asked with no cache), which
    // it makes on navigations: made here at once so that it is counted.
    await again.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await quiet(counter);
    const repeat = counter.bytes - offline;
    await context.close();
    return { playable, firstMove, offline, repeat };
  } finally {
    await browser.close();
    proxy.close();
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const w = await wireWeight();
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`on the wire: game page playable ${kb(w.playable)} (goal ≤ 300 KB; ${kb(w.firstMove)} after the computer's first answer), whole offline set ${kb(w.offline)} (goal ≤ 450 KB), repeat visit ${kb(w.repeat)} (goal ≤ 20 KB)`);
}
