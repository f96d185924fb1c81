// Threats mode in a real browser: in rule-book positions (ultima.md §10–§11, an Omega Wizard's
// fork from a wizard square, a hybrid Cannon threat, an Immobilizer's freezes) the page marks
// exactly the engine's threat set (WebGame.threats(), loaded here in Node from the same
// package), hovering a mark draws its moves, and the words come in English and Chinese.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, loadWasm, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
let wasm;
before(async () => {
  wasm = await loadWasm();
});

// Each position has Black to move, so the marks are White's threats; `victims` is what the rule
// book says White's moves take (written out here, not read from the engine).
const CASES = [
  { name: 'ultima §10 A', variant: 'ultima', fen: '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K b - - 0 1', victims: ['c4', 'd5'] },
  { name: 'ultima §10 B', variant: 'ultima', fen: 'k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K b - - 0 1', victims: ['d3', 'd5', 'd7', 'f4'] },
  { name: 'ultima §10 C', variant: 'ultima', fen: '7k/8/2l5/8/3C4/2P5/2Kp1i2/8 b - - 0 1', victims: ['c6', 'd2', 'f2'] },
  { name: 'ultima §10 D', variant: 'ultima', fen: '2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 b - - 0 1', victims: ['b6', 'c2', 'c5', 'c7', 'd6', 'f6', 'h6'] },
  { name: 'ultima §11', variant: 'ultima', fen: '7k/8/8/c3pP2/2l5/8/X7/K7 b - - 0 1', victims: ['a5', 'c4'] },
  { name: 'omega wizard fork', variant: 'omega', fen: '5k4/10/10/10/7K2/10/10/q9/10/2r7[W/-/-/-] b - - 0 1', victims: ['a2', 'c0'] },
  { name: 'hybrid cannon', variant: 'hybrid', fen: '5k4/10/10/r9/10/10/n9/10/5K4/Z9 b - - 0 1', victims: ['a7'] },
  { name: 'ultima freezes', variant: 'ultima', fen: '7k/8/8/8/8/3p4/8/I6K b - - 0 1', victims: [], frozen: ['d3', 'h8'] },
];

const query = (c, extra = '') => `variant=${c.variant}&fen=${encodeURIComponent(c.fen)}${extra}`;

async function marks(page) {
  return page.$$eval('#threat-layer .threat-mark', (bs) => bs.map((b) => ({ victim: b.dataset.victim, kind: b.dataset.kind, moves: b.dataset.moves })));
}

for (const c of CASES) {
  test(`${c.name}: the marks are exactly the engine's threats`, async () => {
    const { page, errors, context } = await openPage(env.browser, env.url(query(c)));
    assert.equal(await page.isVisible('#threats-card'), false, 'off by default');
    await page.click('#btn-threats');
    await page.waitForSelector('#threats-card:not([hidden])');
    const engine = wasm.WebGame.build(c.variant, c.fen, [], []).threats();
    const want = new Map();
    for (const [kind, list] of [['capture', engine.captures], ['freeze', engine.freezes]]) {
      for (const th of list) {
        const key = `${kind} ${th.victim}`;
        want.set(key, [...(want.get(key) ?? []), th.move]);
      }
    }
    const got = await marks(page);
    assert.deepEqual(new Set(got.map((m) => `${m.kind} ${m.victim}`)), new Set(want.keys()));
    for (const m of got) assert.deepEqual(m.moves.split(' '), want.get(`${m.kind} ${m.victim}`));
    assert.deepEqual(got.filter((m) => m.kind === 'capture').map((m) => m.victim).sort(), c.victims);
    if (c.frozen) assert.deepEqual(got.filter((m) => m.kind === 'freeze').map((m) => m.victim).sort(), c.frozen);
    // One list line per threat, each naming its move's notation.
    const items = await page.$$eval('#threat-list .threat-item', (xs) => xs.map((x) => x.dataset.move));
    assert.equal(items.length, engine.captures.length + engine.freezes.length);
    // Hovering a mark draws its moves; leaving it clears them.
    if (got.length) {
      const first = page.locator('#threat-layer .threat-mark').first();
      await first.hover();
      assert.equal(await page.getAttribute('#threat-layer', 'data-drawn'), got[0].moves);
      assert.ok((await page.$$('#threat-layer svg line, #threat-layer svg circle')).length > 0);
      await page.mouse.move(1, 1);
      assert.equal(await page.getAttribute('#threat-layer', 'data-drawn'), '');
      // Focus draws too (keyboard).
      await first.focus();
      assert.equal(await page.getAttribute('#threat-layer', 'data-drawn'), got[0].moves);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('threats mode in English and Chinese, with screenshots', async () => {
  const c = CASES[3];
  for (const lang of ['en', 'zh-Hans']) {
    const { page, errors, context } = await openPage(env.browser, env.url(query(c, `&lang=${lang}`)));
    await page.click('#btn-threats');
    const mark = page.locator('#threat-layer .threat-mark[data-victim="d6"]');
    await mark.hover();
    const summary = await page.textContent('#threats-summary');
    const label = await mark.getAttribute('aria-label');
    if (lang === 'en') {
      assert.match(summary, /Against Black: 7 pieces could be captured, 0 frozen/);
      assert.match(label, /Chameleon g6–c6 \(Xg6-c6xb6xc2xc5xc7xd6xf6xh6\+\) would capture the Long Leaper on d6 by chameleon capture/);
    } else {
      assert.match(summary, /针对黑方：7 个棋子可能被吃/);
      assert.match(label, /变色龙吃法/);
      assert.doesNotMatch(summary + label, /[A-Za-z]{4,}/, 'no English words besides notation');
    }
    await page.screenshot({ path: artifact(`threats-${lang}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
