// The rules pages (www/rules/<game>.html): prose from the rules catalog (www/i18n/rules/<lang>.ftl,
// which only these pages load), live <baroque-board> examples, and beside each board its HTML,
// copyable. The rule options come from the engine's table (one section per option, each with
// its values worded by the main catalog); a game without options says so.
import '../baroque-board.js';
import { initI18n, language, t, useCatalog, wireLanguageSwitch } from '../services/i18n.js';
import { gameSpec } from '../engine/engine.js';
import { boardSnippet, scriptLine } from '../services/embed-snippet.js';

useCatalog('rules');
const game = document.body.dataset.game;
const boards = [...document.querySelectorAll('baroque-board')];
const lang = new URLSearchParams(location.search).get('lang');

/** The www/ folder's address (where baroque-board.js is). */
const WWW = new URL('../', import.meta.url);

/**
 * The element's HTML as an author writes it: its own attributes, none of the page's, holding
 * the caption and a link to the game that show until the script runs (www/services/embed-snippet.js).
 */
export function snippetOf(board) {
  const attrs = [...board.attributes]
    .filter((a) => !['id', 'class', 'style'].includes(a.name) && !a.name.startsWith('data-'))
    .map((a) => /** @type {[string, string]} */ ([a.name, a.value]));
  return boardSnippet(attrs, { www: WWW, linkText: t('embed-fallback-link') });
}

/** Fills a snippet box with the code and a Copy button (and a live status line). */
function fillSnippet(box, code) {
  const pre = document.createElement('pre');
  const c = document.createElement('code');
  c.textContent = code;
  pre.append(c);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = t('rules-copy');
  const status = document.createElement('span');
  status.className = 'copied';
  status.setAttribute('aria-live', 'polite');
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code);
      status.textContent = t('rules-copied');
    } catch {
      // No clipboard (permissions, http): select the code for the reader to copy.
      getSelection().selectAllChildren(c);
      status.textContent = t('rules-copy-failed');
    }
  });
  box.replaceChildren(pre, button, status);
}

function renderSnippets() {
  fillSnippet(document.getElementById('script-snippet'), scriptLine(WWW));
  for (const b of boards) fillSnippet(b.parentElement.querySelector('.snippet'), snippetOf(b));
}

/** The options section from the engine's table: the values of each, the default first. */
function renderOptions() {
  const spec = gameSpec(game);
  const section = document.getElementById('options');
  /** @type {HTMLElement} */ (section.querySelector('.none')).hidden = spec.options.length > 0;
  /** @type {HTMLElement} */ (section.querySelector('.intro')).hidden = spec.options.length === 0;
  const or = new Intl.ListFormat(language() === 'en' ? 'en-GB' : language(), { type: 'disjunction' });
  for (const o of spec.options) {
    const box = section.querySelector(`[data-option="${o.name}"] .values`);
    if (!box) {
      console.error(`rules page: the option ${o.name} of the engine's table has no section`);
      continue;
    }
    const values = o.values.map((v, i) => t('rules-option-value', { setting: `${o.name}=${v}`, word: t(`option-${o.name}-${v}`), default: i === 0 ? 'yes' : 'no' }));
    box.textContent = t('rules-option-values', { values: or.format(values) });
  }
  for (const art of /** @type {NodeListOf<HTMLElement>} */ (section.querySelectorAll('[data-option]'))) {
    if (!spec.options.some((o) => o.name === art.dataset.option)) console.error(`rules page: ${art.dataset.option} is not an option of ${game}`);
  }
}

/** Links keep a ?lang= of the address. */
function keepLanguage() {
  if (!lang) return;
  for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('nav a'))) {
    const u = new URL(a.getAttribute('href'), location.href);
    u.searchParams.set('lang', lang);
    a.href = u.href;
  }
}


let tableReady = false;
await initI18n(location.search);
keepLanguage();
wireLanguageSwitch(document.getElementById('lang-select'));
renderSnippets();
// The table comes with the engine, which the first board to wake loads.
const onReady = () => {
  if (tableReady) return;
  tableReady = true;
  renderOptions();
};
for (const b of boards) b.addEventListener('ready', onReady, { once: true });
document.addEventListener('baroque:language', () => {
  /** @type {HTMLSelectElement} */ (document.getElementById('lang-select')).value = language();
  renderSnippets();
  if (tableReady) renderOptions();
});
