// Measures the game page's main-thread long tasks while the computer thinks (docs/benchmarks.md,
// "Main thread while the computer thinks"): a game against the computer at LEVEL (default 8),
// the computer playing White, MOVES of its moves (default 3) answered by the first legal move.
// Every task over 50 ms (PerformanceObserver 'longtask') and every long animation frame with its
// scripts ('long-animation-frame') is collected, split into those while the worker searched
// (#board[data-ai-running] not "0") and the rest. A measurement, never a test: it prints figures.
//
// `--plies N` starts from a game of N plies already played (each side's first legal move in
// turn, with the computer to move), where the move list and the saved record are long.
//
// `--analysis` switches the analysis board on first (a second worker searching, MultiPV 3, its
// reports drawn on the page too).
//
//   node scripts/longtasks.mjs [--level 8] [--moves 3] [--variant ultima] [--plies 0] [--analysis]
import { launch, loadWasm, openPage, startServer } from '../tests/e2e/helpers.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const level = Number(arg('level', 8));
const moves = Number(arg('moves', 3));
const variant = arg('variant', 'ultima');
const plies = Number(arg('plies', 0));

const wasm = await loadWasm();
// The opening: first legal moves in turn (a move that ends the game, a repetition too, is skipped), an even count
// so the computer (White) is to move.
const opening = wasm.WebGame.build(variant, undefined, [], []);
for (let i = 0; i < plies - (plies % 2); i++) {
  const m = opening.legalMoves().find((x) => {
    const g = wasm.WebGame.build(variant, undefined, [], [...opening.moveTexts(), x.move]);
    const ongoing = g.status().result === 'ongoing' && g.legalMoves().length > 0;
    g.free();
    return ongoing;
  });
  if (!m) break;
  opening.play(m.move);
}
const start = opening.moveTexts();
if (start.length % 2) start.pop();
const server = await startServer();
const browser = await launch();
try {
  const { page } = await openPage(browser, `${server.url}index.html?variant=${variant}&mode=computer&side=black&level=${level}${start.length ? `&moves=${start.join(',')}` : ''}`);
  if (arg('css', '')) await page.addStyleTag({ content: arg('css', '') });
  if (process.argv.includes('--analysis')) {
    await page.click('#btn-analysis');
    await page.waitForFunction(() => Number(document.querySelector('#analysis-card').dataset.depth) > 0, null, { timeout: 30000 });
  }
  await page.evaluate(() => {
    /** @type {any} */ (window).__long = [];
    const thinking = () => document.querySelector('#board')?.getAttribute('data-ai-running') !== '0';
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) /** @type {any} */ (window).__long.push({ type: 'task', start: e.startTime, ms: e.duration, thinking: thinking() });
    }).observe({ type: 'longtask', buffered: false });
    new PerformanceObserver((l) => {
      for (const e of /** @type {any[]} */ (l.getEntries())) {
        /** @type {any} */ (window).__long.push({
          type: 'frame', start: e.startTime, ms: e.duration, blocking: e.blockingDuration, thinking: thinking(),
          scripts: e.scripts.map((s) => ({ ms: Math.round(s.duration), invoker: s.invoker, source: `${s.sourceURL.split('/').pop()}:${s.sourceFunctionName}`, style: Math.round(s.forcedStyleAndLayoutDuration) })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
  });
  // The main thread's own work during 8 s of the computer's first search (Chrome's
  // Performance.getMetrics: busy time of its tasks, and how often it rendered), less dependent on
  // other processes than the long tasks, which count time the thread waited for a core too.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.waitForFunction(() => document.querySelector('#board').dataset.aiRunning === '1', null, { timeout: 30000 });
  const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const m0 = await metrics();
  await page.waitForTimeout(8000);
  const m1 = await metrics();
  const d = (k) => m1[k] - m0[k];
  const window = `main thread during 8 s of search: tasks ${Math.round(d('TaskDuration') * 1000)} ms, scripts ${Math.round(d('ScriptDuration') * 1000)} ms, `
    + `style ${Math.round(d('RecalcStyleDuration') * 1000)} ms (${d('RecalcStyleCount')} recalcs), layout ${Math.round(d('LayoutDuration') * 1000)} ms (${d('LayoutCount')}), frames ${d('Frames') ?? '?'}`;
  for (let i = 0; i < moves; i++) {
    // The computer moves (White), then the first legal move answers it.
    await page.waitForFunction((n) => Number(document.querySelector('#board').dataset.ply) >= n, start.length + 2 * i + 1, { timeout: 60000 }).catch(async (e) => {
      console.log(await page.evaluate(() => ({ ...document.querySelector('#board').dataset, error: document.querySelector('#page-error')?.textContent })));
      throw e;
    });
    const fen = await page.getAttribute('#board', 'data-fen');
    const game = wasm.WebGame.build(variant, fen, [], []);
    const first = game.legalMoves()[0];
    if (!first || (await page.getAttribute('#board', 'data-result')) !== 'ongoing') break;
    await page.fill('#move-input', first.move);
    await page.press('#move-input', 'Enter');
  }
  await page.waitForTimeout(500);
  const long = await page.evaluate(() => /** @type {any} */ (window).__long);
  const tasks = long.filter((e) => e.type === 'task');
  const during = tasks.filter((e) => e.thinking);
  const fmt = (l) => (l.length ? `${l.length} tasks, max ${Math.round(Math.max(...l.map((e) => e.ms)))} ms, total ${Math.round(l.reduce((a, e) => a + e.ms, 0))} ms` : 'none');
  console.log(`level ${level}, ${variant}, ${moves} computer moves after ${start.length} plies${process.argv.includes('--analysis') ? ', analysis board on' : ''}`);
  console.log(window);
  console.log(`long tasks while the worker searched: ${fmt(during)}`);
  console.log(`long tasks otherwise: ${fmt(tasks.filter((e) => !e.thinking))}`);
  if (process.argv.includes('--frames')) {
    for (const f of long.filter((e) => e.type === 'frame' && e.ms > 50)) console.log(JSON.stringify(f));
  }
} finally {
  await browser.close();
  server.stop();
}
