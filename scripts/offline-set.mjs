#!/usr/bin/env node
// The offline set's rule (sw.js's SHELL), checked: `node scripts/offline-set.mjs [ROOT]`
// (scripts/build-web.sh runs it; tests/e2e/offline-set.test.mjs too). Exit status 2 and one line
// per problem when the list is wrong.
//
// The rule: sw.js keeps for offline use what offline play needs, and only that:
// - the offline pages (OFFLINE_PAGES: the game page, the puzzles, editor, embed and boards pages,
//   the rules pages) and every module they load, at once or later (static imports, `import()`,
//   `new URL('…', import.meta.url)`), but for what only online play loads (SERVER_ONLY_MODULES
//   and what only they import);
// - their assets (style sheets, catalogs, icons, the manifest, the engine's package, the copied
//   @fluent/bundle).
// A page that shows the game server's data (account, lobby, player, leaderboard, tv, …) needs the
// server anyway: neither it nor its own modules are listed, so a new page of that kind needs no
// change to sw.js. A list that names a file that does not exist, another page, or a module the
// offline pages never load is refused, as is one that misses a module they load.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pages played or read offline (their scripts and everything these load are kept). */
export const OFFLINE_PAGES = ['index.html', 'www/puzzles.html', 'www/editor.html', 'www/embed.html', 'www/boards.html', 'www/rules/ultima.html', 'www/rules/omega.html', 'www/rules/hybrid.html'];

/** Modules only online play loads (www/pages/game/online.js's door): they need the server anyway. */
export const SERVER_ONLY_MODULES = ['www/pages/game/online-game.js'];

/** Assets kept besides the modules: style sheets, catalogs, icons, the manifest, the engine. */
const ASSET = /^(manifest\.webmanifest|www\/[^/]+\.css|www\/rules\/rules\.css|www\/i18n\/(rules\/)?[^/]+\.ftl|www\/icons\/[^/]+\.png|www\/pkg\/baroque_web(_bg\.wasm|\.js))$/;

/** The paths sw.js's SHELL names, in order. */
export function shellOf(root) {
  const src = readFileSync(join(root, 'sw.js'), 'utf8');
  const list = /const SHELL = \[([\s\S]*?)\];/.exec(src);
  if (!list) throw new Error('sw.js has no SHELL list');
  return [...list[1].replace(/\/\/.*$/gm, '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
}

/** The files a page or module at `file` refers to (scripts, imports, worker and module URLs), relative to the root. */
function references(root, file) {
  const src = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specs = file.endsWith('.html')
    ? [...src.matchAll(/<script[^>]*\ssrc="([^"]+)"/g), ...src.matchAll(/\bimport\s*(?:[^'"()]*?\sfrom\s*)?['"]([^'"]+)['"]/g)].map((m) => m[1])
    : [
        ...src.matchAll(/(?:^|[\n;])\s*(?:import|export)\s[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/g),
        ...src.matchAll(/(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g),
        ...src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
        ...src.matchAll(/new URL\(\s*['"]([^'"]+\.js)['"]\s*,\s*import\.meta\.url\s*\)/g),
      ].map((m) => m[1]);
  return specs
    .filter((s) => !/^[a-z]+:/i.test(s))
    .map((s) => posix.normalize(posix.join(posix.dirname(file), s)))
    .filter((f) => f !== 'sw.js' && existsSync(join(root, f)) && /\.(m?js|html)$/.test(f));
}

/** Every module the offline pages load, at once or later, but for the server-only ones and what only they load. */
export function offlineModules(root) {
  const seen = new Set();
  const walk = (/** @type {string} */ f) => {
    if (seen.has(f) || SERVER_ONLY_MODULES.includes(f)) return;
    seen.add(f);
    for (const r of references(root, f)) walk(r);
  };
  for (const p of OFFLINE_PAGES) walk(p);
  return [...seen].filter((f) => !f.endsWith('.html') && !f.startsWith('www/pkg/')).sort();
}

/** The problems of sw.js's SHELL under `root` (empty when it keeps the rule). */
export function problems(root) {
  const shell = shellOf(root);
  const out = [];
  const dups = shell.filter((f, i) => shell.indexOf(f) !== i);
  // Cache.addAll refuses a list that names a file twice (the page would have no offline copy).
  for (const f of new Set(dups)) out.push(`sw.js caches ${f} more than once`);
  const modules = new Set(offlineModules(root));
  for (const f of shell) {
    if (!existsSync(join(root, f))) out.push(`sw.js caches ${f}, which does not exist`);
    else if (f.endsWith('.html')) {
      if (!OFFLINE_PAGES.includes(f)) out.push(`sw.js caches ${f}, a page offline play does not need (a page of the server's data: leave it out)`);
    } else if (!modules.has(f) && !ASSET.test(f)) out.push(`sw.js caches ${f}, which the offline pages never load (a server-only page's or online play's module: leave it out)`);
  }
  for (const p of OFFLINE_PAGES) if (!shell.includes(p)) out.push(`sw.js does not cache the offline page ${p}`);
  for (const f of modules) if (!shell.includes(f)) out.push(`sw.js does not cache ${f}, which the offline pages load (add it to SHELL)`);
  // Every catalog and style sheet of the offline pages, the manifest and its icons.
  const assets = ['manifest.webmanifest', 'www/pkg/baroque_web.js', 'www/pkg/baroque_web_bg.wasm'];
  for (const dir of ['www', 'www/rules', 'www/i18n', 'www/i18n/rules', 'www/icons']) {
    if (!existsSync(join(root, dir))) continue;
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) if (e.isFile() && ASSET.test(`${dir}/${e.name}`)) assets.push(`${dir}/${e.name}`);
  }
  for (const f of assets) if (!shell.includes(f)) out.push(`sw.js does not cache ${f} (add it to SHELL)`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(process.argv[2] ?? dirname(dirname(fileURLToPath(import.meta.url))));
  const found = problems(root);
  for (const p of found) console.error(`error: ${p}`);
  if (found.length) process.exit(2);
}
