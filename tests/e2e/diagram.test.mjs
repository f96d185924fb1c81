// Board pictures: the page's Download SVG / PNG buttons (www/services/download.js) give files that parse
// and decode and look like the canvas; the binding's SVG (BoardView.diagram) is the CLI's
// `baroque diagram --svg`, byte for byte, for a position of each game; `baroque diagram --png`
// writes a PNG of the size asked whose pixels match the SVG's rendering.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, artifact, boardAttr, openPage, useBrowser, waitAttr } from './helpers.mjs';

const env = useBrowser();
const url = env.url;

/** The `baroque` binary of this checkout, if it is built. */
function cli() {
  const dir = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  return ['release', 'debug'].map((p) => join(dir, p, 'baroque')).find((p) => existsSync(p)) ?? null;
}

async function downloaded(page, click) {
  const wait = page.waitForEvent('download');
  await click();
  const d = await wait;
  const path = artifact(`diagram-${d.suggestedFilename()}`);
  await d.saveAs(path);
  return { path, name: d.suggestedFilename() };
}

/**
 * In the page: the mean colour difference (0–255) between two pictures drawn at `size` over
 * `ground`, and the picture's own size; `a` and `b` are canvases, or PNG/SVG bytes as base64.
 */
async function compare(page, a, b, size) {
  return page.evaluate(
    async ({ a, b, size }) => {
      const load = async (src) => {
        if (src === 'canvas') return document.getElementById('board');
        const bytes = Uint8Array.from(atob(src.data), (c) => c.charCodeAt(0));
        return createImageBitmap(await (await fetch(URL.createObjectURL(new Blob([bytes], { type: src.type })))).blob());
      };
      const [ia, ib] = [await load(a), await load(b)];
      const pixels = (img) => {
        const cv = document.createElement('canvas');
        cv.width = cv.height = size;
        const ctx = cv.getContext('2d');
        // Omega's holes are transparent on the canvas: both go over the picture's surround.
        ctx.fillStyle = '#808080';
        ctx.fillRect(0, 0, size, size);
        ctx.drawImage(img, 0, 0, img.width, img.width, 0, 0, size, size);
        return ctx.getImageData(0, 0, size, size).data;
      };
      const [pa, pb] = [pixels(ia), pixels(ib)];
      let d = 0;
      for (let i = 0; i < pa.length; i += 4) d += Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2]);
      return { mean: d / (size * size * 3), a: [ia.width, ia.height], b: [ib.width, ib.height] };
    },
    { a, b, size },
  );
}

const b64 = (path) => readFileSync(path).toString('base64');

test('the page downloads the board as SVG and PNG: they parse, decode and look like the canvas', async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  await page.fill('#move-input', 'e2e5');
  await page.press('#move-input', 'Enter');
  await waitAttr(page, 'data-ply', '1');
  const fen = await boardAttr(page, 'data-fen');
  await page.click('.position-card summary');
  const svg = await downloaded(page, () => page.click('#btn-download-svg'));
  assert.match(svg.name, /^baroque-ultima-.*\.svg$/);
  const text = readFileSync(svg.path, 'utf8');
  const parsed = await page.evaluate((s) => {
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    return { ok: !doc.querySelector('parsererror') && doc.documentElement.localName === 'svg', pieces: doc.querySelectorAll('[data-piece]').length };
  }, text);
  assert.equal(parsed.ok, true);
  assert.equal(parsed.pieces, (fen.split(' ')[0].match(/[a-z]/gi) ?? []).length);
  const png = await downloaded(page, () => page.click('#btn-download-png'));
  assert.match(png.name, /^baroque-ultima-.*\.png$/);
  const bytes = readFileSync(png.path);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG');
  const canvasWidth = await page.evaluate(() => document.getElementById('board').width);
  // The PNG has the canvas's pixel size (at least 480) and its look: the SVG and the canvas are
  // drawn from the same shapes.
  const cmp = await compare(page, 'canvas', { data: b64(png.path), type: 'image/png' }, 320);
  assert.deepEqual(cmp.b, [Math.max(480, canvasWidth), Math.max(480, canvasWidth)]);
  assert.ok(cmp.mean < 4, `PNG vs canvas: mean colour difference ${cmp.mean.toFixed(2)}`);
  console.log(`# page PNG ${cmp.b.join('×')} vs canvas: mean colour difference ${cmp.mean.toFixed(2)}/255`);
  assert.deepEqual(errors, []);
  await context.close();
});

const CASES = [
  { variant: 'ultima', fen: '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1', moves: ['g4d4'], marks: 'd3 d5:red d2>d8:blue', caption: 'Pincer g4-d4 captures c4 and d5', look: ['--orientation', 'black', '--theme', 'dark'] },
  { variant: 'omega', fen: '', moves: ['e1e4', 'w4a7'], marks: 'w1:green', caption: '巫师', look: ['--board', 'slate'] },
  { variant: 'hybrid', fen: '', moves: ['e3e5'], marks: '', caption: '', look: ['--coordinates', 'off'] },
];

/** The binding's options for a case's CLI look flags. */
function optionsOf(c) {
  const o = { size: 400 };
  for (let i = 0; i < c.look.length; i += 2) {
    const [flag, v] = [c.look[i].slice(2), c.look[i + 1]];
    if (flag === 'coordinates') o.coordinates = v === 'on';
    else if (flag === 'board') o.boardSet = v;
    else o[flag] = v;
  }
  if (c.marks) o.marks = c.marks;
  if (c.caption) o.caption = c.caption;
  return o;
}

function cliArgs(c, format) {
  const args = ['diagram', format, '--size', '400', '--variant', c.variant, ...c.look];
  if (c.fen) args.push('--fen', c.fen);
  if (c.marks) args.push('--marks', c.marks);
  if (c.caption) args.push('--caption', c.caption);
  args.push('--moves', ...c.moves);
  return args;
}

test('the binding draws the same SVG as `baroque diagram --svg`, for a position of each game', { skip: cli() ? false : 'the CLI is not built' }, async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  for (const c of CASES) {
    const fromCli = execFileSync(cli(), cliArgs(c, '--svg'), { encoding: 'utf8' });
    const got = await page.evaluate(
      async ({ c, options }) => {
        const { BoardView, WebGame } = await import('./www/pkg/baroque_web.js');
        const g = WebGame.build(c.variant, c.fen || undefined, [], c.moves);
        const svg = BoardView.diagram(g, options);
        let badPly = null;
        try {
          BoardView.diagram(g, { ply: 99 });
        } catch (e) {
          badPly = e.message;
        }
        let badMark = null;
        try {
          BoardView.diagram(g, { marks: 'z9' });
        } catch (e) {
          badMark = e.code;
        }
        const atStart = BoardView.diagram(g, { ply: 0 });
        g.free();
        const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
        return { svg, ok: !doc.querySelector('parsererror') && doc.documentElement.localName === 'svg', badPly, badMark, startTitle: new DOMParser().parseFromString(atStart, 'image/svg+xml').querySelector('title')?.textContent };
      },
      { c, options: optionsOf(c) },
    );
    assert.equal(got.ok, true, c.variant);
    assert.equal(got.svg, fromCli, `${c.variant}: the binding's SVG is the CLI's`);
    assert.match(got.badPly, /ply must be a number of moves from 0 to \d/);
    assert.equal(got.badMark, 'marks-bad');
    assert.match(got.startTitle, / w /, `${c.variant}: the picture at ply 0 is titled with its FEN`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('`baroque diagram --png` decodes to the size asked and matches the browser’s rendering of the SVG', { skip: cli() ? false : 'the CLI is not built' }, async () => {
  const { page, errors, context } = await openPage(env.browser, url('variant=ultima'));
  for (const c of CASES) {
    const svgPath = artifact(`diagram-cli-${c.variant}.svg`);
    const pngPath = artifact(`diagram-cli-${c.variant}.png`);
    execFileSync(cli(), [...cliArgs(c, '--svg').slice(0, 2), '--out', svgPath, ...cliArgs(c, '--svg').slice(2)]);
    execFileSync(cli(), [...cliArgs(c, '--png').slice(0, 2), '--out', pngPath, ...cliArgs(c, '--png').slice(2)]);
    const png = readFileSync(pngPath);
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.equal(w, 400, c.variant);
    assert.equal(h > 400, Boolean(c.caption), `${c.variant}: a caption makes the picture taller`);
    // The whole picture, caption included: the browser rasterises the SVG, resvg wrote the PNG.
    const cmp = await page.evaluate(
      async ({ svg, png, w, h }) => {
        const bitmap = async (bytes, type) => {
          const img = new Image();
          img.src = URL.createObjectURL(new Blob([Uint8Array.from(atob(bytes), (ch) => ch.charCodeAt(0))], { type }));
          await img.decode();
          return img;
        };
        const [a, b] = [await bitmap(svg, 'image/svg+xml'), await bitmap(png, 'image/png')];
        const pixels = (img) => {
          const cv = document.createElement('canvas');
          cv.width = w;
          cv.height = h;
          const ctx = cv.getContext('2d');
          ctx.drawImage(img, 0, 0, w, h);
          return ctx.getImageData(0, 0, w, h).data;
        };
        const [pa, pb] = [pixels(a), pixels(b)];
        let d = 0;
        for (let i = 0; i < pa.length; i += 4) d += Math.abs(pa[i] - pb[i]) + Math.abs(pa[i + 1] - pb[i + 1]) + Math.abs(pa[i + 2] - pb[i + 2]);
        return { mean: d / (w * h * 3), size: [b.naturalWidth, b.naturalHeight] };
      },
      { svg: b64(svgPath), png: b64(pngPath), w, h },
    );
    assert.deepEqual(cmp.size, [w, h]);
    assert.ok(cmp.mean < 3, `${c.variant}: the PNG and the SVG differ (mean ${cmp.mean.toFixed(2)})`);
    console.log(`# ${c.variant}: baroque diagram --png ${w}×${h} vs the browser's SVG, mean colour difference ${cmp.mean.toFixed(2)}/255`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
