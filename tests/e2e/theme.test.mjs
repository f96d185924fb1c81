// Light and dark themes: the page follows the system's colour scheme until a theme is picked,
// the pick and the board's colour set are remembered, and the canvas draws with the same
// palette as the page around it. Dark screenshots of the three games go to tests/artifacts/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

/** The colour of the canvas at a square's top-left corner area (a plain square pixel). */
function squarePixel(page, square) {
  return page.evaluate((s) => {
    const c = document.querySelector('#board');
    const r = c.getBoundingClientRect();
    const [x, y] = window.baroque.squareCenter(s);
    const k = c.width / r.width;
    const cell = r.width / 12;
    const d = c.getContext('2d').getImageData(Math.round((x - r.left - cell * 0.3) * k), Math.round((y - r.top + cell * 0.3) * k), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, square);
}

/** Opens the Appearance card of the panel (by its summary, as a player would). */
async function openAppearance(page) {
  if (!(await page.$eval('.appearance-card', (d) => d.open))) await page.click('.appearance-card summary');
}

const lightness = ([r, g, b]) => (r + g + b) / 3;
const bodyColor = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('a dark system gets the dark theme, on the page and on the board', async () => {
  for (const variant of ['ultima', 'omega', 'hybrid']) {
    const { page, errors, context } = await openPage(env.browser, env.url(`variant=${variant}`), { colorScheme: 'dark' });
    assert.equal(await page.getAttribute('html', 'data-colors'), 'dark');
    assert.equal(await page.$eval('#pick-theme', (s) => s.value), 'system');
    assert.ok(lightness((await bodyColor(page)).match(/\d+/g).map(Number)) < 60, 'the page is dark');
    // e4 is a light square in every game: the dark theme's light squares are darker than the light theme's.
    const dark = await squarePixel(page, 'e4');
    await page.screenshot({ path: artifact(`dark-${variant}.png`) });
    await openAppearance(page);
    await page.selectOption('#pick-board', 'slate');
    await page.waitForTimeout(100);
    await page.screenshot({ path: artifact(`dark-slate-${variant}.png`) });
    await page.selectOption('#pick-board', 'wood');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.colors === 'light');
    await page.waitForTimeout(100);
    const light = await squarePixel(page, 'e4');
    assert.ok(lightness(light) > lightness(dark) + 40, `light ${light} vs dark ${dark}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the theme and the board colours are switched on the page and remembered', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega'), { colorScheme: 'light' });
  const wood = await squarePixel(page, 'e4');
  await openAppearance(page);
  await page.selectOption('#pick-theme', 'dark');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
  assert.match(await page.textContent('#live'), /Theme: Dark/);
  await page.selectOption('#pick-board', 'slate');
  await page.waitForTimeout(100);
  const slate = await squarePixel(page, 'e4');
  assert.notDeepEqual(slate, wood);
  // The frame around the board comes from the board's palette (wasm boardColors).
  const frame = await page.$eval('.board-frame', (f) => getComputedStyle(f).backgroundColor);
  assert.equal(frame, 'rgb(18, 22, 25)');
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'data-theme'), 'dark', 'remembered across a reload');
  await openAppearance(page);
  assert.equal(await page.$eval('#pick-board', (s) => s.value), 'slate');
  assert.deepEqual(await squarePixel(page, 'e4'), slate);
  assert.deepEqual(await page.evaluate(() => [localStorage.getItem('baroque.theme'), localStorage.getItem('baroque.boardSet')]), ['dark', 'slate']);
  // Back to following the system.
  await page.selectOption('#pick-theme', 'system');
  assert.equal(await page.getAttribute('html', 'data-theme'), null);
  assert.equal(await page.getAttribute('html', 'data-colors'), 'light');
  assert.deepEqual(errors, []);
  await context.close();
});
