// The page's words: one Fluent catalog per language (www/i18n/<code>.ftl, see docs/i18n.md),
// rendered with @fluent/bundle (copied into www/vendor/ by scripts/build-web.sh).
//
// - `initI18n()` picks the language (?lang= > the remembered choice > navigator.languages > en),
//   loads its catalog and English (the fallback for a message a catalog lacks) and localizes the
//   document;
// - `t(id, args)` formats one message; `attrs(id, args)` its attributes;
// - `localize(root)` fills every element under `root` that carries `data-i18n` (a message id): the text
//   from the message's value, and the attributes named in `data-i18n-attr` ("aria-label title")
//   from the message's attributes of the same names; `data-i18n-args` holds JSON arguments;
// - `useCatalog(name)` adds a page's own catalog (www/i18n/<name>/<code>.ftl, the rules pages');
// - `setLanguage(code)` remembers the choice, loads the catalog, sets <html lang>, localizes the
//   document and fires `baroque:language` on `document` so the page re-renders what it built.
// @fluent/bundle's two modules, not its index.js (one file fewer to fetch).
import { FluentBundle } from '../vendor/fluent-bundle/bundle.js';
import { FluentResource } from '../vendor/fluent-bundle/resource.js';

/** The languages with a catalog, and each one's name in itself (the switch's labels). */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'zh-Hant', name: '繁體中文' },
];
const STORE_KEY = 'baroque-language';

/**
 * The catalog language for a BCP 47 tag, or null: zh-CN, zh-SG, zh-Hans… → zh-Hans; zh-TW,
 * zh-HK, zh-MO, zh-Hant… → zh-Hant; a bare zh → zh-Hans; en… → en.
 */
export function matchLanguage(tag) {
  const t = String(tag ?? '').trim().toLowerCase().replace(/_/g, '-');
  if (!t) return null;
  const [lang, ...rest] = t.split('-');
  if (lang === 'en') return 'en';
  if (lang !== 'zh') return null;
  if (rest.includes('hant')) return 'zh-Hant';
  if (rest.includes('hans')) return 'zh-Hans';
  if (rest.some((s) => s === 'tw' || s === 'hk' || s === 'mo')) return 'zh-Hant';
  return 'zh-Hans';
}

/**
 * The language to show: `?lang=` first (an unknown value is reported in `errors` and skipped),
 * then the remembered choice, then the first of the browser's languages with a catalog, else en.
 */
export function pickLanguage({ query = null, stored = null, preferred = [] } = {}) {
  const errors = [];
  if (query !== null) {
    const m = matchLanguage(query);
    if (m) return { code: m, errors };
    errors.push({ id: 'error-unknown-language', args: { value: query, languages: LANGUAGES.map((l) => l.code).join(', ') } });
  }
  const remembered = LANGUAGES.find((l) => l.code === stored);
  if (remembered) return { code: remembered.code, errors };
  for (const tag of preferred) {
    const m = matchLanguage(tag);
    if (m) return { code: m, errors };
  }
  return { code: 'en', errors };
}

const bundles = new Map(); // code → FluentBundle
const added = new Map(); // code → the catalogs already in its bundle ('' is the main one)
const files = new Map(); // `${code}/${name}` → Promise<FluentResource>: each file is fetched once
const extras = []; // the extra catalogs this page uses (`useCatalog`)
let current = 'en';

/**
 * Adds catalog `name` — the files www/i18n/<name>/<code>.ftl, one per language — to every
 * language this page loads, now and later (the rules pages' prose, which the game page does
 * not download). Call it before `initI18n`; a language already loaded gets it on its next load.
 */
export function useCatalog(name) {
  if (!extras.includes(name)) extras.push(name);
}

function loadFile(code, name) {
  const key = `${code}/${name}`;
  if (!files.has(key)) {
    const path = name ? `../i18n/${name}/${code}.ftl` : `../i18n/${code}.ftl`;
    const p = fetch(new URL(path, import.meta.url)).then(async (res) => {
      if (!res.ok) throw new Error(`the ${code} catalog ${path} did not load (HTTP ${res.status})`);
      return new FluentResource(await res.text());
    });
    p.catch(() => files.delete(key)); // a failed fetch may be tried again
    files.set(key, p);
  }
  return files.get(key);
}

async function loadBundle(code) {
  const names = ['', ...extras];
  const resources = await Promise.all(names.map((n) => loadFile(code, n)));
  if (!bundles.has(code)) {
    // No bidi isolation marks: none of the languages is right-to-left, and they would hide in
    // every label and announcement.
    bundles.set(code, new FluentBundle(code, { useIsolating: false }));
    added.set(code, new Set());
  }
  const bundle = bundles.get(code);
  names.forEach((n, i) => {
    if (added.get(code).has(n)) return;
    added.get(code).add(n);
    for (const e of bundle.addResource(resources[i])) console.warn(`i18n/${n ? `${n}/` : ''}${code}.ftl:`, e.message);
  });
  return bundle;
}

function remembered() {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null; // storage disabled: nothing remembered
  }
}

function remember(code) {
  try {
    localStorage.setItem(STORE_KEY, code);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
}

/** The language shown now (`en`, `zh-Hans`, `zh-Hant`). */
export function language() {
  return current;
}

function format(id, args, pick) {
  for (const code of [current, 'en']) {
    const bundle = bundles.get(code);
    const msg = bundle?.getMessage(id);
    if (!msg) continue;
    const errors = [];
    const out = pick(bundle, msg, args, errors);
    if (errors.length) console.warn(`i18n: ${id} (${code}):`, errors.map((e) => e.message).join('; '));
    if (out !== undefined) return out;
  }
  return undefined;
}

/** The message `id` with `args` in the current language (English when it lacks one; the id when both do). */
export function t(id, args = {}) {
  const text = format(id, args, (b, m, a, errors) => (m.value ? b.formatPattern(m.value, a, errors) : undefined));
  if (text === undefined) {
    console.warn(`i18n: no message '${id}'`);
    return id;
  }
  return text;
}

/** The attributes of message `id` (`{ 'aria-label': …, title: … }`), formatted. */
export function attrs(id, args = {}) {
  return (
    format(id, args, (b, m, a, errors) => {
      const out = {};
      for (const [name, pattern] of Object.entries(m.attributes)) out[name] = b.formatPattern(pattern, a, errors);
      return out;
    }) ?? {}
  );
}

/**
 * Loads the catalog for the BCP 47 tag `tag` (an element's `lang`) and returns its language code,
 * or null when no catalog matches; `inLanguage(code, fn)` then runs `fn` with that language as
 * the current one (t, render and errorText inside it speak it) and returns what `fn` returns.
 */
export async function loadLanguage(tag) {
  const code = matchLanguage(tag);
  if (!code) return null;
  await loadBundle(code);
  return code;
}

/** See `loadLanguage`. */
export function inLanguage(code, fn) {
  const saved = current;
  if (code && bundles.has(code)) current = code;
  try {
    return fn();
  } finally {
    current = saved;
  }
}

/** Whether the current language (or English) has message `id`. */
export function has(id) {
  return bundles.get(current)?.hasMessage(id) || bundles.get('en')?.hasMessage(id) || false;
}

/**
 * Fills the `data-i18n` elements under `root` (and `root` itself).
 * @param {Document | HTMLElement | ShadowRoot} [root]
 */
export function localize(root = document) {
  const els = [.../** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-i18n]'))];
  if (root instanceof Element && root.hasAttribute('data-i18n')) els.unshift(root);
  for (const el of els) {
    const id = el.dataset.i18n;
    let args = {};
    if (el.dataset.i18nArgs) {
      try {
        args = JSON.parse(el.dataset.i18nArgs);
      } catch {
        console.warn(`i18n: bad data-i18n-args on ${id}`);
      }
    }
    const names = (el.dataset.i18nAttr ?? '').split(/\s+/).filter(Boolean);
    if (format(id, args, (b, m) => (m.value ? true : undefined))) el.textContent = t(id, args);
    if (names.length) {
      const values = attrs(id, args);
      for (const name of names) {
        if (values[name] !== undefined) el.setAttribute(name, values[name]);
        else console.warn(`i18n: ${id} has no attribute .${name}`);
      }
    }
  }
}

function apply() {
  document.documentElement.lang = current;
  localize(document);
  document.dispatchEvent(new CustomEvent('baroque:language', { detail: { language: current } }));
}

/** Shows the page in `code` (one of LANGUAGES) and remembers the choice. */
export async function setLanguage(code) {
  const lang = LANGUAGES.find((l) => l.code === code);
  if (!lang) throw new Error(`unknown language '${code}'`);
  await loadBundle(code);
  current = code;
  remember(code);
  apply();
}

/**
 * Wires a page's language switch: one option per catalog, each named in its own language. A
 * choice is remembered (`setLanguage`); a `?lang=` in the address (and in the page's nav links)
 * is dropped then, since it would override the choice on reload. The switch follows later
 * changes of language too.
 */
export function wireLanguageSwitch(select) {
  select.replaceChildren(...LANGUAGES.map(({ code, name }) => Object.assign(document.createElement('option'), { value: code, lang: code, textContent: name })));
  select.value = language();
  select.addEventListener('change', () => {
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.delete('lang');
      history.replaceState(null, '', url);
      for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('nav a[href]'))) {
        const u = new URL(a.href);
        u.searchParams.delete('lang');
        a.href = u.href;
      }
    }
    setLanguage(select.value);
  });
  document.addEventListener('baroque:language', () => {
    select.value = language();
  });
}

/**
 * Starts the words of a page (the editor, the puzzles): its language from `initI18n` (English
 * alone if the catalogs do not load) and its language switch; `onChange` runs after every later
 * change of language.
 */
export async function startPageI18n(select, onChange) {
  try {
    await initI18n();
  } catch (e) {
    console.warn('The message catalogs did not load; the page stays in English.', e);
  }
  wireLanguageSwitch(select);
  document.addEventListener('baroque:language', onChange);
}

/**
 * Picks and loads the language for this page (see `pickLanguage`); returns the problems with
 * `?lang=` as `{id, args}` messages for the page to show. A language picked from the URL or the
 * browser is not remembered: only `setLanguage` remembers. `page: false` (the embed element)
 * leaves the host page's <html lang> and markup alone.
 */
export async function initI18n(search = location.search, { page = true } = {}) {
  const query = new URLSearchParams(search).get('lang');
  const { code, errors } = pickLanguage({ query, stored: remembered(), preferred: [...(navigator.languages ?? [navigator.language])] });
  await loadBundle('en');
  try {
    await loadBundle(code);
    current = code;
  } catch (e) {
    console.warn(e);
    current = 'en';
  }
  if (page) apply();
  return errors;
}

/**
 * `items` joined with the language's "and": "a, b and c", "a、b和c". English lists go without
 * the serial comma, as the rule book writes them.
 */
export function andList(items) {
  return new Intl.ListFormat(current === 'en' ? 'en-GB' : current, { type: 'conjunction' }).format(items);
}

/**
 * Renders words from the engine's describe.rs (a move sentence, a position): a string as is,
 * `{id, args}` a message, `{role}` a piece's name, `{game}` a game's title, `{and: […]}` a list
 * in the language's way, `{seq: […], join}` the parts joined by message `join` (or nothing).
 */
export function render(words) {
  if (words === null || words === undefined) return '';
  if (typeof words === 'string' || typeof words === 'number') return String(words);
  if (words.role) return t(`role-${words.role}`);
  if (words.game) return t(`game-${words.game}`);
  if (words.and) return andList(words.and.map(render));
  if (words.seq) return words.seq.map(render).join(words.join ? t(words.join) : '');
  const args = {};
  for (const [k, v] of Object.entries(words.args ?? {})) args[k] = render(v);
  return t(words.id, args);
}

/**
 * An error `{code, params}` in words: the engine's codes are messages `engine-<code>`, the
 * page's own (the computer player's) `error-<code>`; an unknown code shows its English message.
 */
export function errorText(err) {
  const id = `engine-${err.code}`;
  // Parameters that name a piece or a game are ids; they are worded too.
  const params = { ...(err.params ?? {}) };
  if (params.role && has(`role-${params.role}`)) params.role = t(`role-${params.role}`);
  if (params.variant && has(`game-${params.variant}`)) params.variant = t(`game-${params.variant}`);
  // A game record's error wraps another (its `cause`): that one is worded in the page's language.
  if (params.cause) params.reason = errorText({ code: params.cause, params: { ...params, cause: undefined }, message: params.reason });
  // An option's values are shown as the URL and the CLI write them: name=value.
  if (params.name && params.allowed) params.allowed = params.allowed.split(', ').map((v) => `${params.name}=${v}`).join(', ');
  // A position refused as a whole says why as data (`reason`, FenError's reason): worded here.
  if (params.reason && has(`engine-fen-why-${params.reason}`)) return t(`engine-fen-why-${params.reason}`, params);
  if (has(id)) return t(id, params);
  if (has(`error-${err.code}`)) return t(`error-${err.code}`, params); // the page's own codes
  return t('engine-unknown', { message: err.message ?? err.params?.message ?? err.code });
}
