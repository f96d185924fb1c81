// Page weight: baroque-server sends the build's brotli and gzip copies with ETags, the computer's worker
// gets the page's compiled engine instead of downloading the wasm again, and a repeat visit is
// answered from the caches and with 304s. Prints the bytes a cold and a repeat visit transfer
// (Chromium's CDP network events: encoded bytes on the wire, headers included); docs/web.md
// keeps the figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();

/** Loads `url` in `page`, plays one move against the computer, returns {bytes, requests}. */
async function visit(page, url) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const seen = new Map();
  let bytes = 0;
  cdp.on('Network.responseReceived', (e) => seen.set(e.requestId, e.response.url));
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
  });
  await page.goto(url);
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  await page.fill('#move-input', 'e2e5');
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', '2', 20000);
  await page.waitForTimeout(500);
  await cdp.detach();
  return { bytes, urls: [...seen.values()] };
}

test('compressed, cached once, and the wasm fetched once: cold and repeat visit bytes', async () => {
  const res = await fetch(`${env.server.url}www/pkg/baroque_web_bg.wasm`, { headers: { 'Accept-Encoding': 'br, gzip' } });
  assert.equal(res.headers.get('content-encoding'), 'br');
  const etag = res.headers.get('etag');
  await res.arrayBuffer();
  const again = await fetch(`${env.server.url}www/pkg/baroque_web_bg.wasm`, { headers: { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag } });
  assert.equal(again.status, 304);
  const gz = await fetch(`${env.server.url}www/pages/game/main.js`, { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(gz.headers.get('content-encoding'), 'gzip');

  const context = await env.browser.newContext();
  const page = await context.newPage();
  const url = env.url('variant=ultima&mode=computer&side=white&level=1');
  const cold = await visit(page, url);
  // The worker got the page's module: the wasm was downloaded once.
  assert.equal(cold.urls.filter((u) => u.endsWith('.wasm')).length, 1, cold.urls.join('\n'));
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null || true);
  const second = await context.newPage();
  const repeat = await visit(second, url);
  await context.close();
  // Without the service worker, a repeat visit revalidates every file with the browser's HTTP
  // cache: 304s, headers only. (A page the service worker controls asks the server nothing but
  // the worker's update check: scripts/wire-weight.mjs measures that on the wire.)
  const plain = await env.browser.newContext({ serviceWorkers: 'block' });
  const p1 = await plain.newPage();
  const coldPlain = await visit(p1, url);
  const p2 = await plain.newPage();
  const repeatPlain = await visit(p2, url);
  console.log(`page weight: cold visit ${cold.bytes} bytes; repeat visit ${repeat.bytes} bytes from the page (service worker), `
    + `${repeatPlain.bytes} bytes without a service worker (cold ${coldPlain.bytes})`);
  assert.ok(repeat.bytes < cold.bytes / 10, `repeat ${repeat.bytes} vs cold ${cold.bytes}`);
  assert.ok(repeatPlain.bytes < coldPlain.bytes / 5, `repeat ${repeatPlain.bytes} vs cold ${coldPlain.bytes}`);
  await plain.close();
});
