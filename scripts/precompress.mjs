#!/usr/bin/env node
// The page's file list and its compressed copies, made once at build time (scripts/build-web.sh
// runs this last): `node scripts/precompress.mjs [ROOT]`.
//
// - www/pkg/page-files.txt: every file of the page, one path a line, relative to the root
//   (index.html, sw.js, manifest.webmanifest and www/, without type declarations and without
//   this script's own output). baroque-server serves these files and nothing else.
// - www/pkg/page-hashes.json: the content hash of every listed file by path, for sw.js, which
//   takes a file the page has already loaded from the HTTP cache when its ETag names this hash.
// - www/pkg/z/<hash>.br and <hash>.gz: brotli (quality 11) and gzip (level 9) copies of each
//   compressible file, named by the first 32 hex digits of the SHA-256 of its content, as
//   crates/server/src/page.rs computes it. Copies already there are kept (a rebuild compresses
//   only what changed); copies of content no longer in the page are removed. A copy is written
//   only when it is smaller than the file (www/pkg/z-method.txt says how the copies were made:
//   another method makes them again). The copies of scripts and style sheets are of the
//   file without its comments (the page's sources explain themselves at length: a third of
//   their compressed bytes), made by TypeScript's printer (`removeComments`; a `/*! … */`
//   licence comment stays), then without the whitespace the printer lays out (`squeeze`: the
//   tokens as they are, a line break where the code had one, so no statement's end moves; a
//   space only where two tokens would run together; checked by printing both again, the copy
//   keeps the printer's layout if they differ; about 7% of the scripts' brotli bytes), and for
//   CSS by removing `/* … */` and the indentation; the file itself, served to a client that asks
//   for neither encoding, is unchanged. Without TypeScript in node_modules the copies keep the
//   comments.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { samePrinted, squeeze } from './squeeze.mjs';

const root = resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const LIST = join(root, 'www', 'pkg', 'page-files.txt');
const HASHES = join(root, 'www', 'pkg', 'page-hashes.json');
const Z = join(root, 'www', 'pkg', 'z');

/** Extensions worth compressing (text and WebAssembly; PNG icons are compressed already). */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|wasm|svg|txt|md|ftl)$/i;

/** TypeScript (a dev dependency), when installed: strips the scripts' comments. */
const ts = (() => {
  try {
    return createRequire(join(root, 'package.json'))('typescript');
  } catch {
    console.warn('note: typescript is not installed (npm ci): the compressed scripts keep their comments');
    return null;
  }
})();

/**
 * What the compressed copies hold for file `f`: a script or style sheet without its comments,
 * anything else as it is.
 * @param {string} f
 * @param {Buffer} bytes
 */
function served(f, bytes) {
  if (/\.m?js$/.test(f) && ts) {
    const out = ts.transpileModule(bytes.toString('utf8'), {
      fileName: f.replace(/\.m?js$/, '.js'),
      compilerOptions: { allowJs: true, removeComments: true, target: ts.ScriptTarget.ESNext, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: false },
      reportDiagnostics: false,
    }).outputText;
    if (out.includes('/*!')) return Buffer.from(out);
    const tight = squeeze(ts, out);
    if (samePrinted(ts, out, tight)) return Buffer.from(tight);
    console.warn(`note: ${f}: its copy keeps the printer's layout (squeezed, it printed differently)`);
    return Buffer.from(out);
  }
  if (/\.css$/.test(f)) return Buffer.from(bytes.toString('utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^[ \t]+/gm, '').replace(/\n{2,}/g, '\n'));
  return bytes;
}

/** Every file under `dir` (relative to the root, with `/`), without dot files. */
function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full));
    else if (entry.isFile()) out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

/** The page's files: the three at the root, and www/ but for types and this script's output. */
export function pageFiles() {
  const top = ['index.html', 'sw.js', 'manifest.webmanifest'].filter((f) => existsSync(join(root, f)));
  const www = walk(join(root, 'www')).filter(
    (f) => !f.startsWith('www/pkg/z/') && f !== 'www/pkg/page-files.txt' && f !== 'www/pkg/page-hashes.json' && f !== 'www/pkg/z-method.txt' && !f.endsWith('.d.ts'),
  );
  // The puzzles page reads its puzzle files where the tests read them (www/pages/puzzles.js).
  const data = existsSync(join(root, 'tests', 'data'))
    ? readdirSync(join(root, 'tests', 'data')).filter((f) => /^(puzzles|mined)-[a-z]+\.txt$/.test(f)).map((f) => `tests/data/${f}`)
    : [];
  return [...top, ...www.sort(), ...data.sort(), 'www/pkg/page-hashes.json'];
}

/** The content hash the server names copies by. */
const hashOf = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

const files = pageFiles();
writeFileSync(HASHES, `${JSON.stringify(Object.fromEntries(files.filter((f) => f !== 'www/pkg/page-hashes.json').map((f) => [f, hashOf(readFileSync(join(root, f)))])), null, 0)}\n`);
// Copies made another way (with comments, or by another TypeScript) are made again.
const METHOD = join(root, 'www', 'pkg', 'z-method.txt');
const method = `comments and layout stripped by typescript ${ts?.version ?? 'none'} (squeeze 1)\n`;
if (!existsSync(METHOD) || readFileSync(METHOD, 'utf8') !== method) rmSync(Z, { recursive: true, force: true });
mkdirSync(Z, { recursive: true });
writeFileSync(METHOD, method);
const keep = new Set();
let raw = 0;
let br = 0;
let gz = 0;
for (const f of files) {
  if (!COMPRESSIBLE.test(f)) continue;
  const bytes = readFileSync(join(root, f));
  const hash = hashOf(bytes);
  raw += bytes.length;
  const body = () => served(f, bytes);
  for (const [ext, make] of [
    ['br', () => brotliCompressSync(body(), { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } })],
    ['gz', () => gzipSync(body(), { level: 9 })],
  ]) {
    const name = `${hash}.${ext}`;
    const path = join(Z, name);
    let size = existsSync(path) ? statSync(path).size : -1;
    if (size < 0) {
      const body = make();
      if (body.length >= bytes.length) continue;
      writeFileSync(path, body);
      size = body.length;
    }
    keep.add(name);
    if (ext === 'br') br += size;
    else gz += size;
  }
}
for (const name of readdirSync(Z)) if (!keep.has(name)) rmSync(join(Z, name));
writeFileSync(LIST, `# Written by scripts/precompress.mjs: the files baroque-server serves.\n${files.join('\n')}\n`);
console.log(`page: ${files.length} files; compressible ${raw} bytes, brotli ${br}, gzip ${gz}`);
