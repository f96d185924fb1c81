// Keyboard alone: Tab reaches every control with a visible focus ring; a complete game (a short
// forced mate of the hybrid, hybrid.md: R h1–h9, K a10–b10 forced, R h9–h10 mate) is played with
// the arrow keys and Enter and announced in the live region; "describe the position" on demand;
// the promotion chooser and the new-game dialog are keyboard-operable and give the focus back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, live, openPage, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const MATE = 'k9/10/1K8/10/10/10/10/10/10/7R2 w - - 0 1';

/** The focused element: a name for it and whether its focus ring shows. */
const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    const s = getComputedStyle(el);
    return {
      key: [...document.querySelectorAll('*')].indexOf(el),
      id: el.id || el.dataset.ply || el.tagName.toLowerCase(),
      tag: el.tagName.toLowerCase(),
      ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
    };
  });

/** Presses `key` `n` times. */
async function press(page, key, n = 1) {
  for (let i = 0; i < n; i++) await page.keyboard.press(key);
}

test('Tab reaches every control, each with a visible focus ring', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega&moves=e1e4,e8e5'));
  await page.$$eval('details', (ds) => ds.forEach((d) => (d.open = true)));
  const seen = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.tag === 'body' || seen.some((s) => s.key === f.key)) break;
    assert.ok(f.ring, `${f.id} shows its focus`);
    seen.push(f);
  }
  const ids = seen.map((s) => s.id);
  for (const want of ['btn-new', 'btn-undo', 'btn-flip', 'lang-select', 'board', 'btn-describe', 'move-input', '1', '2',
    'fen-out', 'btn-copy-fen', 'share-link', 'pick-theme', 'pick-board']) {
    assert.ok(ids.includes(want), `Tab reaches ${want}: ${ids.join(' ')}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

for (const lang of ['en', 'zh-Hans']) test(`a complete game by keyboard alone, announced (${lang})`, async () => {
  const { page, errors, context } = await openPage(env.browser, env.url(`variant=hybrid&lang=${lang}&fen=${encodeURIComponent(MATE)}`));
  const en = lang === 'en';
  /** The live region says `english` (in English) or something in Chinese characters. */
  const says = async (english) => {
    const text = await live(page);
    if (en) assert.match(text, english);
    else assert.match(text, /[\u4e00-\u9fff]/, `announced in ${lang}: ${text}`);
    return text;
  };
  // Tab from the top of the page to the board.
  for (let i = 0; i < 10 && (await focused(page)).id !== 'board'; i++) await page.keyboard.press('Tab');
  assert.equal((await focused(page)).id, 'board');
  await press(page, 'd');
  await says(/White to move.*King/);
  // The first arrow shows the cursor in the middle (e5); walk to h1 and pick up the Rook.
  await press(page, 'ArrowRight');
  assert.equal(await page.getAttribute('#board', 'data-cursor'), 'e5');
  await press(page, 'ArrowRight', 3);
  await press(page, 'ArrowDown', 4);
  assert.equal(await page.getAttribute('#board', 'data-cursor'), 'h1');
  assert.match(await says(/^h1: White Rook/), /^h1/);
  await press(page, 'Enter');
  await waitAttr(page, 'data-selected', 'h1');
  await press(page, 'ArrowUp', 8);
  await press(page, 'Enter');
  await waitAttr(page, 'data-ply', '1');
  assert.match(await says(/^White Rook h1 to h9/), /h1.*h9/);
  // Black's only move: the King a10 to b10.
  await press(page, 'ArrowLeft', 7);
  await press(page, 'ArrowUp');
  assert.equal(await page.getAttribute('#board', 'data-cursor'), 'a10');
  await press(page, 'Enter');
  await press(page, 'ArrowRight');
  assert.match(await says(/b10: empty\. a10 can move here/), /b10/);
  await press(page, 'Enter');
  await waitAttr(page, 'data-ply', '2');
  assert.match(await says(/^Black King a10 to b10/), /a10.*b10/);
  // Mate: the Rook h9 to h10.
  await press(page, 'ArrowRight', 6);
  await press(page, 'ArrowDown');
  await press(page, 'Enter');
  await press(page, 'ArrowUp');
  await press(page, 'Enter');
  await waitAttr(page, 'data-result', 'white');
  const result = await page.textContent('#status');
  if (en) assert.equal(result, 'White wins by checkmate.');
  assert.ok((await says(/h9 to h10.*White wins by checkmate\./)).includes(result), 'the result is announced');
  await press(page, 'd');
  assert.ok((await live(page)).includes(result), 'the description starts with the result');
  await page.screenshot({ path: artifact(`keyboard-mate-${lang}.png`) });
  // Ctrl+Z takes the mate back, from the keyboard too.
  await page.keyboard.press('Control+z');
  await waitAttr(page, 'data-ply', '2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the promotion chooser: arrows, Enter and Esc, with the focus back on the board', async () => {
  const fen = 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, env.url(`variant=hybrid&fen=${encodeURIComponent(fen)}`));
  await page.focus('#board');
  const toPromotion = async () => {
    assert.equal(await page.getAttribute('#board', 'data-cursor'), 'e7');
    await press(page, 'Enter');
    await press(page, 'ArrowUp');
    await press(page, 'ArrowLeft'); // d8
    await press(page, 'Enter');
    await page.waitForSelector('#promotion:not([hidden])');
    // The chooser focuses its first button on the next frame: keys pressed before that went to
    // the board (a Rook instead of the Knight, seen on a loaded machine).
    await page.waitForFunction(() => document.activeElement?.closest?.('#promotion-choices'));
  };
  await press(page, 'ArrowUp', 3); // the cursor appears on e5, then e6, e7
  await toPromotion();
  assert.equal(await page.evaluate(() => document.activeElement.dataset.move), 'e7d8r');
  await press(page, 'ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.move), 'e7d8n');
  await press(page, 'ArrowLeft', 2); // wraps round to the last button, Cancel
  assert.equal(await page.evaluate(() => document.activeElement.id), 'promotion-cancel');
  await press(page, 'ArrowLeft');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.move), 'e7d8z');
  await press(page, 'Escape');
  await page.waitForSelector('#promotion', { state: 'hidden' });
  assert.equal((await focused(page)).id, 'board', 'Esc gives the focus back to the board');
  assert.equal(await page.getAttribute('#board', 'data-ply'), '0');
  // Again, and choose the Knight with Enter.
  assert.equal(await page.getAttribute('#board', 'data-cursor'), 'd8', 'the cursor is back where it was');
  await press(page, 'ArrowDown');
  await press(page, 'ArrowRight');
  await toPromotion();
  await press(page, 'ArrowRight');
  await press(page, 'Enter');
  await waitAttr(page, 'data-ply', '1');
  assert.equal((await focused(page)).id, 'board', 'the focus is back on the board after the choice');
  assert.match(await live(page), /Knight/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the new-game dialog from the keyboard: Esc closes it and the focus returns to its button', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima'));
  await page.focus('#btn-new');
  await press(page, 'Enter');
  await page.waitForSelector('#new-game[open]');
  assert.ok(await page.evaluate(() => document.querySelector('#new-game').contains(document.activeElement)), 'the focus is in the dialog');
  await press(page, 'Escape');
  await page.waitForFunction(() => !document.querySelector('#new-game').open);
  assert.equal((await focused(page)).id, 'btn-new');
  // Start Omega with the arrow keys on the game choice and Enter.
  await press(page, 'Enter');
  await page.waitForSelector('#new-game[open]');
  await page.focus('#new-game input[name="variant"]:checked');
  await press(page, 'ArrowDown');
  assert.equal(await page.$eval('#new-game input[name="variant"]:checked', (i) => i.value), 'omega');
  await page.focus('#ng-start');
  await press(page, 'Enter');
  await waitAttr(page, 'data-variant', 'omega', 15000);
  assert.equal((await focused(page)).id, 'btn-new');
  assert.deepEqual(errors, []);
  await context.close();
});
