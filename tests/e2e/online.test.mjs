// Playing a friend online in the browser (issue 24, the page side): two browser contexts play
// each other by clicking, from the invite link the new-game dialog makes; one goes offline for
// 10 s and comes back (its move made meanwhile reaches the other), one reloads mid-game, a
// spectator on a phone in Chinese follows, the Games list shows the games ("your move" for
// correspondence, PGN once over), and on a static host the online choice says the server is not
// reachable.
//
// Serving: the page's files from a plain static server of this file (a host without the game
// server), and target/debug/baroque-server with it behind one small proxy on 127.0.0.1, so they
// share an origin as when baroque-server serves the page: /api/ and /ws/ go to the game server,
// the rest to the files. Everything is on 127.0.0.1, bounded in time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { existsSync, mkdtempSync, readFile, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import jsQR from 'jsqr';
import { ROOT, artifact, clickSquare, launch } from './helpers.mjs';

const SERVER_BIN = join(ROOT, process.env.CARGO_TARGET_DIR ?? 'target', 'debug', 'baroque-server');

/** Starts baroque-server on a free port with a fresh SQLite file; resolves with { port, stop }. */
function startGameServer(dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(SERVER_BIN, ['--port', '0', '--db', `sqlite://${join(dir, 'games.sqlite')}`, '--abandon-secs', '60'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`baroque-server did not start: ${out}`)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/localhost:(\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), stop: () => child.kill('SIGTERM') });
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

/** One origin for the page (`pagePort`) and the game server (`gamePort`): /api/ and /ws/ go to the second. */
function startProxy(pagePort, gamePort) {
  const target = (url) => (/^\/(api|ws)\//.test(url) ? gamePort : pagePort);
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
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, stop: () => server.close() })));
}

const env = { page: null, game: null, proxy: null, browser: null, dir: null };

before(async () => {
  assert.ok(existsSync(SERVER_BIN), `${SERVER_BIN} is missing: cargo build -p baroque-server`);
  env.dir = mkdtempSync(join(tmpdir(), 'baroque-online-'));
  env.page = await startStatic();
  env.game = await startGameServer(env.dir);
  env.proxy = await startProxy(env.page.port, env.game.port);
  env.browser = await launch();
});

after(async () => {
  await env.browser?.close();
  env.proxy?.stop();
  env.game?.stop();
  env.page?.stop();
  if (env.dir) rmSync(env.dir, { recursive: true, force: true });
});

/** A new browser context (its own storage: another player) on `url`, with errors collected. */
async function player(url, { width = 1280, height = 900, isMobile = false } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    // A WebSocket refused while the context is offline is the browser's own line, not the page's.
    if (m.type() === 'error' && !/WebSocket|ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  return { context, page, errors };
}

const ply = (page, n, timeout = 15000) => page.waitForSelector(`#board[data-ply="${n}"]`, { timeout });
const connected = (page, timeout = 15000) => page.waitForSelector('#online-info[data-connection="open"] [data-online="connection"]', { timeout });

/** Plays `from`→`to` by clicking the two squares; waits until the board has `plies` moves. */
async function clickMove(page, from, to, plies) {
  await clickSquare(page, from);
  await clickSquare(page, to);
  await ply(page, plies);
}

/**
 * The text of the invite's QR code, read from its pixels: the SVG drawn on a canvas in the page
 * (8 pixels a module), decoded by jsQR (npm jsqr) here.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string | undefined>}
 */
async function qrText(page) {
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

/** Opens the new-game dialog, chooses online play with `choose` and makes the invite; returns its links. */
async function makeInvite(page, { color = 'white', days = '', clock = '5+3', shot = null } = {}) {
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

test('two players by clicking from the invite link: offline 10 s, a reload, a spectator on a Chinese phone, resignation, PGN, rematch', async () => {
  const a = await player(`${env.proxy.url}index.html`);
  const { invite, spectator } = await makeInvite(a.page, { shot: 'online-en' });
  assert.match(invite, /\?game=[0-9a-f]+#token=[0-9a-f]{32}$/, 'the friend\'s link carries the other seat\'s token');
  assert.match(spectator, /\?game=[0-9a-f]+$/, 'the spectator\'s link holds no secret');
  assert.match(a.page.url(), /#token=[0-9a-f]{32}$/, 'the creator\'s own link is in the address bar');
  assert.notEqual(a.page.url(), invite);
  await connected(a.page);
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'white');

  const b = await player(invite);
  await connected(b.page);
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
  assert.equal(await b.page.getAttribute('#board', 'data-orientation'), 'black', 'Black sees the board from its side');
  await b.page.waitForSelector('[data-turn="theirs"]');

  await clickMove(a.page, 'a2', 'a5', 1);
  await ply(b.page, 1);
  // Not Black's screen's turn for White: a click on a White piece does nothing.
  await clickMove(b.page, 'h7', 'h4', 2);
  await ply(a.page, 2);
  await clickMove(a.page, 'b2', 'b5', 3);
  await ply(b.page, 3);
  assert.equal(await a.page.getAttribute('#clocks', 'hidden'), null, 'the live clock shows');

  // The spectator: a phone, in Chinese.
  const c = await player(`${spectator}&lang=zh-Hans`, { width: 390, height: 844, isMobile: true });
  await connected(c.page);
  await ply(c.page, 3);
  assert.equal(await c.page.getAttribute('#online-info', 'data-seat'), 'spectator');
  assert.match(await c.page.textContent('#online-info'), /观战中/);
  await c.page.screenshot({ path: artifact('online-zh-phone.png'), fullPage: false });

  // Black goes offline for 10 s and moves meanwhile: the move reaches White when it is back.
  await b.context.setOffline(true);
  await b.page.waitForSelector('#online-info[data-connection="offline"]', { timeout: 5000 });
  await clickMove(b.page, 'g7', 'g4', 4);
  await a.page.waitForTimeout(10000);
  assert.equal(await a.page.getAttribute('#board', 'data-ply'), '3', 'nothing reached White while Black was offline');
  await b.context.setOffline(false);
  await connected(b.page, 20000);
  await ply(a.page, 4, 20000);
  await ply(c.page, 4);

  // White reloads mid-game: the same seat, the same game.
  await a.page.reload();
  await a.page.waitForSelector('#board[data-ready="true"]');
  await connected(a.page);
  await ply(a.page, 4);
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'white');
  await clickMove(a.page, 'c2', 'c5', 5);
  await ply(b.page, 5);
  await a.page.screenshot({ path: artifact('online-en-game.png') });

  // A draw offer the opponent declines, then Black resigns: the server's result everywhere.
  await a.page.click('#btn-draw');
  await b.page.waitForSelector('[data-offer="draw"]');
  await b.page.click('[data-offer="draw"] [data-answer="no"]');
  await a.page.waitForFunction(() => !document.querySelector('[data-offered="draw"]'));
  await b.page.click('#btn-resign');
  for (const p of [a.page, b.page, c.page]) await p.waitForSelector('#board[data-result="white"]');
  assert.equal(await a.page.getAttribute('#status', 'data-reason'), 'resign');

  // The Games list: the online game with its PGN.
  await a.page.waitForSelector('#game-over[open]');
  await a.page.keyboard.press('Escape');
  await a.page.click('#btn-games');
  await a.page.waitForSelector('#games[open]'); // the list's module loads at first use
  const item = a.page.locator('#games-items li[data-online]');
  await item.first().waitFor();
  const [download] = await Promise.all([a.page.waitForEvent('download'), item.first().locator('[data-action="export"]').click()]);
  const pgn = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(pgn).toString('utf8');
  assert.match(text, /1-0/);
  assert.match(text, /\[Termination "resign"\]/);
  await a.page.keyboard.press('Escape');

  // A rematch both ask for (the game-over dialog's Rematch): a new game, colours swapped.
  const first = new URL(a.page.url()).searchParams.get('game');
  await b.page.waitForSelector('#game-over[open]');
  await b.page.click('#go-rematch');
  await a.page.waitForSelector('[data-offer="rematch"]');
  await a.page.click('[data-offer="rematch"] [data-answer="yes"]');
  for (const [who, seat] of [[a, 'black'], [b, 'white']]) {
    await who.page.waitForFunction((g) => new URLSearchParams(location.search).get('game') !== g, first);
    await who.page.waitForSelector(`#online-info[data-seat="${seat}"][data-connection="open"]`);
    await ply(who.page, 0);
  }
  await clickMove(b.page, 'a2', 'a5', 1);
  await ply(a.page, 1);
  for (const who of [a, b, c]) assert.deepEqual(who.errors, []);
  await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
});

test('correspondence: "your move" in the Games list; the Chinese dialog', async () => {
  const res = await fetch(`${env.proxy.url}api/challenge/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'omega', days: 3, color: 'white' }),
  });
  const made = await res.json();
  const a = await player(`${env.proxy.url}index.html?game=${made.id}&lang=zh-Hans#token=${made.tokenWhite}`);
  await connected(a.page);
  assert.match(await a.page.textContent('#players-info'), /每步 3 天/);
  await a.page.click('#btn-games');
  await a.page.waitForSelector('#games[open]'); // the list's module loads at first use
  const item = a.page.locator(`#games-items li[data-online="${made.id}"]`);
  await item.waitFor();
  assert.equal(await item.getAttribute('data-your-move'), 'true');
  assert.match(await item.textContent(), /轮到你走/);
  await a.page.keyboard.press('Escape');
  await a.page.click('#btn-new');
  await a.page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await a.page.check('input[name="mode"][value="online"]');
  await a.page.waitForSelector('#ng-online-status[data-reachable="true"]');
  await a.page.screenshot({ path: artifact('online-zh-dialog.png') });
  assert.deepEqual(a.errors, []);
  await a.context.close();
  // The invite on a phone.
  const phone = await player(`${env.proxy.url}index.html`, { width: 390, height: 844, isMobile: true });
  await makeInvite(phone.page, { color: 'random', days: '7', shot: 'online-phone' });
  await connected(phone.page);
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test('a static host without the game server: the online choice says it is not reachable', async () => {
  const a = await player(`${env.page.url}index.html`);
  await a.page.click('#btn-new');
  await a.page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await a.page.check('input[name="mode"][value="online"]');
  await a.page.waitForSelector('#ng-online-status[data-reachable="false"]');
  assert.ok(await a.page.isDisabled('#ng-start'));
  assert.match(await a.page.textContent('#ng-online-status'), /not reachable/);
  await a.context.close();
});
