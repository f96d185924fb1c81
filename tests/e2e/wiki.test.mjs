// The wiki boards (issue 12): <baroque-board>'s modes, its lazy loading, the iframe page and its
// postMessage interface, and `baroque diagram --svg` against the canvas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { ROOT, artifact, useBrowser } from './helpers.mjs';

const env = useBrowser();

// Ultima §10 A: the pawn g4–d4 pins c4 (the Immobilizer) and d5.
const PINCER = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';

/** A page at www/<name> (served by the test itself, so its scripts load from www/). */
async function hostPage(html, { width = 1000, height = 800, locale = 'en-US' } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, locale });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const wasm = [];
  page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url()));
  await page.route('**/www/__host.html', (r) => r.fulfill({ contentType: 'text/html', body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><script type="module" src="baroque-board.js"></script></head><body>${html}</body></html>` }));
  await page.goto(`${env.server.url}www/__host.html`);
  return { page, errors, context, wasm };
}

const state = (page, id) => page.evaluate((i) => document.getElementById(i)?.dataset.state, id);
const waitReady = (page, ...ids) =>
  page.waitForFunction((list) => list.every((i) => ['ready', 'error'].includes(document.getElementById(i)?.dataset.state)), ids, { timeout: 20000 });
const shadowText = (page, id, sel) => page.evaluate(([i, s]) => document.getElementById(i).shadowRoot.querySelector(s)?.textContent ?? null, [id, sel]);

/** How many distinct colours the element's canvas shows (a drawn board has many). */
const inked = (page, id) =>
  page.evaluate((i) => {
    const c = document.getElementById(i).shadowRoot.querySelector('.board > canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let k = 0; k < d.length; k += 4 * 97) seen.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
    return seen.size;
  }, id);

/** Clicks square `sq` of element `id`'s board (white at the bottom, `n` files). */
async function clickOn(page, id, sq, n = 8) {
  const [x, y] = await page.evaluate(([i, s, files]) => {
    const r = document.getElementById(i).shadowRoot.querySelector('.board > canvas').getBoundingClientRect();
    const file = s.charCodeAt(0) - 97;
    const rank = Number(s.slice(1)) - 1;
    return [r.left + ((file + 0.5) * r.width) / files, r.top + ((files - 1 - rank + 0.5) * r.width) / files];
  }, [id, sq, n]);
  await page.mouse.click(x, y);
}

/**
 * Records element `id`'s `type` events in the page (a listener installed before the input that
 * causes them: mouse and keyboard input can overtake a pending evaluate). `nth(n)` waits for the
 * n-th (from 1) and returns its detail.
 */
async function recorder(page, id, type) {
  const key = `${id}:${type}`;
  await page.evaluate(([i, t, k]) => {
    window.rec ??= {};
    window.rec[k] = [];
    document.getElementById(i).addEventListener(t, (e) => window.rec[k].push(e.detail));
  }, [id, type, key]);
  return async (n, timeout = 15000) => {
    await page.waitForFunction(([k, c]) => window.rec[k].length >= c, [key, n], { timeout });
    return page.evaluate(([k, c]) => window.rec[k][c - 1], [key, n]);
  };
}

test('three boards of three games render on one page (boards.html), in English and Chinese', async () => {
  for (const locale of ['en-US', 'zh-CN']) {
    const context = await env.browser.newContext({ viewport: { width: 1300, height: 900 }, locale });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}www/boards.html`);
    await waitReady(page, 'pincer', 'wizard', 'leaper', 'broken');
    for (const id of ['pincer', 'wizard', 'leaper']) {
      assert.equal(await state(page, id), 'ready', id);
      assert.ok((await inked(page, id)) > 8, `${id} is drawn`);
    }
    const next = await page.evaluate(() => document.getElementById('leaper').shadowRoot.querySelector('[data-action="next"]').textContent);
    assert.equal(next, locale === 'en-US' ? 'Next' : '下一步');
    await page.screenshot({ path: artifact(`wiki-boards-${locale}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('steps: buttons, arrow keys and the move list step; the captures shown are the engine’s', async () => {
  const { page, errors, context } = await hostPage(
    `<baroque-board id="s" mode="steps" variant="ultima" fen="${PINCER}" moves="g4d4 e5e4 h1g1" marks="c4:red d5:red"></baroque-board>`,
  );
  await waitReady(page, 's');
  assert.equal(await page.evaluate(() => document.getElementById('s').ply), 0);
  // Every step event is recorded in the page; `next()` waits for the one after those seen so far.
  await page.evaluate(() => {
    window.steps = [];
    document.getElementById('s').addEventListener('step', (e) => window.steps.push(e.detail));
  });
  let seen = 0;
  const next = async () => {
    seen += 1;
    await page.waitForFunction((n) => window.steps.length >= n, seen, { timeout: 5000 });
    return page.evaluate((n) => window.steps[n - 1], seen);
  };
  await page.evaluate(() => document.getElementById('s').shadowRoot.querySelector('[data-action="next"]').click());
  const first = await next();
  // What the engine says g4d4 captures from this position.
  const engine = await page.evaluate(async (fen) => {
    const { WebGame } = await import('./pkg/baroque_web.js');
    const g = WebGame.build('ultima', fen, [], []);
    const v = g.preview('g4', 'd4');
    g.free();
    return v;
  }, PINCER);
  assert.deepEqual(first.captures, engine);
  assert.deepEqual(first.captures, ['c4', 'd5']);
  assert.equal(first.ply, 1);
  assert.match(first.sentence, /Pincer Pawn g4 to d4.*captures/);
  assert.match(await shadowText(page, 's', '.sentence'), /captures/);
  // Arrow keys on the focused figure.
  await page.evaluate(() => document.getElementById('s').shadowRoot.querySelector('figure').focus());
  await page.keyboard.press('ArrowRight');
  assert.equal((await next()).ply, 2);
  await page.keyboard.press('End');
  assert.equal((await next()).ply, 3);
  await page.keyboard.press('Home');
  assert.equal((await next()).ply, 0);
  // The move list, and the ply property and attribute.
  await page.evaluate(() => document.getElementById('s').shadowRoot.querySelector('.moves button[data-ply="2"]').click());
  assert.equal((await next()).ply, 2);
  await page.evaluate(() => (document.getElementById('s').ply = 1));
  assert.equal((await next()).ply, 1);
  assert.deepEqual(await page.evaluate(() => document.getElementById('s').moves), ['g4d4', 'e5e4', 'h1g1']);
  assert.equal(await shadowText(page, 's', '.counter'), 'Move 1 of 3');
  await page.screenshot({ path: artifact('wiki-steps.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('try: the reader moves, reset goes back; a bad FEN, mode, mark or ply shows its message', async () => {
  const { page, errors, context } = await hostPage(
    `<baroque-board id="t" mode="try" variant="ultima" fen="${PINCER}"></baroque-board>
     <baroque-board id="bad-fen" variant="ultima" fen="8/8/zz w"></baroque-board>
     <baroque-board id="bad-mode" mode="dance"></baroque-board>
     <baroque-board id="bad-marks" marks="d4 q9"></baroque-board>
     <baroque-board id="bad-ply" moves="e2e5" ply="two"></baroque-board>`,
    { height: 2400 },
  );
  await waitReady(page, 't', 'bad-fen', 'bad-mode', 'bad-marks', 'bad-ply');
  const moves = await recorder(page, 't', 'move');
  await clickOn(page, 't', 'g4');
  await clickOn(page, 't', 'd4');
  const m = await moves(1);
  assert.equal(m.move, 'g4d4');
  assert.deepEqual(m.captures, ['c4', 'd5']);
  assert.notEqual(await page.evaluate(() => document.getElementById('t').fen), PINCER);
  await page.evaluate(() => document.getElementById('t').shadowRoot.querySelector('[data-action="reset"]').click());
  await page.waitForFunction((f) => document.getElementById('t').fen === f, PINCER);
  const err = (id) => shadowText(page, id, '.error');
  assert.match(await err('bad-fen'), /^Board error: /);
  assert.match(await err('bad-mode'), /Unknown mode “dance”/);
  assert.match(await err('bad-marks'), /Bad mark “q9”/);
  assert.match(await err('bad-ply'), /The ply “two”/);
  for (const id of ['bad-fen', 'bad-mode', 'bad-marks', 'bad-ply']) assert.equal(await state(page, id), 'error');
  // Fixing the attribute brings the board back.
  await page.evaluate(() => document.getElementById('bad-mode').setAttribute('mode', 'diagram'));
  await page.waitForFunction(() => document.getElementById('bad-mode').dataset.state === 'ready');
  assert.deepEqual(errors, []);
  await context.close();
});

test('play: the computer answers with a legal move', async () => {
  const { page, errors, context } = await hostPage(`<baroque-board id="p" mode="play" level="1" variant="ultima"></baroque-board>`);
  await waitReady(page, 'p');
  const legal = await page.evaluate(async () => {
    const { WebGame } = await import('./pkg/baroque_web.js');
    const g = WebGame.build('ultima', undefined, [], ['e2e5']);
    const v = g.legalMoves().map((m) => m.move);
    g.free();
    return v;
  });
  const moves = await recorder(page, 'p', 'move');
  await clickOn(page, 'p', 'e2');
  await clickOn(page, 'p', 'e5');
  assert.equal((await moves(1)).by, 'reader');
  const reply = await moves(2, 30000);
  assert.equal(reply.by, 'computer');
  assert.ok(legal.includes(reply.move), `${reply.move} is legal`);
  assert.equal(await page.evaluate(() => document.getElementById('p').ply), 2);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the wasm loads only when a board nears the viewport; twenty boards stay responsive', async () => {
  const boards = Array.from({ length: 20 }, (_, i) => `<baroque-board id="b${i}" mode="steps" moves="e2e5 d7d4" size="220"></baroque-board>`).join('\n');
  const { page, errors, context, wasm } = await hostPage(`<div style="height: 3000px">far above</div>${boards}`);
  await page.waitForTimeout(800);
  assert.deepEqual(wasm, [], 'no wasm while every board is off screen');
  assert.equal(await state(page, 'b0'), 'loading');
  const t0 = Date.now();
  await page.evaluate(() => document.getElementById('b0').scrollIntoView());
  await waitReady(page, 'b0');
  const firstBoard = Date.now() - t0;
  assert.equal(wasm.length, 1);
  // Scroll through all twenty: each builds, and a step answers at once.
  await page.evaluate(() => document.getElementById('b19').scrollIntoView());
  await page.evaluate(() => window.scrollTo(0, 3000));
  await page.setViewportSize({ width: 1000, height: 6000 });
  await waitReady(page, ...Array.from({ length: 20 }, (_, i) => `b${i}`));
  const ms = await page.evaluate(async () => {
    const t = performance.now();
    const b = document.getElementById('b10');
    const done = new Promise((ok) => b.addEventListener('step', ok, { once: true }));
    b.shadowRoot.querySelector('[data-action="next"]').click();
    await done;
    return performance.now() - t;
  });
  assert.ok(ms < 500, `a step took ${ms} ms`);
  assert.equal(wasm.length, 1, 'one wasm instance for every board');
  console.log(`# first board drawn ${firstBoard} ms after it came into view (wasm fetched then); a step on the 20-board page: ${ms.toFixed(0)} ms`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a page with three boards downloads under 350 KB compressed, wasm included', async () => {
  const { page, context } = await hostPage(
    `<baroque-board id="a" variant="ultima" mode="steps" moves="e2e5"></baroque-board>
     <baroque-board id="b" variant="omega"></baroque-board><baroque-board id="c" variant="hybrid" mode="try"></baroque-board>`,
  );
  const urls = new Set();
  page.on('response', (r) => urls.add(new URL(r.url()).pathname));
  await page.reload();
  await waitReady(page, 'a', 'b', 'c');
  let total = 0;
  const sizes = [];
  for (const path of urls) {
    if (path.endsWith('__host.html')) continue;
    const file = join(ROOT, decodeURIComponent(path));
    if (!existsSync(file)) continue;
    const z = gzipSync(readFileSync(file), { level: 9 }).length;
    sizes.push(`${path} ${z}`);
    total += z;
  }
  console.log(`# three boards: ${urls.size} files, ${(total / 1024).toFixed(1)} KB gzip-compressed\n# ${sizes.join('\n# ')}`);
  assert.ok(total < 350 * 1024, `${total} bytes`);
  await context.close();
});

test('the iframe page honours its parameters and the host steps it with postMessage', async () => {
  const params = new URLSearchParams({ variant: 'ultima', fen: PINCER, moves: 'g4d4 e5e4', ply: '1', mode: 'steps', marks: 'd4 c4>d5:blue', caption: 'Pincer §10 A', lang: 'zh-Hans', orientation: 'black' });
  const { page, errors, context } = await hostPage(`<iframe id="f" title="board" width="380" height="520" src="embed.html?${params}"></iframe>`);
  await page.evaluate(() => {
    window.got = [];
    window.addEventListener('message', (e) => window.got.push(e.data));
  });
  const frame = page.frame({ url: /embed\.html/ });
  await frame.waitForFunction(() => document.querySelector('baroque-board')?.dataset.state === 'ready');
  const b = await frame.evaluate(() => {
    const el = document.querySelector('baroque-board');
    return { ply: el.ply, moves: el.moves, attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])), caption: el.shadowRoot.querySelector('figcaption').textContent, next: el.shadowRoot.querySelector('[data-action="next"]').textContent, width: el.getBoundingClientRect().width };
  });
  assert.equal(b.ply, 1);
  assert.deepEqual(b.moves, ['g4d4', 'e5e4']);
  for (const [k, v] of params) assert.equal(b.attrs[k], v, k);
  assert.equal(b.caption, 'Pincer §10 A');
  assert.equal(b.next, '下一步');
  assert.ok(b.width > 200 && b.width <= 380, `sized to the frame: ${b.width}`);
  const send = (msg) => page.evaluate((m) => document.getElementById('f').contentWindow.postMessage(m, '*'), msg);
  const waitFor = (kind, n) => page.waitForFunction(([k, c]) => window.got.filter((m) => m.baroque === k).length >= c, [kind, n]);
  await send({ baroque: 'next' });
  await waitFor('state', 1);
  assert.equal((await page.evaluate(() => window.got.filter((m) => m.baroque === 'state').at(-1))).ply, 2);
  await send({ baroque: 'first' });
  await waitFor('state', 2);
  assert.equal((await page.evaluate(() => window.got.filter((m) => m.baroque === 'state').at(-1))).ply, 0);
  await send({ baroque: 'ply', ply: 1 });
  await waitFor('state', 3);
  const s = await page.evaluate(() => window.got.filter((m) => m.baroque === 'state').at(-1));
  assert.equal(s.ply, 1);
  assert.equal(s.total, 2);
  assert.match(s.fen, / b /);
  await send({ baroque: 'last' });
  await waitFor('state', 4);
  assert.equal((await page.evaluate(() => window.got.filter((m) => m.baroque === 'state').at(-1))).ply, 2);
  assert.ok((await page.evaluate(() => window.got.filter((m) => m.baroque === 'step').length)) >= 3);
  await send({ baroque: 'dance' });
  await waitFor('error', 1);
  assert.equal((await page.evaluate(() => window.got.find((m) => m.baroque === 'error'))).code, 'embed-bad-message');
  await page.screenshot({ path: artifact('wiki-embed-zh-Hans.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

/** The `baroque` binary of this checkout, if it is built. */
function cli() {
  const dir = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  return ['release', 'debug'].map((p) => join(dir, p, 'baroque')).find((p) => existsSync(p)) ?? null;
}

test('baroque diagram --svg: valid SVG for each game, drawing the same pieces as the canvas', { skip: cli() ? false : 'the CLI is not built' }, async () => {
  const cases = [
    { variant: 'ultima', fen: PINCER, moves: ['g4d4'] },
    { variant: 'omega', fen: '', moves: ['e1e4', 'w4a7'] },
    { variant: 'hybrid', fen: '', moves: ['e3e5'] },
  ];
  const { page, errors, context } = await hostPage('<div id="out"></div>', { width: 1000, height: 900 });
  for (const c of cases) {
    const args = ['diagram', '--svg', '--size', '400', '--coordinates', 'off', '--variant', c.variant];
    if (c.fen) args.push('--fen', c.fen);
    args.push('--moves', ...c.moves);
    const svg = execFileSync(cli(), args, { encoding: 'utf8' });
    const result = await page.evaluate(
      async ({ svg, c }) => {
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        if (doc.querySelector('parsererror') || doc.documentElement.localName !== 'svg') return { error: 'not valid SVG' };
        const pieces = doc.querySelectorAll('[data-piece]').length;
        // The canvas: an element of the same position, same size, no coordinates, no animation.
        const out = document.getElementById('out');
        out.innerHTML = '';
        const el = document.createElement('baroque-board');
        el.setAttribute('variant', c.variant);
        if (c.fen) el.setAttribute('fen', c.fen);
        el.setAttribute('moves', c.moves.join(' '));
        el.setAttribute('coordinates', 'false');
        el.setAttribute('size', '400');
        out.append(el);
        await new Promise((ok) => el.addEventListener('ready', ok, { once: true }));
        await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
        const canvas = el.shadowRoot.querySelector('.board > canvas');
        const img = new Image();
        img.src = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
        await img.decode();
        const size = 400;
        const draw = (src) => {
          const cv = document.createElement('canvas');
          cv.width = cv.height = size;
          const ctx = cv.getContext('2d');
          // The canvas leaves Omega's holes transparent (the page's frame shows through); the
          // SVG, a picture on its own, paints them with the palette's surround.
          ctx.fillStyle = doc.querySelector('rect').getAttribute('fill');
          ctx.fillRect(0, 0, size, size);
          ctx.drawImage(src, 0, 0, size, size);
          return ctx.getImageData(0, 0, size, size).data;
        };
        const a = draw(canvas);
        const b = draw(img);
        // Per cell of a 10×10 (or 8×8, or 12×12) grid: the mean colour difference.
        const n = { ultima: 8, hybrid: 10, omega: 12 }[c.variant];
        const cell = size / n;
        let worst = 0;
        let sum = 0;
        for (let cy = 0; cy < n; cy++)
          for (let cx = 0; cx < n; cx++) {
            let d = 0;
            let k = 0;
            for (let y = Math.floor(cy * cell) + 2; y < (cy + 1) * cell - 2; y += 2)
              for (let x = Math.floor(cx * cell) + 2; x < (cx + 1) * cell - 2; x += 2) {
                const i = (y * size + x) * 4;
                d += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
                k++;
              }
            const m = d / k / 3;
            worst = Math.max(worst, m);
            sum += m;
          }
        return { pieces, worst, mean: sum / (n * n), fenPieces: (el.fen.split(' ')[0].match(/[a-z]/gi) ?? []).length };
      },
      { svg, c },
    );
    await page.screenshot({ path: artifact(`wiki-diagram-${c.variant}.png`) });
    assert.equal(result.error, undefined, c.variant);
    assert.equal(result.pieces, result.fenPieces, `${c.variant}: the SVG draws every piece of the FEN`);
    assert.ok(result.mean < 4 && result.worst < 20, `${c.variant}: the SVG and the canvas differ (mean ${result.mean.toFixed(2)}, worst square ${result.worst.toFixed(2)})`);
    console.log(`# ${c.variant}: SVG vs canvas, mean colour difference ${result.mean.toFixed(2)}/255, worst square ${result.worst.toFixed(2)}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
