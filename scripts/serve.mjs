#!/usr/bin/env node
// Zero-dependency static server for the web page:
// `node scripts/serve.mjs [--port N] [--root DIR] [--no-isolation]`.
// Serves the repository root (index.html at /, www/ for scripts, styles and the wasm package) on
// http://localhost:8080, or the next free port, and prints the URL on its first line of output.
// `--port 0` takes any free port. Only GET and HEAD; nothing outside the root is served. The request
// head may be up to 1 MiB (a shared game's link holds every move); a longer one is answered with the
// app's message page www/too-long.html (status 431) instead of a bare status line. Pages are
// cross-origin isolated (COOP/COEP), so the computer player can be stopped through shared memory;
// --no-isolation serves them like a plain static host would (the page then ends the worker).
// Text and WebAssembly go out brotli- or gzip-compressed when the browser accepts it (node:zlib,
// compressed once per version of a file), every response with an ETag and `Cache-Control:
// no-cache`, so a repeat visit is answered with 304s.
import { createServer } from 'node:http';
import { createReadStream, readFileSync, promises as fs } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ftl': 'text/plain; charset=utf-8',
};

/** The longest request head read, request line included (Node's default is 16 KB): a share link
 * carries the moves of the game, a few bytes each, so this holds games of well over 100 000 plies. */
const MAX_HEADER_BYTES = 1024 * 1024;

/** The page answering a request head longer than that: the app's own words, readable in a browser. */
const TOO_LONG_PAGE = readFileSync(fileURLToPath(new URL('../www/too-long.html', import.meta.url)));

/** How long a refused connection may go on sending the rest of its request (ms) before it is cut. */
const DRAIN_MS = 5000;

/**
 * Answers a request that Node's parser refused: the message page for a head that is too long,
 * Node's usual bare status otherwise. The rest of the request is read and dropped before the
 * connection closes, so the client gets the answer rather than a reset.
 */
function refuse(err, socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const head = (status, type, length) =>
    `HTTP/1.1 ${status}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n` +
    'Cache-Control: no-store\r\nConnection: close\r\n\r\n';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    socket.write(head('431 Request Header Fields Too Large', 'text/html; charset=utf-8', TOO_LONG_PAGE.length));
    socket.write(TOO_LONG_PAGE);
  } else {
    socket.write(head('400 Bad Request', 'text/plain; charset=utf-8', 12) + 'bad request\n');
  }
  socket.end();
  socket.on('data', () => {});
  socket.resume();
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}

function parseArgs(argv) {
  const args = { port: 8080, root: resolve(fileURLToPath(new URL('..', import.meta.url))), isolation: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--port' || a === '-p') {
      const v = value();
      if (!/^\d+$/.test(v) || Number(v) > 65535) throw new Error(`--port: '${v}' is not a port number`);
      args.port = Number(v);
    } else if (a.startsWith('--port=')) {
      return parseArgs([...argv.slice(0, i), '--port', a.slice(7), ...argv.slice(i + 1)]);
    } else if (a === '--no-isolation') {
      args.isolation = false;
    } else if (a === '--root') {
      args.root = resolve(value());
    } else if (a === '--help' || a === '-h') {
      console.log('usage: node scripts/serve.mjs [--port N] [--root DIR] [--no-isolation]');
      process.exit(0);
    } else {
      throw new Error(`unknown argument '${a}' (usage: node scripts/serve.mjs [--port N] [--root DIR] [--no-isolation])`);
    }
  }
  return args;
}

/** Types worth compressing (text and WebAssembly; the PNG icons are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.txt', '.md', '.ftl']);

/** Compressed bodies by file, encoding and version (size + mtime), made once per version. */
const compressed = new Map();

/** The body of `file` in `encoding` (`br`, `gzip`), compressed once per version of the file. */
async function compressedBody(file, encoding, tag) {
  const key = `${encoding} ${file}`;
  const hit = compressed.get(key);
  if (hit?.tag === tag) return hit.body;
  const raw = await fs.readFile(file);
  const body = encoding === 'br'
    ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
    : gzipSync(raw, { level: 9 });
  compressed.set(key, { tag, body });
  return body;
}

/** The encoding to send: brotli where the browser accepts it, else gzip, else none. */
function encodingFor(req, file) {
  if (!COMPRESSIBLE.has(extname(file).toLowerCase())) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  const allows = (name) => new RegExp(`(^|[\\s,])${name}(?![\\w-])(?!\\s*;\\s*q=0(\\.0*)?(\\s*[,]|$))`).test(accepted);
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

async function handle({ root, isolation }, req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end('method not allowed\n');
    return;
  }
  let path;
  try {
    path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  } catch {
    res.writeHead(400).end('bad request\n');
    return;
  }
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end('forbidden\n');
    return;
  }
  let stat;
  try {
    stat = await fs.stat(file);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${path}\n`);
    return;
  }
  if (stat.isDirectory()) {
    res.writeHead(301, { Location: path + '/' }).end();
    return;
  }
  // Every response may be cached and is revalidated with its ETag (a 304 costs no body), so a
  // repeat visit transfers almost nothing and a new build is seen at once.
  const encoding = encodingFor(req, file);
  const version = `${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}`;
  const etag = `"${version}${encoding ? `-${encoding}` : ''}"`;
  const headers = {
    'Content-Type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': 'no-cache',
    ETag: etag,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
  };
  if (isolation) {
    // Cross-origin isolation gives the page SharedArrayBuffer, which the computer player's
    // "Move now" uses to stop a search inside its worker (www/ai.js).
    headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
  }
  const match = String(req.headers['if-none-match'] ?? '').split(/\s*,\s*/);
  if (match.includes(etag) || match.includes('*')) {
    res.writeHead(304, headers).end();
    return;
  }
  if (encoding) {
    const body = await compressedBody(file, encoding, version);
    res.writeHead(200, { ...headers, 'Content-Encoding': encoding, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': stat.size });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

function listen(server, port, tries) {
  return new Promise((ok, fail) => {
    const onError = (e) => {
      server.off('listening', onListening);
      if (e.code === 'EADDRINUSE' && tries > 0) ok(listen(server, port + 1, tries - 1));
      else fail(e);
    };
    const onListening = () => {
      server.off('error', onError);
      ok(server.address().port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, '127.0.0.1');
  });
}

async function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`error: ${e.message}`);
    process.exit(2);
  }
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    handle(args, req, res).catch((e) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(`server error: ${e.message}\n`);
    });
  });
  server.on('clientError', refuse);
  const port = await listen(server, args.port, args.port === 0 ? 0 : 50);
  console.log(`http://localhost:${port}/`);
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e) => {
  console.error(`error: ${e.message}`);
  process.exit(1);
});
