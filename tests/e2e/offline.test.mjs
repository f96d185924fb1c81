// Offline play through the service worker (sw.js): once the page has been opened, it starts with
// the network gone, hot-seat moves work and the computer answers from its worker, still
// cross-origin isolated (the cached responses keep baroque-server's COOP/COEP headers). A new build
// (a new www/pkg/build-id.js) replaces the old cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, artifact, boardAttr, clickSquare, live, openPage, startServer, useBrowser, waitAttr } from './helpers.mjs';
import { quiet, relay } from '../../scripts/wire-weight.mjs';

const env = useBrowser();
const url = env.url;

/** The build id that scripts/build-web.sh wrote into `root`/www/pkg/build-id.js. */
const buildId = (root = ROOT) => readFileSync(join(root, 'www', 'pkg', 'build-id.js'), 'utf8').match(/BAROQUE_BUILD = '([^']+)'/)[1];

/** Waits until a service worker controls the page (sw.js claims it as soon as it is active). */
async function waitControlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
}

const cacheNames = (page) => page.evaluate(() => caches.keys());

test('once opened, the page plays offline: the board, a hot-seat move and the computer’s reply', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await waitControlled(page);
  assert.deepEqual(await cacheNames(page), [`baroque-${buildId()}`]);

  await context.setOffline(true);
  // Really offline, service worker included: a file that was never cached cannot be fetched.
  assert.equal(await page.evaluate(() => fetch('README.md?offline-check').then((r) => r.status, () => 'failed')), 'failed');
  errors.length = 0; // the failed fetch above is logged

  const response = await page.reload();
  assert.ok(response.fromServiceWorker(), 'the page came from the service worker');
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  // The cached page kept its COOP/COEP headers: shared memory still stops the computer.
  assert.equal(await page.evaluate(() => crossOriginIsolated), true);
  assert.equal(await boardAttr(page, 'data-side'), 'white');
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e5');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pincer Pawn e2 to e5.');

  // A computer game, started offline with another query than the one opened online.
  await page.goto(url('variant=ultima&mode=computer&side=white&level=2'));
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  assert.equal(await boardAttr(page, 'data-ai-stop'), 'shared');
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e5');
  await waitAttr(page, 'data-ply', '2', 30000);
  assert.match(await live(page), /^Black /);
  await page.screenshot({ path: artifact('offline.png') });
  assert.deepEqual(errors, []);

  // Online play's modules are not kept (they need the server anyway): an online game's link
  // opened offline says so and the page's own game stays playable.
  await page.goto(url('game=0123abcd'));
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  await page.waitForFunction(() => document.getElementById('page-error')?.textContent.includes('Not connected to the game server'), null, { timeout: 10000 });
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e5');
  await waitAttr(page, 'data-ply', '1');
  await context.close();
});

test('a new build replaces the cache of the old one', async () => {
  // A copy of the page, so its build id can be changed as a rebuild would.
  const root = mkdtempSync(join(tmpdir(), 'baroque-sw-'));
  for (const f of ['index.html', 'manifest.webmanifest', 'sw.js', 'www']) cpSync(join(ROOT, f), join(root, f), { recursive: true });
  const server = await startServer('--root', root);
  try {
    const { page, errors, context } = await openPage(env.browser, `${server.url}index.html?variant=omega`);
    await waitControlled(page);
    assert.deepEqual(await cacheNames(page), [`baroque-${buildId(root)}`]);

    // A rebuild changes only the id (the file also lists the copied library files).
    const idFile = join(root, 'www', 'pkg', 'build-id.js');
    writeFileSync(idFile, readFileSync(idFile, 'utf8').replace(/BAROQUE_BUILD = '[^']+'/, "BAROQUE_BUILD = 'next-build'"));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const deadline = Date.now() + 20000;
    while ((await cacheNames(page)).join() !== 'baroque-next-build') {
      assert.ok(Date.now() < deadline, `caches after the update: ${await cacheNames(page)}`);
      await page.waitForTimeout(100);
    }
    // The new cache is complete: the page starts from it offline.
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
    assert.equal(await boardAttr(page, 'data-side'), 'white');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    server.stop();
    rmSync(root, { recursive: true, force: true });
  }
});

test('a first visit fetches each file once: the service worker takes what the page loaded from the HTTP cache', async () => {
  // Every request reaches the server through a relay that lists the paths asked for.
  const { server: proxy, counter, port } = await relay(Number(new URL(env.server.url).port));
  const context = await env.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://localhost:${port}/index.html?variant=ultima&mode=computer&side=white&level=1`);
    await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
    await waitControlled(page);
    await quiet(counter);
    const shell = [...readFileSync(join(ROOT, 'sw.js'), 'utf8').matchAll(/^ {2}'([^']+)',/gm)].map((m) => `/${m[1]}`);
    // What the page loaded before the worker registered (www/pages/game/main.js does so once the game is
    // playable) is not asked for again by the worker's install. Two exceptions: the icons (the
    // favicon, and the manifest's, which Chromium fetches for its install prompt once a service
    // worker controls the page), which the browser fetches on its own terms, and index.html, which the page loaded under
    // its address with a query that Chromium's HTTP cache does not give to the worker (4 KB).
    // The computer's worker has a module map of its own, so it loads its modules
    // (engine/worker.js → engine/engine.js → errors.js, pkg/baroque_web.js) a second time, before or
    // after the service worker registers as the two race: those may come twice, nothing else may.
    assert.ok(counter.paths.indexOf('/sw.js') > 0, counter.paths.join('\n'));
    const workerGraph = ['/www/engine/engine.js', '/www/engine/errors.js', '/www/pkg/baroque_web.js'];
    const times = new Map();
    for (const p of counter.paths) times.set(p, (times.get(p) ?? 0) + 1);
    const again = [...times]
      .filter(([p, n]) => n > (workerGraph.includes(p) ? 2 : 1) && p !== '/index.html' && !p.startsWith('/www/icons/'))
      .map(([p, n]) => `${p} ×${n}`);
    assert.deepEqual(again, [], counter.paths.join('\n'));
    const missing = shell.filter((p) => !counter.paths.includes(p));
    assert.deepEqual(missing, [], 'every file of the shell was fetched');
    assert.equal(counter.paths.filter((q) => q.endsWith('.wasm')).length, 1);
    // And the whole shell is cached: it was all asked for once, now or by the page.
    const cached = await page.evaluate(async () => (await caches.open((await caches.keys())[0])).keys().then((k) => k.length));
    assert.ok(cached >= shell.length, `${cached} cached of ${shell.length}`);
  } finally {
    await context.close();
    proxy.close();
  }
});
