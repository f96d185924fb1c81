// The online browser tests' setting (tests/e2e/online*.test.mjs): the page's files from a plain
// static server of this checkout (a host without the game server), baroque-server
// ($BAROQUE_SERVER or the newest build, tests/e2e/helpers.mjs) on a fresh SQLite file, and a small
// proxy on 127.0.0.1 that puts both behind one origin, as when baroque-server serves the page:
// /api/ and /ws/ go to the game server, the rest to the files. The game server can be stopped
// and started again on the same database (the proxy follows it to its new port) to test a page
// that loses its server mid-game. Everything on 127.0.0.1, bounded in time.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { mkdtempSync, readFile, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import jsQR from 'jsqr';
import { ROOT, artifact, clickSquare, launch, serverBinary } from './helpers.mjs';

/**
 * Starts baroque-server on a free port on the SQLite file in `dir`; resolves with { port, stop }
 * (`stop` resolves once the process is gone).
 * @param {string} dir
 */
function startGameServer(dir) {
  return new Promise((resolve, reject) => {
    const args = ['--port', '0', '--db', `sqlite://${join(dir, 'games.sqlite')}`, '--abandon-secs', '60', '--first-move-secs', '600'];
    const child = spawn(serverBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`baroque-server did not start: ${out}`)), 20000);
    const gone = new Promise((done) => child.on('exit', done));
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), stop: () => { child.kill('SIGTERM'); return gone; } });
      }
    });
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => reject(new Error(`baroque-server exited with ${code}: ${out}`)));
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ftl': 'text/plain', '.md': 'text/plain' };

/** A static host of the page's files (GET only, nothing outside the checkout); resolves with { url, port, stop }. */
function startStatic() {
  const server = createServer((req, res) => {
    const path = normalize(join(ROOT, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (req.method !== 'GET' || !path.startsWith(ROOT + sep)) return res.writeHead(404).end();
    readFile(path, (err, body) => {
      if (err) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const port = server.address().port;
    resolve({ url: `http://127.0.0.1:${port}/`, port, stop: () => server.close() });
  }));
}

/**
 * One origin for the page (`pagePort`) and the game server (`ports.game`, which may change):
 * /api/ and /ws/ go to the second. Resolves with { url, stop }.
 */
function startProxy(pagePort, ports) {
  const target = (url) => (/^\/(api|ws)\//.test(url) ? ports.game : pagePort);
  const sockets = new Set();
  const server = createServer((req, res) => {
    const up = request({ host: '127.0.0.1', port: target(req.url), method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  // WebSocket upgrades: the request head is written to the game server and the bytes piped both ways.
  server.on('upgrade', (req, socket, head) => {
    const up = connect(target(req.url), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(`${lines.join('\r\n')}\r\n\r\n`);
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    up.on('error', () => socket.destroy());
    up.on('close', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({
    url: `http://127.0.0.1:${server.address().port}/`,
    stop: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  })));
}

/**
 * The whole setting, started by `start()`: `env.proxy.url` is the page with its game server;
 * `env.page.url` the page alone; `stopGame()` and `startGame()` stop and start the game server on
 * the same database.
 */
function onlineEnv() {
  const env = {
    dir: mkdtempSync(join(tmpdir(), 'baroque-online-')),
    ports: { game: 0 },
    /** @type {any} */ page: null,
    /** @type {any} */ game: null,
    /** @type {any} */ proxy: null,
    /** @type {any} */ browser: null,
    async startGame() {
      env.game = await startGameServer(env.dir);
      env.ports.game = env.game.port;
    },
    async stopGame() {
      await env.game?.stop();
      env.game = null;
    },
    async start() {
      env.page = await startStatic();
      await env.startGame();
      env.proxy = await startProxy(env.page.port, env.ports);
      env.browser = await launch();
    },
    async close() {
      await env.browser?.close();
      env.proxy?.stop();
      await env.game?.stop();
      env.page?.stop();
      rmSync(env.dir, { recursive: true, force: true });
    },
  };
  return env;
}

/**
 * The setting of a test file, started before its tests and closed after them: `env` (above),
 * `player(url, opts)` a new browser context in it, `makeInvite(page, opts)` (screenshots in
 * tests/artifacts), `game(opts)` White's invitation made (with `opts`) and opened by Black, both
 * connected, and `done(...players)` that asserts no page error and closes them.
 */
export function onlineTests() {
  const env = onlineEnv();
  before(() => env.start());
  after(() => env.close());
  const newPlayer = (url, opts) => player(env, url, opts);
  const invite = (page, opts = {}) => makeInvite(page, { ...opts, artifact });
  return {
    env,
    player: newPlayer,
    makeInvite: invite,
    async game(opts = {}) {
      const a = await newPlayer(`${env.proxy.url}index.html`);
      const links = await invite(a.page, opts);
      const b = await newPlayer(links.invite);
      await connected(b.page);
      return { a, b, ...links };
    },
    /** @param {...{ errors: string[], context: any }} who */
    async done(...who) {
      for (const w of who) assert.deepEqual(w.errors, []);
      await Promise.all(who.map((w) => w.context.close()));
    },
  };
}

/**
 * A new browser context (its own storage: another player) on `url`, with errors collected.
 * @param {any} env
 * @param {string} url
 */
export async function player(env, url, { width = 1280, height = 900, isMobile = false, init = null } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    // A WebSocket refused while offline (or the server down) is the browser's own line, not the page's.
    if (m.type() === 'error' && !/WebSocket|ERR_INTERNET_DISCONNECTED|ERR_CONNECTION|Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  return { context, page, errors };
}

export const ply = (page, n, timeout = 15000) => page.waitForSelector(`#board[data-ply="${n}"]`, { timeout });
export const connected = (page, timeout = 15000) => page.waitForSelector('#online-info[data-connection="open"] [data-online="connection"]', { timeout });

/** Plays `from`→`to` by clicking the two squares; waits until the board has `plies` moves. */
export async function clickMove(page, from, to, plies) {
  await clickSquare(page, from);
  await clickSquare(page, to);
  await ply(page, plies);
}

/**
 * The text of the dialog's QR code, read from its pixels: the SVG drawn on a canvas in the page
 * (8 pixels a module), decoded by jsQR (npm jsqr) here.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string | undefined>}
 */
export async function qrText(page) {
  await page.waitForSelector('#online-invite .qr-code path');
  const image = await page.$eval('#online-invite .qr-code', async (svg) => {
    const n = Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    const size = n * 8;
    const img = new Image(size, size);
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    ctx.drawImage(img, 0, 0, size, size);
    return { size, data: Array.from(ctx.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(image.data), image.size, image.size)?.data;
}

/** Opens the new-game dialog, chooses online play and makes the invite; returns its links. */
export async function makeInvite(page, { color = 'white', days = '', clock = '5+3', shot = null, artifact = null } = {}) {
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.check('input[name="mode"][value="online"]');
  await page.selectOption('select[name="online-color"]', color);
  await page.selectOption('select[name="online-days"]', days);
  if (!days) await page.selectOption('#ng-clock', clock);
  await page.waitForSelector('#ng-online-status[data-reachable="true"]');
  if (shot) await page.screenshot({ path: artifact(`${shot}-dialog.png`) });
  await page.click('#ng-start');
  await page.waitForSelector('#online-invite .qr-code path');
  const invite = await page.inputValue('#online-invite-link');
  assert.equal(await qrText(page), invite, 'the QR code, decoded from its pixels, is the invite link');
  const spectator = await page.inputValue('#online-spectator-link');
  if (shot) await page.screenshot({ path: artifact(`${shot}-invite.png`) });
  await page.click('#online-invite-close');
  return { invite, spectator };
}

/** The game id of a page's address. @param {import('playwright-core').Page} page */
export const gameIdOf = (page) => new URL(page.url()).searchParams.get('game');

/**
 * A new browser context of `browser` and its page, with the page's errors collected.
 * @param {import('playwright-core').Browser} browser
 */
export async function contextWithErrors(browser, { width = 1280, height = 900, isMobile = false } = {}) {
  const ctx = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  const page = await ctx.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { ctx, page, errors };
}

/**
 * Signs `name` up on the account page of the server at `url` (ending in `/`) in `page`.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {string} name
 */
export async function signupAt(page, url, name) {
  await page.goto(`${url}www/account.html`);
  await page.waitForSelector('#logged-out:not([hidden])');
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', 'a good password');
  await page.click('#signup-form button[type=submit]');
  await page.waitForSelector('#logged-in:not([hidden])');
}

/**
 * Plays the two moves that make an Ultima game rated (White a2-a5, Black h7-h4), then Black
 * resigns: both game-over dialogs must show what Glicko-2 gives two new players (1500, RD 500,
 * volatility 0.09): White +242 to 1742, Black −242 to 1258, both still provisional.
 * @param {import('playwright-core').Page} white
 * @param {import('playwright-core').Page} black
 */
export async function ratedWinForWhite(white, black) {
  await clickMove(white, 'a2', 'a5', 1);
  await ply(black, 1);
  await clickMove(black, 'h7', 'h4', 2);
  await ply(white, 2);
  await black.click('#btn-resign');
  await black.click('#btn-resign-yes');
  for (const p of [white, black]) {
    await p.waitForSelector('#game-over[open] #go-rating');
    assert.equal(await p.textContent('#go-rating'), 'Ratings: White 1742? (+242), Black 1258? (-242)');
  }
}
