// Phones, tablets and desktops: the whole board and the controls are on screen without
// scrolling, in all three games (Omega's wizard squares included), portrait and landscape; on
// touch the help speaks of taps and a long press shows a piece's name and moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, longPress, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

const SCREENS = [
  { name: 'phone-portrait', width: 360, height: 640, dpr: 3 },
  { name: 'phone-landscape', width: 844, height: 390, dpr: 3 },
  { name: 'tablet', width: 768, height: 1024, dpr: 2 },
  { name: 'desktop', width: 1366, height: 768, dpr: 1 },
  // The Chinese words are shorter but the glyphs taller: the phones again in each script.
  { name: 'phone-portrait-zh-Hans', width: 360, height: 640, dpr: 3, lang: 'zh-Hans' },
  { name: 'phone-landscape-zh-Hant', width: 844, height: 390, dpr: 3, lang: 'zh-Hant' },
];
const CONTROLS = ['#board', '#btn-new', '#btn-undo', '#btn-flip', '#lang-select', '#status', '#btn-describe', '#move-input'];

/** The boxes of the controls, the corner squares and the page's scroll size. */
function measure(page, variant) {
  return page.evaluate(([ids, corners]) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    return {
      boxes: Object.fromEntries(ids.map((id) => [id, box(document.querySelector(id))])),
      squares: Object.fromEntries(corners.map((s) => [s, window.baroque.squareCenter(s)])),
      scroll: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight],
      view: [innerWidth, innerHeight],
    };
  }, [CONTROLS, variant === 'omega' ? ['w1', 'w2', 'w3', 'w4', 'a0', 'j9'] : variant === 'hybrid' ? ['a1', 'j10'] : ['a1', 'h8']]);
}

for (const screen of SCREENS) {
  test(`${screen.name} ${screen.width}×${screen.height}: board and controls in view in every game`, async () => {
    for (const variant of ['ultima', 'omega', 'hybrid']) {
      const { page, errors, context } = await openPage(env.browser, env.url(`variant=${variant}${screen.lang ? `&lang=${screen.lang}` : ''}`), screen);
      const m = await measure(page, variant);
      await page.screenshot({ path: artifact(`layout-${screen.name}-${variant}.png`) });
      const [w, h] = m.view;
      for (const [id, b] of Object.entries(m.boxes)) {
        assert.ok(b.left >= 0 && b.top >= 0 && b.right <= w + 0.5 && b.bottom <= h + 0.5,
          `${variant}: ${id} is inside the ${w}×${h} window: ${JSON.stringify(b)}`);
        assert.ok(b.right - b.left > 0 && b.bottom - b.top > 0, `${variant}: ${id} is shown`);
      }
      for (const [sq, [x, y]] of Object.entries(m.squares)) {
        assert.ok(x > 0 && x < w && y > 0 && y < h, `${variant}: square ${sq} is on screen (${x}, ${y})`);
      }
      assert.ok(m.scroll[0] <= w && m.scroll[1] <= h, `${variant}: the page does not scroll (${m.scroll} in ${m.view})`);
      const board = m.boxes['#board'];
      const side = Math.min(w, h);
      assert.ok(board.right - board.left >= side * 0.7, `${variant}: the board uses the screen (${board.right - board.left} px of ${side})`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

test('on a touch screen the help speaks of taps, and a long press shows the piece', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega'), { width: 360, height: 640, dpr: 2, isMobile: true });
  assert.equal(await page.getAttribute('#board-help', 'data-input'), 'touch');
  assert.match(await page.textContent('#board-help'), /Tap/);
  assert.doesNotMatch(await page.textContent('#board-help'), /Hover|Click/);
  // Touch and hold the Wizard on w1 (a real touch: CDP touch events, held 700 ms).
  const [x, y] = await longPress(page, 'w1');
  const card = await page.textContent('#piece-card');
  assert.match(card, /White Wizard on w1/);
  assert.match(card, /camel/i, 'says how it moves');
  assert.equal(await page.getAttribute('#piece-card', 'data-role'), 'wizard');
  assert.match(await page.textContent('#live'), /White Wizard on w1/);
  const box = await page.$eval('#piece-card', (el) => {
    const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  });
  assert.ok(box[0] >= 0 && box[2] <= 360 && box[1] >= 0, `the card is on screen: ${box}`);
  await page.screenshot({ path: artifact('touch-long-press.png') });
  // A tap elsewhere closes it; a quick tap does not open it.
  await page.touchscreen.tap(x, y - 60);
  await page.waitForSelector('#piece-card', { state: 'hidden' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a piece dragged by a finger is drawn above the finger', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima'), { width: 360, height: 640, dpr: 1, isMobile: true });
  // Near-white pixels (the White pieces' body, #fbf8f1; the squares are darker) in a column of the canvas.
  const whiteIn = (x, y0, y1) =>
    page.evaluate(([x, y0, y1]) => {
      const c = document.querySelector('#board');
      const r = c.getBoundingClientRect();
      const k = c.width / r.width;
      const d = c.getContext('2d').getImageData(Math.round((x - r.left) * k), Math.round((y0 - r.top) * k), 1, Math.round((y1 - y0) * k)).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 245 && d[i + 1] > 240 && d[i + 2] > 232) n++;
      return n;
    }, [x, y0, y1]);
  const [x, y] = await page.evaluate(() => window.baroque.squareCenter('e2'));
  const [, y4] = await page.evaluate(() => window.baroque.squareCenter('e4'));
  const cell = y - (await page.evaluate(() => window.baroque.squareCenter('e3')))[1];
  assert.equal(await whiteIn(x, y4 - 2 * cell, y4 - 0.4 * cell), 0, 'e5 and e6 are empty before the drag');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y + ((y4 - y) * i) / 8 }] });
  }
  await page.waitForTimeout(100);
  await page.screenshot({ path: artifact('touch-drag.png') });
  assert.ok((await whiteIn(x, y4 - 2 * cell, y4 - 0.4 * cell)) > 5, 'the dragged pawn is drawn above the finger');
  assert.equal(await page.getAttribute('#board', 'data-hover'), 'e4', 'the square under the finger is the target');
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  assert.match(await page.getAttribute('#board', 'data-fen'), /4P3\/8\/PPPP1PPP/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a touch screen the words say tap, not click (frozen piece, legend)', async () => {
  const fen = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1'; // ultima.md §10 A: b4 is frozen
  const { page, errors, context } = await openPage(env.browser, env.url(`variant=ultima&fen=${encodeURIComponent(fen)}`), { width: 360, height: 640, isMobile: true });
  assert.match(await page.textContent('.legend-note'), /Tap a frozen piece twice/);
  const [x, y] = await page.evaluate(() => window.baroque.squareCenter('b4'));
  await page.touchscreen.tap(x, y);
  await page.waitForSelector('#selection-hint:not([hidden])');
  assert.match(await page.textContent('#selection-text'), /frozen\. Tap it again/);
  assert.deepEqual(errors, []);
  await context.close();
});
