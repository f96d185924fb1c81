// The page's modules keep their shape (issue 23): no page script above 400 lines, the game page's
// boot file (www/main.js) a boot file, and every page script listed in docs/architecture.md's
// table of modules (so the map of the house names each one). Built files (www/pkg, www/vendor)
// are not the page's own and are left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

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
  assert.ok(lines('www/main.js') <= 250, `www/main.js has ${lines('www/main.js')} lines`);
});

test('docs/architecture.md lists every page module', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const listed = new Set([...doc.matchAll(/^\| `(www\/[^`]+\.js)` \| \d+ \|/gm)].map((m) => m[1]));
  const missing = all.filter((p) => !listed.has(p) && relative('www', p) !== 'sw.js');
  assert.deepEqual(missing, []);
  const gone = [...listed].filter((p) => !all.includes(p));
  assert.deepEqual(gone, []);
});
