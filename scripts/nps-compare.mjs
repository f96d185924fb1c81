// Browser/native search speed, back to back: `node scripts/nps-compare.mjs [--depth D] [--rounds N] [--json]`.
//
// Searches the engine's benchmark positions (`baroque_engine::bench::POSITIONS`, read from
// crates/engine/src/bench.rs) to depth D (default 7) with a 16 MB table and a fresh table per
// position, once natively (`target/release/baroque bench D --hash 16`) and once in the page's
// computer worker in headless Chromium (www/ai.js → www/ai-worker.js, `go {depth: D}` with
// `newGame`), N times each (default 2), alternating native and browser so that both see the
// same load. The same tree is searched both ways (the script checks that the node counts
// agree), so the ratio is the speed of the code alone: the top levels (6–8) run this same
// search with a time limit instead of a depth. Prints each run, the ratio of every pair and
// their median, the load average before and after, and with --json one JSON object.
//
// Needs the release CLI (`cargo build --release -p baroque-cli`) and the web build
// (`bash scripts/build-web.sh`). Run it under `nice -n 15` on a shared machine; the figures
// go to docs/benchmarks.md with the date and the load.
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch, openPage, ROOT, startServer } from '../tests/e2e/helpers.mjs';

const args = process.argv.slice(2);
let depth = 7;
let rounds = 2;
let json = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--depth') depth = Number(args[++i]);
  else if (a === '--rounds') rounds = Number(args[++i]);
  else if (a === '--json') json = true;
  else {
    console.error(`error: unknown argument '${a}' (usage: node scripts/nps-compare.mjs [--depth D] [--rounds N] [--json])`);
    process.exit(2);
  }
}
if (!Number.isInteger(depth) || depth < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('error: --depth and --rounds take a positive whole number');
  process.exit(2);
}

const GAMES = { Ultima: 'ultima', Omega: 'omega', Hybrid: 'hybrid' };

/** The benchmark positions, in the order `baroque bench` searches them. */
function benchPositions() {
  const src = readFileSync(join(ROOT, 'crates/engine/src/bench.rs'), 'utf8');
  const list = src.slice(src.indexOf('pub const POSITIONS'));
  const re = /at\(\s*GameId::(\w+),\s*"([^"]*)",\s*"([^"]*)",?\s*\)/g;
  return [...list.matchAll(re)].map(([, game, name, fen]) => ({ variant: GAMES[game], name, fen }));
}

const positions = benchPositions();
const cli = join(ROOT, 'target/release/baroque');
if (!existsSync(cli)) {
  console.error('error: build the release CLI first: cargo build --release -p baroque-cli');
  process.exit(2);
}

/** `baroque bench D --hash 16`: per position nodes and time, as the CLI prints them. */
function native() {
  const out = execFileSync(cli, ['bench', String(depth), '--hash', '16'], { encoding: 'utf8' });
  const lines = [...out.matchAll(/^(\w+) (\S+): depth (\d+) nodes (\d+) time (\d+) ms/gm)].map(([, variant, name, d, nodes, ms]) => ({
    variant, name, depth: Number(d), nodes: Number(nodes), ms: Number(ms),
  }));
  return summary(lines);
}

function summary(lines) {
  const nodes = lines.reduce((s, l) => s + l.nodes, 0);
  const ms = lines.reduce((s, l) => s + l.ms, 0);
  return { lines, nodes, ms, nps: Math.round((nodes * 1000) / Math.max(1, ms)) };
}

const server = await startServer();
const browser = await launch();
const { page, context } = await openPage(browser, `${server.url}index.html?variant=ultima`);

/** The same searches in the page's computer worker. */
async function inBrowser() {
  const lines = await page.evaluate(async ({ positions, depth }) => {
    const { Computer } = await import('./www/ai.js');
    const computer = new Computer({});
    const out = [];
    for (const p of positions) {
      const r = await computer.think({ variant: p.variant, fen: p.fen, options: [], moves: [], newGame: true }, { depth });
      out.push({ variant: p.variant, name: p.name, depth: r.depth, nodes: r.nodes, ms: r.time });
    }
    computer.restart();
    return out;
  }, { positions, depth });
  return summary(lines);
}

const load = [loadavg()];
const runs = [];
try {
  for (let i = 0; i < rounds; i++) {
    const n = native();
    const b = await inBrowser();
    runs.push({ native: n, browser: b, ratio: b.nps / n.nps });
    if (!json) console.log(`round ${i + 1}: native ${n.nps} nodes/s (${n.nodes} nodes, ${n.ms} ms), browser ${b.nps} nodes/s (${b.nodes} nodes, ${b.ms} ms), browser/native ${(b.nps / n.nps).toFixed(2)}`);
  }
} finally {
  await context.close();
  await browser.close();
  server.stop();
}
load.push(loadavg());

const ratios = runs.map((r) => r.ratio).sort((a, b) => a - b);
const median = ratios.length % 2 ? ratios[(ratios.length - 1) / 2] : (ratios[ratios.length / 2 - 1] + ratios[ratios.length / 2]) / 2;
const first = runs[0];
const sameTree = first.native.lines.length === positions.length && first.browser.nodes === first.native.nodes;
const fmt = (l) => l.map((x) => x.toFixed(2)).join(' ');
if (json) {
  console.log(JSON.stringify({ date: new Date().toISOString(), depth, positions: positions.length, sameTree, load, median, runs: runs.map((r) => ({ native: r.native.nps, browser: r.browser.nps, ratio: r.ratio, nodes: r.native.nodes })) }));
} else {
  console.log(`${positions.length} positions, depth ${depth}; ${sameTree ? 'the same tree both ways' : `NOT the same tree: native ${first.native.nodes} nodes in ${first.native.lines.length} positions, browser ${first.browser.nodes}`}`);
  console.log(`browser/native: median ${median.toFixed(2)} over ${runs.length} rounds (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  console.log(`load average (1, 5, 15 min): before ${fmt(load[0])}, after ${fmt(load[1])}`);
}
if (!sameTree) process.exitCode = 1;
