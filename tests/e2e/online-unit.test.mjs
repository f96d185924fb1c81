// The online modules without a browser (www/online/server.js, seats.js): the game an address
// names, the page's links, the challenge's body, the server's reachability (a fake fetch), and
// the seats kept in a (fake) localStorage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { challengeBody, gameLink, gameOfUrl, serverReachable, socketUrl } from '../../www/online/server.js';

const TOKEN = '0123456789abcdef0123456789abcdef';

test('the game an address names: ?game= or /game/ID, the token after #, nothing else', () => {
  assert.deepEqual(gameOfUrl({ search: '?game=9f1c2a7b5e3d4c60', pathname: '/index.html', hash: `#token=${TOKEN}` }), { id: '9f1c2a7b5e3d4c60', token: TOKEN });
  assert.deepEqual(gameOfUrl({ search: '', pathname: '/game/9f1c2a7b5e3d4c60', hash: '' }), { id: '9f1c2a7b5e3d4c60', token: null });
  assert.equal(gameOfUrl({ search: '?game=../../etc', pathname: '/', hash: '' }), null, 'not an id');
  assert.equal(gameOfUrl({ search: '?variant=omega', pathname: '/index.html', hash: '' }), null);
  assert.equal(gameOfUrl({ search: '?game=9f1c2a7b5e3d4c60', pathname: '/', hash: '#token=<script>' }).token, null, 'not a token');
});

test('links: the seat\'s carries its token after #, the spectator\'s none; the WebSocket on the same host', () => {
  const seat = new URL(gameLink('9f1c2a7b5e3d4c60', TOKEN, 'zh-Hans'));
  assert.equal(seat.searchParams.get('game'), '9f1c2a7b5e3d4c60');
  assert.equal(seat.searchParams.get('lang'), 'zh-Hans');
  assert.equal(seat.hash, `#token=${TOKEN}`);
  assert.match(seat.pathname, /\/index\.html$/);
  assert.equal(new URL(gameLink('9f1c2a7b5e3d4c60')).hash, '');
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

test('seats: kept, updated without losing the token, listed newest first, "your move", damaged ones skipped', async () => {
  const data = new Map();
  globalThis.localStorage = {
    get length() { return data.size; },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => data.set(k, String(v)),
    removeItem: (k) => data.delete(k),
  };
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
