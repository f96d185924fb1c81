// The analysis board in a real browser: in each game it shows an evaluation and three legal
// best lines (MultiPV 3) with their depth, the best move as an arrow; a forced mate is shown as
// "mate in N"; clicking a line shows where it leads, never playing it on the game. Searches stop when the toggle is off.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, loadWasm, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
let wasm;
before(async () => {
  wasm = await loadWasm();
});

/** The lines shown and the arrow's move, read at one moment (a new depth may come any time):
 * once three lines of one depth are shown at depth 2 or more, else `false` (a wait's test). */
const completeLines = () => {
  const ls = [...document.querySelectorAll('#analysis-lines .analysis-line')];
  const complete = Number(document.querySelector('#analysis-card').dataset.depth) >= 2 && ls.length === 3
    && ls.every((l) => l.dataset.depth === ls[0].dataset.depth);
  const arrow = document.querySelector('#analysis-layer line.analysis-line-arrow');
  return complete && {
    best: document.querySelector('#analysis-layer').dataset.best,
    arrow: arrow && ['x1', 'y1', 'x2', 'y2'].map((k) => Math.round(Number(arrow.getAttribute(k)))),
    lines: ls.map((b) => ({ moves: b.dataset.moves.split(' '), depth: Number(b.dataset.depth), text: b.textContent })),
  };
};

/** Every move of `pv` is legal in turn from the start of `variant` (or `fen`). */
function legalLine(variant, fen, pv) {
  const g = wasm.WebGame.build(variant, fen, [], []);
  for (const m of pv) {
    if (!g.legalMoves().some((x) => x.move === m)) return false;
    g.play(m);
  }
  return true;
}

for (const variant of ['ultima', 'omega', 'hybrid']) {
  test(`${variant}: analysis shows an evaluation and three legal lines`, async () => {
    const { page, errors, context } = await openPage(env.browser, env.url(`variant=${variant}`));
    assert.equal(await page.isVisible('#analysis-card'), false, 'off by default');
    await page.click('#btn-analysis');
    // A complete report: three lines of one depth (a new depth replaces them one by one), read
    // in the same moment the wait sees it complete.
    const shown = await page.waitForFunction(completeLines, null, { timeout: 30000 });
    const { best, arrow, lines: got } = await shown.jsonValue();
    assert.equal(got.length, 3);
    const firsts = new Set(got.map((l) => l.moves[0]));
    assert.equal(firsts.size, 3, 'three different first moves');
    for (const l of got) assert.ok(legalLine(variant, undefined, l.moves), `${l.moves.join(' ')} is legal`);
    assert.match(await page.textContent('#eval-number'), /^[+-]\d+\.\d\d$/);
    // Plain words: how far ahead, how fast (short: 350K, 1.2M; never "0 thousand").
    assert.match(await page.textContent('#analysis-stats'), /^\d+ half-moves? ahead(, [1-9][\d.]*[KMB]? positions a second)?; scores from White's side$/);
    assert.equal(best, got[0].moves[0], 'the arrow shows the best line\'s first move');
    // The arrow runs between the squares the engine gives that move (its legal moves).
    const m = wasm.WebGame.build(variant, undefined, [], []).legalMoves().find((x) => x.move === best);
    assert.ok(m && m.from !== m.to && arrow && (arrow[0] !== arrow[2] || arrow[1] !== arrow[3]), `an arrow is drawn for ${best}: ${arrow}`);
    // Clicking the best line shows where it leads; the game keeps its moves (issue 26).
    const before = await page.getAttribute('#board', 'data-ply');
    // The lines are redrawn as the search deepens: a click whose press and release land on two
    // renderings of the line is no click, so it is tried again (a few times at most).
    for (let i = 0; i < 5 && !(await page.$('#board[data-line]')); i++) {
      await page.click('#analysis-lines li:first-child .analysis-line');
      await page.waitForSelector('#board[data-line]', { timeout: 4000 }).catch(() => {});
    }
    await page.waitForSelector('#board[data-line]', { timeout: 1000 });
    assert.equal(await page.getAttribute('#board', 'data-ply'), before);
    await page.click('#btn-analysis');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a forced mate is shown as mate in N, in English and Chinese', async () => {
  const fen = 'p7/7C/8/8/8/7K/2p5/6pk w - - 0 1'; // tests/data/puzzles-ultima.txt U4, mate in 1
  for (const [lang, want] of [['en', /^Mate in 1 for White$/], ['zh-Hans', /^白方1 步将死$/]]) {
    const { page, errors, context } = await openPage(env.browser, env.url(`variant=ultima&fen=${encodeURIComponent(fen)}&lang=${lang}`));
    await page.click('#btn-analysis');
    await page.waitForFunction(() => (document.querySelector('#analysis-card').dataset.score ?? '').startsWith('mate'), null, { timeout: 30000 });
    assert.equal(await page.getAttribute('#analysis-card', 'data-score'), 'mate 1');
    assert.match((await page.textContent('#eval-number')).trim(), want);
    assert.equal(await page.getAttribute('#analysis-layer', 'data-best'), 'h7d3');
    await page.screenshot({ path: artifact(`analysis-${lang}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
