#!/usr/bin/env node
// Size and speed report for the web build: `node scripts/size-report.mjs [--browser] [--native] [--wire] [--json]`.
//   - with --wire, the bytes on the wire of a cold visit, the offline set and a repeat visit
//     (scripts/wire-weight.mjs: a counting relay in front of baroque-server);
//   - www/pkg: the wasm (raw, gzip -9, brotli) and the JS glue;
//   - the page's own scripts and styles;
//   - time to first drawn board per variant and the AI's nodes/s in the browser, as measured by
//     the last browser-test run (tests/artifacts/*.json, written by `node --test tests/e2e/`);
//   - with --browser, those two browser figures are measured now instead (headless Chromium via
//     playwright-core, as the tests use it);
//   - with --native, the AI's native nodes/s on the same position and level
//     (cargo run --release -p baroque-web --example nps -- ultima 6).
// Run --browser and --native together for a fair browser/native ratio on a shared machine.
// Writes tests/artifacts/size-report.json as well.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = new Set(process.argv.slice(2));
for (const a of args) {
  if (!['--native', '--browser', '--wire', '--json'].includes(a)) {
    console.error(`error: unknown argument '${a}' (usage: node scripts/size-report.mjs [--browser] [--native] [--wire] [--json])`);
    process.exit(2);
  }
}

function sizes(file) {
  const buf = readFileSync(file);
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function readJson(name) {
  const f = join(root, 'tests', 'artifacts', name);
  if (!existsSync(f)) return null;
  try {
    return { ...JSON.parse(readFileSync(f, 'utf8')), measured: statSync(f).mtime.toISOString() };
  } catch {
    return null;
  }
}

const pkg = join(root, 'www', 'pkg');
if (!existsSync(join(pkg, 'baroque_web_bg.wasm'))) {
  console.error('error: www/pkg/baroque_web_bg.wasm is missing; run `bash scripts/build-web.sh` first');
  process.exit(2);
}
const report = {
  wasm: sizes(join(pkg, 'baroque_web_bg.wasm')),
  glue: sizes(join(pkg, 'baroque_web.js')),
  page: {},
  timeToBoardMs: readJson('time-to-board.json'),
  browserNps: readJson('browser-nps.json'),
  responsiveness: readJson('responsiveness.json'),
  nativeNps: null,
};
// The page's modules, in www/ and its folders (www/engine/, www/game/, www/pages/game/); not the
// build's www/pkg and www/vendor, nor www/engine/types.js, www/game/types.js and www/online/types.js, which hold types only and are never loaded.
function pageFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return ['www/pkg', 'www/vendor', 'www/rules', 'www/i18n', 'www/icons'].includes(path) ? [] : pageFiles(path);
    return /\.(js|css)$/.test(e.name) && !['www/engine/types.js', 'www/game/types.js', 'www/online/types.js'].includes(path) ? [path] : [];
  });
}
for (const f of ['index.html', ...pageFiles('www')]) {
  report.page[f] = sizes(join(root, f));
}

if (args.has('--browser')) {
  const h = await import('../tests/e2e/helpers.mjs');
  const server = await h.startServer();
  const browser = await h.launch();
  try {
    const times = {};
    for (const v of ['ultima', 'omega', 'hybrid']) {
      const { page, context } = await h.openPage(browser, `${server.url}index.html?variant=${v}`);
      times[v] = await page.evaluate(() => performance.getEntriesByName('baroque:time-to-board')[0]?.duration);
      await context.close();
    }
    report.timeToBoardMs = { ...times, measured: new Date().toISOString() };
    const { page, context } = await h.openPage(browser, `${server.url}index.html?variant=ultima&mode=computer&side=black&level=6`);
    await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1', null, { timeout: 20000 });
    const nps = Number(await page.getAttribute('#board', 'data-last-nps'));
    report.browserNps = { variant: 'ultima', level: 6, nps, measured: new Date().toISOString() };
    await context.close();
  } finally {
    await browser.close();
    server.stop();
  }
}

if (args.has('--wire')) {
  const { wireWeight } = await import('./wire-weight.mjs');
  report.wire = { ...(await wireWeight()), measured: new Date().toISOString() };
}

if (args.has('--native')) {
  try {
    const out = execFileSync('cargo', ['run', '--quiet', '--release', '-p', 'baroque-web', '--example', 'nps', '--', 'ultima', '6'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    report.nativeNps = JSON.parse(out.trim().split('\n').pop());
  } catch (e) {
    console.error(`note: native measurement failed: ${e.message}`);
  }
}

mkdirSync(join(root, 'tests', 'artifacts'), { recursive: true });
writeFileSync(join(root, 'tests', 'artifacts', 'size-report.json'), JSON.stringify(report, null, 2));

if (args.has('--json')) {
  console.log(JSON.stringify(report, null, 2));
  process.exit(0);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
const row = (name, s) => console.log(`  ${name.padEnd(28)} ${kb(s.raw).padStart(11)} ${kb(s.gzip).padStart(11)} ${kb(s.brotli).padStart(11)}`);
console.log(`  ${'file'.padEnd(28)} ${'raw'.padStart(11)} ${'gzip -9'.padStart(11)} ${'brotli'.padStart(11)}`);
row('www/pkg/baroque_web_bg.wasm', report.wasm);
row('www/pkg/baroque_web.js', report.glue);
const total = Object.values(report.page).reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
row('page (html, js, css)', total);
const t = report.timeToBoardMs;
console.log(t
  ? `  time to first drawn board: ${['ultima', 'omega', 'hybrid'].map((v) => `${v} ${Math.round(t[v])} ms`).join(', ')} (headless Chromium, local server, ${t.measured})`
  : '  time to first drawn board: not measured yet (run node --test tests/e2e/)');
const b = report.browserNps;
console.log(b ? `  AI in the browser (worker): ${b.nps} nodes/s (${b.variant} start, level ${b.level})` : '  AI in the browser: not measured yet (run node --test tests/e2e/)');
const n = report.nativeNps;
if (n) console.log(`  AI native: ${n.nps} nodes/s (${n.variant} start, level ${n.level}, ${n.ms} ms, depth ${n.depth})${b ? `; browser/native = ${(b.nps / n.nps).toFixed(2)}` : ''}`);
else console.log('  AI native: run with --native to measure');
const w = report.wire;
if (w) {
  const k = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`  on the wire: playable ${k(w.playable)} (${k(w.firstMove)} after the computer's first answer), offline set ${k(w.offline)}, repeat visit ${k(w.repeat)}`);
}
