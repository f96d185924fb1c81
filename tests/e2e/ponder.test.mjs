// Pondering (issue 14): at the top levels the computer's worker thinks on the player's time about
// the reply its last search expected. The board shows it for these tests (docs/testing.md):
// data-ponder (the move pondered on, absent when not pondering), data-ponder-depth (the
// pondering search's last completed depth), data-ai-running (searches the worker has not
// answered yet, a stopped one included until it answers) and, after each computer move,
// data-last-answer ('ponderhit': the pondering search answered after the hit; 'pondered': it had
// already ended; 'search': a new search). No test sleeps: each waits for an attribute, with
// generous timeouts for a loaded machine. A search that is not stopped never ends at level 6
// while pondering, so a leaked one shows as data-ai-running staying above 0 (or as the
// computer never answering, the worker being busy with it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardAttr, openPage, startServer, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const LONG = 60000;

/**
 * Types a move; resolves true when it was played, false when refused. The page plays it in the
 * key's event, so the ply has grown once the press returns (by two when a ponderhit's answer
 * already came back).
 */
async function typeMove(page, move) {
  const before = Number(await boardAttr(page, 'data-ply'));
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  return Number(await boardAttr(page, 'data-ply')) > before;
}

/** Waits until the board's `data-ply` is `ply` (the computer has answered). */
const waitPly = (page, ply) => waitAttr(page, 'data-ply', String(ply), LONG);

/** Waits until the worker is pondering on a move at depth `depth` or more; resolves with the move. */
async function waitPondering(page, depth = 2) {
  await page.waitForFunction((d) => Number(document.querySelector('#board').dataset.ponderDepth ?? 0) >= d, depth, { timeout: LONG });
  return boardAttr(page, 'data-ponder');
}

/** Level 6, the computer playing White: it moves first, then ponders on Black's reply. */
async function openAgainstComputer(query = 'variant=ultima&mode=computer&side=black&level=6') {
  const opened = await openPage(env.browser, env.url(query));
  assert.equal(await opened.page.getAttribute('#board', 'data-ai-stop'), 'shared', 'the test server is cross-origin isolated');
  return opened;
}

test('the setting is on by default; after its move the computer ponders on the reply it expects', async () => {
  const { page, errors, context } = await openAgainstComputer();
  await page.click('.appearance-card summary');
  assert.equal(await page.isChecked('#pref-ponder'), true);
  assert.match(await page.textContent('#pref-ponder-note'), /levels 6 to 8/);
  await waitPly(page, 1);
  const expected = await waitPondering(page);
  assert.match(expected, /^[a-h][1-8]/);
  assert.equal(await boardAttr(page, 'data-ai-running'), '1');
  assert.equal(await boardAttr(page, 'data-last-answer'), 'search');
  assert.deepEqual(errors, []);
  await context.close();
});

test('playing the expected move is a ponderhit: the pondering search answers, its nodes counted', async () => {
  const { page, errors, context } = await openAgainstComputer();
  await waitPly(page, 1);
  const expected = await waitPondering(page, 3);
  const ponderNodes = Number(await boardAttr(page, 'data-ponder-nodes'));
  assert.ok(ponderNodes > 0);
  assert.equal(await typeMove(page, expected), true);
  await waitPly(page, 3);
  assert.equal(await boardAttr(page, 'data-last-answer'), 'ponderhit');
  // One search, on from the pondering: it counts the nodes searched before the hit.
  assert.ok(Number(await boardAttr(page, 'data-last-nodes')) >= ponderNodes);
  // And it ponders again on the next reply.
  assert.ok(await waitPondering(page, 1));
  assert.deepEqual(errors, []);
  await context.close();
});

test('another move stops the pondering; a new search answers with a legal move', async () => {
  const { page, errors, context } = await openAgainstComputer();
  await waitPly(page, 1);
  const expected = await waitPondering(page);
  let played = null;
  for (const m of ['a7a6', 'h7h6', 'b7b6', 'g7g6', 'c7c6']) {
    if (m === expected) continue;
    if (await typeMove(page, m)) {
      played = m;
      break;
    }
  }
  assert.ok(played, 'one of the pawn moves was legal');
  // The worker runs one search at a time: the answer comes only if the pondering stopped.
  await waitPly(page, 3);
  assert.equal(await boardAttr(page, 'data-last-answer'), 'search');
  assert.equal(await boardAttr(page, 'data-result'), 'ongoing');
  assert.ok(await waitPondering(page, 1));
  assert.equal(await boardAttr(page, 'data-ai-running'), '1');
  assert.deepEqual(errors, []);
  await context.close();
});

test('undo and a new game stop the pondering', async () => {
  // The player has White: undo takes back both moves and leaves nothing to search.
  const { page, errors, context } = await openAgainstComputer('variant=ultima&mode=computer&side=white&level=6');
  assert.equal(await typeMove(page, 'e2e5'), true);
  await waitPly(page, 2);
  await waitPondering(page);
  await page.click('#btn-undo');
  assert.equal(await boardAttr(page, 'data-ply'), '0');
  assert.equal(await boardAttr(page, 'data-ponder'), null);
  await waitAttr(page, 'data-ai-running', '0', LONG);

  assert.equal(await typeMove(page, 'd2d5'), true);
  await waitPly(page, 2);
  await waitPondering(page);
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
  await page.check('input[name="mode"][value="computer"]');
  await page.selectOption('select[name="side"]', 'white');
  await page.click('#ng-start');
  await waitAttr(page, 'data-ply', '0', LONG);
  assert.equal(await boardAttr(page, 'data-ponder'), null);
  await waitAttr(page, 'data-ai-running', '0', LONG);

  // Resigning stops it too.
  assert.equal(await typeMove(page, 'e2e5'), true);
  await waitPly(page, 2);
  await waitPondering(page, 1);
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes'); // resigning asks once
  assert.equal(await boardAttr(page, 'data-ponder'), null);
  await waitAttr(page, 'data-ai-running', '0', LONG);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the setting off, or below level 6, nothing searches while the player thinks; turned on, it ponders', async () => {
  const { page, errors, context } = await openAgainstComputer('variant=ultima&mode=computer&side=white&level=6');
  await page.click('.appearance-card summary');
  await page.uncheck('#pref-ponder');
  assert.equal(await typeMove(page, 'e2e5'), true);
  await waitPly(page, 2);
  assert.equal(await boardAttr(page, 'data-ponder'), null);
  assert.equal(await boardAttr(page, 'data-ai-running'), '0');
  // Turned on during the player's turn, it ponders on the reply the last search expected.
  await page.check('#pref-ponder');
  assert.ok(await waitPondering(page, 1));
  await page.uncheck('#pref-ponder');
  assert.equal(await boardAttr(page, 'data-ponder'), null);
  await waitAttr(page, 'data-ai-running', '0', LONG);
  // Remembered: a new tab starts with it off.
  const other = await context.newPage();
  await other.goto(env.url('variant=ultima'));
  await other.waitForSelector('#board[data-ready="true"]');
  await other.click('.appearance-card summary');
  assert.equal(await other.isChecked('#pref-ponder'), false);
  await other.check('#pref-ponder');
  await context.close();

  // On, but level 5 (a depth-capped level) does not ponder.
  const five = await openAgainstComputer('variant=ultima&mode=computer&side=white&level=5');
  assert.equal(await typeMove(five.page, 'e2e5'), true);
  await waitPly(five.page, 2);
  assert.equal(await boardAttr(five.page, 'data-ponder'), null);
  assert.equal(await boardAttr(five.page, 'data-ai-running'), '0');
  assert.deepEqual([...errors, ...five.errors], []);
  await five.context.close();
});

test('without cross-origin isolation the switch is off and says why; the computer does not ponder', async () => {
  const plain = await startServer('--no-isolation');
  try {
    const { page, errors, context } = await openPage(env.browser, `${plain.url}index.html?variant=ultima&mode=computer&side=white&level=6`);
    assert.equal(await boardAttr(page, 'data-ai-stop'), 'terminate');
    await page.click('.appearance-card summary');
    assert.equal(await page.isDisabled('#pref-ponder'), true);
    assert.match(await page.textContent('#pref-ponder-note'), /cross-origin isolated/);
    assert.equal(await typeMove(page, 'e2e5'), true);
    await waitPly(page, 2);
    assert.equal(await boardAttr(page, 'data-ponder'), null);
    assert.equal(await boardAttr(page, 'data-ai-running'), '0');
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    plain.stop();
  }
});
