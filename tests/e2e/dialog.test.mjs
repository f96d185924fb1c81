// The new-game dialog: variant, Ultima's start arrays and rule options reach the game, and the
// URL follows; hot-seat games can turn the board for the player to move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, artifact, boardAttr, clickSquare, loadWasm, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

test('the dialog starts an Ultima game from a chosen start array with rule options', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=omega'));
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.check('#new-game input[name="variant"][value="ultima"]');
  // Start arrays, rule options, FEN and PGN are folded away until opened.
  assert.equal(await page.isVisible('#ng-setup-fields'), false);
  await page.click('#ng-more > summary');
  assert.equal(await page.isVisible('#ng-setup-fields'), true);
  await page.check('#new-game input[name="choice-wIC"]');
  await page.check('#new-game input[name="choice-bKW"]');
  assert.equal(await page.textContent('#ng-setup-preview'), 'clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1');
  await page.selectOption('#ng-opt-stalemate', 'draw');
  await page.selectOption('#ng-opt-suicide', 'off');
  await page.click('#ng-start');
  await page.waitForFunction(() => document.querySelector('#board').dataset.fen?.startsWith('clxkwxli/'));
  assert.equal(await boardAttr(page, 'data-variant'), 'ultima');
  const query = new URL(page.url()).searchParams;
  assert.equal(query.get('variant'), 'ultima');
  assert.equal(query.get('stalemate'), 'draw');
  assert.equal(query.get('suicide'), 'off');
  assert.equal(query.get('fen'), 'clxkwxli/pppppppp/8/8/8/8/PPPPPPPP/CLXKWXLI w - - 0 1');
  // Reloading the URL gives the same game.
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.match(await boardAttr(page, 'data-fen'), /^clxkwxli\//);
  assert.equal(await page.isVisible('#page-error'), false);
  // Omega has no rule options: the dialog hides them.
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  // A game with a start array and rule options of its own opens the folded part.
  assert.equal(await page.$eval('#ng-more', (d) => d.open), true);
  assert.equal(await page.inputValue('#ng-opt-stalemate'), 'draw');
  await page.check('#new-game input[name="variant"][value="omega"]');
  assert.equal(await page.isVisible('#ng-options-fields'), false);
  assert.equal(await page.isVisible('#ng-setup-fields'), false);
  await page.click('#new-game button[value="cancel"]');
  assert.equal(await boardAttr(page, 'data-variant'), 'ultima');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the dialog offers exactly the engine’s start arrays and option values, read from the table', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  const table = await page.evaluate(async () => (await import('./www/engine/engine.js')).gameTable());
  const ultima = table.find((g) => g.id === 'ultima');
  assert.equal(ultima.startArrays.length, 16);
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.check('#new-game input[name="variant"][value="ultima"]');
  await page.click('#ng-more > summary');
  const boxes = await page.$$eval('#ng-setup-choices input', (els) => els.map((e) => e.value));
  assert.deepEqual(boxes.sort(), ['bIC', 'bKW', 'wIC', 'wKW']);
  // Every combination of the boxes previews one of the table's arrays: all 16, each once.
  const seen = new Set();
  for (let bits = 0; bits < 16; bits++) {
    for (const [i, c] of boxes.entries()) await page.setChecked(`#new-game input[name="choice-${c}"]`, Boolean(bits & (1 << i)));
    seen.add(await page.textContent('#ng-setup-preview'));
  }
  assert.deepEqual([...seen].sort(), ultima.startArrays.map((a) => a.fen).sort());
  // The option selects hold exactly the table's values, default first.
  for (const o of ultima.options) {
    assert.deepEqual(await page.$$eval(`#ng-opt-${o.name} option`, (els) => els.map((e) => e.value)), o.values);
  }
  // The legend lists the table's pieces, in its order, for each game.
  for (const g of table) {
    await page.goto(url(`variant=${g.id}`));
    await page.waitForSelector('#board[data-ready="true"]');
    assert.deepEqual(await page.$$eval('#legend li', (els) => els.map((e) => e.dataset.role)), g.pieces.map((p) => p.role), g.id);
  }
  await page.goto(url('variant=ultima'));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  // The variants and the levels come from the table and the searcher.
  assert.deepEqual(await page.$$eval('#ng-variants input', (els) => els.map((e) => e.value)), table.map((g) => g.id));
  assert.equal(await page.$$eval('#ng-level option', (els) => els.length), 8);
  // Each level's limits, from the searcher's table, as its tooltip.
  assert.equal(await page.getAttribute('#ng-level option[value="1"]', 'title'), 'looks 1 half-move ahead, weighs at most 5,000 positions a move');
  assert.equal(await page.getAttribute('#ng-level option[value="8"]', 'title'), 'thinks up to 10 s a move');
  // Under the menu, the chosen level's limits and strength in words: its figure on the levels'
  // scale and the score that its difference to the level below predicts (levels::ELO).
  await page.check('#new-game input[name="mode"][value="computer"]');
  const levels = (await loadWasm()).WebSearcher.levels();
  const number = new Intl.NumberFormat('en');
  for (const [i, l] of levels.entries()) {
    await page.selectOption('#ng-level', String(l.level));
    const elo = number.format(l.elo);
    const about = await page.textContent('#ng-level-about');
    if (i === 0) {
      assert.equal(about, `looks 1 half-move ahead, weighs at most 5,000 positions a move, strength ${elo} on the levels' scale (each level above is measured against the one below it)`);
      continue;
    }
    const below = levels[i - 1];
    const score = Math.round(100 / (1 + 10 ** (-(l.elo - below.elo) / 400)));
    assert.ok(score > 50 && score < 100, `level ${l.level} is stronger than ${below.level}: ${score}%`);
    assert.ok(about.endsWith(`strength ${elo} on the levels' scale: it wins about ${score}% of the points against level ${below.level}`), about);
  }
  assert.equal(await page.getAttribute('#ng-level', 'aria-describedby'), 'ng-level-about');
  // A game with one start array and no options hides both.
  await page.check('#new-game input[name="variant"][value="hybrid"]');
  assert.equal(await page.isVisible('#ng-setup-fields'), false);
  assert.equal(await page.isVisible('#ng-options-fields'), false);
  await page.click('#new-game button[value="cancel"]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('hot-seat with the board turned for the player to move', async () => {
  const { page, context } = await openPage(env.browser, url('variant=hybrid&flip=auto'));
  assert.equal(await boardAttr(page, 'data-orientation'), 'white');
  await clickSquare(page, 'e3');
  await clickSquare(page, 'e5');
  await page.waitForFunction(() => document.querySelector('#board').dataset.orientation === 'black');
  await clickSquare(page, 'e8');
  await clickSquare(page, 'e6');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '2');
  assert.equal(await boardAttr(page, 'data-orientation'), 'white');
  await context.close();
});

test('a small phone screen keeps the whole board in view without scrolling sideways', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=omega'), { width: 360, height: 740, dpr: 3 });
  const box = await page.evaluate(() => {
    const r = document.querySelector('#board').getBoundingClientRect();
    return { left: r.left, right: r.right, width: r.width, scroll: document.documentElement.scrollWidth };
  });
  assert.ok(box.left >= 0 && box.right <= 360, JSON.stringify(box));
  assert.ok(box.width > 300, JSON.stringify(box));
  assert.ok(box.scroll <= 360, JSON.stringify(box));
  // Touch input: a tap selects, a second tap moves.
  const tap = async (sq) => {
    const [x, y] = await page.evaluate((s) => window.baroque.squareCenter(s), sq);
    await page.touchscreen.tap(x, y);
  };
  await tap('c0');
  assert.equal(await boardAttr(page, 'data-selected'), 'c0');
  await tap('d2');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  // Turning the phone into a desktop window: the board grows and is redrawn at the new size.
  const small = await page.evaluate(() => document.querySelector('#board').width);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.waitForFunction((w) => {
    const c = document.querySelector('#board');
    return c.width > w && Math.abs(c.width - c.getBoundingClientRect().width * devicePixelRatio) <= 1;
  }, small);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the <baroque-board> element embeds a live board and reports bad attributes', async () => {
  const { page, errors, context } = await (async () => {
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${env.server.url}www/boards.html`);
    return { page, errors, context };
  })();
  await page.waitForFunction(() => ['pincer', 'wizard', 'broken'].every((id) => ['ready', 'error'].includes(document.getElementById(id).dataset.state)));
  assert.equal(await page.getAttribute('#pincer', 'data-state'), 'ready');
  assert.equal(await page.getAttribute('#broken', 'data-state'), 'error');
  assert.match(await page.evaluate(() => document.getElementById('broken').shadowRoot.textContent), /Board error: Unknown variant “shogi”/);
  assert.match(await page.evaluate(() => document.getElementById('wizard').fen), /\[W\/W\/w\/-\] w KQkq - 1 2$/);
  // Play on the interactive board through its canvas.
  const center = (sq) => page.evaluate((s) => {
    const el = document.getElementById('pincer');
    const c = el.shadowRoot.querySelector('canvas');
    const r = c.getBoundingClientRect();
    const file = s.charCodeAt(0) - 97;
    const rank = Number(s.slice(1)) - 1;
    return [r.left + (file + 0.5) * r.width / 8, r.top + (7 - rank + 0.5) * r.width / 8];
  }, sq);
  const moved = page.evaluate(() => new Promise((ok) => document.getElementById('pincer').addEventListener('move', (e) => ok(e.detail), { once: true })));
  for (const sq of ['g4', 'd4']) {
    const [x, y] = await center(sq);
    await page.mouse.click(x, y);
  }
  const detail = await moved;
  assert.equal(detail.move, 'g4d4');
  assert.equal(detail.notation, 'Pg4-d4xc4xd5');
  // Changing an attribute turns the board.
  await page.evaluate(() => document.getElementById('pincer').setAttribute('orientation', 'black'));
  await page.waitForFunction(() => document.getElementById('pincer').shadowRoot.querySelector('canvas').dataset.orientation === 'black');
  await page.screenshot({ path: artifact('embed.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the position panel gives the FEN and a link that reopens the game', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&stalemate=draw'));
  assert.equal(await page.textContent('#rules-info'), 'Rule options: stalemate=draw');
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e5');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  const fen = await page.inputValue('#fen-out');
  assert.equal(fen, await boardAttr(page, 'data-fen'));
  const link = await page.getAttribute('#share-link', 'href');
  assert.match(link, /variant=ultima&stalemate=draw&moves=e2e5$/);
  await page.goto(new URL(link, page.url()).href);
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await boardAttr(page, 'data-fen'), fen);
  assert.equal(await page.isVisible('#page-error'), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('<baroque-board> asks which piece a pawn becomes', async () => {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${env.server.url}www/boards.html`);
  await page.evaluate(() => {
    const b = document.createElement('baroque-board');
    b.id = 'promo';
    b.setAttribute('variant', 'hybrid');
    b.setAttribute('fen', 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1');
    b.setAttribute('interactive', '');
    document.body.prepend(b);
  });
  await page.waitForFunction(() => document.getElementById('promo').dataset.state === 'ready');
  const center = (sq) => page.evaluate((s) => {
    const c = document.getElementById('promo').shadowRoot.querySelector('canvas');
    const r = c.getBoundingClientRect();
    const file = s.charCodeAt(0) - 97;
    const rank = Number(s.slice(1)) - 1;
    return [r.left + (file + 0.5) * r.width / 10, r.top + (9 - rank + 0.5) * r.width / 10];
  }, sq);
  // The chooser's module loads when a promotion first asks (www/views/promotion.js). Under load a
  // click can land while the element redraws (press and release on two renderings make no click):
  // the move is clicked again, up to five times, until the chooser shows.
  const chooser = () => page.evaluate(() => document.getElementById('promo').shadowRoot.querySelectorAll('.chooser button').length > 0);
  for (let i = 0; i < 5 && !(await chooser()); i++) {
    for (const sq of ['e7', 'e8']) {
      const [x, y] = await center(sq);
      await page.mouse.click(x, y);
    }
    await page.waitForFunction(() => document.getElementById('promo').shadowRoot.querySelectorAll('.chooser button').length > 0, null, { timeout: 6000 }).catch(() => {});
  }
  assert.ok(await chooser(), 'the promotion chooser shows');
  const labels = await page.evaluate(() => [...document.getElementById('promo').shadowRoot.querySelectorAll('.chooser button')].map((b) => b.title));
  assert.deepEqual(labels, ['Rook', 'Knight', 'Bishop', 'Cannon']);
  const moved = page.evaluate(() => new Promise((ok) => document.getElementById('promo').addEventListener('move', (e) => ok(e.detail), { once: true })));
  await page.evaluate(() => document.getElementById('promo').shadowRoot.querySelector('.chooser button[data-move="e7e8n"]').click());
  assert.equal((await moved).notation, 'P E7 - E8 = N');
  assert.deepEqual(errors, []);
  await context.close();
});

test('opened as a file, the page says how to serve it instead of loading forever', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`file://${ROOT}/index.html?variant=omega`);
  await page.waitForSelector('#page-error:not([hidden])', { timeout: 12000 });
  assert.match(await page.textContent('#page-error'), /served over http: run “npm start”/);
  await context.close();
});
