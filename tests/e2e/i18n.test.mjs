// The page's languages in the browser: the language follows ?lang=, the browser's locale and the
// switch, the choice is remembered, and ?lang= is no rule option.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifact, useBrowser } from './helpers.mjs';

const env = useBrowser();

/** Opens the page with a browser locale (navigator.languages) and an optional query. */
async function openIn(locale, query = 'variant=ultima') {
  const context = await env.browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(env.url(query));
  await page.waitForSelector('#board[data-ready="true"]', { timeout: 20000 });
  return { page, context, errors };
}

test('the browser locale picks the language: zh-CN Simplified, zh-TW Traditional, fr English', async () => {
  for (const [locale, lang, word] of [['zh-CN', 'zh-Hans', '新对局'], ['zh-TW', 'zh-Hant', '新對局'], ['zh-HK', 'zh-Hant', '新對局'], ['fr-FR', 'en', 'New game']]) {
    const { page, context, errors } = await openIn(locale);
    assert.equal(await page.getAttribute('html', 'lang'), lang, locale);
    assert.equal(await page.textContent('#btn-new'), word, locale);
    assert.equal(await page.inputValue('#lang-select'), lang);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('?lang= wins over the locale, is no rule option, and tracking parameters are ignored', async () => {
  const { page, context, errors } = await openIn('en-US', 'variant=ultima&lang=zh-Hant&stalemate=draw&utm_source=x&fbclid=abc');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
  assert.equal(await page.isVisible('#page-error'), false, await page.textContent('#page-error'));
  assert.match(await page.textContent('#rules-info'), /stalemate=draw/);
  assert.deepEqual(errors, []);
  // A parameter that is neither a setting nor an option is reported, and the options stay.
  await page.goto(env.url('variant=ultima&lang=zh&stalemate=draw&colour=blue'));
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  assert.match(await page.textContent('#page-error'), /colour/);
  assert.match(await page.textContent('#rules-info'), /stalemate=draw/);
  // An unknown language is reported, and the page falls back to the browser's.
  await page.goto(env.url('variant=ultima&lang=xx'));
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  assert.match(await page.textContent('#page-error'), /xx/);
  await context.close();
});

test('the language switch changes the words and is remembered across a reload', async () => {
  const { page, context, errors } = await openIn('en-US');
  assert.equal(await page.textContent('#btn-undo'), 'Undo');
  await page.selectOption('#lang-select', 'zh-Hans');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hans');
  assert.equal(await page.textContent('#btn-undo'), '悔棋');
  assert.equal(await page.getAttribute('#move-list', 'aria-label'), '已走的着法（点击一步可查看走完后的局面）');
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hans');
  assert.equal(await page.textContent('#btn-undo'), '悔棋');
  await page.selectOption('#lang-select', 'zh-Hant');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant');
  assert.equal(await page.textContent('#btn-flip'), '翻轉棋盤');
  await page.screenshot({ path: artifact('i18n-zh-Hant.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
