// The rules pages' boards, without a browser: every <baroque-board> of www/rules/*.html builds with
// the engine (variant, FEN, options and every move of `moves` legal), the lines show the captures
// the rule book states (rules-examples.mjs), every Ultima board is one of those examples, and the
// options sections are exactly the game table's options.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, loadWasm } from './helpers.mjs';
import { OTHERS, ULTIMA } from './rules-examples.mjs';

const wasm = await loadWasm();

const decode = (v) => v.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

/** The boards of a page: [{id, variant, mode, fen, moves, options, …}] from its markup. */
export function boardsOf(html) {
  return [...html.matchAll(/<baroque-board\s([^>]*)>/g)].map(([, attrs]) => {
    const b = {};
    for (const [, k, v] of attrs.matchAll(/([a-z0-9-]+)="([^"]*)"/g)) b[k] = decode(v);
    return b;
  });
}

const PAGES = readdirSync(join(ROOT, 'www', 'rules')).filter((f) => f.endsWith('.html'));
const page = (f) => readFileSync(join(ROOT, 'www', 'rules', f), 'utf8');

test('there is a rules page per game of the table', () => {
  const games = wasm.WebGame.games().map((g) => `${g.id}.html`);
  assert.deepEqual([...PAGES].sort(), [...games].sort());
});

for (const f of PAGES) {
  test(`${f}: every board builds, every move is legal`, () => {
    const game = f.replace('.html', '');
    const boards = boardsOf(page(f));
    assert.ok(boards.length >= 5, `${f} has ${boards.length} boards`);
    const ids = new Set();
    for (const b of boards) {
      assert.ok(b.id && !ids.has(b.id), `${f}: board ids are unique (${b.id})`);
      ids.add(b.id);
      assert.equal(b.variant, game, `${b.id}: variant`);
      assert.ok(['steps', 'try', 'diagram'].includes(b.mode), `${b.id}: mode ${b.mode}`);
      if (b.mode === 'steps') assert.ok(b.moves, `${b.id}: a steps board has moves`);
      const moves = (b.moves ?? '').split(/\s+/).filter(Boolean);
      const options = (b.options ?? '').split(/\s+/).filter(Boolean);
      let g;
      try {
        g = wasm.WebGame.build(b.variant, b.fen || undefined, options, moves);
      } catch (e) {
        assert.fail(`${f} ${b.id}: ${e.message}`);
      }
      assert.equal(g.history().length, moves.length);
      g.free();
      assert.ok(b['data-i18n'] === `rules-${b.id}-board` && b['data-i18n-attr'] === 'caption', `${b.id}: its caption comes from the catalog`);
    }
  });
}

/** Checks one board against its expected line. */
function checkLine(b, want) {
  assert.ok(b, 'the board is on the page');
  assert.equal(b.fen, want.fen, `${b.id}: the rule book's position`);
  assert.equal(b.options ?? '', want.options ?? '', `${b.id}: options`);
  assert.deepEqual(b.moves.split(/\s+/), want.moves, `${b.id}: moves`);
  const g = wasm.WebGame.build(b.variant, b.fen, (b.options ?? '').split(/\s+/).filter(Boolean), want.moves);
  const got = g.history().map((h) => [...h.captures].sort());
  assert.deepEqual(got, want.captures.map((c) => [...c].sort()), `${b.id}: captures per move (${want.book ?? want.made})`);
  if (want.result) {
    const s = g.status();
    assert.deepEqual({ result: s.result, reason: s.reason }, want.result, `${b.id}: the end`);
  }
  g.free();
}

test('ultima.html: every board is a worked example of ultima.md §10–§11 (or a built one) with the book’s captures', () => {
  const boards = boardsOf(page('ultima.html'));
  assert.deepEqual(boards.map((b) => b.id).sort(), Object.keys(ULTIMA).sort(), 'the page shows exactly the examples');
  for (const [id, want] of Object.entries(ULTIMA)) checkLine(boards.find((b) => b.id === id), want);
  // The alternatives the book says are not moves are indeed not moves.
  assert.throws(() => wasm.WebGame.build('ultima', 'k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1', ['leaper=single'], ['d2d6']), /illegal/);
  assert.throws(() => wasm.WebGame.build('ultima', '2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1', ['leaper=single'], ['g6c6']), /illegal/);
  assert.throws(() => wasm.WebGame.build('ultima', '7k/8/8/p4c2/4K3/8/8/8 w - - 0 1', [], ['e4e5']), /illegal/);
  assert.throws(() => wasm.WebGame.build('ultima', '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1', ['suicide=off'], ['b4b4']), /suicide|illegal/);
});

test('omega.html and hybrid.html: the lines show the rule book’s captures', () => {
  for (const [id, want] of Object.entries(OTHERS)) {
    const b = boardsOf(page(`${want.variant}.html`)).find((x) => x.id === id);
    checkLine(b, want);
  }
  // hybrid.md §12 E1 A: 0-0-0 is illegal there; omega.md §9.4: 0-0 is illegal.
  assert.throws(() => wasm.WebGame.build('hybrid', '3l1k4/10/10/10/10/10/10/10/R4K3R/10 w KQ - 0 1', [], ['f2c2']), /illegal/);
  assert.throws(() => wasm.WebGame.build('omega', '4k5/10/10/10/10/10/10/10/10/1R3K2R1[w/w/-/-] w KQ - 0 1', [], ['f0h0']), /illegal/);
});

test('each page has one options section per option of the game table, and no other', () => {
  for (const g of wasm.WebGame.games()) {
    const html = page(`${g.id}.html`);
    const sections = [...html.matchAll(/data-option="([a-z-]+)"/g)].map((m) => m[1]);
    assert.deepEqual(sections.sort(), g.options.map((o) => o.name).sort(), `${g.id}.html`);
    for (const o of g.options) {
      // Each option's example board sets that option to a value other than the default.
      const art = html.slice(html.indexOf(`data-option="${o.name}"`)).split('</article>')[0];
      assert.ok(o.values.slice(1).some((v) => art.includes(`${o.name}=${v}`)) || o.name === 'suicide', `${g.id}: ${o.name} has an example with a non-default value`);
    }
  }
});
