// scripts/serve.mjs and long addresses: a shared game of thousands of moves puts them all in the
// URL, so the server reads request lines far beyond Node's default 16 KB header limit, and one
// that is still too long gets the app's own message page (www/too-long.html), not a bare 431.
// No browser is needed: the requests are made with node:http.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startServer } from './helpers.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

/** GETs `path` from the server; resolves with { status, type, body }. */
function get(path) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(server.url), { path, method: 'GET' }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** A share link of `bytes` bytes or so: an Ultima game's moves, repeated. */
function longLink(bytes) {
  const moves = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const m = i % 2 === 0 ? 'b1c3%20c3b1' : 'g8f6%20f6g8';
    moves.push(m);
    length += m.length + 3;
  }
  return `/?variant=ultima&moves=${moves.join('%20')}`;
}

test('a 100 KB share link gets the page', async () => {
  const path = longLink(100 * 1024);
  assert.ok(path.length > 100 * 1024);
  const res = await get(path);
  assert.equal(res.status, 200);
  assert.match(res.type, /^text\/html/);
  assert.equal(res.body, readFileSync(join(ROOT, 'index.html'), 'utf8'));
});

test('a link beyond the limit gets the app’s message page, readable in a browser', async () => {
  const res = await get(longLink(2 * 1024 * 1024));
  assert.equal(res.status, 431);
  assert.match(res.type, /^text\/html/);
  assert.equal(res.body, readFileSync(join(ROOT, 'www', 'too-long.html'), 'utf8'));
  // The server goes on serving.
  assert.equal((await get('/')).status, 200);
});
