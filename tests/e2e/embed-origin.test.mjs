// Boards embedded on another site (issue 26 §1): a host page on a second origin (its own server on
// another port of 127.0.0.1) pastes the snippets the rules pages and the editor hand out
// (www/services/embed-snippet.js) with the script line pointing at baroque-server. Three boards and an
// iframe become ready; steps, a reader's move and the computer's answer in play mode (its worker
// started from the host's origin) work, with and without the host being cross-origin isolated
// itself; no console error. Without the script, each board's place shows its caption and a link
// to the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { artifact, useBrowser } from './helpers.mjs';
import { boardSnippet, scriptLine } from '../../www/services/embed-snippet.js';

const env = useBrowser();

/** The host site: pages made per test, served from 127.0.0.1 on a port of its own. */
let host;
const pages = new Map();
before(async () => {
  host = createServer((req, res) => {
    const p = pages.get(new URL(req.url, 'http://x').pathname);
    if (!p) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...p.headers }).end(p.html);
  });
  await new Promise((ok) => host.listen(0, '127.0.0.1', ok));
});
after(() => host?.close());

const LINK = 'Open this position in Baroque';

/** The host page: the script line and the snippets for `www` (the server's www/ folder). */
function hostHtml(www) {
  const snippet = (attrs) => boardSnippet(attrs, { www, linkText: LINK });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>wiki</title><link rel="icon" href="data:,">
${scriptLine(www)}
<script>window.msgs = []; addEventListener('message', (e) => window.msgs.push(e.data));</script></head><body>
<h1>A wiki page</h1>
${snippet([['id', 'steps'], ['variant', 'ultima'], ['mode', 'steps'], ['moves', 'e2e5 d7d4'], ['caption', 'Two pawn moves.']])}
${snippet([['id', 'try'], ['variant', 'omega'], ['mode', 'try'], ['caption', 'Try Omega.']])}
${snippet([['id', 'play'], ['variant', 'ultima'], ['mode', 'play'], ['level', '1'], ['caption', 'Play the computer.']])}
<iframe id="frame" title="board" width="380" height="520" src="${new URL('embed.html?variant=hybrid&moves=e3e5&mode=steps', www)}"></iframe>
</body></html>`;
}

/** Serves `html` at `path` on the host site; returns its address. */
function serve(path, html, headers = {}) {
  pages.set(path, { html, headers });
  return `http://127.0.0.1:${host.address().port}${path}`;
}

/** Clicks square `sq` of element `id`'s board (white at the bottom, 8 files). */
async function clickOn(page, id, sq) {
  const [x, y] = await page.evaluate(([i, s]) => {
    const r = document.getElementById(i).shadowRoot.querySelector('.board > canvas').getBoundingClientRect();
    const file = s.charCodeAt(0) - 97;
    const rank = Number(s.slice(1)) - 1;
    return [r.left + ((file + 0.5) * r.width) / 8, r.top + ((7 - rank + 0.5) * r.width) / 8];
  }, [id, sq]);
  await page.mouse.click(x, y);
}

async function open(url) {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 2600 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url);
  return { page, errors, context };
}

for (const isolated of [false, true]) {
  test(`another origin's page${isolated ? ', itself cross-origin isolated,' : ''} embeds three boards and an iframe that play`, async () => {
    const www = new URL('www/', env.server.url);
    const headers = isolated ? { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' } : {};
    const url = serve(isolated ? '/isolated.html' : '/plain.html', hostHtml(www), headers);
    assert.notEqual(new URL(url).origin, new URL(env.server.url).origin);
    const { page, errors, context } = await open(url);
    assert.equal(await page.evaluate(() => crossOriginIsolated), isolated);
    await page.waitForFunction(
      () => ['steps', 'try', 'play'].every((i) => document.getElementById(i)?.dataset.state === 'ready'),
      null,
      { timeout: 30000 },
    );
    // The fallback link is the element's light DOM: hidden once the element is defined.
    assert.equal(await page.$eval('#steps a', (a) => a.getBoundingClientRect().width), 0);
    // The iframe says it is ready, and steps on the host's message.
    await page.waitForFunction(() => window.msgs.some((m) => m.baroque === 'ready'), null, { timeout: 30000 });
    await page.evaluate(() => document.getElementById('frame').contentWindow.postMessage({ baroque: 'next' }, '*'));
    await page.waitForFunction(() => window.msgs.some((m) => m.baroque === 'state' && m.ply === 1), null, { timeout: 10000 });

    // Steps.
    await page.evaluate(() => {
      window.rec = { step: [], move: [] };
      document.getElementById('steps').addEventListener('step', (e) => window.rec.step.push(e.detail));
      document.getElementById('play').addEventListener('move', (e) => window.rec.move.push(e.detail));
    });
    await page.evaluate(() => document.getElementById('steps').shadowRoot.querySelector('[data-action="next"]').click());
    await page.waitForFunction(() => window.rec.step.some((d) => d.ply === 1));

    // Play: the reader's move and the computer's answer from its worker.
    await page.$eval('#play', (b) => b.scrollIntoView({ block: 'center' }));
    await clickOn(page, 'play', 'e2');
    await clickOn(page, 'play', 'e5');
    await page.waitForFunction(() => window.rec.move.length >= 2, null, { timeout: 30000 });
    const moves = await page.evaluate(() => window.rec.move.map((m) => m.by));
    assert.deepEqual(moves, ['reader', 'computer']);
    await page.screenshot({ path: artifact(`embed-origin${isolated ? '-isolated' : ''}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('without its script a board’s place shows its caption and a link to the game', async () => {
  // The script line points at a port where nothing listens: the script never loads.
  const dead = new URL('http://127.0.0.1:9/www/');
  const html = hostHtml(dead).replace(/<iframe[^>]*><\/iframe>/, '');
  const { page, context } = await open(serve('/dead.html', html));
  await page.waitForLoadState('load');
  const shown = await page.$eval('#steps', (b) => ({ text: b.innerText, href: b.querySelector('a').href, width: b.querySelector('a').getBoundingClientRect().width }));
  assert.equal(shown.text.trim(), `Two pawn moves. ${LINK}`);
  assert.ok(shown.width > 0, 'the link is shown');
  const link = new URL(shown.href);
  assert.equal(link.pathname, '/index.html');
  assert.deepEqual(Object.fromEntries(link.searchParams), { variant: 'ultima', moves: 'e2e5,d7d4' });
  assert.equal(await page.$eval('#play', (b) => b.innerText.trim()), `Play the computer. ${LINK}`);
  await context.close();
});
