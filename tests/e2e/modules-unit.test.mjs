// The page's modules keep their shape (issues 23 and 34): no page script above 400 lines, the
// game page's boot file (www/pages/game/main.js) a boot file, every page script listed in
// docs/architecture.md's table of modules with its true number of lines (so the map of the house
// names each one), no import circle anywhere in www/, only the computer's move source asking a
// worker for a move (no host writes ctrl.thinking), and no page code assigning the controller's
// view. Built files (www/pkg, www/vendor)
// are not the page's own and are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const skip = new Set(['www/pkg', 'www/vendor']);

/** @param {string} dir @returns {string[]} the page's own scripts under `dir`, relative to the root */
function scripts(dir) {
  const out = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = `${dir}/${name}`;
    if (skip.has(path)) continue;
    if (statSync(join(root, path)).isDirectory()) out.push(...scripts(path));
    else if (name.endsWith('.js')) out.push(path);
  }
  return out;
}

const lines = (path) => readFileSync(join(root, path), 'utf8').replace(/\n$/, '').split('\n').length;
const all = scripts('www');

test('the page has its scripts to check', () => {
  assert.ok(all.length > 40, `found ${all.length}`);
  assert.ok(all.includes('www/game/ctrl.js'));
});

test('no page module is above 400 lines', () => {
  const long = all.filter((p) => lines(p) > 400).map((p) => `${p}: ${lines(p)}`);
  assert.deepEqual(long, []);
});

test('the game page\'s boot file stays a boot file', () => {
  assert.ok(lines('www/pages/game/main.js') <= 250, `www/pages/game/main.js has ${lines('www/pages/game/main.js')} lines`);
});

test('docs/architecture.md gives each page module its number of lines', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `(www\/[^`]+\.js)` \| (\d+) \|/gm)];
  assert.ok(rows.length > 40, `found ${rows.length} rows`);
  const wrong = rows.filter(([, path, n]) => lines(path) !== Number(n)).map(([, path, n]) => `${path}: ${n} in the table, ${lines(path)} in the file`);
  assert.deepEqual(wrong, []);
});

test('docs/architecture.md lists every page module', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const listed = new Set([...doc.matchAll(/^\| `(www\/[^`]+\.js)` \| \d+ \|/gm)].map((m) => m[1]));
  const missing = all.filter((p) => !listed.has(p) && relative('www', p) !== 'sw.js');
  assert.deepEqual(missing, []);
  const gone = [...listed].filter((p) => !all.includes(p));
  assert.deepEqual(gone, []);
});

/**
 * The modules `path` imports (static `import … from`, `export … from` and bare `import '…'`
 * statements; dynamic `import()` loads at run time and is left out), as paths from the root.
 * @param {string} path
 * @returns {string[]}
 */
function importsOf(path) {
  const text = readFileSync(join(root, path), 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
  const out = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?:[\w*{}\s,$]+\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    out.push(join(dirname(path), m[1]));
  }
  return out;
}

/**
 * The import circles among `files` (each as the sorted paths of its modules): one per strongly
 * connected group of more than one module, or a module importing itself.
 * @param {string[]} files
 * @param {(path: string) => string[]} [imports]
 */
function importCircles(files, imports = importsOf) {
  const edges = new Map(files.map((f) => [f, imports(f).filter((g) => files.includes(g))]));
  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const groups = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges.get(v).includes(v)) groups.push(group.sort());
    }
  };
  for (const f of files) if (!idx.has(f)) visit(f);
  return groups;
}

test('the import reader and the circle finder see a circle', () => {
  assert.deepEqual(importsOf('www/pages/game/state.js').filter((p) => p.startsWith('www/game/')), ['www/game/ctrl.js']);
  const imports = importsOf('www/game/ctrl.js');
  assert.ok(imports.includes('www/game/clock.js') && imports.includes('www/engine/errors.js'), imports.join(' '));
  const graph = { a: ['b'], b: ['c'], c: ['a', 'd'], d: [], e: ['e'], f: ['d'] };
  assert.deepEqual(importCircles(Object.keys(graph), (f) => graph[f]), [['a', 'b', 'c'], ['e']]);
  assert.deepEqual(importCircles(['d', 'f'], (f) => graph[f]), []);
});

test('no import circle among the page\'s modules', () => {
  assert.deepEqual(importCircles(all), []);
});

/** The page's scripts whose code (comments left out) matches `re`. @param {RegExp} re */
const matching = (re) => all.filter((p) => re.test(readFileSync(join(root, p), 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '')));

test('one loop: only the computer\'s move source asks a worker for a move, and no host writes ctrl.thinking', () => {
  // The analysis board and the game review are no move sources: each keeps a worker of its own.
  assert.deepEqual(matching(/\.think\(/).sort(), ['www/game/sources/computer.js', 'www/review/review.js', 'www/views/analysis.js']);
  assert.deepEqual(matching(/ctrl\.thinking\s*=(?!=)/), [], 'the controller\'s thinking is its own (a getter)');
  // The pattern sees a write, and not a read.
  assert.ok(/ctrl\.thinking\s*=(?!=)/.test('this.ctrl.thinking = true') && !/ctrl\.thinking\s*=(?!=)/.test('drawn.thinking = ctrl.thinking === x'));
});

test('one direction: no page code assigns the controller\'s view (the controller\'s modules in www/game/ do)', () => {
  const assigning = matching(/\bctrl\.view\s*=(?!=)/);
  assert.ok(assigning.includes('www/game/navigation.js'), `the reader finds the controller's own: ${assigning.join(' ')}`);
  assert.deepEqual(assigning.filter((p) => !p.startsWith('www/game/')), []);
});

test('one direction: no page code writes the controller\'s saved record or its fields (ctrl.stored, rename, … do)', () => {
  const write = /\bctrl\.record(?:\.\w+|\[[^\]]*\])*\s*(?:[-+*/]?=(?!=)|\+\+|--)/;
  // The pattern sees a write (of the record or a field), and not a read.
  for (const w of ['ctrl.record = saved.record', 'ctrl.record.name = x', "ctrl.record['rev'] += 1", 'ctrl.record.review=r']) assert.ok(write.test(w), w);
  for (const r of ['ctrl.record?.id', 'r.id === ctrl.record.id', 'ctrl.record.rev === 0 && ctrl.record.ended']) assert.ok(!write.test(r), r);
  const writing = matching(write);
  assert.deepEqual(writing.filter((p) => !p.startsWith('www/game/')), []);
});
