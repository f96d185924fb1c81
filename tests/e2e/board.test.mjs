// The board in a real browser: each variant loads cleanly, moves are made by clicking, dragging
// and typing, and the markers the rules call for (capture preview, frozen pieces, checks, last
// move) appear where the rule book says. Run with `node --test tests/e2e/`.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { artifact, boardAttr, clickSquare, hoverSquare, live, openPage, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

/** RGBA of the canvas's backing store in `square`, at (fx, fy) of the cell from its centre
 * (default: near the top-left corner, where no piece is drawn). */
async function pixel(page, square, fx = -0.42, fy = -0.42) {
  return page.evaluate(([sq, fx, fy]) => {
    const c = document.querySelector('#board');
    const r = c.getBoundingClientRect();
    const [x, y] = window.baroque.squareCenter(sq);
    const cell = r.width / (c.dataset.variant === 'omega' ? 12 : c.dataset.variant === 'ultima' ? 8 : 10);
    const k = c.width / r.width;
    const px = Math.round((x + fx * cell - r.left) * k);
    const py = Math.round((y + fy * cell - r.top) * k);
    const d = c.getContext('2d').getImageData(px, py, 1, 1).data;
    return [d[0], d[1], d[2], d[3]];
  }, [square, fx, fy]);
}

describe('each variant', () => {
  const figures = {};
  for (const variant of ['ultima', 'omega', 'hybrid']) {
    test(`${variant} loads with no console errors and draws its start position`, async () => {
      const { page, errors, context } = await openPage(env.browser, url(`variant=${variant}`), { dpr: 2 });
      await page.waitForTimeout(200);
      assert.deepEqual(errors, []);
      assert.equal(await boardAttr(page, 'data-variant'), variant);
      assert.match(await page.textContent('#status'), /White to move/);
      assert.equal(await page.isVisible('#page-error'), false);
      const label = await boardAttr(page, 'aria-label');
      assert.match(label, /White to move\. White: King /);
      // High-DPI: the backing store has device pixels.
      const size = await page.evaluate(() => {
        const c = document.querySelector('#board');
        return [c.width, c.getBoundingClientRect().width];
      });
      assert.ok(Math.abs(size[0] - size[1] * 2) <= 1, `backing store ${size[0]} for ${size[1]} CSS px`);
      // The legend names this game's pieces.
      const legend = await page.$$eval('#legend li', (lis) => lis.map((li) => li.dataset.role));
      assert.ok(legend.includes('king'));
      figures[variant] = await page.evaluate(() => performance.getEntriesByName('baroque:time-to-board')[0]?.duration);
      assert.ok(figures[variant] > 0);
      await page.screenshot({ path: artifact(`start-${variant}.png`) });
      if (variant === 'omega') {
        // Wizard squares are drawn in their own colour; holes are not squares at all.
        const [r, g, b] = await pixel(page, 'w2');
        assert.ok(b > g + 30 && r > g, `w2 is purple, got ${r},${g},${b}`);
        const hole = await page.evaluate(() => {
          const c = document.querySelector('#board');
          const r = c.getBoundingClientRect();
          const k = c.width / r.width;
          const [x, y] = window.baroque.squareCenter('w1');
          const cell = r.width / 12;
          // the cell right of w1 is a hole (its centre holds the file letter): transparent canvas
          const hx = x + 0.65 * cell;
          const hy = y + 0.35 * cell;
          return c.getContext('2d').getImageData(Math.round((hx - r.left) * k), Math.round((hy - r.top) * k), 1, 1).data[3];
        });
        assert.equal(hole, 0);
      }
      await context.close();
    });
  }
  after(() => writeFileSync(artifact('time-to-board.json'), JSON.stringify(figures, null, 2)));
});

test('an unknown variant is reported on the page, and a board is still shown', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=chess&level=99'));
  assert.deepEqual(errors, []);
  const text = await page.textContent('#page-error');
  assert.match(text, /Unknown variant “chess”/);
  assert.match(text, /Level “99”/);
  assert.equal(await boardAttr(page, 'data-variant'), 'ultima');
  await context.close();
});

test('bad options and FEN in the URL are reported with the engine’s message', async () => {
  const { page, context } = await openPage(env.browser, url('variant=ultima&win=never&fen=xyz'));
  const text = await page.textContent('#page-error');
  assert.match(text, /option win=never is not allowed/);
  assert.match(text, /The FEN’s board is wrong/);
  assert.match(await page.textContent('#status'), /White to move/);
  await context.close();
});

test('hot-seat: click-click, drag-and-drop and typed moves', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await clickSquare(page, 'e2');
  assert.equal(await boardAttr(page, 'data-selected'), 'e2');
  assert.equal(await boardAttr(page, 'data-dests'), 'e3 e4 e5 e6');
  await clickSquare(page, 'e5');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pincer Pawn e2 to e5.');
  assert.match(await page.textContent('#status'), /Black to move/);
  // Drag a Black pawn d7 → d4; an illegal drop first snaps back.
  const drag = async (from, to) => {
    const [x0, y0] = await page.evaluate((s) => window.baroque.squareCenter(s), from);
    const [x1, y1] = await page.evaluate((s) => window.baroque.squareCenter(s), to);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 8 });
    await page.mouse.up();
  };
  await drag('d7', 'a1');
  assert.equal(await boardAttr(page, 'data-ply'), '1');
  await drag('d7', 'd4');
  await waitAttr(page, 'data-ply', '2');
  assert.equal(await live(page), 'Black Pincer Pawn d7 to d4.');
  // Typed moves: move text, display notation and errors.
  await page.fill('#move-input', 'zz9');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-error'), /does not start with a square/);
  await page.fill('#move-input', 'a1a5');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('#move-error'), /Illegal move “a1a5”/);
  await page.fill('#move-input', 'Pa2-a4');
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', '3');
  assert.equal(await page.textContent('#move-error'), '');
  const list = await page.$$eval('#move-list .ply', (s) => s.map((x) => x.textContent).filter(Boolean));
  assert.deepEqual(list, ['Pe2-e5', 'Pd7-d4', 'Pa2-a4']);
  // Undo takes back one ply in hot-seat.
  await page.click('#btn-undo');
  await waitAttr(page, 'data-ply', '2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('capture preview, frozen pieces and the last move (ultima.md §10 A)', async () => {
  const fen = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&fen=${encodeURIComponent(fen)}`), { dpr: 2 });
  assert.equal(await boardAttr(page, 'data-frozen'), 'b4');
  const frozenPixel = await pixel(page, 'b4');
  await clickSquare(page, 'g4');
  await hoverSquare(page, 'd4');
  assert.equal(await boardAttr(page, 'data-preview'), 'c4 d5');
  const before = await pixel(page, 'c4', 0.18, 0.18);
  await page.screenshot({ path: artifact('capture-preview.png') });
  await hoverSquare(page, 'e4');
  assert.equal(await boardAttr(page, 'data-preview'), '');
  const after = await pixel(page, 'c4', 0.18, 0.18);
  assert.notDeepEqual(before, after, 'the preview mark changes the victim’s square');
  // The frozen pawn is tinted blue.
  assert.ok(frozenPixel[2] > frozenPixel[0], `frozen b4 is blue-tinted: ${frozenPixel}`);
  await clickSquare(page, 'd4');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pincer Pawn g4 to d4, captures Immobilizer c4 and Pincer Pawn d5.');
  assert.equal(await boardAttr(page, 'data-frozen'), '');
  assert.equal(await page.textContent('#move-list .ply.last'), 'Pg4-d4xc4xd5', 'no invisible characters');
  assert.equal(await page.getAttribute('#move-list .ply.last', 'data-move'), 'g4d4');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a frozen piece removes itself when clicked twice (suicide)', async () => {
  const fen = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';
  const { page, context } = await openPage(env.browser, url(`variant=ultima&fen=${encodeURIComponent(fen)}`));
  await clickSquare(page, 'b4');
  assert.equal(await boardAttr(page, 'data-selected'), 'b4');
  assert.match(await page.textContent('#selection-hint'), /frozen.*suicide/s);
  await clickSquare(page, 'b4');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await live(page), 'White Pincer Pawn on b4 removes itself (suicide).');
  assert.equal(await page.textContent('#move-list .ply.last'), 'Pb4xx');
  await context.close();
});

test('check shows the King, the attacker and its method (ultima.md §10 D)', async () => {
  const fen = '2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1';
  const { page, context } = await openPage(env.browser, url(`variant=ultima&fen=${encodeURIComponent(fen)}`));
  await page.fill('#move-input', 'g6c6');
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', '1');
  assert.equal(await boardAttr(page, 'data-check'), 'd7');
  assert.equal(await boardAttr(page, 'data-checkers'), 'c6');
  assert.match(await page.textContent('#check-info'), /Chameleon on c6 \(c6–d7 would take it by stepping onto it/);
  assert.match(await live(page), /captures .*Withdrawer h6.*, check\./);
  await page.waitForTimeout(400); // let the slide and fades finish
  await page.screenshot({ path: artifact('check.png') });
  await context.close();
});

test('the keyboard plays and previews captures on the board', async () => {
  const fen = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';
  const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&fen=${encodeURIComponent(fen)}`));
  await page.focus('#board');
  await page.keyboard.press('Enter'); // shows the cursor in the middle of the board
  assert.equal(await boardAttr(page, 'data-cursor'), 'd4');
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await boardAttr(page, 'data-cursor'), 'g4');
  assert.match(await live(page), /^g4: White Pincer Pawn\.$/);
  await page.keyboard.press('Enter');
  assert.equal(await boardAttr(page, 'data-selected'), 'g4');
  for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  assert.equal(await boardAttr(page, 'data-preview'), 'c4 d5');
  assert.equal(await live(page), 'd4: empty. Moving g4 here captures c4 and d5.');
  await page.keyboard.press('Enter');
  await waitAttr(page, 'data-ply', '1');
  assert.match(await live(page), /^White Pincer Pawn g4 to d4, captures/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list shows earlier positions, read-only, and returns to the game', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&moves=e2e5,d7d4,a2a4'));
  assert.equal(await boardAttr(page, 'data-ply'), '3');
  await page.click('#move-list .ply[data-ply="1"]');
  assert.equal(await boardAttr(page, 'data-viewing'), '1');
  assert.match(await page.textContent('#viewing-text'), /^After 1\. Pe2-e5 \(move 1 of 3\)\.$/);
  assert.match(await boardAttr(page, 'aria-label'), /Black to move\..*Pincer Pawn a2 b2 c2 d2 f2 g2 h2 e5;/);
  // Nothing can be moved while looking back (d7 still holds Black's pawn there).
  await clickSquare(page, 'd7');
  assert.equal(await boardAttr(page, 'data-selected'), '');
  // Arrow keys step through the moves from the move list (on the board they move its cursor).
  await page.focus('#move-list .ply[data-ply="1"]');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await boardAttr(page, 'data-viewing'), '0');
  await page.keyboard.press('End');
  assert.equal(await boardAttr(page, 'data-viewing'), null);
  assert.equal(await page.isVisible('#viewing'), false);
  await clickSquare(page, 'h7');
  assert.equal(await boardAttr(page, 'data-selected'), 'h7');
  assert.deepEqual(errors, []);
  await context.close();
});
