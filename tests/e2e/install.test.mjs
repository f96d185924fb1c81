// Installable: index.html links a valid web app manifest whose icons (drawn from the game's own
// glyphs by scripts/make-icons.mjs) load at their stated sizes; Chromium finds no installability
// error; the service worker caches the manifest and the icons, so the installed app opens offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, artifact, chromiumPath, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('the manifest is valid and linked, and its icons load at their sizes', async () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.webmanifest'), 'utf8'));
  for (const key of ['name', 'short_name', 'start_url', 'scope', 'display', 'icons', 'background_color', 'theme_color']) {
    assert.ok(manifest[key], `the manifest has ${key}`);
  }
  assert.ok(['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display));
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
  for (const want of ['192x192 any', '512x512 any', '512x512 maskable']) assert.ok(sizes.includes(want), `an icon ${want}: ${sizes}`);

  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima'));
  const href = await page.$eval('link[rel="manifest"]', (l) => l.href);
  const res = await page.request.get(href);
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-type'], /^application\/manifest\+json/);
  // Chromium's own reading of the manifest: parsed without errors.
  const cdp = await context.newCDPSession(page);
  const app = await cdp.send('Page.getAppManifest');
  assert.deepEqual(app.errors, [], 'the manifest parses without errors');
  // Every icon loads and has the size the manifest says.
  for (const icon of manifest.icons) {
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = new URL(src, document.querySelector('link[rel="manifest"]').href).href;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    assert.equal(size, icon.sizes, icon.src);
  }
  assert.deepEqual(errors, []);
  // The icons on a page, to look at (a bare page: the browser also asks for /favicon.ico).
  await page.setContent(`<body style="background:#888;display:flex;gap:16px;padding:16px">${manifest.icons
    .map((i) => `<img src="${new URL(i.src, href).href}" width="192" height="192">`).join('')}</body>`);
  await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth));
  await page.screenshot({ path: artifact('icons.png') });
  await context.close();
});

test('Chromium finds no installability error (a real profile, not an incognito context)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'baroque-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const page = await context.newPage();
    await page.goto(env.url('variant=ultima'));
    await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the service worker caches the manifest and icons: the app opens offline', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega'));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.webmanifest'), 'utf8'));
  await context.setOffline(true);
  // The start URL of the manifest, offline.
  const start = new URL(manifest.start_url, env.url('')).href;
  const response = await page.goto(start);
  assert.ok(response.fromServiceWorker());
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  for (const path of ['manifest.webmanifest', ...manifest.icons.map((i) => i.src)]) {
    const status = await page.evaluate((p) => fetch(p).then((r) => r.status, () => 'failed'), path);
    assert.equal(status, 200, `${path} offline`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
