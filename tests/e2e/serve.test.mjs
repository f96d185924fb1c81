// baroque-server serving the page from this checkout (crates/server/src/page.rs; its own tests
// are crates/server/tests/page.rs): long addresses (a shared game of thousands of moves puts them
// all in the URL, so request lines far beyond the HTTP parser's limit are read, and one that is
// still too long gets the app's own message page, www/too-long.html, not a bare 431), only the
// page's own files (never the repository's other contents), no open redirect, the build's
// compressed copies. No browser is needed: the requests are made with node:http.
import { createRequire } from 'node:module';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROOT, startServer } from './helpers.mjs';
import { samePrinted } from '../../scripts/squeeze.mjs';

let server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

/** GETs `path` from the server; resolves with { status, type, body, headers }. */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request(new URL(server.url), { path, method: 'GET', headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          type: res.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
          bytes: Buffer.concat(chunks),
          headers: res.headers,
        }),
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

test('only the page’s own files: not the repository’s other contents', async () => {
  for (const path of ['/.git/HEAD', '/Cargo.toml', '/README.md', '/crates/server/Cargo.toml', '/target/', '/scripts/start.sh',
    '/tests/e2e/helpers.mjs', '/www/pkg/page-files.txt', '/www/pkg/baroque_web.d.ts', '/node_modules/', '/www/../Cargo.toml',
    '/www/%2e%2e/Cargo.toml']) {
    assert.equal((await get(path)).status, 404, path);
  }
  for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/www/pages/game/main.js', '/www/pkg/baroque_web_bg.wasm',
    '/www/i18n/en.ftl', '/www/rules/ultima.html', '/www/icons/icon-192.png']) {
    assert.equal((await get(path)).status, 200, path);
  }
});

test('no open redirect', async () => {
  for (const path of ['/%2fexample.com/..%2fwww', '//example.com/..%2fwww', '/www']) {
    const res = await get(path);
    assert.ok(res.status < 300 || res.status >= 400, `${path}: ${res.status}`);
    assert.equal(res.headers.location, undefined, path);
  }
});

test('the build’s brotli and gzip copies, with ETags and 304s', async () => {
  const raw = readFileSync(join(ROOT, 'www', 'pages', 'game', 'main.js'));
  // The compressed copies hold the script without its comments and layout (scripts/precompress.mjs:
  // TypeScript's printer, then scripts/squeeze.mjs): the same program, in fewer bytes; the file
  // itself is served as it is.
  const ts = createRequire(join(ROOT, 'package.json'))('typescript');
  const br = await get('/www/pages/game/main.js', { 'accept-encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  const copy = brotliDecompressSync(br.bytes);
  assert.ok(copy.length < raw.length * 0.9, `${copy.length} of ${raw.length} bytes`);
  assert.ok(samePrinted(ts, raw.toString('utf8'), copy.toString('utf8')), 'the brotli copy is the same program');
  const gz = await get('/www/pages/game/main.js', { 'accept-encoding': 'gzip' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.deepEqual(gunzipSync(gz.bytes), copy);
  assert.deepEqual((await get('/www/pages/game/main.js', {})).bytes, raw);
  assert.notEqual(br.headers.etag, gz.headers.etag);
  assert.equal((await get('/www/pages/game/main.js', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag })).status, 304);
  for (const name of ['cross-origin-embedder-policy', 'cross-origin-resource-policy',
    'access-control-allow-origin']) {
    assert.ok(br.headers[name], name);
  }
});
