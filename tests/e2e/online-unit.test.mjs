// The online modules without a browser (www/online/server.js, seats.js, news.js, and the network
// source's presence, abort, kept copy and lost moves): the game an address names, the page's
// links (never a secret), the challenge's body, invitations redeemed and made (a fake fetch),
// the server's reachability, the seats kept in a (fake) localStorage, the words of an offer
// declined or a friend gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { challengeBody, fetchGame, gameLink, gameOfUrl, inviteOf, redeemInvite, serverReachable, socketUrl, transferInvite } from '../../www/online/server.js';
import { abortable, claimIn, moveDeadline, presenceNews, stateNews, wholeMoves } from '../../www/online/news.js';
import { NetworkSource, remoteState } from '../../www/game/sources/network.js';

const TOKEN = '0123456789abcdef0123456789abcdef';

test('the game an address names: ?game= or /game/ID, an invitation or an old token after #, nothing else', () => {
  assert.deepEqual(gameOfUrl({ search: '?game=9f1c2a7b5e3d4c60', pathname: '/index.html', hash: `#token=${TOKEN}` }), { id: '9f1c2a7b5e3d4c60', token: TOKEN, invite: null });
  assert.deepEqual(gameOfUrl({ search: '', pathname: '/game/9f1c2a7b5e3d4c60', hash: '' }), { id: '9f1c2a7b5e3d4c60', token: null, invite: null });
  assert.deepEqual(gameOfUrl({ search: '', pathname: '/game/9f1c2a7b5e3d4c60', hash: `#invite=${TOKEN}` }), { id: '9f1c2a7b5e3d4c60', token: null, invite: TOKEN });
  assert.equal(inviteOf(`http://127.0.0.1:9/game/9f1c2a7b5e3d4c60#invite=${TOKEN}`), TOKEN, 'the server\'s invite link');
  assert.equal(inviteOf('http://127.0.0.1:9/game/9f1c2a7b5e3d4c60'), null);
  assert.equal(inviteOf(undefined), null);
  assert.equal(gameOfUrl({ search: '?game=../../etc', pathname: '/', hash: '' }), null, 'not an id');
  assert.equal(gameOfUrl({ search: '?variant=omega', pathname: '/index.html', hash: '' }), null);
  assert.equal(gameOfUrl({ search: '?game=9f1c2a7b5e3d4c60', pathname: '/', hash: '#token=<script>' }).token, null, 'not a token');
});

test('links: never a token; an invitation after # only when asked; the WebSocket on the same host', () => {
  const invite = new URL(gameLink('9f1c2a7b5e3d4c60', { lang: 'zh-Hans', invite: TOKEN }));
  assert.equal(invite.searchParams.get('game'), '9f1c2a7b5e3d4c60');
  assert.equal(invite.searchParams.get('lang'), 'zh-Hans');
  assert.equal(invite.hash, `#invite=${TOKEN}`);
  assert.match(invite.pathname, /\/index\.html$/);
  assert.equal(new URL(gameLink('9f1c2a7b5e3d4c60')).hash, '');
  assert.doesNotMatch(gameLink('9f1c2a7b5e3d4c60', /** @type {any} */ (TOKEN)), /token|[0-9a-f]{32}/, 'a token passed by mistake is not written');
  // Node's page address is a file: URL (ws: only over http, tests/e2e/online.test.mjs): the path here.
  assert.match(socketUrl('9f1c2a7b5e3d4c60'), /^[a-z]+:\/\/[^/]*\/ws\/game\/9f1c2a7b5e3d4c60$/);
});

test('the challenge: a live clock in seconds, or days; options by name; the start FEN', () => {
  assert.deepEqual(challengeBody({ variant: 'ultima', fen: '', options: ['win=capture'], clock: { base: 300_000, inc: 3_000 }, online: { color: 'white', days: null } }),
    { variant: 'ultima', color: 'white', clock: { limit: 300, increment: 3 }, win: 'capture' });
  assert.deepEqual(challengeBody({ variant: 'omega', fen: 'F', options: [], clock: { base: 60_000, inc: 0 }, online: { color: 'random', days: 3 } }),
    { variant: 'omega', color: 'random', fen: 'F', days: 3 }, 'correspondence: days, no clock');
});

test('reachable: only the game server\'s own 401 answer', async () => {
  const answer = (status, body) => async () => ({ status, json: async () => body });
  assert.equal(await serverReachable(answer(401, { error: 'no token', code: 'bad-token' })), true);
  assert.equal(await serverReachable(answer(404, null)), false, 'a static host');
  assert.equal(await serverReachable(answer(401, 'x')), false, 'another server\'s 401');
  assert.equal(await serverReachable(async () => { throw new TypeError('Failed to fetch'); }), false);
});

/** A fake localStorage on `globalThis` (removed by `delete globalThis.localStorage`); gives its map of items. */
function fakeStorage() {
  const data = new Map();
  globalThis.localStorage = {
    get length() { return data.size; },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  };
  return data;
}

test('seats: kept, updated without losing the token, listed newest first, "your move", damaged ones skipped', async () => {
  const data = fakeStorage();
  const { keepOnlineGame, onlineGame, onlineGames, forgetOnlineGame, yourMove } = await import('../../www/online/seats.js');
  keepOnlineGame({ id: 'aaaaaaaaaaaaaaaa', seat: 'white', token: TOKEN, variant: 'ultima' });
  keepOnlineGame({ id: 'aaaaaaaaaaaaaaaa', moves: ['a2a5'], turn: 'black' });
  assert.equal(onlineGame('aaaaaaaaaaaaaaaa').token, TOKEN, 'an update without a token keeps it');
  assert.equal(yourMove(onlineGame('aaaaaaaaaaaaaaaa')), false);
  keepOnlineGame({ id: 'aaaaaaaaaaaaaaaa', moves: ['a2a5', 'h7h4'], turn: 'white' });
  assert.equal(yourMove(onlineGame('aaaaaaaaaaaaaaaa')), true);
  data.set('baroque.online.bbbbbbbbbbbbbbbb', '{not json');
  data.set('baroque.online.cccccccccccccccc', JSON.stringify({ id: 'cccccccccccccccc', seat: 'green' }));
  assert.deepEqual(onlineGames().map((e) => e.id), ['aaaaaaaaaaaaaaaa']);
  forgetOnlineGame('aaaaaaaaaaaaaaaa');
  assert.equal(onlineGame('aaaaaaaaaaaaaaaa'), null);
  delete globalThis.localStorage;
});

/** A fake fetch answering `status` with `body`, recording each call. */
function fakeFetch(status, body) {
  const calls = [];
  const f = async (url, init = {}) => {
    calls.push({ url: String(url), ...init });
    return { status, ok: status >= 200 && status < 300, json: async () => { if (body === null) throw new SyntaxError('not JSON'); return body; } };
  };
  return Object.assign(f, { calls });
}

test('an invitation redeemed once: the seat\'s token, or why not (taken, not this game\'s, no game, no server)', async () => {
  const ok = fakeFetch(200, { gameId: '9f1c2a7b5e3d4c60', color: 'black', token: TOKEN });
  assert.deepEqual(await redeemInvite('9f1c2a7b5e3d4c60', 'ab'.repeat(16), ok), { token: TOKEN, color: 'black' });
  assert.match(ok.calls[0].url, /\/api\/board\/game\/9f1c2a7b5e3d4c60\/join$/);
  assert.equal(ok.calls[0].method, 'POST');
  assert.deepEqual(JSON.parse(ok.calls[0].body), { invite: 'ab'.repeat(16) }, 'the code goes in the body, never in the address');
  assert.deepEqual(await redeemInvite('9f1c2a7b5e3d4c60', 'ab', fakeFetch(409, { error: 'this seat is taken', code: 'seat-taken', color: 'black' })), { code: 'seat-taken', color: 'black' });
  assert.deepEqual(await redeemInvite('9f1c2a7b5e3d4c60', 'ab', fakeFetch(403, { code: 'bad-invite' })), { code: 'bad-invite', color: null });
  assert.deepEqual(await redeemInvite('9f1c2a7b5e3d4c60', 'ab', fakeFetch(404, null)), { code: 'no-game', color: null });
  assert.deepEqual(await redeemInvite('9f1c2a7b5e3d4c60', 'ab', async () => { throw new TypeError('Failed to fetch'); }), { code: 'unreachable', color: null });
  assert.deepEqual(await redeemInvite('9f1c2a7b5e3d4c60', 'ab', fakeFetch(200, { color: 'black' })), { code: 'unreachable', color: 'black' }, 'a 200 without a token is no seat');
});

test('continue on another device: the fresh invitation of the server\'s link, with the seat\'s token as Bearer', async () => {
  const ok = fakeFetch(200, { url: `http://127.0.0.1:9/game/9f1c2a7b5e3d4c60#invite=${'cd'.repeat(16)}`, expiresAt: 1234 });
  assert.deepEqual(await transferInvite('9f1c2a7b5e3d4c60', TOKEN, ok), { invite: 'cd'.repeat(16), expiresAt: 1234 });
  assert.equal(ok.calls[0].headers.authorization, `Bearer ${TOKEN}`);
  assert.match(ok.calls[0].url, /\/api\/board\/game\/9f1c2a7b5e3d4c60\/transfer$/);
  assert.deepEqual(await transferInvite('9f1c2a7b5e3d4c60', TOKEN, fakeFetch(401, { code: 'bad-token' })), { code: 'bad-token' });
});

test('a game\'s state without a seat (GET /api/game/ID) for the Games list; null for anything else', async () => {
  const full = { id: '9f1c2a7b5e3d4c60', state: { moves: 'a2a5', turn: 'black', status: 'started' } };
  const f = fakeFetch(200, full);
  assert.deepEqual(await fetchGame('9f1c2a7b5e3d4c60', f), full);
  assert.match(f.calls[0].url, /\/api\/game\/9f1c2a7b5e3d4c60$/);
  assert.equal(await fetchGame('9f1c2a7b5e3d4c60', fakeFetch(404, { code: 'no-game' })), null);
  assert.equal(await fetchGame('9f1c2a7b5e3d4c60', fakeFetch(200, { state: {} })), null);
});

const S = (extra = {}) => ({ seq: 1, moves: '', ply: 0, turn: 'white', wtime: 60_000, btime: 60_000, clockRunning: false, at: 0, status: 'started', wdraw: false, bdraw: false, wtakeback: false, btakeback: false, wrematch: false, brematch: false, ...extra });

test('news: an offer declined or accepted, the friend come or gone; none for a spectator or at first', () => {
  assert.deepEqual(stateNews(S({ wdraw: true, ply: 3 }), S({ ply: 4 }), 'white'), ['online-news-draw-declined']);
  assert.deepEqual(stateNews(S({ wdraw: true }), S({ status: 'draw' }), 'white'), [], 'an accepted draw ends the game: no "declined"');
  assert.deepEqual(stateNews(S({ btakeback: true, ply: 4 }), S({ ply: 3 }), 'black'), ['online-news-takeback-accepted']);
  assert.deepEqual(stateNews(S({ btakeback: true, ply: 4 }), S({ ply: 4 }), 'black'), ['online-news-takeback-declined']);
  assert.deepEqual(stateNews(S({ wrematch: true, status: 'resign' }), S({ status: 'resign' }), 'white'), ['online-news-rematch-declined']);
  assert.deepEqual(stateNews(S({ wrematch: true, status: 'resign' }), S({ status: 'resign', rematch: 'abcdabcdabcd' }), 'white'), []);
  assert.deepEqual(stateNews(S({ bdraw: true }), S(), 'white'), [], 'the opponent\'s offer withdrawn is not this seat\'s news');
  assert.deepEqual(stateNews(S({ wdraw: true }), S(), null), []);
  assert.deepEqual(stateNews(null, S(), 'white'), []);
  const p = (white, black, claimFrom = null) => ({ white, black, claimFrom });
  assert.deepEqual(presenceNews(p(true, false), p(true, true), 'white'), ['online-news-friend-joined']);
  assert.deepEqual(presenceNews(p(true, true), p(true, false), 'white'), ['online-news-friend-left']);
  assert.deepEqual(presenceNews(p(true, true), p(false, true), 'white'), [], 'this seat\'s own coming and going');
  assert.deepEqual(presenceNews(null, p(true, true), 'white'), []);
  assert.deepEqual(presenceNews(p(true, false), p(true, true), null), []);
});

test('abort before both moved; the claim\'s countdown only from claimFrom; the deadline; whole moves', () => {
  assert.equal(abortable(S({ ply: 0 })), true);
  assert.equal(abortable(S({ ply: 1 })), true);
  assert.equal(abortable(S({ ply: 2 })), false);
  assert.equal(abortable(S({ ply: 1, status: 'aborted' })), false);
  const gone = { white: true, black: false, claimFrom: 10_000 };
  assert.equal(claimIn(gone, S(), 'white', 5_000, 0), 5, 'five seconds to wait');
  assert.equal(claimIn(gone, S(), 'white', 6_500, 1_000), 3, 'the server\'s clock is a second ahead');
  assert.equal(claimIn(gone, S(), 'white', 12_000, 0), 0, 'now');
  assert.equal(claimIn(gone, S(), 'black', 12_000, 0), null, 'the seat gone claims nothing');
  assert.equal(claimIn({ ...gone, claimFrom: null }, S(), 'white', 12_000, 0), null);
  assert.equal(claimIn(gone, S(), null, 12_000, 0), null, 'a spectator claims nothing');
  assert.equal(claimIn(gone, S({ status: 'resign' }), 'white', 12_000, 0), null);
  assert.equal(moveDeadline(S({ clockRunning: true, turn: 'black', btime: 86_400_000, at: 1_000 }), 'correspondence', 500), 86_400_500);
  assert.equal(moveDeadline(S({ clockRunning: true }), 'live', 0), null);
});

test('whole moves are counted by the engine\'s move numbers: a game Black starts has had two after two half-moves', () => {
  const ply = (number, side) => ({ number, side });
  assert.equal(wholeMoves([]), 0);
  assert.equal(wholeMoves([ply(1, 'white')]), 1);
  assert.equal(wholeMoves([ply(1, 'white'), ply(1, 'black')]), 1);
  assert.equal(wholeMoves([ply(1, 'white'), ply(1, 'black'), ply(2, 'white')]), 2);
  assert.equal(wholeMoves([ply(1, 'black'), ply(2, 'white')]), 2, '1… e5 2. d4');
  assert.equal(wholeMoves([ply(30, 'white'), ply(30, 'black')]), 1, 'from a later move');
});

/** A fake WebSocket class whose instances the test drives. */
function sockets() {
  const made = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.readyState = 0; this.sent = []; made.push(this); }
    send(text) { this.sent.push(JSON.parse(text)); }
    close() { this.readyState = 3; this.onclose?.(); }
    open() { this.readyState = 1; this.onopen?.(); }
    server(msg) { this.onmessage?.({ data: JSON.stringify(msg) }); }
  }
  return { made, FakeSocket };
}

const FULL = (state) => ({ id: 'g1', variant: { key: 'ultima' }, rules: [], clock: { initial: 60_000, increment: 0 }, daysPerMove: null, speed: 'live', initialFen: '', state });

test('the network source: presence, abort, a kept copy shown with its clocks stopped, a lost move said', () => {
  const { made, FakeSocket } = sockets();
  const timers = [];
  const net = new NetworkSource({ url: 'ws://127.0.0.1/ws/game/g1', token: 'T', WebSocket: FakeSocket, now: () => 1_000_000, setTimer: (f) => timers.push(f), clearTimer: () => {} });
  const events = [];
  for (const type of ['presence', 'refused', 'state', 'welcome']) net.addEventListener(type, (e) => events.push([type, e.detail]));
  // A kept copy: shown before the server answers, clocks stopped, `since` its event.
  net.seed(FULL(S({ seq: 7, moves: 'a2a5 h7h4', ply: 2, clockRunning: true, at: 900_000 })));
  assert.deepEqual(net.remote().moves, ['a2a5', 'h7h4']);
  assert.equal(net.remote().clock.running, null, 'no clock runs on a copy');
  net.connect();
  made[0].open();
  assert.deepEqual(made[0].sent[0], { t: 'hello', token: 'T', since: 7 });
  made[0].server({ t: 'welcome', seat: 'white', game: FULL(S({ seq: 7, moves: 'a2a5 h7h4', ply: 2, clockRunning: true, at: 1_000_000 })) });
  assert.equal(net.remote().clock.running, 'white', 'the server\'s clock runs');
  made[0].server({ t: 'presence', white: true, black: false, claimFrom: 1_030_000 });
  assert.deepEqual(net.presence, { white: true, black: false, claimFrom: 1_030_000 });
  assert.deepEqual(events.filter(([t]) => t === 'presence').map(([, d]) => d.was), [null]);
  made[0].server({ t: 'presence', white: true, black: true, claimFrom: null });
  assert.deepEqual(events.filter(([t]) => t === 'presence').at(-1)[1].was, { white: true, black: false, claimFrom: 1_030_000 });
  assert.equal(net.abort(), true);
  assert.deepEqual(made[0].sent.at(-1), { t: 'abort' });
  made[0].server({ t: 'error', code: 'cannot-abort', message: 'no' });
  assert.deepEqual(events.at(-1), ['refused', { code: 'cannot-abort', message: 'no', re: 'abort' }]);
  // A move sent twice without an answer: given up, said, and the board back on the server's game.
  net.played({ move: { move: 'b2b5' }, by: 'user', ply: 2 });
  made[0].close();
  timers.shift()();
  made[1].open();
  made[1].server({ t: 'welcome', seat: 'white', game: FULL(S({ seq: 7, moves: 'a2a5 h7h4', ply: 2 })) });
  assert.deepEqual(made[1].sent.filter((m) => m.t === 'move'), [{ t: 'move', move: 'b2b5', ply: 2 }]);
  made[1].close();
  timers.shift()();
  made[2].open();
  events.length = 0;
  made[2].server({ t: 'welcome', seat: 'white', game: FULL(S({ seq: 7, moves: 'a2a5 h7h4', ply: 2 })) });
  assert.deepEqual(events.filter(([t]) => t === 'refused'), [['refused', { code: 'move-lost', message: '', re: 'move' }]], 'never dropped silently');
  assert.deepEqual(net.remote().moves, ['a2a5', 'h7h4']);
  net.close();
});

test('remoteState: an aborted game has its own ending, no winner', () => {
  assert.deepEqual(remoteState(S({ status: 'aborted', reason: 'abort' }), { live: false }).ended, { result: 'draw', reason: 'abort' });
  assert.deepEqual(remoteState(S({ status: 'aborted', reason: 'noStart' }), { live: false }).ended, { result: 'draw', reason: 'noStart' });
});

test('seats: the server\'s game kept too (a reload without the server shows it), the invitation made here', async () => {
  fakeStorage();
  const { keepOnlineGame, onlineGame } = await import('../../www/online/seats.js');
  keepOnlineGame({ id: 'dddddddddddddddd', seat: 'white', token: TOKEN, invite: 'ef'.repeat(16), variant: 'ultima' });
  keepOnlineGame({ id: 'dddddddddddddddd', full: FULL(S({ seq: 3 })) });
  keepOnlineGame({ id: 'dddddddddddddddd', moves: ['a2a5'] });
  const e = onlineGame('dddddddddddddddd');
  assert.equal(e.full.state.seq, 3);
  assert.equal(e.invite, 'ef'.repeat(16));
  assert.equal(e.token, TOKEN);
  delete globalThis.localStorage;
});

test('a spectator (both sides from the network) is told it watches, never that it is its opponent\'s move', async () => {
  const { readFileSync } = await import('node:fs');
  const pkg = new URL('../../www/pkg/', import.meta.url);
  const wasm = await import(`data:text/javascript;base64,${readFileSync(new URL('baroque_web.js', pkg)).toString('base64')}`);
  wasm.initSync({ module: readFileSync(new URL('baroque_web_bg.wasm', pkg)) });
  const { GameCtrl } = await import('../../www/game/ctrl.js');
  const { screenSource } = await import('../../www/game/sources/screen.js');
  const ctrl = new GameCtrl({ now: () => 0, Tree: wasm.WebTree });
  ctrl.start(wasm.WebGame.build('ultima', '', [], []), { variant: 'ultima', fen: '', options: [], mode: 'online', side: 'white', level: 1, autoflip: false, clock: null }, { ended: null, redo: [], clock: null });
  const net = { kind: 'network' };
  ctrl.setSources({ white: net, black: net });
  assert.deepEqual(ctrl.move('a2a5').refused, { id: 'error-watching' });
  ctrl.setSources({ white: screenSource(), black: net });
  ctrl.move('a2a5');
  assert.deepEqual(ctrl.move('h7h4').refused, { id: 'error-opponent-turn' }, 'a seat is told it is its opponent\'s move');
  ctrl.game.free();
});

test('the online words: every catalog parses whole, and every id the online modules name is in all three', async () => {
  const { readFileSync, readdirSync } = await import('node:fs');
  const { FluentResource } = await import('@fluent/bundle');
  const root = new URL('../../', import.meta.url);
  const ids = {};
  for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
    const res = new FluentResource(readFileSync(new URL(`www/i18n/${lang}.ftl`, root), 'utf8'));
    const junk = res.body.filter((e) => e.type === 'Junk' || !e.id);
    assert.deepEqual(junk.map((j) => String(j.content ?? '').slice(0, 80)), [], `${lang}.ftl has entries that do not parse`);
    ids[lang] = new Set(res.body.map((m) => m.id));
  }
  const files = ['www/online', 'www/pages/game'].flatMap((d) => readdirSync(new URL(d, root)).filter((f) => /^(online|news|invite|server|seats|address)/.test(f) || d === 'www/online').map((f) => `${d}/${f}`));
  files.push('www/views/games-list.js', 'www/game/sources/network.js');
  const used = new Set();
  const dom = new Set(['online']); // `data-online` values and the mode's name, not messages
  for (const f of files) {
    const text = readFileSync(new URL(f, root), 'utf8');
    for (const [, id] of text.matchAll(/'((?:online|games-online|error-watching|result-draw)[a-zA-Z0-9-]*)'/g)) if (!id.endsWith('-')) used.add(id);
    // Names of elements (ids and classes), not of messages.
    for (const [, a, b] of text.matchAll(/(?:className|\.id|dialog\.id)\s*=\s*'([^']+)'|\$\('([^']+)'\)/g)) dom.add(a ?? b);
  }
  for (const name of dom) used.delete(name);
  // Ids made from a server's code: the ones the page words.
  for (const code of ['seat-taken', 'bad-invite', 'no-game', 'unreachable']) used.add(`online-note-${code}`);
  for (const code of ['move-lost', 'cannot-abort', 'game-over']) used.add(`online-refused-${code}`);
  for (const kind of ['draw', 'takeback', 'rematch']) used.add(`online-offer-${kind}`).add(`online-offered-${kind}`);
  assert.ok(used.size > 40, `only ${used.size} ids found`);
  for (const lang of Object.keys(ids)) assert.deepEqual([...used].filter((id) => !ids[lang].has(id)), [], `${lang}.ftl lacks these`);
});

test('the network source: moves kept from before a reload are shown on the kept copy and sent on the welcome', () => {
  const { made, FakeSocket } = sockets();
  const net = new NetworkSource({ url: 'ws://127.0.0.1/ws/game/g1', token: 'T', WebSocket: FakeSocket, now: () => 1_000_000, setTimer: () => {}, clearTimer: () => {} });
  net.seed(FULL(S({ seq: 5, moves: 'a2a5 h7h4', ply: 2 })), [{ move: 'b2b5', ply: 2 }, { move: 'old', ply: 1 }, { move: 7, ply: 3 }]);
  assert.deepEqual(net.remote().moves, ['a2a5', 'h7h4', 'b2b5'], 'the move made before the reload shows');
  net.connect();
  made[0].open();
  made[0].server({ t: 'welcome', seat: 'white', game: FULL(S({ seq: 5, moves: 'a2a5 h7h4', ply: 2 })) });
  assert.deepEqual(made[0].sent.filter((m) => m.t === 'move'), [{ t: 'move', move: 'b2b5', ply: 2 }], 'sent once the server is there; a stale or bad one is not');
  net.close();
});
