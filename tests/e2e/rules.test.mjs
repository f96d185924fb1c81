// The rules pages (www/rules/<game>.html) in headless Chromium: each loads in each language with
// every board drawn and no element error, no axe WCAG 2.1 A/AA violation, and (Traditional Chinese
// on a 360×640 phone) no horizontal scroll; stepping each Ultima §10–§11 example to its end announces exactly the
// captures the rule book states (rules-examples.mjs); the language switch and ?lang= reword the
// page and its boards; the legend's link opens the right page and the page links back; Copy copies
// the snippet; the service worker serves the pages and their catalog offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { artifact, useBrowser } from './helpers.mjs';
import { ULTIMA } from './rules-examples.mjs';

const env = useBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const GAMES = ['ultima', 'omega', 'hybrid'];
const LANGS = ['en', 'zh-Hans', 'zh-Hant'];

async function open(path, { width = 1200, height = 900, isMobile = false, permissions = [] } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, isMobile, hasTouch: isMobile });
  if (permissions.length) await context.grantPermissions(permissions, { origin: env.server.url });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${env.server.url}${path}`);
  return { page, errors, context };
}

/** Scrolls each board into view (a board wakes near the viewport) and waits until it is built. */
async function wakeAll(page) {
  const n = await page.$$eval('baroque-board', (bs) => bs.length);
  for (let i = 0; i < n; i++) {
    await page.$$eval('baroque-board', (bs, k) => bs[k].scrollIntoView({ block: 'center' }), i);
    await page
      .waitForFunction((k) => document.querySelectorAll('baroque-board')[k].dataset.state !== 'loading', i, { timeout: 30000 })
      .catch(async (e) => {
        const id = await page.$$eval('baroque-board', (bs, k) => bs[k].id, i);
        throw new Error(`board ${id} stayed loading: ${e.message}`);
      });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return n;
}

/** Per board: its state and how many colours its canvas shows (a drawn board has many). */
/**
 * Every board's state, error and the colours its canvas shows, read after two animation frames:
 * a board's first paint follows its `ready` state by a frame (and a resize repaints). One read
 * per canvas: repeated readbacks make Chromium warn on the console, which the tests count.
 */
const drawn = async (page) => {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return colours(page);
};

const colours = (page) =>
  page.$$eval('baroque-board', (bs) =>
    bs.map((b) => {
      const c = b.shadowRoot.querySelector('.board > canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let k = 0; k < d.length; k += 4 * 101) seen.add((d[k] << 16) | (d[k + 1] << 8) | d[k + 2]);
      return { id: b.id, state: b.dataset.state, colours: seen.size, error: b.shadowRoot.querySelector('.error').hidden ? '' : b.shadowRoot.querySelector('.error').textContent };
    }),
  );

async function violations(page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')}`);
  }, TAGS);
}

for (const game of GAMES) {
  test(`${game}.html in every language (Traditional on a 360×640 phone): every board drawn, no error, no axe violation`, async () => {
    for (const lang of LANGS) {
      const phone = lang === 'zh-Hant';
      const { page, errors, context } = await open(`www/rules/${game}.html?lang=${lang}`, phone ? { width: 360, height: 640, isMobile: true } : {});
      const n = await wakeAll(page);
      const boards = await drawn(page);
      assert.equal(boards.length, n);
      for (const b of boards) {
        assert.equal(b.state, 'ready', `${lang} ${b.id}: ${b.error}`);
        assert.ok(b.colours > 8, `${lang} ${b.id}: the board is drawn (${b.colours} colours)`);
      }
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      const heading = await page.textContent('h1');
      if (lang !== 'en') assert.match(heading, /[\u4e00-\u9fff]/, `${lang}: ${heading}`);
      // Every caption and every snippet is filled; the snippet is the board's own HTML.
      const snippets = await page.$$eval('.example', (xs) => xs.map((x) => [x.querySelector('baroque-board').getAttribute('caption'), x.querySelector('.snippet code')?.textContent ?? '']));
      for (const [caption, code] of snippets) {
        assert.ok(caption && code.startsWith('<baroque-board variant=') && code.includes(`caption="${caption.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`), code);
        if (lang !== 'en') assert.match(caption, /[\u4e00-\u9fff]/);
      }
      // The options come from the game table: Ultima lists each option's values, the others say they have none.
      const options = await page.$$eval('#options [data-option] .values', (xs) => xs.map((x) => x.textContent));
      if (game === 'ultima') {
        assert.equal(options.length, 6);
        for (const o of options) assert.match(o, /=/);
        assert.match(options[0], /win=checkmate/);
        assert.equal(await page.isVisible('#options .none'), false);
      } else {
        assert.equal(options.length, 0);
        assert.equal(await page.isVisible('#options .none'), true);
      }
      if (phone) {
        // Nothing scrolls sideways and every board fits the window.
        const wide = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          boards: [...document.querySelectorAll('baroque-board')].map((b) => b.getBoundingClientRect()).filter((r) => r.left < 0 || r.right > innerWidth + 0.5).length,
        }));
        assert.deepEqual(wide, { page: 360, boards: 0 }, `${game} on a phone`);
      }
      assert.deepEqual(await violations(page), [], `${game} ${lang}`);
      await page.screenshot({ path: artifact(`rules-${phone ? 'phone-' : ''}${game}-${lang}.png`) });
      if (phone) {
        await page.$eval('.example', (e) => e.scrollIntoView());
        await page.screenshot({ path: artifact(`rules-phone-${game}-${lang}-board.png`) });
      }
      assert.deepEqual(errors, [], `${game} ${lang}`);
      await context.close();
    }
  });
}

test('ultima.html: stepping each §10–§11 example to its end announces exactly the rule book’s captures', async () => {
  const { page, errors, context } = await open('www/rules/ultima.html?lang=en');
  await wakeAll(page);
  for (const [id, want] of Object.entries(ULTIMA)) {
    const got = await page.evaluate(async (i) => {
      const b = document.getElementById(i);
      b.scrollIntoView({ block: 'center' });
      const steps = [];
      b.addEventListener('step', (e) => steps.push({ ply: e.detail.ply, captures: e.detail.captures, sentence: e.detail.sentence }));
      const next = b.shadowRoot.querySelector('[data-action="next"]');
      while (!next.disabled) {
        next.click();
        await new Promise((r) => setTimeout(r, 0));
      }
      return { steps, fen: b.getAttribute('fen'), counter: b.shadowRoot.querySelector('.counter').textContent };
    }, id);
    assert.equal(got.fen, want.fen, `${id}: the book's position`);
    assert.deepEqual(got.steps.map((s) => s.ply), want.moves.map((_, k) => k + 1), `${id}: one step per move`);
    assert.deepEqual(got.steps.map((s) => [...s.captures].sort()), want.captures.map((c) => [...c].sort()), `${id} (${want.book ?? want.made})`);
    // The sentence under the board names every captured square.
    got.steps.forEach((s, k) => want.captures[k].forEach((sq) => assert.ok(s.sentence.includes(sq), `${id}: "${s.sentence}" names ${sq}`)));
    assert.equal(got.counter, `Move ${want.moves.length} of ${want.moves.length}`);
  }
  // The arrow keys step too (§10 D: back to the start and forward again).
  await page.$eval('#u-d', (b) => b.scrollIntoView({ block: 'center' }));
  await page.$eval('#u-d', (b) => b.shadowRoot.querySelector('figure').focus());
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('u-d').ply === 1);
  await page.screenshot({ path: artifact('rules-ultima-10d.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the language switch rewords the page, its captions, snippets and boards; ?lang= sets the language', async () => {
  const { page, errors, context } = await open('www/rules/hybrid.html?lang=en');
  await wakeAll(page);
  const english = { h1: await page.textContent('h1'), caption: await page.getAttribute('#h-pu', 'caption'), next: await page.$eval('#h-pu', (b) => b.shadowRoot.querySelector('[data-action="next"]').textContent) };
  assert.equal(english.next, 'Next');
  await page.selectOption('#lang-select', 'zh-Hans');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  const chinese = { h1: await page.textContent('h1'), caption: await page.getAttribute('#h-pu', 'caption'), next: await page.$eval('#h-pu', (b) => b.shadowRoot.querySelector('[data-action="next"]').textContent) };
  assert.match(chinese.h1, /混合棋规则/);
  assert.match(chinese.caption, /推拉者/);
  assert.notEqual(chinese.next, 'Next');
  assert.ok(!page.url().includes('lang='), 'the switch drops ?lang= so its choice holds');
  const snippet = await page.$eval('#h-pu', (b) => b.parentElement.querySelector('.snippet code').textContent);
  assert.ok(snippet.includes(chinese.caption), snippet);
  // Remembered across a reload; Traditional and back to English.
  await page.reload();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  await page.selectOption('#lang-select', 'zh-Hant');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
  assert.match(await page.textContent('h1'), /混合棋規則/);
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.textContent('h1'), english.h1);
  assert.equal(await page.getAttribute('#h-pu', 'caption'), english.caption);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the legend links each game to its rules page, and the page links back to the game', async () => {
  for (const game of GAMES) {
    const context = await env.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${env.server.url}index.html?variant=${game}&lang=zh-Hant`);
    await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
    // The game page does not download the rules prose.
    assert.deepEqual(fetched.filter((p) => p.includes('/rules/')), [], 'the game page fetched a rules file');
    const link = page.locator('#legend a.legend-rules');
    assert.match(await link.textContent(), /規則/);
    await link.click();
    await page.waitForURL(new RegExp(`www/rules/${game}\\.html\\?lang=zh-Hant$`));
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
    assert.equal(await page.getAttribute('body', 'data-game'), game);
    await page.click('#play-link');
    await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
    const url = new URL(page.url());
    assert.equal(url.searchParams.get('variant'), game);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-Hant');
    assert.deepEqual(errors, [], game);
    await context.close();
  }
});

test('Copy puts the board’s snippet on the clipboard', async () => {
  const { page, errors, context } = await open('www/rules/omega.html?lang=en', { permissions: ['clipboard-read', 'clipboard-write'] });
  await page.$eval('#o-castle', (b) => b.scrollIntoView({ block: 'center' }));
  await page.waitForSelector('#o-castle[data-state="ready"]');
  const box = page.locator('#o-castle + .snippet');
  await box.locator('button').click();
  await page.waitForFunction(() => document.querySelector('#o-castle + .snippet .copied').textContent === 'Copied.');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await box.locator('code').textContent());
  assert.match(copied, /^<baroque-board variant="omega" mode="steps" fen="4k5\/10\/10\/10\/10\/10\/10\/10\/10\/1R3K2R1\[w\/w\/-\/-\] w KQ - 0 1" moves="f0d0" marks="[^"]+" caption="[^"]+">[^<]+ <a href="[^"]+\/index\.html\?variant=omega&amp;fen=[^"]+&amp;moves=f0d0">Open this position in Baroque<\/a><\/baroque-board>$/);
  // The snippet works on another page: the same board, built from the copied HTML.
  await page.evaluate((html) => {
    document.body.insertAdjacentHTML('afterbegin', html.replace('<baroque-board', '<baroque-board id="copy"'));
    window.scrollTo(0, 0);
  }, copied);
  await page.waitForSelector('#copy[data-state="ready"]');
  assert.equal(await page.$eval('#copy', (b) => b.moves.join(' ')), 'f0d0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('once the game page has been opened, the rules pages open offline in Chinese (service worker)', async () => {
  const { page, errors, context } = await open('index.html?variant=omega');
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  await context.setOffline(true);
  for (const game of GAMES) {
    const response = await page.goto(`${env.server.url}www/rules/${game}.html?lang=zh-Hant`);
    assert.ok(response.fromServiceWorker(), `${game}.html came from the service worker`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
    await page.$eval('.example baroque-board', (b) => b.scrollIntoView({ block: 'center' }));
    await page.waitForFunction(() => document.querySelector('.example baroque-board').dataset.state === 'ready', null, { timeout: 20000 });
    assert.match(await page.$eval('.example baroque-board', (b) => b.getAttribute('caption')), /[\u4e00-\u9fff]/, `${game}: the rules catalog came offline`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
