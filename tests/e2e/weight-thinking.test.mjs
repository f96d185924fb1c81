// The main thread while the computer thinks (issue 26 §3): the search's reports come far faster
// than frames, and each used to redraw the thinking line and the analysis card at once. These
// tests check the structure that keeps the main thread free — reports are kept and drawn once
// per animation frame, however many came — not a timing (docs/benchmarks.md, "the main thread
// while the computer thinks", has the timings of scripts/longtasks.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();

test('perFrame: any number of calls before a frame draw once, with the latest arguments', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima'));
  const got = await page.evaluate(async () => {
    const { perFrame } = await import('./www/services/frame.js');
    const drawn = [];
    const draw = perFrame((n) => drawn.push(n));
    for (let i = 1; i <= 100; i++) draw(i);
    const before = drawn.length;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const afterFrame = [...drawn];
    draw(101);
    draw.cancel();
    draw(102);
    draw.flush();
    const flushed = [...drawn];
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { before, afterFrame, flushed, last: [...drawn] };
  });
  assert.equal(got.before, 0, 'nothing is drawn before the frame');
  assert.deepEqual(got.afterFrame, [100], 'one draw, of the latest call');
  assert.deepEqual(got.flushed, [100, 102], 'a cancelled call is dropped, a flushed one drawn at once');
  assert.deepEqual(got.last, [100, 102], 'a flushed call is not drawn again at the frame');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the analysis card redraws once per frame, not once per report of the search', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=ultima'));
  const got = await page.evaluate(async () => {
    const { Analysis } = await import('./www/views/analysis.js');
    const el = (tag) => document.createElement(tag);
    const count = el('select');
    count.append(new Option('3', '3', true, true));
    const parts = { toggle: el('button'), card: el('section'), bar: el('div'), number: el('span'), lines: el('ol'), stats: el('span'), count, layer: el('div'), canvas: el('canvas') };
    document.body.append(parts.card, parts.layer, parts.canvas);
    parts.card.append(parts.lines);
    const a = new Analysis({ ...parts, center: () => [10, 10], onPlay: () => {} });
    // Switched on for a position without starting a search: the reports are fed by hand.
    a.on = true;
    a.current = { side: 'white' };
    let redraws = 0;
    new MutationObserver((records) => (redraws += records.length)).observe(parts.lines, { childList: true });
    const report = (depth, multipv) => ({ depth, multipv, score: { cp: 10 * depth - multipv }, nodes: 1000 * depth, nps: 100000, pv: ['e2e5'], notation: ['e5'] });
    // Ten depths of three lines each arrive within one task, as they do at shallow depths.
    for (let depth = 1; depth <= 10; depth++) for (let k = 1; k <= 3; k++) a.info(report(depth, k));
    await Promise.resolve();
    const beforeFrame = redraws;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const shown = [...parts.lines.querySelectorAll('.analysis-line')].map((b) => b.dataset.depth);
    a.stop();
    return { beforeFrame, redraws, shown, depth: parts.card.dataset.depth, best: parts.layer.dataset.best };
  });
  assert.equal(got.beforeFrame, 0, 'no redraw while the reports come in');
  assert.equal(got.redraws, 1, '30 reports, one redraw of the lines');
  assert.deepEqual(got.shown, ['10', '10', '10'], 'the last report of each line is shown');
  assert.equal(got.depth, '10');
  assert.equal(got.best, 'e2e5');
  assert.deepEqual(errors, []);
  await context.close();
});
