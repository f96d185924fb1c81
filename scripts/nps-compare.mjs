// Browser/native search speed, back to back: `node scripts/nps-compare.mjs [--depth D] [--rounds N] [--json]`.
//
// Searches the engine's benchmark positions (`baroque_engine::bench::POSITIONS`, read from
// crates/engine/src/bench.rs) to depth D (default 7) with a 16 MB table and a fresh table per
// position, once natively (`target/release/baroque bench D --hash 16`) and once in the page's
// computer worker in headless Chromium (www/engine/computer.js → www/engine/worker.js, `go {depth: D}` with
// `newGame`), N times each (default 2), alternating native and browser so that both see the
// same load. The same tree is searched both ways (the script checks that the node counts
// agree), so the ratio is the speed of the code alone: the top levels (6–8) run this same
// search with a time limit instead of a depth. Two ratios per round: by wall-clock time (the
// searches' own timings: what a player gets, but on a loaded machine mostly the share of the
// CPU each run got) and by CPU time (the `bench` process's user+system time, read with bash's
// `times`, against the worker thread's, read from /proc for the threads named DedicatedWorker
// under this script (its Chromium); Linux only), which the other work on the machine disturbs far
// less. Prints each round, the median of each ratio, the load average before and after, and
// with --json one JSON object.
//
// Needs the release CLI (`cargo build --release -p baroque-cli`) and the web build
// (`bash scripts/build-web.sh`). Run it under `nice -n 15` on a shared machine; the figures
// go to docs/benchmarks.md with the date and the load.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
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

/** `baroque bench D --hash 16`: per position nodes and time, as the CLI prints them, and its CPU time. */
function native() {
  // bash's `times` prints the shell's, then its children's user and system time.
  const out = execFileSync('bash', ['-c', '"$0" bench "$1" --hash 16; times', cli, String(depth)], { encoding: 'utf8' });
  const lines = [...out.matchAll(/^(\w+) (\S+): depth (\d+) nodes (\d+) time (\d+) ms/gm)].map(([, variant, name, d, nodes, ms]) => ({
    variant, name, depth: Number(d), nodes: Number(nodes), ms: Number(ms),
  }));
  const times = [...out.matchAll(/(\d+)m([\d.]+)s/g)].map(([, m, sec]) => (Number(m) * 60 + Number(sec)) * 1000);
  const cpuMs = times.length >= 4 ? times[2] + times[3] : null;
  return summary(lines, cpuMs);
}

function summary(lines, cpuMs) {
  const nodes = lines.reduce((s, l) => s + l.nodes, 0);
  const ms = lines.reduce((s, l) => s + l.ms, 0);
  const perSecond = (t) => (t ? Math.round((nodes * 1000) / Math.max(1, t)) : null);
  return { lines, nodes, ms, nps: perSecond(ms), cpuMs, cpuNps: perSecond(cpuMs) };
}

const TICK_MS = 1000 / 100; // /proc's clock ticks (USER_HZ is 100 on Linux)

/** CPU milliseconds of the DedicatedWorker threads of the processes under `root` (null off Linux). */
function workerCpuMs(root) {
  if (!root || !existsSync('/proc/self/task')) return null;
  const parent = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const under = (pid) => {
    for (let p = pid, i = 0; p > 1 && i < 64; p = parent.get(p) ?? 0, i++) if (p === root) return true;
    return false;
  };
  let ticks = 0;
  for (const pid of parent.keys()) {
    if (!under(pid)) continue;
    let tasks = [];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        if (!readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').startsWith('DedicatedWorker')) continue;
        const f = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return ticks * TICK_MS;
}

const server = await startServer();
const browser = await launch();
const { page, context } = await openPage(browser, `${server.url}index.html?variant=ultima`);

const browserPid = process.pid; // Chromium runs under this script (playwright spawns it)
await page.evaluate(async () => {
  const { Computer } = await import('./www/engine/computer.js');
  window.npsComputer = new Computer({});
  // Loaded and warm before the measured searches (its thread's CPU is read before and after).
  await window.npsComputer.think({ variant: 'ultima', fen: '', options: [], moves: [], newGame: true }, { depth: 1 });
});

/** The same searches in the page's computer worker. */
async function inBrowser() {
  const before = workerCpuMs(browserPid);
  const lines = await page.evaluate(async ({ positions, depth }) => {
    const out = [];
    for (const p of positions) {
      const r = await window.npsComputer.think({ variant: p.variant, fen: p.fen, options: [], moves: [], newGame: true }, { depth });
      out.push({ variant: p.variant, name: p.name, depth: r.depth, nodes: r.nodes, ms: r.time });
    }
    return out;
  }, { positions, depth });
  const after = workerCpuMs(browserPid);
  return summary(lines, before !== null && after !== null ? after - before : null);
}

const load = [loadavg()];
const runs = [];
try {
  for (let i = 0; i < rounds; i++) {
    const n = native();
    const b = await inBrowser();
    const cpuRatio = n.cpuNps && b.cpuNps ? b.cpuNps / n.cpuNps : null;
    runs.push({ native: n, browser: b, ratio: b.nps / n.nps, cpuRatio });
    if (!json) {
      console.log(`round ${i + 1}: wall: native ${n.nps} nodes/s (${n.nodes} nodes, ${n.ms} ms), browser ${b.nps} nodes/s (${b.nodes} nodes, ${b.ms} ms), browser/native ${(b.nps / n.nps).toFixed(2)}`);
      if (cpuRatio) console.log(`         CPU: native ${n.cpuNps} nodes/s (${Math.round(n.cpuMs)} ms), browser ${b.cpuNps} nodes/s (${Math.round(b.cpuMs)} ms), browser/native ${cpuRatio.toFixed(2)}`);
    }
  }
} finally {
  await context.close();
  await browser.close();
  server.stop();
}
load.push(loadavg());

const medianOf = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ratios = runs.map((r) => r.ratio).sort((a, b) => a - b);
const median = medianOf(ratios);
const cpuRatios = runs.map((r) => r.cpuRatio).filter((r) => r !== null).sort((a, b) => a - b);
const cpuMedian = cpuRatios.length ? medianOf(cpuRatios) : null;
const first = runs[0];
const sameTree = first.native.lines.length === positions.length && first.browser.nodes === first.native.nodes;
const fmt = (l) => l.map((x) => x.toFixed(2)).join(' ');
if (json) {
  console.log(JSON.stringify({ date: new Date().toISOString(), depth, positions: positions.length, sameTree, load, median, cpuMedian, runs: runs.map((r) => ({ native: r.native.nps, browser: r.browser.nps, ratio: r.ratio, nativeCpu: r.native.cpuNps, browserCpu: r.browser.cpuNps, cpuRatio: r.cpuRatio, nodes: r.native.nodes })) }));
} else {
  console.log(`${positions.length} positions, depth ${depth}; ${sameTree ? 'the same tree both ways' : `NOT the same tree: native ${first.native.nodes} nodes in ${first.native.lines.length} positions, browser ${first.browser.nodes}`}`);
  console.log(`browser/native by wall time: median ${median.toFixed(2)} over ${runs.length} rounds (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  if (cpuMedian !== null) console.log(`browser/native by CPU time: median ${cpuMedian.toFixed(2)} (${cpuRatios.map((r) => r.toFixed(2)).join(', ')})`);
  console.log(`load average (1, 5, 15 min): before ${fmt(load[0])}, after ${fmt(load[1])}`);
}
if (!sameTree) process.exitCode = 1;
