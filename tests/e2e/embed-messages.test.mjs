// The iframe page's message handler (www/pages/embed.js) against hostile messages (issue 26 §2): field
// values that are prototype names (`toString`, `__proto__`, `constructor`, …), values that JSON
// cannot write (a BigInt, a cycle), a `ply` that is not a whole number (NaN, a string, 1.5,
// Infinity), a `baroque` field that is not a string, and a board that is not ready. Every message
// for the frame gets exactly one answer: a `state` with a whole-number ply, or a documented
// error; the frame throws nothing and its board keeps a whole-number ply.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** A host page (same origin, so the test can watch the frame) holding one iframe page. */
async function host(query) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.route('**/www/__host.html', (r) =>
    r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"></head><body><iframe id="f" title="board" width="380" height="520" src="embed.html?${query}"></iframe><script>window.got = []; addEventListener('message', (e) => window.got.push(e.data));</script></body></html>` }),
  );
  await page.goto(`${env.server.url}www/__host.html`);
  const frame = page.frame({ url: /embed\.html/ });
  await frame.waitForFunction(() => ['ready', 'error'].includes(document.querySelector('baroque-board')?.dataset.state), null, { timeout: 20000 });
  await frame.evaluate(() => {
    window.thrown = [];
    addEventListener('error', (e) => window.thrown.push(String(e.message)));
    addEventListener('unhandledrejection', (e) => window.thrown.push(String(e.reason)));
  });
  await page.evaluate(() => (window.got.length = 0));
  /**
   * Posts the message made by `make` (a function source, run in the host page) and returns the
   * answers it got (`state` or `error`; a `step` is the frame's report of a change, not an answer).
   */
  const send = async (make) => {
    const before = await page.evaluate(() => window.got.length);
    await page.evaluate((src) => document.getElementById('f').contentWindow.postMessage((0, eval)(src)(), '*'), make);
    const answers = (n) => window.got.slice(n).filter((m) => m.baroque !== 'step');
    await page.waitForFunction(([n, f]) => (0, eval)(f)(n).length > 0, [before, answers.toString()], { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(150); // a second answer would come within this
    return page.evaluate(([n, f]) => (0, eval)(f)(n), [before, answers.toString()]);
  };
  return { page, frame, errors, context, send };
}

const HOSTILE = [
  '() => ({ baroque: "toString" })',
  '() => ({ baroque: "__proto__" })',
  '() => ({ baroque: "constructor" })',
  '() => ({ baroque: "valueOf" })',
  '() => ({ baroque: "hasOwnProperty" })',
  '() => ({ baroque: "__defineGetter__" })',
  '() => ({ baroque: "ply", ply: NaN })',
  '() => ({ baroque: "ply", ply: "1" })',
  '() => ({ baroque: "ply", ply: 1.5 })',
  '() => ({ baroque: "ply", ply: Infinity })',
  '() => ({ baroque: "ply" })',
  '() => ({ baroque: "ply", ply: 10n })',
  '() => ({ baroque: "bogus", big: 10n })',
  '() => { const m = { baroque: "bogus" }; m.self = m; return m; }',
  '() => { const m = { baroque: "next" }; m.self = m; return m; }',
  '() => ({ baroque: ["next"] })',
  '() => ({ baroque: 5 })',
  '() => ({ baroque: null })',
  '() => ({ baroque: 10n })',
  '() => ({ baroque: { toString: "next" } })',
];

test('every hostile message gets one answer: a state with a whole ply or a documented error', async () => {
  const { page, frame, errors, context, send } = await host('variant=ultima&mode=steps&moves=e2e5%20d7d4');
  for (const make of HOSTILE) {
    const answers = await send(make);
    assert.equal(answers.length, 1, `${make}: ${JSON.stringify(answers, (k, v) => (typeof v === 'bigint' ? String(v) : v))}`);
    const [a] = answers;
    if (a.baroque === 'state') {
      assert.ok(Number.isInteger(a.ply) && a.ply >= 0 && a.ply <= 2, `${make}: ply ${a.ply}`);
    } else {
      assert.equal(a.baroque, 'error', make);
      assert.equal(a.code, 'embed-bad-message', make);
      assert.equal(typeof a.message, 'string');
    }
    const ply = await frame.evaluate(() => document.querySelector('baroque-board').getAttribute('ply'));
    assert.ok(ply === null || /^\d+$/.test(ply), `${make}: the board's ply attribute is ${ply}`);
  }
  // The named ones are refused, not taken for steps.
  for (const make of HOSTILE.slice(0, 10)) assert.equal((await send(make))[0].baroque, 'error', make);
  // Good messages still work.
  const [next] = await send('() => ({ baroque: "ply", ply: 2 })');
  assert.deepEqual([next.baroque, next.ply], ['state', 2]);
  assert.equal(await frame.evaluate(() => document.querySelector('baroque-board').dataset.state), 'ready');
  assert.deepEqual(await frame.evaluate(() => window.thrown), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a board that is not ready answers steps with a documented error, never a NaN ply', async () => {
  const { frame, context, send } = await host('variant=shogi&mode=steps');
  const [a] = await send('() => ({ baroque: "next" })');
  assert.equal(a.baroque, 'error');
  assert.equal(a.code, 'embed-not-ready');
  const [s] = await send('() => ({ baroque: "state" })');
  assert.equal(s.baroque, 'state');
  assert.equal(s.ply, 0);
  assert.equal(await frame.evaluate(() => document.querySelector('baroque-board').getAttribute('ply')), null);
  assert.deepEqual(await frame.evaluate(() => window.thrown), []);
  await context.close();
});
