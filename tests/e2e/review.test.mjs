// Game review and recorded hints. The reviewed game is made by the engine in the page (Omega
// self-play at depth 2, 80 plies) with a real blunder planted: at White's 11th move the move
// after which Black's best reply scores highest, checked to give away at least five pawns from a
// balanced position. The review (quick preset) must mark that move `??`, draw the graph, go to
// a ply from the graph (mouse and keys), survive a reload and reach the PGN as NAGs and
// comments. Cancelling stops the search and leaves the page usable. A hint against the computer
// is recorded: the move played after it is marked, also after a reload and in the PGN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { artifact, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's WCAG 2.1 A/AA violations on the page, as lines. */
async function violations(page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Plays Omega at depth 2 in the page for `plies` plies, with the worst move at `blunderPly`. */
async function makeGame(page, plies, blunderPly) {
  return page.evaluate(async ([plies, blunderPly]) => {
    const { WebSearcher } = await import('./www/pkg/baroque_web.js');
    const { buildGame } = await import('./www/engine/engine.js');
    const searcher = new WebSearcher(4);
    const game = buildGame({ variant: 'omega' }).game;
    const moves = [];
    const search = (g, depth) => searcher.search(g, { depth });
    const cp = (s) => (s.mate !== undefined ? Math.sign(s.mate) * 10000 : s.cp);
    let planted = null;
    for (let ply = 0; ply < plies; ply++) {
      if (game.status().result !== 'ongoing') break;
      let move;
      if (ply === blunderPly) {
        const before = cp(search(game, 3).score);
        // The move after which the opponent's best reply scores most (for the opponent).
        let worst = null;
        for (const m of game.legalMoves()) {
          const g = buildGame({ variant: 'omega', moves: [...moves, m.move] }).game;
          const reply = cp(search(g, 2).score);
          g.free();
          if (!worst || reply > worst.reply) worst = { move: m.move, notation: m.notation, reply };
        }
        move = worst.move;
        planted = { ply: ply + 1, move, notation: worst.notation, before, after: -worst.reply };
      } else {
        move = search(game, 2).best;
      }
      game.play(move);
      moves.push(move);
    }
    game.free();
    searcher.free();
    return { moves, planted };
  }, [plies, blunderPly]);
}

const reviewDone = (page, timeout = 120000) =>
  page.waitForFunction(() => document.querySelector('#review-card').dataset.state === 'done', null, { timeout });

test('a reviewed game: the planted blunder is ??, the graph goes to a ply, the review is saved and exported', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega'));
  const { moves, planted } = await makeGame(page, 80, 20);
  assert.equal(moves.length, 80, 'the game lasts 40 moves');
  assert.ok(Math.abs(planted.before) <= 200, `the position before the blunder is balanced: ${JSON.stringify(planted)}`);
  assert.ok(planted.before - planted.after >= 500, `the planted move gives away five pawns or more: ${JSON.stringify(planted)}`);
  await page.goto(env.url(`variant=omega&moves=${moves.join(',')}`));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.click('#btn-review');
  assert.equal(await page.isVisible('#review-card'), true);
  await page.selectOption('#review-preset', 'quick');
  const started = Date.now();
  await page.click('#review-start');
  await page.waitForSelector('#review-cancel:visible');
  await reviewDone(page);
  const seconds = (Date.now() - started) / 1000;
  console.log(`review of ${moves.length} plies at the quick preset: ${seconds.toFixed(1)} s`);
  // The graph: a column per position and the planted move's dot as a blunder.
  assert.equal(await page.locator('#review-graph .review-hit').count(), moves.length + 1);
  assert.equal(await page.getAttribute(`#review-graph .review-dot[data-ply="${planted.ply}"]`, 'data-kind'), 'blunder');
  assert.equal(await page.getAttribute(`#move-list .ply[data-ply="${planted.ply}"]`, 'data-nag'), '??');
  const item = await page.textContent(`#review-list .review-item[data-ply="${planted.ply}"]`);
  assert.match(item, new RegExp(`^11\\. ${planted.notation.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?\\?: .*a blunder; better was \\S+`));
  assert.equal((await page.$$('#review-summary tr')).length, 3);
  assert.ok(Number(await page.textContent('#review-summary tr[data-side="white"] td[data-col="blunder"]')) >= 1);
  await page.screenshot({ path: artifact('review-en.png'), fullPage: true });

  // Clicking a point of the graph goes to that ply; the arrow keys step from there.
  await page.locator('#review-graph').scrollIntoViewIfNeeded();
  const box = await page.locator(`#review-graph .review-hit[data-ply="10"]`).boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => document.querySelector('#board').dataset.viewing === '10');
  await page.focus('#review-graph');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#board').dataset.viewing === '11');
  assert.equal(await page.getAttribute('#review-graph', 'aria-valuenow'), '11');
  await page.click(`#review-list .review-item[data-ply="${planted.ply}"]`);
  await page.waitForFunction((p) => document.querySelector('#board').dataset.viewing === String(p), planted.ply);

  // Saved with the game: after a reload the marks and the graph are back without a new search.
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  // The board does not wait for the review's module (loaded on demand, www/pages/game/panels.js):
  // the saved marks come with it, a moment after the board on a busy machine.
  await page.waitForSelector(`#move-list .ply[data-ply="${planted.ply}"][data-nag]`, { state: 'attached', timeout: 20000 });
  assert.equal(await page.getAttribute(`#move-list .ply[data-ply="${planted.ply}"]`, 'data-nag'), '??');
  await page.click('#btn-review');
  assert.equal(await page.getAttribute('#review-card', 'data-state'), 'done');
  assert.equal(await page.locator('#review-graph .review-hit').count(), moves.length + 1);
  // The Games list offers the review too; for a reviewed game it shows the saved one.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // the list's module loads at first use
  await page.click('#games-items li.current button[data-action="review"]');
  assert.equal(await page.getAttribute('#review-card', 'data-state'), 'done');
  assert.equal(await page.isVisible('#games'), false);

  // The PGN carries the review: a NAG $4 on the planted move, comments with the evaluation.
  await page.click('.position-card summary');
  const wait = page.waitForEvent('download');
  await page.click('#btn-download-pgn');
  const pgn = readFileSync(await (await wait).path(), 'utf8');
  assert.match(pgn, /\[%eval -?\d+\.\d\d\]/);
  const written = planted.notation.replace(/\s+/g, '');
  // (The PGN's lines wrap at 80 columns: a line may end between the NAG and its comment.)
  assert.match(pgn, new RegExp(`${written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s\\$4\\s\\{`), `the blunder has its NAG and comment:\n${pgn}`);
  assert.match(pgn, /Blunder\.\s+Better:\s+\S+\./);
  // It reads back as the same game, the blunder's NAG and comment in its tree.
  const back = await page.evaluate(async (text) => {
    const { WebGame } = await import('./www/pkg/baroque_web.js');
    return WebGame.readPgn(text, 'omega', 1);
  }, pgn);
  assert.deepEqual(back.moves, moves);
  const node = back.tree.line[planted.ply - 1];
  assert.deepEqual(node.nags, [4]);
  assert.match(node.comment, /^\[%eval -?\d+\.\d\d\]\s+Blunder\.\s+Better:\s+\S+\.$/);
  console.log(pgn.split('\n').filter((l) => l.includes('$4'))[0]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('cancelling a review stops its search and leaves the page usable', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=omega'));
  const { moves } = await makeGame(page, 30, -1);
  await page.goto(env.url(`variant=omega&moves=${moves.join(',')}`));
  await page.waitForSelector('#board[data-ready="true"]');
  await page.click('#btn-review');
  await page.selectOption('#review-preset', 'deep');
  // The game-over dialog's Review button starts it (here after a resignation).
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  await page.click('#game-over button[data-action="review"]');
  assert.equal(await page.getAttribute('#review-card', 'data-state'), 'running');
  await page.waitForFunction(() => Number(document.querySelector('#review-card').dataset.done) >= 1, null, { timeout: 60000 });
  await page.click('#review-cancel');
  assert.equal(await page.getAttribute('#review-card', 'data-state'), 'cancelled');
  const done = await page.getAttribute('#review-card', 'data-done');
  assert.equal(await page.isVisible('#review-start'), true);
  assert.equal(await page.isVisible('#review-progress'), false);
  assert.match(await page.textContent('#review-note'), /The review was cancelled\./);
  // No position is analysed after the cancel, and no review is kept.
  await page.waitForTimeout(1500);
  assert.equal(await page.getAttribute('#review-card', 'data-done'), done);
  assert.equal(await page.isVisible('#review-graph'), false);
  // The page goes on: the resignation is taken back, a move is played, and a quick review of
  // the game runs to its end.
  await page.click('#btn-undo');
  const next = await page.evaluate(async (moves) => {
    const { buildGame } = await import('./www/engine/engine.js');
    const g = buildGame({ variant: 'omega', moves }).game;
    const m = g.legalMoves()[0].move;
    g.free();
    return m;
  }, moves);
  await page.fill('#move-input', next);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction((n) => document.querySelector('#board').dataset.ply === String(n), moves.length + 1);
  await page.selectOption('#review-preset', 'quick');
  await page.click('#review-start');
  await reviewDone(page);
  assert.equal(await page.locator('#review-graph .review-hit').count(), moves.length + 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hint is recorded: the move played after it is marked, after a reload too, and the PGN says so', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima&mode=computer&side=white&level=1'));
  await page.click('#btn-hint');
  await page.waitForFunction(() => document.querySelector('#hint-text').dataset.step === 'piece', null, { timeout: 30000 });
  await page.click('#btn-hint');
  const move = await page.getAttribute('#hint-text', 'data-move');
  assert.match(move, /^[a-h][1-8][a-h][1-8]$/);
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '2', null, { timeout: 30000 });
  const marked = async () => page.$$eval('#move-list .ply[data-hint="yes"]', (s) => s.map((x) => x.dataset.ply));
  assert.deepEqual(await marked(), ['1']);
  assert.match(await page.getAttribute('#move-list .ply[data-ply="1"]', 'title'), /Played after a hint$/);
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.deepEqual(await marked(), ['1']);
  assert.match(await page.textContent('#hints-used'), /Hints used in this game: 1/);
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // the list's module loads at first use
  assert.match(await page.textContent('#games-items li.current .hint'), /One hint used\.$/);
  await page.click('#games-close');
  await page.click('.position-card summary');
  const wait = page.waitForEvent('download');
  await page.click('#btn-download-pgn');
  const pgn = readFileSync(await (await wait).path(), 'utf8');
  assert.match(pgn, /\[Hints "1"\]/);
  assert.match(pgn, /1\. \S+ \{Played after a hint\}/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the review in Chinese and on a phone, light and dark: no axe violation (screenshots)', async () => {
  for (const [lang, opts, name] of [['zh-Hans', {}, 'review-zh-Hans.png'], ['zh-Hant', { width: 360, height: 640, isMobile: true }, 'review-phone-zh-Hant.png'], ['en', { width: 360, height: 640, isMobile: true, colorScheme: 'dark' }, 'review-phone-en-dark.png']]) {
    const { page, errors, context } = await openPage(env.browser, env.url(`variant=omega&lang=${lang}`), opts);
    const { moves } = await makeGame(page, 40, 10);
    await page.goto(env.url(`variant=omega&lang=${lang}&moves=${moves.join(',')}`));
    await page.waitForSelector('#board[data-ready="true"]');
    await page.click('#btn-review');
    await page.selectOption('#review-preset', 'quick');
    await page.click('#review-start');
    await reviewDone(page);
    const words = await page.textContent('#review-card');
    if (lang !== 'en') assert.doesNotMatch(words, /Review|Blunder|blunder|better|Accuracy|White|Black/, `${lang}: ${words}`);
    // The card fits the window's width (nothing scrolls sideways).
    const { card, win } = await page.evaluate(() => ({ card: document.querySelector('#review-card').getBoundingClientRect().right, win: document.documentElement.clientWidth }));
    assert.ok(card <= win + 1, `${lang}: the card ends at ${card} in a window of ${win}`);
    // The window as it is (on a phone the panel under the board scrolls to the card), then the
    // whole card (a taller window of the same width).
    await page.evaluate(() => {
      const panel = document.querySelector('.panel');
      panel.scrollTop += document.querySelector('#review-card').getBoundingClientRect().top - panel.getBoundingClientRect().top;
    });
    await page.screenshot({ path: artifact(name), fullPage: false });
    const size = page.viewportSize();
    await page.setViewportSize({ width: size.width, height: 1600 });
    await page.locator('#review-card').screenshot({ path: artifact(name.replace('.png', '-card.png')) });
    await page.setViewportSize(size);
    assert.deepEqual(await violations(page), [], `${lang} ${name}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
