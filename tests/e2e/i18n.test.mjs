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
  // The switch wins over the address's ?lang= (which it drops), also after a reload.
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(new URL(page.url()).searchParams.get('lang'), null);
  assert.equal(new URL(page.url()).searchParams.get('stalemate'), 'draw');
  await page.reload();
  await page.waitForSelector('#board[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
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

// Words that are no English UI word: names of the games and the page, keys, file names.
const ALLOWED = new Set(['Baroque', 'Ultima', 'Chess', 'FEN', 'PGN', 'Enter', 'Esc', 'Ctrl', 'WebAssembly', 'JavaScript', 'http',
  'node', 'scripts', 'serve', 'mjs', 'k', 'English',
  // The position editor names a key, an HTML element and a picture format.
  'Delete', 'iframe', 'SVG', 'PNG']);

/** The English words left on the visible page (text, aria-label, title, placeholder), with where. */
async function englishWords(page) {
  const found = await page.evaluate(() => {
    const out = [];
    const visible = (el) => el && el.checkVisibility?.({ checkVisibilityCSS: true }) !== false && !el.closest('[hidden]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, noscript, #lang-select') || !visible(el)) continue;
      if (n.textContent.trim()) out.push([n.textContent, el.id || el.tagName]);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [aria-roledescription]')) {
      if (!visible(el) && el.tagName !== 'CANVAS') continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'aria-roledescription']) if (el.getAttribute(a)) out.push([el.getAttribute(a), `${el.id || el.tagName}@${a}`]);
    }
    out.push([document.title, 'title']);
    return out;
  });
  const bad = [];
  for (const [raw, where] of found) {
    // FENs (board ranks with slashes, then the fields) stay as they are in every language.
    // So do URL settings written name=value (an option and its values in an error).
    const text = raw.replace(/\S*\/\S*( [wb]\b( \S+){0,4})?/g, ' ').replace(/[\w-]+=[\w-]+/g, ' ');
    for (const word of text.split(/[^A-Za-z0-9+\-–]+/)) {
      // A word with a digit is a square, move text, notation, a number or part of a FEN.
      if (word.length < 2 || /\d/.test(word) || /^[A-Za-z]{0,2}$/.test(word) || ALLOWED.has(word.replace(/^[-–]+|[-–]+$/g, ''))) continue;
      if (word.split(/[-–]/).every((w) => w.length < 2 || ALLOWED.has(w))) continue;
      bad.push(`${word} (${where}: ${text.slice(0, 60)})`);
    }
  }
  return bad;
}

for (const [lang, sentence] of [['zh-Hans', '白方夹吃者 e2 到 e5。'], ['zh-Hant', '白方夾吃者 e2 到 e5。']]) {
  test(`in ${lang} no English word of the UI is shown, and moves are announced in ${lang}`, async () => {
    const { page, context, errors } = await openIn('en-US', `variant=ultima&lang=${lang}`);
    await page.fill('#move-input', 'e2e5');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
    assert.equal(await page.textContent('#live'), sentence);
    assert.match(await page.textContent('#status'), /^轮到黑方走棋$|^輪到黑方走棋$/);
    assert.deepEqual(await englishWords(page), []);
    await page.screenshot({ path: artifact(`i18n-${lang}.png`) });
    await page.click('#btn-new');
    await page.waitForSelector('#new-game[open]'); // the dialog's module loads at first use
    await page.check('#new-game input[name="mode"][value="computer"]');
    assert.deepEqual(await englishWords(page), [], 'the new-game dialog');
    await page.screenshot({ path: artifact(`i18n-${lang}-dialog.png`) });
    await page.click('#new-game button[value="cancel"]');
    // Omega and the hybrid, with a check explanation and a frozen piece.
    for (const q of ['variant=omega&moves=e1e4', 'variant=hybrid&moves=e3e5', 'variant=ultima&fen=2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1&moves=g6c6']) {
      await page.goto(env.url(`${q}&lang=${lang}`));
      await page.waitForSelector('#board[data-ready="true"]');
      assert.deepEqual(await englishWords(page), [], q);
    }
    await page.screenshot({ path: artifact(`i18n-${lang}-check.png`) });
    // The engine's errors, worded from their codes and parameters.
    await page.goto(env.url(`variant=ultima&win=never&fen=xyz&moves=e2e5,a1a5&lang=${lang}`));
    await page.waitForSelector('#board[data-ready="true"]');
    assert.equal(await page.isVisible('#page-error'), true);
    assert.match(await page.textContent('#page-error'), /a1a5/);
    await page.fill('#move-input', 'zz9');
    await page.press('#move-input', 'Enter');
    assert.match(await page.textContent('#move-error'), /zz9/);
    assert.deepEqual(await englishWords(page), [], 'engine errors');
    await page.screenshot({ path: artifact(`i18n-${lang}-errors.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('the language switch changes every visible word, and back', async () => {
  const { page, context, errors } = await openIn('en-US', 'variant=hybrid&moves=e3e5');
  // Everything but the live region, which keeps the last announcement until the next one.
  const text = () => page.evaluate(() => {
    document.getElementById('live').textContent = '';
    return document.body.innerText + document.querySelector('#board').getAttribute('aria-label');
  });
  const english = await text();
  assert.ok((await englishWords(page)).length > 20, 'the English page has English words');
  await page.screenshot({ path: artifact('i18n-en.png') });
  for (const lang of ['zh-Hans', 'zh-Hant']) {
    await page.selectOption('#lang-select', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    assert.deepEqual(await englishWords(page), [], lang);
  }
  await page.selectOption('#lang-select', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await text(), english);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the embed element speaks the visitor’s language', async () => {
  const context = await env.browser.newContext({ locale: 'zh-TW' });
  const page = await context.newPage();
  await page.goto(`${env.server.url}www/boards.html`);
  await page.waitForFunction(() => document.getElementById('broken')?.dataset.state === 'error');
  assert.match(await page.evaluate(() => document.getElementById('broken').shadowRoot.textContent), /棋盤錯誤/);
  assert.equal(await page.textContent('h1'), '嵌入式棋盤');
  await page.waitForFunction(() => document.getElementById('wizard')?.dataset.state === 'ready');
  assert.match(await page.evaluate(() => document.getElementById('wizard').shadowRoot.querySelector('canvas').getAttribute('aria-label')), /歐梅加象棋，輪到白方走棋/);
  await page.screenshot({ path: artifact('i18n-embed-zh-Hant.png') });
  await context.close();
});

test('a leap over three pieces is said as a list in each language (ultima.md §10 B)', async () => {
  const fen = 'k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1';
  const said = {
    en: 'White Long Leaper d2 to d8, captures Pincer Pawn d3, Long Leaper d5 and Coordinator d7.',
    'zh-Hans': '白方跳吃者 d2 到 d8，吃掉夹吃者 d3、跳吃者 d5和协吃者 d7。',
    'zh-Hant': '白方跳吃者 d2 到 d8，吃掉夾吃者 d3、跳吃者 d5和協吃者 d7。',
  };
  const { page, context, errors } = await openIn('en-US', `variant=ultima&fen=${encodeURIComponent(fen)}`);
  for (const [lang, sentence] of Object.entries(said)) {
    await page.goto(env.url(`variant=ultima&fen=${encodeURIComponent(fen)}&lang=${lang}`));
    await page.waitForSelector('#board[data-ready="true"]');
    await page.fill('#move-input', 'd2d8');
    await page.press('#move-input', 'Enter');
    await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
    assert.equal(await page.textContent('#live'), sentence, lang);
    // The move list's tooltip says the same.
    assert.equal(await page.getAttribute('#move-list .ply[data-ply="1"]', 'title'), sentence, lang);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the keyboard cursor and the capture preview are announced in Chinese', async () => {
  const fen = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1';
  const { page, context, errors } = await openIn('zh-TW', `variant=ultima&fen=${encodeURIComponent(fen)}`);
  await page.focus('#board');
  await page.keyboard.press('Enter');
  for (const k of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await page.textContent('#live'), 'g4：白方夾吃者。');
  await page.keyboard.press('Enter');
  for (const k of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft']) await page.keyboard.press(k);
  assert.equal(await page.textContent('#live'), 'd4：空格。把 g4 走到這裡可吃掉 c4和d5。');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.ply === '1');
  assert.equal(await page.textContent('#live'), '白方夾吃者 g4 到 d4，吃掉麻醉者 c4和夾吃者 d5。');
  // Undo and the board turn are said too.
  await page.click('#btn-undo');
  assert.equal(await page.textContent('#live'), '已悔棋 g4d4。輪到白方走棋。');
  await page.click('#btn-flip');
  assert.equal(await page.textContent('#live'), '棋盤已翻轉：黑方在下方。');
  assert.deepEqual(errors, []);
  await context.close();
});

for (const lang of ['zh-Hans', 'zh-Hant']) {
  test(`the position editor in ${lang}: no English word, in every game and with a refused position`, async () => {
    const { page, context, errors } = await openIn('en-US', `variant=ultima&lang=${lang}`);
    for (const variant of ['ultima', 'omega', 'hybrid']) {
      await page.goto(`${env.server.url}www/editor.html?variant=${variant}&lang=${lang}`);
      await page.waitForSelector('#board[data-ready="true"]');
      assert.deepEqual(await englishWords(page), [], variant);
      await page.click('#btn-editor-clear');
      assert.match(await page.textContent('#editor-status'), /[\u4e00-\u9fff]/);
      assert.deepEqual(await englishWords(page), [], `${variant}, empty board`);
    }
    await page.screenshot({ path: artifact(`i18n-${lang}-editor.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}
