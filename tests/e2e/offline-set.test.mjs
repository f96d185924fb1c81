// The offline set's rule (sw.js's SHELL, scripts/offline-set.mjs): the list names only files that
// exist, no page of the server's data (account, lobby, player, …) nor online play's modules, and
// every module the offline pages load. No browser: the list and the page's sources are read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './helpers.mjs';
import { OFFLINE_PAGES, offlineModules, problems, shellOf } from '../../scripts/offline-set.mjs';

/** A root that is this repository but for sw.js, whose SHELL `edit` changes. */
function withShell(edit) {
  const dir = mkdtempSync(join(tmpdir(), 'baroque-offline-set-'));
  for (const f of ['www', 'index.html', 'manifest.webmanifest']) symlinkSync(join(ROOT, f), join(dir, f));
  const sw = readFileSync(join(ROOT, 'sw.js'), 'utf8');
  writeFileSync(join(dir, 'sw.js'), sw.replace(/const SHELL = \[([\s\S]*?)\];/, (_, body) => `const SHELL = [${edit(body)}];`));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test('sw.js keeps the rule: offline pages, their modules and assets, nothing else', () => {
  assert.deepEqual(problems(ROOT), []);
  const shell = shellOf(ROOT);
  for (const p of OFFLINE_PAGES) assert.ok(shell.includes(p), p);
  // The game page's online door stays (main.js imports it), online play's modules do not.
  assert.ok(offlineModules(ROOT).includes('www/pages/game/online.js'));
  for (const f of ['www/pages/game/online-game.js', 'www/pages/game/online-info.js', 'www/online/invite.js', 'www/account.html', 'www/player.html', 'www/leaderboard.html']) {
    assert.ok(!shell.includes(f), `${f} is precached`);
  }
});

test('a list naming a missing file, a server-only page or its module is refused', () => {
  for (const [extra, words] of [
    ['www/no-such-file.js', /does not exist/],
    ['www/account.html', /a page offline play does not need/],
    ['www/player.html', /a page offline play does not need/],
    ['www/pages/account.js', /never load/],
    ['www/pages/game/online-game.js', /never load/],
  ]) {
    const { dir, done } = withShell((body) => `${body}  '${extra}',\n`);
    try {
      const found = problems(dir);
      assert.equal(found.length, 1, `${extra}: ${found.join('; ')}`);
      assert.match(found[0], words);
      assert.ok(found[0].includes(extra));
    } finally {
      done();
    }
  }
});

test('a list missing a module the offline pages load, or naming one twice, is refused', () => {
  let { dir, done } = withShell((body) => body.replace("  'www/views/dialog.js',\n", ''));
  try {
    assert.deepEqual(problems(dir), ['sw.js does not cache www/views/dialog.js, which the offline pages load (add it to SHELL)']);
  } finally {
    done();
  }
  ({ dir, done } = withShell((body) => `${body}  'www/style.css',\n`));
  try {
    assert.deepEqual(problems(dir), ['sw.js caches www/style.css more than once']);
  } finally {
    done();
  }
});
