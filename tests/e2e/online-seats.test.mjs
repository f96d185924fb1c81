// Online seats and invitations in the browser (issue 33, the page side; docs/online.md "The
// page"): an invitation is used once and no address bar ever shows a secret; a third browser on
// a used invitation watches ("This seat is taken"); the friend's link opened where the other seat
// is held keeps both seats; an old `#token=` link plays and leaves the address bar; "Continue on
// another device"; the share control and "Link to this game"; Resign asks once and is Abort
// before both moved; presence ("Your friend left / joined", the claim's countdown); "Draw
// declined", "Takeback accepted / declined"; a spectator has no seat's buttons and no move box,
// and is never told it is the opponent's turn; a reload while the server is down shows this game read-only, and a
// move made while it is down is played when it is back; an old invitation of a finished game
// leads to its rematch; correspondence's "1 day per move", deadline and the Games list's "your
// move" from the server; the invitee's clock preference; on a phone (390×844, zh-Hans) the offers
// stay in view and the online controls are at least 44 px. Screenshots in tests/artifacts.
//
// Serving: tests/e2e/online-harness.mjs (the page's files, baroque-server, one origin; the game
// server is stopped and started again on the same database in one test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { artifact, startServer } from './helpers.mjs';
import { clickMove, connected, gameIdOf, onlineTests, ply, qrText } from './online-harness.mjs';

const { env, player, makeInvite, game, done } = onlineTests();
/** The text of the online box. */
const info = (page) => page.textContent('#online-info');
/** Whether no part of the address is a secret (no `#`, no 32 hex digits). */
const plain = (url) => !new URL(url).hash && !/[0-9a-f]{32}/.test(url);

test('an invitation is used once: no secret in an address bar, a taken seat watched, both seats kept, old token links, another device, share, abort', async () => {
  const a = await player(`${env.proxy.url}index.html`);
  const { invite, spectator } = await makeInvite(a.page);
  assert.match(invite, /#invite=[0-9a-f]{32}$/);
  assert.ok(plain(a.page.url()), `the creator's address bar: ${a.page.url()}`);
  const id = gameIdOf(a.page);
  await connected(a.page);

  // The friend redeems the invitation: Black, and the address bar holds no secret.
  const b = await player(invite);
  await connected(b.page);
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
  assert.ok(plain(b.page.url()), `the friend's address bar: ${b.page.url()}`);
  assert.equal(gameIdOf(b.page), id);
  await a.page.waitForSelector('[data-online="news"]');
  assert.match(await info(a.page), /Your friend joined/);

  // A third browser on the used invitation: the game, watched, "This seat is taken".
  const c = await player(invite);
  await connected(c.page);
  assert.equal(await c.page.getAttribute('#online-info', 'data-seat'), 'spectator');
  assert.match(await info(c.page), /This seat is taken/);
  assert.ok(plain(c.page.url()));
  for (const sel of ['#btn-resign', '#btn-draw']) assert.equal(await c.page.isVisible(sel), false, `a spectator sees no ${sel}`);
  assert.equal(await c.page.isVisible('[data-online="transfer"]'), false);

  // The friend's link opened in the creator's browser: its own seat, both kept, and said so.
  const a2 = await a.context.newPage();
  await a2.goto(invite);
  await connected(a2);
  assert.equal(await a2.getAttribute('#online-info', 'data-seat'), 'white');
  assert.match(await info(a2), /your friend’s invitation to play Black; you play White here/);
  assert.ok(plain(a2.url()));
  await a2.click('#btn-games');
  const item = a2.locator(`#games-items li[data-online="${id}"]`);
  await item.waitFor();
  assert.match(await item.textContent(), /You play White/);
  await item.locator('[data-action="open"]').click();
  await connected(a2);
  assert.equal(await a2.getAttribute('#online-info', 'data-seat'), 'white');
  await a2.close();
  // … and the friend's seat still plays.
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');

  // Before both have moved, Resign is Abort (asked once); nobody aborts yet: White moves.
  assert.equal(await a.page.textContent('#btn-resign'), 'Abort');
  await a.page.click('#btn-resign');
  assert.equal(await a.page.isVisible('#resign-confirm'), true);
  assert.match(await a.page.textContent('#resign-confirm'), /Abort this game/);
  await a.page.click('#btn-resign-no');
  await clickMove(a.page, 'a2', 'a5', 1);
  await ply(b.page, 1);
  await ply(c.page, 1);

  // A spectator gets no move box (its moves come from the players); the seats keep theirs.
  assert.equal(await c.page.isVisible('#move-form'), false, 'a spectator has no move box');
  assert.equal(await c.page.isVisible('section:has(#move-form)'), false, 'nor an empty card in its place');
  assert.equal(await c.page.isVisible('#move-input'), false);
  assert.equal(await b.page.isVisible('#move-form'), true, 'a seat keeps its move box');

  // An old link with a seat's token: the seat plays here, and the token leaves the address bar.
  const token = await a.page.evaluate((g) => JSON.parse(localStorage.getItem(`baroque.online.${g}`)).token, id);
  const d = await player(`${env.proxy.url}index.html?game=${id}#token=${token}`);
  await connected(d.page);
  assert.equal(await d.page.getAttribute('#online-info', 'data-seat'), 'white');
  assert.ok(plain(d.page.url()), `the old link's token left the address bar: ${d.page.url()}`);
  await d.context.close();

  // Continue on another device: a one-time link (and its QR code) for the same seat.
  await a.page.click('[data-online="transfer"]');
  await a.page.waitForSelector('#online-transfer-link');
  const moved = await a.page.inputValue('#online-transfer-link');
  assert.match(moved, /#invite=[0-9a-f]{32}$/);
  assert.equal(await qrText(a.page), moved);
  await a.page.click('#online-invite-close');
  const e = await player(moved);
  await connected(e.page);
  assert.equal(await e.page.getAttribute('#online-info', 'data-seat'), 'white', 'the other device plays the same seat');
  assert.ok(plain(e.page.url()));

  // The share control and "Link to this game": the live game's link, no secret.
  await b.page.click('[data-online="share"]');
  assert.equal(await b.page.inputValue('#online-spectator-link'), spectator);
  await b.page.click('#online-invite-close');
  assert.equal(await b.page.getAttribute('#share-link', 'href'), spectator);

  // Black moves: both have moved, Resign is Resign again (and asks once).
  await clickMove(b.page, 'h7', 'h4', 2);
  await ply(a.page, 2);
  assert.equal(await a.page.textContent('#btn-resign'), 'Resign');
  await done(a, b, c, e);
});

test('the server\'s own links (/game/ID#invite=…, baroque-server serving the page): both seats redeemed, the address bar plain', async () => {
  const server = await startServer();
  try {
    const made = await (await fetch(`${server.url}api/challenge/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'ultima', color: 'white', clock: { limit: 300, increment: 3 } }),
    })).json();
    assert.match(made.inviteUrl, /\/game\/[0-9a-f]+#invite=[0-9a-f]{32}$/);
    const a = await player(made.creatorUrl);
    const b = await player(made.inviteUrl);
    for (const [who, seat] of [[a, 'white'], [b, 'black']]) {
      await connected(who.page);
      assert.equal(await who.page.getAttribute('#online-info', 'data-seat'), seat);
      assert.ok(plain(who.page.url()), `no secret in the address bar: ${who.page.url()}`);
      assert.equal(gameIdOf(who.page), made.id);
    }
    await clickMove(a.page, 'a2', 'a5', 1);
    await ply(b.page, 1);
    // A reload of the plain address keeps the seat.
    await b.page.reload();
    await connected(b.page);
    assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
    await done(a, b);
  } finally {
    server.stop();
  }
});

test('abort before both moved: the game ends without a result, said on the board', async () => {
  const { a, b } = await game();
  await clickMove(a.page, 'a2', 'a5', 1);
  await ply(b.page, 1);
  await b.page.click('#btn-resign');
  await b.page.click('#btn-resign-yes');
  for (const p of [a.page, b.page]) await p.waitForSelector('#status[data-reason="abort"]');
  assert.match(await a.page.getAttribute('#board', 'aria-label'), /^The game was aborted/, 'the board\'s name says the ending first');
  assert.deepEqual(a.errors, []);
  await Promise.all([a.context.close(), b.context.close()]);
});

test('offers answered, presence and the claim\'s countdown; an old invitation of a finished game leads to its rematch', async () => {
  const { a, b, invite } = await game();
  await clickMove(a.page, 'a2', 'a5', 1);
  await clickMove(b.page, 'h7', 'h4', 2);
  await ply(a.page, 2);
  // A draw declined, a takeback declined then accepted: said to the one who asked.
  await a.page.click('#btn-draw');
  await b.page.click('[data-offer="draw"] [data-answer="no"]');
  await a.page.waitForFunction(() => /Draw declined/.test(document.querySelector('#online-info')?.textContent ?? ''));
  await b.page.click('#btn-undo');
  await a.page.click('[data-offer="takeback"] [data-answer="no"]');
  await b.page.waitForFunction(() => /Takeback declined/.test(document.querySelector('#online-info')?.textContent ?? ''));
  await b.page.click('#btn-undo');
  await a.page.click('[data-offer="takeback"] [data-answer="yes"]');
  await b.page.waitForFunction(() => /Takeback accepted/.test(document.querySelector('#online-info')?.textContent ?? ''));
  await ply(b.page, 1);
  await clickMove(b.page, 'h7', 'h4', 2);

  // The friend leaves: said, and the claim counts down (the server allows it after 60 s).
  const id = gameIdOf(a.page);
  await b.page.close();
  await a.page.waitForFunction(() => /Your friend left/.test(document.querySelector('#online-info')?.textContent ?? ''));
  await a.page.waitForSelector('#btn-online-claim[disabled]');
  const first = await a.page.textContent('#btn-online-claim');
  assert.match(first, /Claim the win in \d+ seconds/);
  await a.page.waitForFunction((t) => document.querySelector('#btn-online-claim')?.textContent !== t, first, { timeout: 3000 });
  // The friend comes back (its seat kept in its browser): said, and the claim goes.
  b.page = await b.context.newPage();
  await b.page.goto(`${env.proxy.url}index.html?game=${id}`);
  await connected(b.page);
  assert.equal(await b.page.getAttribute('#online-info', 'data-seat'), 'black');
  await a.page.waitForFunction(() => /Your friend joined/.test(document.querySelector('#online-info')?.textContent ?? ''));
  assert.equal(await a.page.isVisible('#btn-online-claim'), false);

  // Black resigns, both ask for a rematch; then the old (used) invitation leads to the rematch.
  await b.page.click('#btn-resign');
  await b.page.click('#btn-resign-yes');
  await a.page.waitForSelector('#game-over[open]');
  await a.page.click('#go-rematch');
  await b.page.waitForSelector('#game-over[open]');
  await b.page.click('#go-online-offer [data-answer="yes"]');
  await a.page.waitForFunction((g) => new URLSearchParams(location.search).get('game') !== g, id);
  const rematch = gameIdOf(a.page);
  await connected(a.page);
  assert.equal(await a.page.getAttribute('#online-info', 'data-seat'), 'black');
  assert.ok(plain(a.page.url()));
  const c = await player(invite);
  await c.page.waitForFunction((g) => new URLSearchParams(location.search).get('game') === g, rematch, { timeout: 15000 });
  await connected(c.page);
  assert.equal(await c.page.getAttribute('#online-info', 'data-seat'), 'spectator');
  // The finished game's share control gives the rematch's link.
  const old = await b.context.newPage();
  await old.goto(`${env.proxy.url}index.html?game=${id}`);
  await connected(old);
  await old.waitForSelector('#game-over[open]');
  await old.keyboard.press('Escape');
  await old.click('[data-online="share"]');
  assert.equal(await old.inputValue('#online-spectator-link'), `${env.proxy.url}index.html?game=${rematch}`);
  await done(a, b, c);
});

test('the server down mid-game: a reload shows this game read-only, a move made meanwhile (and a reload after it) is played when it is back', async () => {
  const { a, b } = await game({ clock: '' });
  await clickMove(a.page, 'a2', 'a5', 1);
  await clickMove(b.page, 'h7', 'h4', 2);
  await clickMove(a.page, 'b2', 'b5', 3);
  await ply(b.page, 3);
  const id = gameIdOf(a.page);
  // Another game, whose invitation will be opened while the server is down.
  const spare = await (await fetch(`${env.proxy.url}api/challenge/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'omega', color: 'white', days: 3 }),
  })).json();

  await env.stopGame();
  await b.page.waitForSelector('#online-info[data-connection="offline"]', { timeout: 10000 });
  // White reloads without the server: this game, as last seen, read-only, "Connection lost".
  await a.page.reload();
  await a.page.waitForSelector('#board[data-ready="true"]');
  await ply(a.page, 3);
  assert.equal(gameIdOf(a.page), id);
  assert.equal(await a.page.getAttribute('#online-info', 'data-live'), 'false');
  assert.match(await info(a.page), /Connection lost: this is the game as this browser last saw it/);
  assert.equal(await a.page.getAttribute('#board', 'data-variant'), 'ultima');
  await a.page.screenshot({ path: artifact('online-kept-en.png') });
  // Black moves meanwhile: on its board, not lost — not even by a reload before the server is back.
  await clickMove(b.page, 'g7', 'g4', 4);
  await b.page.waitForTimeout(1500);
  assert.equal(await b.page.getAttribute('#board', 'data-ply'), '4');
  await b.page.reload();
  await b.page.waitForSelector('#board[data-ready="true"]');
  await ply(b.page, 4);
  assert.equal(await b.page.getAttribute('#online-info', 'data-live'), 'false');

  // The friend's invitation opened while the server is down: said, kept, and used once it is back.
  const late = await player(`${env.proxy.url}index.html?game=${spare.id}${new URL(spare.inviteUrl).hash}`);
  await late.page.waitForSelector('[data-online="note"]');
  assert.match(await info(late.page), /the invitation could not be used yet/);
  assert.match(late.page.url(), /#invite=/, 'kept in the address: a reload tries again');

  await env.startGame();
  await late.page.waitForSelector('#online-info[data-seat="black"][data-connection="open"]', { timeout: 20000 });
  assert.equal(await late.page.getAttribute('#board', 'data-variant'), 'omega');
  assert.ok(plain(late.page.url()));
  await late.context.close();
  await connected(b.page, 20000);
  await connected(a.page, 20000);
  await ply(a.page, 4, 20000);
  assert.equal(await a.page.getAttribute('#online-info', 'data-live'), 'true');
  assert.equal(await b.page.textContent('#move-error'), '', 'no refusal');
  // The server has it: its state says so.
  const full = await (await fetch(`${env.proxy.url}api/game/${id}`)).json();
  assert.equal(full.state.ply, 4);
  await clickMove(a.page, 'c2', 'c5', 5);
  await ply(b.page, 5);
  await done(a, b);
});

test('a move made offline that the server refuses is taken back and said; the words go when the next game opens', async () => {
  const { a, b } = await game();
  await clickMove(a.page, 'a2', 'a5', 1);
  await clickMove(b.page, 'h7', 'h4', 2);
  await clickMove(a.page, 'b2', 'b5', 3);
  await ply(b.page, 3);
  await b.context.setOffline(true);
  await b.page.waitForSelector('#online-info[data-connection="offline"]', { timeout: 5000 });
  // White resigns while Black is away; Black, not knowing, moves.
  await a.page.click('#btn-resign');
  await a.page.click('#btn-resign-yes');
  await a.page.waitForSelector('#board[data-result="black"]');
  await clickMove(b.page, 'g7', 'g4', 4);
  await b.context.setOffline(false);
  await connected(b.page, 20000);
  await b.page.waitForSelector('#board[data-result="black"]');
  await ply(b.page, 3);
  assert.match(await b.page.textContent('#move-error'), /The game is over/, 'the refusal is said');
  // A rematch: the next game opens without the old words.
  await b.page.waitForSelector('#game-over[open]');
  await b.page.click('#go-rematch');
  await a.page.waitForSelector('#game-over[open]');
  await a.page.click('#go-online-offer [data-answer="yes"]');
  await b.page.waitForSelector('#online-info[data-seat="white"][data-connection="open"]');
  assert.equal(await b.page.textContent('#move-error'), '');
  await b.page.screenshot({ path: artifact('online-seats-en-rematch.png') });
  await done(a, b);
});

test('correspondence: "1 day per move", the deadline, whole moves, the Games list\'s "your move" from the server; the invitee keeps its clock', async () => {
  const made = await (await fetch(`${env.proxy.url}api/challenge/open`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'ultima', days: 1, color: 'white' }),
  })).json();
  const code = new URL(made.inviteUrl).hash.replace('#invite=', '');
  const a = await player(`${env.proxy.url}index.html?game=${made.id}#token=${made.tokenWhite}`);
  await connected(a.page);
  assert.match(await a.page.textContent('#players-info'), /1 day per move\./);
  // The invitee, whose own clock is 10+5: the game's has no say over it.
  const b = await player(`${env.proxy.url}index.html?game=${made.id}#invite=${code}`, {
    init: () => { if (!localStorage.getItem('baroque.prefs')) localStorage.setItem('baroque.prefs', JSON.stringify({ clock: { base: 600000, inc: 5000 } })); },
  });
  await connected(b.page);
  await clickMove(a.page, 'a2', 'a5', 1);
  await ply(b.page, 1);
  await b.page.waitForSelector('[data-online="deadline"]');
  assert.match(await b.page.textContent('[data-online="deadline"]'), /Black must move by/);
  // White leaves for a game of its own; Black moves; White's Games list says "your move".
  await a.page.click('#btn-new');
  await a.page.waitForSelector('#new-game[open]');
  await a.page.check('input[name="mode"][value="hotseat"]');
  await a.page.click('#ng-start');
  await a.page.waitForFunction(() => !new URLSearchParams(location.search).get('game'));
  await clickMove(b.page, 'h7', 'h4', 2);
  await a.page.click('#btn-games');
  const item = a.page.locator(`#games-items li[data-online="${made.id}"]`);
  await item.waitFor();
  await a.page.waitForSelector(`#games-items li[data-online="${made.id}"][data-your-move="true"]`, { timeout: 5000 });
  await a.page.keyboard.press('Escape');
  await b.page.click('#btn-games');
  const theirs = b.page.locator(`#games-items li[data-online="${made.id}"]`);
  await theirs.waitFor();
  assert.match(await theirs.textContent(), /1 day per move/);
  assert.match(await theirs.textContent(), /\(1 move\)/, 'two half-moves are one move');
  await b.page.keyboard.press('Escape');
  await b.page.click('#btn-new');
  await b.page.waitForSelector('#new-game[open]');
  assert.equal(await b.page.inputValue('#ng-clock'), '10+5', 'the invitee\'s own clock');
  await done(a, b);
});

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 AA violations of the page as it is (tests/e2e/a11y.test.mjs does the same). */
async function violations(page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/**
 * Asserts that every visible online control of `page` is at least 44 px both ways and in view.
 * A control redrawn between "visible?" and "where?" (the panel follows the connection) has no box:
 * the controls are then looked up again.
 */
async function bigEnough(page, selector) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let redrawn = false;
    for (const el of await page.$$(selector)) {
      if (!(await el.isVisible())) continue;
      const box = await el.boundingBox();
      if (!box) { redrawn = true; break; }
      assert.ok(box.width >= 44 && box.height >= 44, `${selector} "${await el.textContent()}" is ${box.width}×${box.height}`);
    }
    if (!redrawn) return;
    await page.waitForTimeout(200);
  }
  assert.fail(`${selector}: the controls were redrawn at every look`);
}

test('phones (390×844, zh-Hans, zh-Hant) and desktops: offers in view wherever the panel is scrolled, the rematch request over the game-over dialog, 44 px controls; screenshots', async () => {
  const phone = { width: 390, height: 844, isMobile: true };
  const a = await player(`${env.proxy.url}index.html?lang=zh-Hans`, phone);
  const { invite } = await makeInvite(a.page, { shot: 'online-seats-zh-Hans-phone' });
  const b = await player(invite.replace('lang=zh-Hans', 'lang=zh-Hant'), phone);
  await connected(b.page);
  await clickMove(a.page, 'a2', 'a5', 1);
  await clickMove(b.page, 'h7', 'h4', 2);
  await ply(a.page, 2);
  // "Your move" in the header and the tab's title.
  await a.page.waitForSelector('#online-badge:not([hidden])');
  assert.match(await a.page.title(), /^轮到你走 · /);
  assert.ok(await a.page.isVisible('#online-badge'));
  assert.equal(await b.page.isVisible('#online-badge'), false);
  // Black offers a draw while White's panel is scrolled to its end: the offer is in view.
  await a.page.evaluate(() => { const p = document.querySelector('.panel'); p.scrollTop = p.scrollHeight; });
  await b.page.click('#btn-draw');
  await a.page.waitForSelector('#online-offers [data-offer="draw"]');
  await a.page.evaluate(() => { const p = document.querySelector('.panel'); p.scrollTop = p.scrollHeight; });
  const box = await a.page.locator('#online-offers').boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= 844, `the offer is in view: ${JSON.stringify(box)}`);
  await bigEnough(a.page, '#online-offers button');
  await bigEnough(a.page, '#online-info button');
  await bigEnough(a.page, '.result-buttons button');
  await a.page.screenshot({ path: artifact('online-seats-zh-Hans-phone-offer.png') });
  assert.deepEqual(await violations(a.page), [], 'no axe violation with the offer and the badge shown');
  await a.page.click('#online-offers [data-answer="no"]');
  await b.page.screenshot({ path: artifact('online-seats-zh-Hant-phone.png') });
  // Black resigns; White asks for a rematch: Black's game-over dialog shows it with its answers.
  await b.page.click('#btn-resign');
  await bigEnough(b.page, '#resign-confirm button');
  await b.page.click('#btn-resign-yes');
  await a.page.waitForSelector('#game-over[open]');
  await b.page.waitForSelector('#game-over[open]');
  await a.page.click('#go-rematch');
  await b.page.waitForSelector('#go-online-offer [data-answer="yes"]');
  assert.ok(await b.page.isVisible('#go-online-offer'));
  await bigEnough(b.page, '#go-online-offer button');
  await b.page.screenshot({ path: artifact('online-seats-zh-Hant-phone-rematch.png') });
  assert.deepEqual(await violations(b.page), [], 'no axe violation with the rematch request in the game-over dialog');
  await b.page.click('#go-online-offer [data-answer="yes"]');
  await a.page.waitForFunction(() => document.querySelector('#online-info')?.dataset.seat === 'black' && document.querySelector('#online-info')?.dataset.connection === 'open');
  await done(a, b);
  // The desktop, in English: the offer and the controls.
  const { a: d, b: e, spectator } = await game({ shot: 'online-seats-en-desktop' });
  await clickMove(d.page, 'a2', 'a5', 1);
  await e.page.click('#btn-draw');
  await d.page.waitForSelector('#online-offers [data-offer="draw"]');
  await d.page.screenshot({ path: artifact('online-seats-en-desktop-offer.png') });
  // Spectators on an English and a Traditional Chinese phone and a Chinese desktop: no seat's
  // buttons, no move box.
  const f = await player(spectator, phone);
  const g = await player(`${spectator}&lang=zh-Hans`);
  const h = await player(`${spectator}&lang=zh-Hant`, phone);
  for (const who of [f, g, h]) {
    await connected(who.page);
    await ply(who.page, 1);
    for (const sel of ['#btn-resign', '#btn-draw', '#online-offers', '#move-form', 'section:has(#move-form)']) assert.equal(await who.page.isVisible(sel), false, `a spectator sees no ${sel}`);
  }
  await bigEnough(f.page, '#online-info button');
  await f.page.screenshot({ path: artifact('online-seats-en-phone-spectator.png') });
  await g.page.screenshot({ path: artifact('online-seats-zh-Hans-desktop-spectator.png') });
  await h.page.screenshot({ path: artifact('online-seats-zh-Hant-phone-spectator.png') });
  await done(d, e, f, g, h);
});
