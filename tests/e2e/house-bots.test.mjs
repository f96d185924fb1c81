// "Play the computer online" (issue 36) in headless Chromium: a house bot made by
// `baroque-server house-bots` and played by a real `baroque bot` process (level 1, a 1+1 clock:
// the test stays short); a player without an account opens the lobby, sees the bot with its
// rating, clicks Play, lands in the game page holding its seat, and the bot's move comes onto
// the board; a second browser watches that game on TV (www/watch.html) and sees each move as it
// is played, the bot's and the player's; a bot run with --seek has its seek listed (BOT before its
// name), taken by a guest's click and played; a player with an account plays it rated. Then the
// lobby's computer list on a phone in Chinese (screenshots in tests/artifacts/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, artifact, clickSquare, launch, serverBinary, startServer } from './helpers.mjs';
import { ply } from './online-harness.mjs';

/** The `baroque` binary: the newer of the release and debug builds, else a debug build made now. */
function botBinary() {
  const target = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
  const built = ['release', 'debug']
    .map((p) => join(target, p, 'baroque'))
    .filter((f) => existsSync(f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (built.length) return built[0];
  const run = spawnSync('cargo', ['build', '-p', 'baroque-cli'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('cargo build -p baroque-cli failed');
  return join(target, 'debug', 'baroque');
}

let server;
let browser;
/** The TV's browser: a second one, as a second person's. */
let second;
let bot;
let botOut = '';
const dir = mkdtempSync(join(tmpdir(), 'baroque-house-bots-'));

before(async () => {
  server = await startServer();
  browser = await launch();
  second = await launch();
  const tokens = join(dir, 'tokens');
  const made = spawnSync(serverBinary(), ['house-bots', '--db', server.db, '--levels', '1', '--out', tokens], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  assert.match(made.stdout, /baroque-level-1 \(new\)/);
  const [, , token] = readFileSync(tokens, 'utf8').split('\n').find((l) => l.startsWith('1 ')).split(' ');
  const port = new URL(server.url).port;
  bot = spawn(botBinary(), ['bot', '--server', `http://127.0.0.1:${port}`, '--level', '1', '--concurrency', '3'], {
    env: { ...process.env, BAROQUE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  bot.stdout.on('data', (d) => (botOut += d));
  bot.stderr.on('data', (d) => (botOut += d));
  const until = Date.now() + 20000;
  while (!/online at level 1/.test(botOut)) {
    assert.ok(Date.now() < until, `the bot did not come online: ${botOut}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});
after(async () => {
  bot?.kill('SIGTERM');
  await browser?.close();
  await second?.close();
  server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A lobby page in a context of its own, the bot listed. */
async function lobbyPage({ width = 1280, height = 900, isMobile = false, lang = 'en' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}www/lobby.html?lang=${lang}`);
  await page.waitForSelector('#bots-body tr[data-bot="baroque-level-1"]', { timeout: 20000 });
  return { page, context, errors };
}

test('a player without an account plays the house bot in one click, and the bot moves', async () => {
  const { page, context, errors } = await lobbyPage();
  assert.deepEqual(await page.locator('#bots-body tr').first().locator('td').allTextContents(), ['baroque-level-1', '1500?', 'Play']);
  assert.equal(await page.isDisabled('#bots-rated'), true, 'a player without an account plays casually');
  await page.selectOption('#bots-variant', 'omega');
  await page.selectOption('#bots-clock', '1+1');
  await page.selectOption('#bots-color', 'black');
  await page.screenshot({ path: artifact('lobby-bots-en.png'), fullPage: true });
  const t0 = Date.now();
  await page.click('#bots-body tr[data-bot="baroque-level-1"] button');
  await page.waitForURL(/[?&]game=[0-9a-f]+/, { timeout: 20000 });
  await page.waitForSelector('#online-info[data-connection="open"]', { timeout: 15000 });
  assert.equal(await page.getAttribute('#online-info', 'data-seat'), 'black');
  console.log(`in the game ${Date.now() - t0} ms after the click`);
  // The bot (White) moves: its move comes onto this player's board.
  await page.waitForSelector('#board[data-ply="1"]', { timeout: 20000 });
  console.log(`the bot's first move on the board ${Date.now() - t0} ms after the click`);
  const id = new URL(page.url()).searchParams.get('game');
  assert.match(botOut, new RegExp(`accepted a guest's challenge`));
  assert.match(botOut, new RegExp(`playing white in game ${id} at level 1`));
  const kept = await page.evaluate((g) => JSON.parse(localStorage.getItem(`baroque.online.${g}`)), id);
  assert.equal(kept.seat, 'black');
  assert.match(kept.token, /^[0-9a-f]{32}$/);
  await page.screenshot({ path: artifact('lobby-bots-game-en.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a player without a friend plays the computer from the lobby, and a second browser watches it on TV', async () => {
  const { page, context, errors } = await lobbyPage();
  await page.selectOption('#bots-variant', 'omega');
  await page.selectOption('#bots-clock', '3+2');
  await page.selectOption('#bots-color', 'black');
  await page.click('#bots-body tr[data-bot="baroque-level-1"] button');
  await page.waitForURL(/[?&]game=[0-9a-f]+/, { timeout: 20000 });
  const id = new URL(page.url()).searchParams.get('game');
  await page.waitForSelector('#online-info[data-seat="black"][data-connection="open"]', { timeout: 15000 });
  await ply(page, 1, 20000);
  /** The board part of a FEN (the TV's and the player's boards agree on it). */
  const placement = (fen) => String(fen).split(' ')[0];
  /** The bot's moves in this game, from its log (`bot: ID MOVE`). */
  const botMoves = () => [...botOut.matchAll(new RegExp(`bot: ${id} (\\S+)`, 'g'))].map((m) => m[1]);
  // The second browser opens TV on Omega: it shows this game, at the bot's first move.
  const tvContext = await second.newContext({ viewport: { width: 1280, height: 900 } });
  const tv = await tvContext.newPage();
  const tvErrors = [];
  tv.on('pageerror', (e) => tvErrors.push(String(e)));
  await tv.goto(`${server.url}www/watch.html?lang=en`);
  await tv.waitForSelector('#game-filter option[value="omega"]', { state: 'attached', timeout: 15000 });
  await tv.selectOption('#game-filter', 'omega');
  await tv.waitForSelector(`#tv-board[data-game="${id}"]`, { timeout: 15000 });
  const same = async () => {
    const fen = await page.getAttribute('#board', 'data-fen');
    await tv.waitForFunction((want) => (document.getElementById('tv-board')?.getAttribute('fen') ?? '').split(' ')[0] === want, placement(fen), { timeout: 15000 });
  };
  await same();
  // Each move TV shows, in order (a move and the bot's answer may come in one read of the feed).
  await tv.evaluate(() => {
    const board = /** @type {HTMLElement} */ (document.getElementById('tv-board'));
    const w = /** @type {any} */ (window);
    w.shownMoves = [];
    new MutationObserver((records) => {
      for (const r of records) if (r.oldValue) w.shownMoves.push(r.oldValue);
      w.lastShown = board.dataset.lastMove;
    }).observe(board, { attributes: true, attributeFilter: ['data-last-move'], attributeOldValue: true });
  });
  const shownMoves = () => tv.evaluate(() => [...(/** @type {any} */ (window).shownMoves ?? []), /** @type {any} */ (window).lastShown].filter(Boolean));
  assert.match(await tv.textContent('#tv-white'), /baroque-level-1/);
  assert.match(await tv.textContent('#tv-black'), /Anonymous/);
  // The player is told TV watches (the feed counts as a spectator).
  await page.waitForSelector('#online-crowd[data-count="1"]:not([hidden])', { timeout: 15000 });
  // The player moves on its board, the bot answers: TV shows both moves, in turn, and the
  // position the player sees. (The level-1 bot may answer before ply 2 is ever read: wait for 3.)
  await clickSquare(page, 'e8');
  await clickSquare(page, 'e7');
  await ply(page, 3, 20000);
  await same();
  const until = Date.now() + 15000;
  for (;;) {
    // The bot's first move (shown when TV opened, or just after), the player's, the bot's.
    const moves = (await shownMoves()).join(' ');
    const [first, answer] = botMoves();
    if (answer && [`${first} e8e7 ${answer}`, `e8e7 ${answer}`].includes(moves)) break;
    assert.ok(Date.now() < until, `TV showed ${JSON.stringify(moves)}; the bot's log: ${botOut}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await tv.screenshot({ path: artifact('house-bots-tv.png') });
  await page.screenshot({ path: artifact('house-bots-tv-player.png') });
  assert.deepEqual(errors, []);
  assert.deepEqual(tvErrors, []);
  await tvContext.close();
  await context.close();
});

test("a bot's seek in the lobby: BOT before its name, a guest takes it in one click and the bot plays", async (t) => {
  // A second house bot, run with --seek: it keeps an Omega seek open in the lobby.
  const tokens = join(dir, 'tokens-seek');
  const made = spawnSync(serverBinary(), ['house-bots', '--db', server.db, '--levels', '2', '--out', tokens], { encoding: 'utf8' });
  assert.equal(made.status, 0, made.stderr);
  const [, , token] = readFileSync(tokens, 'utf8').split('\n').find((l) => l.startsWith('2 ')).split(' ');
  const port = new URL(server.url).port;
  let out = '';
  const seeker = spawn(botBinary(), ['bot', '--server', `http://127.0.0.1:${port}`, '--level', '1', '--games', 'omega', '--seek', 'omega', '--seek-clock', '3+2'], {
    env: { ...process.env, BAROQUE_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => seeker.kill('SIGTERM'));
  seeker.stdout.on('data', (d) => (out += d));
  seeker.stderr.on('data', (d) => (out += d));
  const { page, context, errors } = await lobbyPage();
  const row = page.locator('#seek-body tr', { hasText: 'baroque-level-2' });
  await row.waitFor({ timeout: 20000 });
  assert.match(out, /seeking omega 3\+2 casual in the lobby/);
  assert.deepEqual(await row.locator('td').allTextContents(), ['BOT baroque-level-2', '1500?', 'Omega Chess', '3+2', 'Casual', 'Random', 'Play']);
  assert.equal(await row.locator('.player-title').textContent(), 'BOT');
  await page.screenshot({ path: artifact('lobby-bot-seek-en.png'), fullPage: true });
  await row.locator('button').click();
  await page.waitForURL(/[?&]game=[0-9a-f]+/, { timeout: 20000 });
  await page.waitForSelector('#online-info[data-connection="open"]', { timeout: 15000 });
  const id = new URL(page.url()).searchParams.get('game');
  const seat = await page.getAttribute('#online-info', 'data-seat');
  // The bot plays the game its seek made: White moves first, the player's move then the bot's.
  // (The bot may answer before ply 1 is ever read: wait for its answer's ply.)
  if (seat === 'white') {
    await clickSquare(page, 'e1');
    await clickSquare(page, 'e2');
  }
  await ply(page, seat === 'white' ? 2 : 1, 20000);
  assert.match(out, new RegExp(`its omega seek was taken: game ${id}`));
  assert.match(out, new RegExp(`playing ${seat === 'white' ? 'black' : 'white'} in game ${id}`));
  // And a new seek is up for the next player.
  await page.goto(`${server.url}www/lobby.html?lang=en`);
  await page.locator('#seek-body tr', { hasText: 'baroque-level-2' }).waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a player with an account plays the bot rated, from the page with its session cookie', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const r = await context.request.post(`${server.url}signup`, {
    form: { username: 'ratedplayer', password: 'a long password' },
    headers: { origin: server.url.replace(/\/$/, ''), accept: 'application/json' },
  });
  assert.equal(r.status(), 200, await r.text());
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}www/lobby.html?lang=en`);
  await page.waitForSelector('#bots-body tr[data-bot="baroque-level-1"]', { timeout: 20000 });
  await page.waitForFunction(() => !document.getElementById('bots-rated').disabled);
  await page.check('#bots-rated');
  await page.selectOption('#bots-variant', 'ultima');
  await page.selectOption('#bots-clock', '1+1');
  await page.selectOption('#bots-color', 'black');
  await page.click('#bots-body tr[data-bot="baroque-level-1"] button');
  await page.waitForURL(/[?&]game=[0-9a-f]+/, { timeout: 20000 });
  const id = new URL(page.url()).searchParams.get('game');
  const game = await (await context.request.get(`${server.url}api/game/${id}`)).json();
  assert.equal(game.rated, true, JSON.stringify(game));
  await page.waitForSelector('#board[data-ply="1"]', { timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the computer list on a phone in Chinese', async () => {
  for (const lang of ['zh-Hans', 'zh-Hant']) {
    const { page, context, errors } = await lobbyPage({ width: 360, height: 740, isMobile: true, lang });
    assert.equal(await page.textContent('#bots-heading'), lang === 'zh-Hans' ? '在线与电脑对弈' : '線上與電腦對弈');
    assert.equal(await page.textContent('#bots-body tr[data-bot="baroque-level-1"] button'), '对弈'.replace('对', lang === 'zh-Hans' ? '对' : '對'));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    const box = await page.locator('#bots-body tr[data-bot="baroque-level-1"] button').boundingBox();
    assert.ok(box && box.height >= 32, `the Play button is ${box?.height}px high`);
    await page.screenshot({ path: artifact(`lobby-bots-phone-${lang}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
