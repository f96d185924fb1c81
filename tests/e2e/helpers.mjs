// Shared set-up for the browser tests: the page's server (baroque-server on a free port, with its
// own fresh SQLite file) and a headless Chromium driven by playwright-core. Only the system's Chromium is used; nothing is
// downloaded. Set BAROQUE_CHROMIUM to use another binary.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { after, before } from 'node:test';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ARTIFACTS = join(ROOT, 'tests', 'artifacts');

/**
 * The page's wasm package (www/pkg) in Node, initialised: what the engine says, for tests to
 * compare the page with. Imported from a data: URL so that Node does not guess the glue's
 * module type.
 */
export async function loadWasm() {
  const pkg = join(ROOT, 'www', 'pkg');
  const glue = readFileSync(join(pkg, 'baroque_web.js'), 'utf8');
  const wasm = await import(`data:text/javascript;base64,${Buffer.from(glue).toString('base64')}`);
  wasm.initSync({ module: readFileSync(join(pkg, 'baroque_web_bg.wasm')) });
  return wasm;
}

const CANDIDATES = [process.env.BAROQUE_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function chromiumPath() {
  const p = CANDIDATES.find((c) => c && existsSync(c));
  if (!p) throw new Error('no Chromium found: install chromium or set BAROQUE_CHROMIUM');
  return p;
}

/**
 * The baroque-server binary: $BAROQUE_SERVER, else the newer of the release and debug builds in
 * the target folder ($CARGO_TARGET_DIR or target/), else a debug build made now.
 */
export function serverBinary() {
  if (process.env.BAROQUE_SERVER) return process.env.BAROQUE_SERVER;
  const target = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
  const built = ['release', 'debug']
    .map((p) => join(target, p, 'baroque-server'))
    .filter((f) => existsSync(f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built.length) return built[0];
  const run = spawnSync('cargo', ['build', '-p', 'baroque-server'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('cargo build -p baroque-server failed');
  return join(target, 'debug', 'baroque-server');
}

/**
 * Starts baroque-server on a free port of 127.0.0.1 with a fresh SQLite file (removed on stop);
 * `extra` arguments are passed on (`--root DIR`, `--no-isolation`, …). Resolves with
 * `{ url, db, stop }`, `url` being `http://localhost:PORT/` and `db` the database's URL.
 */
export function startServer(...extra) {
  return new Promise((resolve, reject) => {
    const data = mkdtempSync(join(tmpdir(), 'baroque-server-'));
    const clean = () => rmSync(data, { recursive: true, force: true });
    const child = spawn(serverBinary(), ['--port', '0', '--db', `sqlite://${join(data, 'games.sqlite')}`, '--rate', '0', ...extra], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/localhost:\d+\//);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[0], db: `sqlite://${join(data, 'games.sqlite')}`, stop: () => child.kill('SIGTERM') });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      clean();
      reject(new Error(`server exited with ${code}: ${out}`));
    });
  });
}

export async function launch() {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Opens `path` in a new page, collecting console errors and page errors into `errors`.
 * `isMobile` emulates a phone (no hover, coarse pointer); `colorScheme` is `light` or `dark`.
 */
export async function openPage(browser, url, { width = 1280, height = 900, dpr = 1, isMobile = false, colorScheme = 'light' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, hasTouch: true, isMobile, colorScheme });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  return { page, errors, context };
}

/** Clicks the centre of a board square (a real mouse click on the canvas). */
export async function clickSquare(page, square) {
  const [x, y] = await page.evaluate((s) => window.baroque.squareCenter(s), square);
  await page.mouse.click(x, y);
}

/**
 * Touches and holds a board square for `ms` milliseconds with a real touch (CDP touch events)
 * and waits for the long-press piece card; resolves with the touch point.
 */
export async function longPress(page, square, ms = 700) {
  const [x, y] = await page.evaluate((s) => window.baroque.squareCenter(s), square);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  await page.waitForTimeout(ms);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForSelector('#piece-card:not([hidden])');
  return [x, y];
}

/** Moves the mouse over a square. */
export async function hoverSquare(page, square) {
  const [x, y] = await page.evaluate((s) => window.baroque.squareCenter(s), square);
  await page.mouse.move(x, y, { steps: 2 });
}

export function artifact(name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

export async function boardAttr(page, name) {
  // The page draws once per frame (www/pages/game/render.js): wait for the frame an action
  // asked for, so that a key press read at once is not read before its redraw.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  return page.getAttribute('#board', name);
}

/**
 * Starts the static server and a headless Chromium for the calling test file (in its `before`
 * hook) and stops both after it. Returns `{ server, browser, url(query) }`; `server` and
 * `browser` are set once the hook has run.
 */
export function useBrowser() {
  const env = {
    server: null,
    browser: null,
    url: (query) => `${env.server.url}index.html?${query}`,
  };
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}

/** The text of the page's live region (what a screen reader announces). */
export const live = (page) => page.textContent('#live');

/** Waits until the board canvas has attribute `name` equal to `value`. */
export const waitAttr = (page, name, value, timeout = 5000) =>
  page.waitForFunction(([n, v]) => document.querySelector('#board').getAttribute(n) === v, [name, value], { timeout });

/** Plays `move` by typing it into the move box and waits until the board is at `ply`. */
export async function typeMove(page, move, ply) {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', String(ply));
}
