// The position editor (www/editor.html): positions of every game built by dragging pieces from
// the palette (Omega: onto a wizard square) and moving and removing them on the board, loaded on
// the game page through "Play from here"; the engine's verdict on bad positions and bad FEN in
// English and Chinese, with the links disabled; Ultima's start arrays; the side to move and
// castling in the FEN; placement by keyboard; the phone layout; axe-core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, artifact, openPage, useBrowser } from './helpers.mjs';

const env = useBrowser();
const editorUrl = (query) => `${env.server.url}www/editor.html?${query}`;
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const fen = (page) => page.evaluate(() => window.editor.fen());
const center = (page, sq) => page.evaluate((s) => window.editor.center(s), sq);

/** The centre of an element in page pixels. */
async function middle(page, selector) {
  const b = await page.locator(selector).boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** Drags with the mouse from (x0, y0) to (x1, y1) in a few steps. */
async function dragMouse(page, [x0, y0], [x1, y1]) {
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 4 });
  await page.mouse.move(x1, y1, { steps: 4 });
  await page.mouse.up();
}

/** Drags a piece of the palette onto `square`. */
async function dragFromPalette(page, color, role, square) {
  await dragMouse(page, await middle(page, `.palette-piece[data-color="${color}"][data-role="${role}"]`), await center(page, square));
}

async function openEditor(query, options) {
  const { page, errors, context } = await openPage(env.browser, editorUrl(query), options);
  return { page, errors, context };
}

// One position per game: the two Kings and a piece of the game's own (Omega: on a wizard square).
const CASES = [
  { variant: 'ultima', white: 'e1', black: 'e8', extra: { color: 'white', role: 'long-leaper', square: 'd4' } },
  { variant: 'omega', white: 'f0', black: 'f9', extra: { color: 'black', role: 'wizard', square: 'w1' } },
  { variant: 'hybrid', white: 'f1', black: 'f10', extra: { color: 'white', role: 'cannon', square: 'c5' } },
];

for (const c of CASES) {
  test(`${c.variant}: a position built by dragging loads on the game page`, async () => {
    const { page, errors, context } = await openEditor(`variant=${c.variant}&lang=en`);
    await page.click('#btn-editor-clear');
    assert.match(await page.textContent('#editor-status'), /White must have exactly one King; the board has 0\./);
    assert.equal(await page.getAttribute('#editor-play', 'aria-disabled'), 'true');
    assert.equal(await page.getAttribute('#editor-play', 'href'), null);
    await dragFromPalette(page, 'white', 'king', c.white);
    await dragFromPalette(page, 'black', 'king', c.black);
    await dragFromPalette(page, c.extra.color, c.extra.role, c.extra.square);
    // A piece moved on the board, and one dragged off it.
    await dragFromPalette(page, 'white', 'king', c.white); // the same King again: it replaces the first
    assert.equal(await page.getAttribute('#board', 'data-valid'), 'true');
    await dragFromPalette(page, c.extra.color, c.extra.role, c.black === 'e8' ? 'a8' : 'a5');
    const spare = c.black === 'e8' ? 'a8' : 'a5';
    const box = await page.locator('#board').boundingBox();
    await dragMouse(page, await center(page, spare), [box.x + box.width + 60, box.y + 20]);
    const text = await fen(page);
    assert.equal(await page.inputValue('#editor-fen'), text);
    assert.match(await page.textContent('#editor-status'), /legal/);
    // The engine's pieces are where they were dropped.
    const placed = await page.evaluate(
      ([v, f]) => import('./engine/engine.js').then(({ buildGame }) => {
        const { game } = buildGame({ variant: v, fen: f });
        const out = {};
        for (const sq of ['e1', 'e8', 'f0', 'f9', 'f1', 'f10', 'd4', 'w1', 'c5', 'a8', 'a5']) out[sq] = game.pieceAt(sq) ? game.pieceAt(sq) : null;
        game.free();
        return out;
      }),
      [c.variant, text],
    );
    assert.deepEqual([placed[c.white]?.role, placed[c.white]?.color], ['king', 'white']);
    assert.deepEqual([placed[c.black]?.role, placed[c.black]?.color], ['king', 'black']);
    assert.deepEqual([placed[c.extra.square]?.role, placed[c.extra.square]?.color], [c.extra.role, c.extra.color]);
    assert.equal(placed[spare], null, 'the piece dragged off the board is gone');
    await page.screenshot({ path: artifact(`editor-${c.variant}.png`) });
    // "Play from here" opens the game page on exactly this position.
    const href = await page.getAttribute('#editor-play', 'href');
    assert.equal(new URL(href, page.url()).searchParams.get('fen'), text);
    const analyse = new URL(await page.getAttribute('#editor-analyse', 'href'), page.url());
    assert.deepEqual([analyse.pathname.endsWith('/index.html'), analyse.searchParams.get('variant'), analyse.searchParams.get('fen'), analyse.searchParams.get('analysis')], [true, c.variant, text, '1']);
    await Promise.all([page.waitForNavigation(), page.click('#editor-play')]);
    await page.waitForSelector('#board[data-ready="true"]');
    assert.equal(await page.getAttribute('#board', 'data-fen'), text);
    assert.equal(await page.textContent('#page-error').then((t) => t.trim()), '');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a bad position shows the engine\'s reason, in English and Chinese; a bad FEN its message', async () => {
  const { page, errors, context } = await openEditor('variant=omega&lang=en');
  // A White pawn on a wizard square (omega.md: rank 0, rank 9 and the wizard squares hold no pawns).
  await page.click('.palette-piece[data-color="white"][data-role="pawn"]');
  await page.mouse.click(...(await center(page, 'w2')));
  assert.equal(await page.textContent('#editor-status'), 'A White pawn cannot stand on w2 in this game.');
  assert.equal(await page.getAttribute('#editor-analyse', 'aria-disabled'), 'true');
  assert.equal(await page.getAttribute('#board', 'data-valid'), 'false');
  // Clicking the same piece again takes it away: the start position is legal again.
  await page.mouse.click(...(await center(page, 'w2')));
  assert.equal(await page.getAttribute('#board', 'data-valid'), 'true');
  assert.ok(await page.getAttribute('#editor-analyse', 'href'));
  // Right-click removes a King.
  await page.mouse.click(...(await center(page, 'f9')), { button: 'right' });
  assert.equal(await page.textContent('#editor-status'), 'Black must have exactly one King; the board has 0.');
  await page.selectOption('#lang-select', 'zh-Hans');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal(await page.textContent('#editor-status'), '黑方必须恰好有一个王，棋盘上有 0 个。');
  await page.screenshot({ path: artifact('editor-zh-Hans-invalid.png') });
  // A FEN typed into the field: a bad one gets the reader's message and changes nothing.
  const before = await fen(page);
  await page.fill('#editor-fen', 'xyz w');
  assert.match(await page.textContent('#editor-fen-error'), /FEN/);
  assert.equal(await fen(page), before);
  // A good one loads.
  await page.fill('#editor-fen', 'k9/10/10/10/10/10/10/10/10/9K[-/-/-/-] b - - 0 1');
  assert.equal(await page.textContent('#editor-fen-error'), '');
  assert.equal(await fen(page), 'k9/10/10/10/10/10/10/10/10/9K[-/-/-/-] b - - 0 1');
  assert.equal(await page.isChecked('input[name="editor-side"][value="black"]'), true);
  // Check against the side not to move.
  await page.fill('#editor-fen', 'k9/10/10/10/10/10/10/10/10/R8K[-/-/-/-] w - - 0 1');
  assert.equal(await page.textContent('#editor-status'), '轮到白方走，但黑方正被将军：对局中不可能出现。');
  await page.selectOption('#lang-select', 'zh-Hant');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
  assert.equal(await page.textContent('#editor-status'), '輪到白方走，但黑方正被將軍：對局中不可能出現。');
  await page.selectOption('#lang-select', 'en');
  // A FEN in the address that does not read: its message, and the start position.
  await page.goto(editorUrl('variant=hybrid&fen=garbage&lang=en'));
  await page.waitForSelector('#board[data-ready="true"]');
  assert.match(await page.textContent('#editor-fen-error'), /^The FEN’s board is wrong/);
  assert.equal(await fen(page), await page.evaluate(() => import('./engine/engine.js').then(({ gameSpec }) => gameSpec('hybrid').startFen)));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Ultima: every start array of the table, and no castling or en passant fields', async () => {
  const { page, errors, context } = await openEditor('variant=ultima&lang=en');
  const arrays = await page.evaluate(() => import('./engine/engine.js').then(({ gameSpec }) => gameSpec('ultima').startArrays));
  assert.equal(arrays.length, 16);
  const options = await page.$$eval('#editor-array option', (os) => os.map((o) => o.value));
  assert.deepEqual(options, arrays.map((a) => a.id));
  for (const a of [arrays[5], arrays[15], arrays[0]]) {
    await page.selectOption('#editor-array', a.id);
    assert.equal(await fen(page), a.fen);
    assert.equal(await page.getAttribute('#board', 'data-valid'), 'true');
  }
  assert.equal(await page.isHidden('#editor-castling'), true);
  assert.equal(await page.isHidden('#editor-ep-row'), true);
  // Omega has one array: no chooser; it has castling and en passant.
  await page.selectOption('#editor-game', 'omega');
  assert.equal(await page.isHidden('#editor-array-row'), true);
  assert.equal(await page.isVisible('#editor-castling'), true);
  assert.equal(await page.isVisible('#editor-ep-row'), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the side to move, castling and en passant change the FEN', async () => {
  const { page, errors, context } = await openEditor('variant=hybrid&lang=en');
  const field = async (i) => (await fen(page)).split(' ')[i];
  assert.equal(await field(1), 'w');
  assert.equal(await field(2), 'KQkq');
  await page.check('input[name="editor-side"][value="black"]');
  assert.equal(await field(1), 'b');
  const letters = await page.$$eval('#editor-castling input', (is) => is.map((i) => i.value));
  assert.deepEqual(letters, ['K', 'Q', 'k', 'q'], 'the table\'s castling letters');
  await page.uncheck('#editor-castling input[value="k"]');
  await page.uncheck('#editor-castling input[value="Q"]');
  assert.equal(await field(2), 'Kq');
  // An en passant square that no pawn passed: the engine says so.
  await page.fill('#editor-ep', 'e4');
  await page.press('#editor-ep', 'Enter');
  assert.equal(await field(3), 'e4');
  assert.match(await page.textContent('#editor-status'), /en passant squares “e4” do not fit/);
  await page.fill('#editor-ep', '');
  await page.press('#editor-ep', 'Tab');
  assert.equal(await field(3), '-');
  // A King off its square: the castling right it keeps is refused.
  await dragMouse(page, await center(page, 'f2'), await center(page, 'f4'));
  assert.match(await page.textContent('#editor-status'), /Castling “K” needs the White King on f2/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard: choose a piece in the palette, put it down with the board cursor, remove it', async () => {
  const { page, errors, context } = await openEditor('variant=ultima&lang=en');
  await page.click('#btn-editor-clear');
  // The palette is a radio group: the arrow keys choose.
  await page.focus('#palette button[aria-checked="true"]');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.tool), 'move');
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
  const chosen = await page.evaluate(() => ({ role: document.activeElement.dataset.role, color: document.activeElement.dataset.color, checked: document.activeElement.getAttribute('aria-checked') }));
  assert.equal(chosen.checked, 'true');
  assert.equal(chosen.color, 'white');
  await page.focus('#board');
  await page.keyboard.press('Enter'); // shows the cursor (d4 on 8×8)
  const cursor = await page.getAttribute('#board', 'data-cursor');
  assert.equal(cursor, 'd4');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  const placed = await page.evaluate(() => window.editor.fen());
  assert.match(placed, /^8\/8\/8\/3[A-Z]4\/8\/8\/8\/8 w/, placed);
  await page.waitForFunction(() => / on d5\.$/.test(document.querySelector('#live').textContent));
  assert.match(await page.textContent('#live'), /^White .* on d5\.$/);
  // The move tool picks it up and puts it down elsewhere.
  await page.focus('#palette button[aria-checked="true"]');
  await page.keyboard.press('Home');
  await page.focus('#board');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.match(await fen(page), /^8\/8\/8\/4[A-Z]3\/8\//);
  // Delete removes it.
  await page.keyboard.press('Delete');
  assert.equal(await fen(page), '8/8/8/8/8/8/8/8 w - - 0 1');
  // F flips.
  await page.keyboard.press('f');
  assert.equal(await page.getAttribute('#board', 'data-orientation'), 'black');
  assert.match(await page.inputValue('#snippet-command'), /--orientation black/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('snippets name the position; a phone fits the editor; axe finds no violation', async () => {
  const { page, errors, context } = await openEditor('variant=omega&lang=en', { width: 360, height: 640, isMobile: true });
  const f = await fen(page);
  assert.ok((await page.inputValue('#snippet-element')).includes(`<baroque-board variant="omega" fen="${f}"`));
  assert.ok((await page.inputValue('#snippet-iframe')).includes(`embed.html?${new URLSearchParams({ variant: 'omega', fen: f }).toString().replace(/&/g, '&amp;')}"`));
  assert.equal(await page.inputValue('#snippet-command'), `baroque diagram --svg --variant omega --fen '${f}' --out position.svg`);
  // Everything the page shows outside the scrolling panel is inside the window; the board's
  // corners (Omega's wizard squares) and the whole palette are too.
  const inside = await page.evaluate(() => {
    const out = [];
    const els = [document.querySelector('#board'), document.querySelector('.top'), ...document.querySelectorAll('#palette button'), document.querySelector('.panel')];
    for (const el of els) {
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) out.push(el.id || el.className);
    }
    return { out, scroll: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth };
  });
  assert.deepEqual(inside, { out: [], scroll: false });
  for (const w of ['w1', 'w2', 'w3', 'w4']) {
    const [x, y] = await center(page, w);
    assert.ok(x > 0 && x < 360 && y > 0 && y < 640, `${w} at ${x},${y}`);
  }
  await page.screenshot({ path: artifact('editor-phone-omega.png') });
  await page.addScriptTag({ content: AXE });
  const check = () => page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(await check(), [], 'a legal position');
  await page.click('#btn-editor-clear');
  assert.deepEqual(await check(), [], 'an empty board (links disabled, the reason shown)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the game page links to the editor with its position', async () => {
  const { page, errors, context } = await openPage(env.browser, env.url('variant=hybrid&moves=e3e5&lang=en'));
  const href = await page.getAttribute('#link-editor', 'href');
  const gameFen = await page.getAttribute('#board', 'data-fen');
  assert.equal(new URL(href, env.server.url).searchParams.get('fen'), gameFen);
  await Promise.all([page.waitForNavigation(), page.click('#link-editor')]);
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await fen(page), gameFen);
  assert.equal(await page.inputValue('#editor-game'), 'hybrid');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Download SVG and PNG give what the editor shows, even a position that is not legal yet', async () => {
  const { page, errors, context } = await openEditor('variant=omega&lang=en');
  await page.click('#btn-editor-clear');
  await page.click('.palette-piece[data-color="black"][data-role="wizard"]');
  await page.mouse.click(...(await center(page, 'w1')));
  await page.mouse.click(...(await center(page, 'e4')));
  const grab = async (button) => {
    const wait = page.waitForEvent('download');
    await page.click(button);
    const d = await wait;
    const path = artifact(`editor-${d.suggestedFilename()}`);
    await d.saveAs(path);
    return { path, name: d.suggestedFilename() };
  };
  const svg = await grab('#btn-editor-svg');
  assert.equal(svg.name, 'omega-position.svg');
  const parsed = await page.evaluate((s) => {
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    return { ok: !doc.querySelector('parsererror') && doc.documentElement.localName === 'svg', pieces: doc.querySelectorAll('[data-piece]').length };
  }, readFileSync(svg.path, 'utf8'));
  assert.deepEqual(parsed, { ok: true, pieces: 2 });
  const png = await grab('#btn-editor-png');
  assert.equal(png.name, 'omega-position.png');
  assert.equal(readFileSync(png.path).subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch: a finger drags a piece from the palette onto the board and one off it', async () => {
  const { page, errors, context } = await openEditor('variant=hybrid&lang=en', { width: 360, height: 640, isMobile: true });
  const cdp = await context.newCDPSession(page);
  const swipe = async ([x0, y0], [x1, y1]) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
    for (let i = 1; i <= 6; i++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + ((x1 - x0) * i) / 6, y: y0 + ((y1 - y0) * i) / 6 }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  await swipe(await middle(page, '.palette-piece[data-color="black"][data-role="dog"]'), await center(page, 'e6'));
  const after = await fen(page);
  assert.equal(after.split(' ')[0].split('/')[4], '4d5', after);
  // A finger carries the Pawn of e3 off the board.
  await swipe(await center(page, 'e3'), [350, 5]);
  assert.equal((await fen(page)).split(' ')[0].split('/')[7], 'PPPP1PPPPP');
  assert.deepEqual(errors, []);
  await context.close();
});

test('dark theme on a desktop: axe finds no violation with a refused position and the palette in use', async () => {
  const { page, errors, context } = await openEditor('variant=hybrid&lang=zh-Hant', { colorScheme: 'dark' });
  await page.click('.palette-piece[data-color="white"][data-role="pawn"]');
  await page.mouse.click(...(await center(page, 'e10')));
  assert.match(await page.textContent('#editor-status'), /兵不能位於 e10/);
  await page.addScriptTag({ content: AXE });
  const v = await page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return r.violations.map((x) => `${x.id}: ${x.help} — ${x.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  assert.deepEqual(v, []);
  await page.screenshot({ path: artifact('editor-dark-zh-Hant.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the command snippet runs: `baroque diagram --svg` draws the editor\'s position', async (t) => {
  const dir = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  const bin = ['release', 'debug'].map((p) => join(dir, p, 'baroque')).find((p) => existsSync(p));
  if (!bin) return t.skip('no baroque binary built (cargo build -p baroque-cli)');
  const { page, errors, context } = await openEditor('variant=omega&orientation=black&lang=en');
  await page.click('#btn-editor-clear');
  for (const [role, color, sq] of [['king', 'white', 'j0'], ['king', 'black', 'a9'], ['queen', 'black', 'w1']]) {
    await page.click(`.palette-piece[data-color="${color}"][data-role="${role}"]`);
    await page.mouse.click(...(await center(page, sq)));
  }
  const command = await page.inputValue('#snippet-command');
  assert.match(command, /^baroque diagram --svg --variant omega --fen '.*' --orientation black --out position\.svg$/);
  const cwd = mkdtempSync(join(tmpdir(), 'baroque-editor-'));
  execFileSync('sh', ['-c', command.replace(/^baroque /, '"$BAROQUE" ')], { cwd, env: { ...process.env, BAROQUE: bin } });
  const svg = readFileSync(join(cwd, 'position.svg'), 'utf8');
  assert.ok(svg.includes(`<title>${await fen(page)}</title>`), svg.slice(0, 300));
  assert.equal((svg.match(/data-piece="/g) ?? []).length, 3);
  assert.deepEqual(errors, []);
  await context.close();
});

test('"Analyse" opens the analysis board on the editor\'s position', async () => {
  const { page, errors, context } = await openEditor('variant=ultima&lang=en');
  await page.fill('#editor-fen', 'k7/8/8/8/8/8/8/6PK b - - 0 1');
  assert.equal(await page.getAttribute('#board', 'data-valid'), 'true');
  const text = await fen(page);
  await Promise.all([page.waitForNavigation(), page.click('#editor-analyse')]);
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.getAttribute('#board', 'data-fen'), text);
  assert.equal(await page.getAttribute('#btn-analysis', 'aria-pressed'), 'true');
  assert.equal(await page.isHidden('#page-error'), true, 'no parameter reported');
  assert.deepEqual(errors, []);
  await context.close();
});
