// The message catalogs (www/i18n/*.ftl), without a browser: every language has every message and
// attribute of English, every id the scripts and pages use exists, and language tags map to the
// catalogs (www/services/i18n.js's matchLanguage and pickLanguage).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FluentResource } from '@fluent/bundle';
import { ROOT, loadWasm } from './helpers.mjs';
import { matchLanguage, pickLanguage } from '../../www/services/i18n.js';

export const LANGS = ['en', 'zh-Hans', 'zh-Hant'];

/** message id → sorted attribute names, for one catalog. */
export function catalog(code, sub = '') {
  const res = new FluentResource(readFileSync(join(ROOT, 'www', 'i18n', sub, `${code}.ftl`), 'utf8'));
  const out = new Map();
  for (const m of res.body) {
    if (m.id.startsWith('-')) continue; // terms are private to a catalog
    assert.ok(!out.has(m.id), `${sub}${code}.ftl: ${m.id} is defined twice`);
    out.set(m.id, { value: m.value !== null, attrs: Object.keys(m.attributes).sort() });
  }
  return out;
}

test('every language has exactly the messages and attributes of English', () => {
  const en = catalog('en');
  assert.ok(en.size > 40, `en.ftl has only ${en.size} messages`);
  for (const code of LANGS.slice(1)) {
    const other = catalog(code);
    const missing = [...en.keys()].filter((id) => !other.has(id));
    const extra = [...other.keys()].filter((id) => !en.has(id));
    assert.deepEqual(missing, [], `${code}.ftl lacks these messages`);
    assert.deepEqual(extra, [], `${code}.ftl has messages English lacks`);
    for (const [id, m] of en) {
      assert.equal(other.get(id).value, m.value, `${code}.ftl: ${id} value presence differs`);
      assert.deepEqual(other.get(id).attrs, m.attrs, `${code}.ftl: ${id} attributes differ`);
    }
  }
});

/** The pages with a catalog of their own besides the main one (`useCatalog`), by file. */
const OWN_CATALOG = {
  'www/player.html': 'players',
  'www/leaderboard.html': 'players',
  'www/pages/player.js': 'players',
  'www/pages/leaderboard.js': 'players',
  'www/lobby.html': 'lobby',
  'www/pages/lobby.js': 'lobby',
};

test('every message id written in the scripts and pages exists', () => {
  const en = catalog('en');
  const own = { players: catalog('en', 'players'), lobby: catalog('en', 'lobby') };
  const files = [join(ROOT, 'index.html'), ...readdirSync(join(ROOT, 'www')).filter((f) => /\.(js|html)$/.test(f)).map((f) => join(ROOT, 'www', f)),
    ...Object.keys(OWN_CATALOG).filter((f) => f.endsWith('.js')).map((f) => join(ROOT, f))];
  const known = (/** @type {string} */ id, /** @type {string} */ f) => en.has(id) || Boolean(own[OWN_CATALOG[f.slice(ROOT.length + 1)]]?.has(id));
  const used = new Map();
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    const patterns = [
      /data-i18n="([a-z0-9-]+)"/g, // markup
      /\bt\(\s*'([a-z0-9-]+)'/g, // t('id', …)
      /\battrs\(\s*'([a-z0-9-]+)'/g,
      /\bid:\s*'([a-z0-9]+-[a-z0-9-]+)'/g, // { id: 'error-…', args } messages passed around (message ids have an area prefix; { id: 'analyse' } of a game-over action is no message)
      /dataset\.i18n\s*=\s*'([a-z0-9-]+)'/g,
    ];
    for (const re of patterns) for (const [, id] of text.matchAll(re)) used.set(`${id} ${f}`, [id, f]);
    for (const [, attrList] of text.matchAll(/data-i18n="[a-z0-9-]+" data-i18n-attr="([a-z -]+)"/g)) {
      assert.ok(attrList.trim().length > 0);
    }
  }
  const missing = [...used.values()].filter(([id, f]) => !known(id, f)).map(([id, f]) => `${id} (${f.slice(ROOT.length + 1)})`);
  assert.deepEqual(missing, [], 'ids used but not in en.ftl');
  // Each data-i18n-attr names attributes the message has.
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    for (const [, id, list] of text.matchAll(/data-i18n="([a-z0-9-]+)" data-i18n-attr="([a-z -]+)"/g)) {
      const m = en.get(id) ?? own[OWN_CATALOG[f.slice(ROOT.length + 1)]]?.get(id);
      for (const a of list.split(/\s+/).filter(Boolean)) assert.ok(m?.attrs.includes(a), `${id} lacks .${a}`);
    }
  }
});

test('browser language tags map to the catalogs', () => {
  const cases = { 'zh-CN': 'zh-Hans', 'zh-SG': 'zh-Hans', 'zh-Hans-HK': 'zh-Hans', zh: 'zh-Hans', 'zh-TW': 'zh-Hant',
    'zh-HK': 'zh-Hant', 'zh-MO': 'zh-Hant', 'zh-Hant': 'zh-Hant', zh_tw: 'zh-Hant', 'en-GB': 'en', en: 'en', fr: null, '': null };
  for (const [tag, want] of Object.entries(cases)) assert.equal(matchLanguage(tag), want, tag);
  assert.equal(pickLanguage({ query: 'zh-TW', stored: 'en', preferred: ['zh-CN'] }).code, 'zh-Hant');
  assert.equal(pickLanguage({ stored: 'zh-Hans', preferred: ['en'] }).code, 'zh-Hans');
  assert.equal(pickLanguage({ stored: 'klingon', preferred: ['fr', 'zh-HK'] }).code, 'zh-Hant');
  assert.equal(pickLanguage({ preferred: ['fr', 'de'] }).code, 'en');
  const bad = pickLanguage({ query: 'xx', preferred: ['zh-CN'] });
  assert.equal(bad.code, 'zh-Hans');
  assert.equal(bad.errors[0].id, 'error-unknown-language');
});


test('the catalogs word every game, piece, option, value, set-up choice and level of the engine’s table', async () => {
  const wasm = await loadWasm();
  const games = wasm.WebGame.games();
  const ids = [];
  for (const g of games) {
    ids.push(`game-${g.id}`, `legend-note-${g.id}`);
    for (const p of g.pieces) ids.push(`role-${p.role}`, `legend-${p.role}-moves`, `legend-${p.role}-captures`);
    for (const o of g.options) ids.push(`option-${o.name}`, ...o.values.map((v) => `option-${o.name}-${v}`));
    for (const a of g.startArrays) ids.push(...a.choices.map((c) => `ng-choice-${c}`));
  }
  for (const l of wasm.WebSearcher.levels()) ids.push(`level-${l.level}`);
  for (const code of LANGS) {
    const c = catalog(code);
    assert.deepEqual([...new Set(ids)].filter((id) => !c.has(id)), [], `${code}.ftl lacks these`);
  }
});

test('the catalogs word every error code of the engine (engine-<code>)', () => {
  // The codes are the string literals of the engine's `fn code(&self) -> &'static str` bodies.
  const codes = new Set();
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.rs')) {
        const src = readFileSync(p, 'utf8');
        for (const [, body] of src.matchAll(/fn code\(&self\) -> &'static str \{([\s\S]*?)\n    \}/g)) {
          for (const [, code] of body.matchAll(/"([a-z]+(?:-[a-z]+)+)"/g)) codes.add(code);
        }
      }
    }
  };
  walk(join(ROOT, 'crates', 'engine', 'src'));
  assert.ok(codes.size >= 20, `found only ${[...codes]}`);
  for (const code of LANGS) {
    const c = catalog(code);
    assert.deepEqual([...codes].filter((k) => !c.has(`engine-${k}`)), [], `${code}.ftl lacks these engine codes`);
  }
});

// The pages' own catalogs (www/i18n/<name>/<code>.ftl): the rules pages' (www/rules/*.html), the
// player page's and the leaderboards' (players).
for (const [sub, least] of [['rules', 60], ['players', 20]]) test(`the ${sub} catalogs: every language has exactly the messages and attributes of English, none shadows the main catalog`, () => {
  const en = catalog('en', sub);
  assert.ok(en.size > least, `${sub}/en.ftl has only ${en.size} messages`);
  const main = catalog('en');
  assert.deepEqual([...en.keys()].filter((id) => main.has(id)), [], `ids in both the main and the ${sub} catalog`);
  for (const code of LANGS.slice(1)) {
    const other = catalog(code, sub);
    assert.deepEqual([...en.keys()].filter((id) => !other.has(id)), [], `${sub}/${code}.ftl lacks these messages`);
    assert.deepEqual([...other.keys()].filter((id) => !en.has(id)), [], `${sub}/${code}.ftl has messages English lacks`);
    for (const [id, m] of en) {
      assert.equal(other.get(id).value, m.value, `${sub}/${code}.ftl: ${id} value presence differs`);
      assert.deepEqual(other.get(id).attrs, m.attrs, `${sub}/${code}.ftl: ${id} attributes differ`);
    }
  }
});

test('every message id and attribute the rules pages use exists (main or rules catalog)', () => {
  const main = catalog('en');
  const rules = catalog('en', 'rules');
  const dir = join(ROOT, 'www', 'rules');
  const files = readdirSync(dir).filter((f) => /\.(js|html)$/.test(f));
  assert.ok(files.length >= 4, files.join());
  const missing = [];
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const re of [/data-i18n="([a-z0-9-]+)"/g, /\bt\(\s*'([a-z0-9-]+)'/g]) {
      for (const [, id] of text.matchAll(re)) if (!main.has(id) && !rules.has(id)) missing.push(`${id} (${f})`);
    }
    for (const [, id, list] of text.matchAll(/data-i18n="([a-z0-9-]+)" data-i18n-attr="([a-z -]+)"/g)) {
      const m = main.get(id) ?? rules.get(id);
      for (const a of list.split(/\s+/).filter(Boolean)) if (m && !m.attrs.includes(a)) missing.push(`${id}.${a} (${f})`);
    }
  }
  assert.deepEqual(missing, []);
});

test('a data-i18n in the pages whose message takes variables carries data-i18n-args', () => {
  // localize() words every data-i18n element; without its arguments such a message renders with
  // an "Unknown variable" error (the pondering note once did, before its script set them).
  const withVariables = new Set();
  for (const sub of ['', 'rules']) {
    const res = new FluentResource(readFileSync(join(ROOT, 'www', 'i18n', sub, 'en.ftl'), 'utf8'));
    for (const m of res.body) {
      const text = JSON.stringify([m.value, m.attributes]);
      if (!m.id.startsWith('-') && text.includes('"type":"var"')) withVariables.add(m.id);
    }
  }
  assert.ok(withVariables.size > 10, `only ${withVariables.size} messages take variables: the scan is broken`);
  const pages = [join(ROOT, 'index.html'), ...readdirSync(join(ROOT, 'www')).filter((f) => f.endsWith('.html')).map((f) => join(ROOT, 'www', f)), ...readdirSync(join(ROOT, 'www', 'rules')).filter((f) => f.endsWith('.html')).map((f) => join(ROOT, 'www', 'rules', f))];
  const bad = [];
  for (const f of pages) {
    for (const tag of readFileSync(f, 'utf8').match(/<[a-z][^>]*\sdata-i18n="[^"]+"[^>]*>/g) ?? []) {
      const id = tag.match(/\sdata-i18n="([^"]+)"/)[1];
      if (withVariables.has(id) && !/\sdata-i18n-args=/.test(tag)) bad.push(`${f.slice(ROOT.length + 1)}: ${id}`);
    }
  }
  assert.deepEqual(bad, []);
});

// The lobby page's own catalog (www/i18n/lobby/<code>.ftl, loaded only by www/lobby.html).
test('the lobby catalogs: every language has the messages of English; every id the lobby uses exists', () => {
  const en = catalog('en', 'lobby');
  const main = catalog('en');
  assert.ok(en.size > 40, `lobby/en.ftl has only ${en.size} messages`);
  assert.deepEqual([...en.keys()].filter((id) => main.has(id)), [], 'ids in both the main and the lobby catalog');
  for (const code of LANGS.slice(1)) {
    const other = catalog(code, 'lobby');
    assert.deepEqual([...en.keys()].filter((id) => !other.has(id)), [], `lobby/${code}.ftl lacks these messages`);
    assert.deepEqual([...other.keys()].filter((id) => !en.has(id)), [], `lobby/${code}.ftl has messages English lacks`);
    for (const [id, m] of en) assert.deepEqual(other.get(id).attrs, m.attrs, `lobby/${code}.ftl: ${id} attributes differ`);
  }
  const files = [join(ROOT, 'www', 'pages', 'lobby.js'), ...readdirSync(join(ROOT, 'www', 'lobby')).map((f) => join(ROOT, 'www', 'lobby', f))];
  const used = files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\b(?:t\(\s*|id:\s*)'([a-z0-9]+-[a-z0-9-]+)'/g)].map((m) => m[1]));
  assert.ok(used.length > 5, `found ${used.length} ids`);
  assert.deepEqual(used.filter((id) => !en.has(id) && !main.has(id)), []);
  // The refusal codes the server answers (crates/server/src/lobby) that the page words itself.
  for (const code of ['own-seek', 'rated-seek', 'out-of-range', 'too-many-seeks', 'seek-taken', 'no-seek', 'rate-limited']) {
    assert.ok(en.has(`lobby-refused-${code}`), code);
  }
});
