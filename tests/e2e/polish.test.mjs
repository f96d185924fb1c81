// The rough edges of play (issue 26 §3) in a real browser: resigning asks once; presses on the
// board while the computer thinks or while looking back say why nothing moves; an analysis line
// never plays onto the game; the move list steps with first/previous/next/last buttons, copies
// without zero-width spaces and marks a checkmate with `#`; the player's right-button arrows and
// circles; a piece's name on mouse hover; the Ultima legend follows the `win` option; the
// game-over buttons keep Chinese words whole on a phone; the Games list does not focus a name;
// the new-game dialog keeps Start in view and folds its advanced parts; plain words for the
// computer's thinking line and the levels.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, boardAttr, clickSquare, hoverSquare, openPage, typeMove, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

test('resigning asks once: Cancel keeps the game, Resign ends it', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await typeMove(page, 'e2e5', 1);
  await page.click('#btn-resign');
  assert.equal(await page.isVisible('#resign-confirm'), true);
  assert.equal(await boardAttr(page, 'data-result'), 'ongoing', 'one click does not resign');
  assert.equal(await page.textContent('#resign-confirm-text'), 'Resign this game?');
  await page.click('#btn-resign-no');
  assert.equal(await page.isVisible('#resign-confirm'), false);
  assert.equal(await boardAttr(page, 'data-result'), 'ongoing');
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes');
  await page.waitForSelector('#game-over[open]');
  assert.equal(await boardAttr(page, 'data-result'), 'white');
  assert.deepEqual(errors, []);
  await context.close();
});

test('pressing the board while the computer thinks or while looking back says why', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&mode=computer&side=black&level=8'));
  await page.waitForFunction(() => document.querySelector('#thinking') && !document.querySelector('#thinking').hidden);
  await clickSquare(page, 'e7');
  assert.equal(await page.textContent('#move-error'), 'The computer is thinking: your move comes after its move.');
  await page.click('#btn-stop');
  await waitAttr(page, 'data-ply', '1', 20000);
  await typeMove(page, 'e7e4', 2);
  await waitAttr(page, 'data-ply', '2');
  await page.click('#btn-stop');
  await waitAttr(page, 'data-ply', '3', 20000);
  await page.click('#btn-first');
  await clickSquare(page, 'd7');
  assert.match(await page.textContent('#move-error'), /^You are looking at the start position: go back to the game to move/);
  await page.click('#btn-last');
  assert.equal(await page.textContent('#move-error'), '', 'back at the game, the message goes');
  assert.deepEqual(errors, []);
  await context.close();
});

test('first, previous, next and last buttons step through the moves', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=omega'));
  assert.equal(await page.isDisabled('#btn-first'), true, 'no moves: nothing to step to');
  await typeMove(page, 'e1e4', 1);
  await typeMove(page, 'e8e5', 2);
  await typeMove(page, 'd1d3', 3);
  const viewing = () => boardAttr(page, 'data-viewing');
  assert.equal(await page.isDisabled('#btn-next'), true);
  assert.equal(await page.isDisabled('#btn-last'), true);
  await page.click('#btn-prev');
  assert.equal(await viewing(), '2');
  await page.click('#btn-first');
  assert.equal(await viewing(), '0');
  assert.equal(await page.isDisabled('#btn-prev'), true);
  await page.click('#btn-next');
  assert.equal(await viewing(), '1');
  await page.click('#btn-last');
  assert.equal(await viewing(), null, 'back to the game');
  assert.equal(await page.getAttribute('#btn-prev', 'aria-label'), 'Previous move');
  assert.deepEqual(errors, []);
  await context.close();
});

test('an analysis line becomes a variation when looking back, never the game\'s moves', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await typeMove(page, 'e2e5', 1);
  await typeMove(page, 'd7d4', 2);
  await page.click('#btn-analysis');
  // At the game's position: the line is shown, the game keeps its two moves.
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length > 0, null, { timeout: 30000 });
  // The line's moves are read and the line clicked at one moment (a new depth replaces the lines).
  // A redraw may empty the list between a wait and the click: the click waits for a line.
  const clickLine = async () => /** @type {string[]} */ (await (await page.waitForFunction(() => {
    const b = /** @type {HTMLElement | null} */ (document.querySelector('#analysis-lines li:first-child .analysis-line'));
    if (!b?.dataset.moves) return false;
    const moves = b.dataset.moves.split(' ');
    b.click();
    return moves;
  }, null, { timeout: 30000 })).jsonValue());
  const line = await clickLine();
  assert.equal(await boardAttr(page, 'data-ply'), '2', 'the game keeps its moves');
  assert.equal(await boardAttr(page, 'data-line'), line.join(' '), 'the board shows where the line leads');
  assert.match(await page.textContent('#viewing-text'), /not played/);
  // Looking back at ply 1: the line is added to the tree as a variation.
  await page.click('#btn-last');
  await page.click('#btn-prev');
  // The board shows ply 1 (the page has redrawn: the lines of ply 2 are gone) before a line is read.
  await page.waitForFunction(() => document.querySelector('#board').dataset.viewing === '1');
  await page.waitForFunction(() => document.querySelectorAll('#analysis-lines .analysis-line').length > 0, null, { timeout: 30000 });
  const nodes = Number(await boardAttr(page, 'data-tree-nodes'));
  const moves = await clickLine();
  await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.treeNodes) > n, nodes);
  assert.equal(await boardAttr(page, 'data-ply'), '2', 'the game keeps its moves');
  const added = Number(await boardAttr(page, 'data-tree-nodes')) - nodes;
  // The line's first move may be the game's own move 2 (d7d4), which is no new node.
  assert.equal(added, moves[0] === 'd7d4' ? moves.length - 1 : moves.length);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the move list copies without zero-width spaces and marks checkmate with #', async () => {
  const fen = 'p7/7C/8/8/8/7K/2p5/6pk w - - 0 1'; // mate in 1 by h7d3 (tests/data/puzzles-ultima.txt U4)
  const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&fen=${encodeURIComponent(fen)}`));
  await typeMove(page, 'h7d3', 1);
  await waitAttr(page, 'data-result', 'white');
  const text = await page.textContent('#move-list');
  assert.ok(!/[\u200b\u00ad]/.test(text), `no invisible characters in ${JSON.stringify(text)}`);
  const ply = await page.textContent('#move-list .ply[data-ply="1"]');
  assert.match(ply, /#$/, `${ply} ends in #`);
  assert.ok(!ply.includes('+#'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('right-button arrows and circles, coloured by the modifier keys, cleared by a left click', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  const at = (s) => page.evaluate((n) => window.baroque.squareCenter(n), s);
  const [x1, y1] = await at('e2');
  const [x2, y2] = await at('e4');
  await page.mouse.move(x1, y1);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(x2, y2, { steps: 4 });
  await page.mouse.up({ button: 'right' });
  assert.equal(await boardAttr(page, 'data-drawn'), 'e2>e4');
  const [x3, y3] = await at('d5');
  await page.keyboard.down('Shift');
  await page.mouse.click(x3, y3, { button: 'right' });
  await page.keyboard.up('Shift');
  assert.equal(await boardAttr(page, 'data-drawn'), 'e2>e4 d5:red');
  await page.screenshot({ path: artifact('drawable-en.png') });
  assert.equal(await boardAttr(page, 'data-selected'), '', 'drawing selects nothing');
  await clickSquare(page, 'c6');
  assert.equal(await boardAttr(page, 'data-drawn'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the piece under the mouse is named in the board\'s tooltip', async () => {
  for (const [lang, want] of [['en', /^White Pincer Pawn on e2$/], ['zh-Hans', /白方.+e2/]]) {
    const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&lang=${lang}`));
    await hoverSquare(page, 'e2');
    await page.waitForFunction(() => document.querySelector('#board').title !== '');
    assert.match(await page.getAttribute('#board', 'title'), want);
    await hoverSquare(page, 'e4');
    assert.equal(await page.getAttribute('#board', 'title'), '', 'an empty square: no tooltip');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the Ultima legend says how the game is won under its options', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&win=capture&suicide=off'));
  const note = await page.textContent('#legend .legend-note');
  assert.ok(!note.includes('Checkmate wins'), note);
  assert.match(note, /Capturing the King wins/);
  assert.ok(!note.includes('suicide'), `no suicide under suicide=off: ${note}`);
  const { page: p2, context: c2 } = await openPage(env.browser, url('variant=ultima'));
  const dflt = await p2.textContent('#legend .legend-note');
  assert.match(dflt, /Checkmate wins/);
  assert.match(dflt, /suicide/);
  await c2.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('Chinese game-over buttons keep their words whole on a 390 px phone', async () => {
  for (const lang of ['zh-Hans', 'zh-Hant', 'en']) {
    const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&lang=${lang}`), { width: 390, height: 844, isMobile: true });
    await page.click('#btn-resign');
    await page.click('#btn-resign-yes');
    await page.waitForSelector('#game-over[open]');
    // Each button's words on one line: a single line box for its text.
    const lines = await page.$$eval('#game-over .dialog-buttons button', (bs) => bs.map((b) => {
      const r = document.createRange();
      r.selectNodeContents(b);
      const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
      return { text: b.textContent, lines: tops.size };
    }));
    for (const l of lines) assert.equal(l.lines, 1, `${lang}: "${l.text}" on one line`);
    await page.screenshot({ path: artifact(`game-over-phone-${lang}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the new-game dialog keeps Start in view and folds the parts few players change', async () => {
  const screens = [
    { name: 'laptop', width: 1366, height: 768 },
    { name: 'phone-landscape', width: 844, height: 390, isMobile: true },
    { name: 'phone', width: 390, height: 844, isMobile: true },
  ];
  for (const lang of ['en', 'zh-Hans', 'zh-Hant']) {
    for (const screen of screens) {
      const where = `${lang}, ${screen.name}`;
      const { page, errors, context } = await openPage(env.browser, url(`variant=ultima&lang=${lang}`), screen);
      await page.click('#btn-new');
      await page.waitForSelector('#new-game[open]');
      await page.check('#new-game input[name="mode"][value="computer"]');
      assert.equal(await page.$eval('#ng-more', (d) => d.open), false, `${where}: folded`);
      assert.equal(await page.isVisible('#ng-options-fields'), false, where);
      // Start is inside the window and nothing covers it, folded and unfolded, without scrolling.
      const startInView = () => page.$eval('#ng-start', (b) => {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth && b.contains(hit);
      });
      assert.equal(await startInView(), true, `${where}: Start in view`);
      await page.screenshot({ path: artifact(`new-game-${screen.name}-${lang}.png`) });
      await page.click('#ng-more > summary');
      assert.equal(await page.isVisible('#ng-options-fields'), true, where);
      assert.equal(await startInView(), true, `${where}: Start in view, unfolded`);
      if (lang === 'en') await page.screenshot({ path: artifact(`new-game-${screen.name}-unfolded.png`) });
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the thinking line and the level note speak plain words: half-moves ahead, who is ahead', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima&mode=computer&side=black&level=6'));
  const said = await page.waitForFunction(() => {
    const text = document.querySelector('#thinking-text')?.textContent ?? '';
    return /half-move/.test(text) && text;
  }, null, { timeout: 20000 });
  assert.match(await said.jsonValue(), /^The computer is thinking… \d+ half-moves? ahead: (the sides are level|\d+\.\d\d pawns for (White|Black)|(White|Black) mates in \d+)$/);
  await waitAttr(page, 'data-ply', '1', 30000);
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  const note = await page.textContent('#ng-level-about');
  assert.doesNotMatch(note, /depth|nodes/, note);
  assert.match(note, /looks \d+ half-moves ahead|thinks up to/, note);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Games list does not put the caret in a name field', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'), { width: 390, height: 844, isMobile: true });
  await typeMove(page, 'e2e5', 1);
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]');
  await page.waitForTimeout(100);
  const focused = await page.evaluate(() => ({ tag: document.activeElement?.tagName, id: document.activeElement?.id }));
  assert.notEqual(focused.tag, 'INPUT', `focus on ${JSON.stringify(focused)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong puzzle move shows its refutation on the board before it is taken back', async () => {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { ROOT } = await import('./helpers.mjs');
  const line = readFileSync(join(ROOT, 'tests', 'data', 'puzzles-omega.txt'), 'utf8').split('\n').find((l) => l.trim() && !l.startsWith('#'));
  const [id, fen, solution] = line.split(' | ').map((s) => s.trim());
  const { page: p, errors, context } = await openPage(env.browser, `${env.server.url}www/puzzles.html?variant=omega&puzzle=${id}`);
  const wrong = await p.evaluate((sol) => window.puzzleBoard.legal().find((m) => m !== sol), solution);
  const at = (sq) => p.evaluate((s) => window.puzzleBoard.center(s), sq);
  const [, from, to] = /^([a-z]\d+)([a-z]\d+)/.exec(wrong);
  await p.mouse.click(...(await at(from)));
  await p.mouse.click(...(await at(to)));
  // The board shows the wrong move and the engine's answer to it, then takes both back.
  await p.waitForFunction(() => document.querySelector('#board').dataset.state === 'refuting', null, { timeout: 30000 });
  const shown = await p.evaluate(() => window.puzzleBoard.fen());
  const reply = await p.getAttribute('#board', 'data-refutation');
  assert.ok(reply, 'the refutation is named');
  const { loadWasm } = await import('./helpers.mjs');
  const wasm = await loadWasm();
  const g = wasm.WebGame.build('omega', fen, [], [wrong, reply]);
  assert.equal(shown, g.fen(), 'the board shows the wrong move and its refutation');
  await p.waitForFunction(() => document.querySelector('#board').dataset.state === 'wrong', null, { timeout: 10000 });
  assert.equal(await p.evaluate(() => window.puzzleBoard.fen()), fen, 'then both are taken back');
  assert.deepEqual(errors, []);
  await context.close();
});
