// `npm start`'s server with its house bots (scripts/serve.sh, which scripts/start.sh runs after
// its build), on the debug binaries: the URL is still the first line of output; the house bots'
// accounts are made and their bots come online; a bot killed with SIGKILL is started again by its
// supervisor and comes back online; SIGTERM to the script stops the bots and the server. They
// keep no seeks unless BAROQUE_HOUSE_BOT_SEEKS names games, and then one per game. No browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, serverBinary } from './helpers.mjs';

/** The processes under `pid` (its children, theirs, …): `[pid, args]`. */
function descendants(pid) {
  const rows = spawnSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' }).stdout.trim().split('\n')
    .map((l) => l.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)).filter(Boolean).map((m) => [Number(m[1]), Number(m[2]), m[3]]);
  const out = [];
  const walk = (p) => {
    for (const [c, pp, args] of rows) if (pp === p) { out.push([c, args]); walk(c); }
  };
  walk(pid);
  return out;
}

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };

async function until(what, check, ms = 30000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    assert.ok(Date.now() < end, `waited for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('npm start runs the house bots beside the server, restarts a dead one and stops them all', async (t) => {
  const bin = dirname(serverBinary());
  if (!existsSync(join(bin, 'baroque'))) {
    const run = spawnSync('cargo', ['build', '-p', 'baroque-cli'], { cwd: ROOT, stdio: 'inherit' });
    assert.equal(run.status, 0);
  }
  const data = mkdtempSync(join(tmpdir(), 'baroque-serve-'));
  t.after(() => rmSync(data, { recursive: true, force: true }));
  const script = spawn('bash', ['scripts/serve.sh', '--port', '0', '--db', `sqlite://${join(data, 'games.sqlite')}`], {
    cwd: ROOT,
    env: { ...process.env, BAROQUE_BIN: bin, BAROQUE_DATA: data, BAROQUE_HOUSE_BOTS: '1,2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  script.stdout.on('data', (d) => (out += d));
  script.stderr.on('data', (d) => (err += d));
  const exited = new Promise((r) => script.on('exit', r));
  const url = await until('the URL', () => out.match(/^http:\/\/localhost:\d+\/\n/)?.[0].trim());
  assert.ok(out.startsWith(url), 'the URL is the first line');
  assert.match(err, /house bots: baroque-level-1 \(new\), baroque-level-2 \(new\)/);
  const tokens = readFileSync(join(data, 'house-bots.tokens'), 'utf8');
  assert.equal(statSync(join(data, 'house-bots.tokens')).mode & 0o777, 0o600);
  const online = async () => (await (await fetch(`${url}api/bot/online`)).text()).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l).username).sort();
  await until('both bots online', async () => (await online()).length === 2);
  // No token on any command line (ps shows them to every user of the machine).
  const procs = descendants(script.pid);
  for (const [, args] of procs) for (const line of tokens.split('\n').filter((l) => /^\d/.test(l))) assert.ok(!args.includes(line.split(' ')[2]), args);
  const bot1 = procs.find(([, a]) => /baroque bot .*--level 1 /.test(a));
  assert.ok(bot1, JSON.stringify(procs));
  assert.ok(!bot1[1].includes('--seek'), 'no seeks unless asked');
  // Killed: its supervisor starts it again, and it comes back online.
  process.kill(bot1[0], 'SIGKILL');
  const again = await until('the bot started again', () => descendants(script.pid).find(([p, a]) => p !== bot1[0] && /baroque bot .*--level 1 /.test(a)));
  await until('it online again', () => (readFileSync(join(data, 'baroque-level-1.log'), 'utf8').match(/online at level 1/g) ?? []).length === 2);
  assert.deepEqual(await online(), ['baroque-level-1', 'baroque-level-2']);
  // SIGTERM stops everything.
  const all = descendants(script.pid);
  script.kill('SIGTERM');
  assert.equal(await Promise.race([exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('still running'), 15000))]), 'exited');
  await until('every process gone', () => all.every(([p]) => !alive(p)), 10000);
  assert.ok(!alive(again[0]));
});

test('with BAROQUE_HOUSE_BOT_SEEKS a house bot keeps a seek per game in the lobby', async (t) => {
  const bin = dirname(serverBinary());
  const data = mkdtempSync(join(tmpdir(), 'baroque-serve-'));
  t.after(() => rmSync(data, { recursive: true, force: true }));
  const script = spawn('bash', ['scripts/serve.sh', '--port', '0', '--db', `sqlite://${join(data, 'games.sqlite')}`], {
    cwd: ROOT,
    env: { ...process.env, BAROQUE_BIN: bin, BAROQUE_DATA: data, BAROQUE_HOUSE_BOTS: '1', BAROQUE_HOUSE_BOT_SEEKS: 'omega,ultima', BAROQUE_HOUSE_BOT_SEEK_CLOCK: '3+2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  script.stdout.on('data', (d) => (out += d));
  script.stderr.on('data', () => {});
  const exited = new Promise((r) => script.on('exit', r));
  await until('the URL', () => out.match(/^http:\/\/localhost:\d+\/\n/));
  const log = () => (existsSync(join(data, 'baroque-level-1.log')) ? readFileSync(join(data, 'baroque-level-1.log'), 'utf8') : '');
  await until('a seek per game', () => /seeking omega 3\+2 casual/.test(log()) && /seeking ultima 3\+2 casual/.test(log()));
  script.kill('SIGTERM');
  assert.equal(await Promise.race([exited.then(() => 'exited'), new Promise((r) => setTimeout(() => r('still running'), 15000))]), 'exited');
});
