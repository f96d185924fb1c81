// The address bar and the banner: the settings a URL asks for, the URL of a game, the page's
// errors. Part of the game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { showPageError } from '../../views/panel.js';
import { clockName, parseClock } from '../../game/clock.js';
import { errorText, t } from '../../services/i18n.js';
import { gameSpec, gameTable, optionPairs } from '../../engine/engine.js';
import { ctrl, page } from './state.js';
import { gameLink } from '../../online/address.js';

export const RESERVED = new Set(['variant', 'fen', 'mode', 'side', 'level', 'flip', 'moves', 'lang', 'clock', 'analysis', 'pgn', 'game']);
/** Parameters that links pick up on the way (analytics, ad clicks): ignored without a word. */
export const TRACKING = /^(utm_.*|fbclid|gclid|gclsrc|dclid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_ga|_gl|ref)$/i;


/** Reads the page's settings from the URL; problems are collected, never thrown. */
export function settingsFromUrl(/** @type {string} */ search) {
  const p = new URLSearchParams(search);
  const errors = [];
  const games = gameTable();
  /** @type {import('../../game/types.js').Settings & { moves: string[] }} */
  const s = { variant: games[0].id, fen: '', options: [], mode: 'hotseat', side: 'white', level: 3, autoflip: false, clock: null, moves: [] };
  const v = p.get('variant');
  if (v !== null) {
    if (gameSpec(v.trim().toLowerCase())) s.variant = v.trim().toLowerCase();
    else errors.push({ id: 'error-unknown-variant', args: { value: v, variants: games.map((g) => g.id).join(', '), game: s.variant } });
  }
  s.fen = p.get('fen') ?? '';
  const mode = p.get('mode');
  if (mode === 'computer' || mode === 'hotseat') s.mode = mode;
  else if (mode !== null) errors.push({ id: 'error-unknown-mode', args: { value: mode } });
  const side = p.get('side');
  if (side === 'white' || side === 'black') s.side = side;
  else if (side !== null) errors.push({ id: 'error-unknown-side', args: { value: side } });
  const level = p.get('level');
  const max = page.levelList.length;
  if (level !== null) {
    const n = Number(level);
    if (Number.isInteger(n) && n >= 1 && n <= max) s.level = n;
    else errors.push({ id: 'error-bad-level', args: { value: level, max } });
  }
  s.autoflip = p.get('flip') === 'auto';
  const clock = p.get('clock');
  if (clock !== null) {
    s.clock = parseClock(clock);
    if (!s.clock) errors.push({ id: 'error-bad-clock', args: { value: clock } });
  }
  // The rest are rule options of the game; a parameter that is none is reported and skipped, so
  // it does not cost the other options.
  const names = new Set(gameSpec(s.variant).options.map((o) => o.name));
  for (const [k, val] of p) {
    if (RESERVED.has(k) || TRACKING.test(k)) continue;
    if (names.has(k)) s.options.push(`${k}=${val}`);
    else errors.push({ id: 'error-unknown-parameter', args: { name: k, value: val } });
  }
  const moves = p.get('moves');
  if (moves) s.moves = moves.split(/[\s,]+/).filter(Boolean);
  // Whether the address names a game at all (not only a language or tracking tags).
  const fromLink = [...p.keys()].some((k) => k !== 'lang' && !TRACKING.test(k));
  return { settings: s, errors, fromLink };
}

export function urlFor(/** @type {any} */ s) {
  const p = new URLSearchParams({ variant: s.variant });
  const lang = new URLSearchParams(location.search).get('lang');
  if (lang) p.set('lang', lang); // a link's language stays with the page
  if (s.fen) p.set('fen', s.fen);
  for (const [k, v] of optionPairs(s.options)) p.set(k, v);
  if (s.mode === 'computer') {
    p.set('mode', 'computer');
    p.set('side', s.side);
    p.set('level', String(s.level));
  } else if (s.autoflip) p.set('flip', 'auto');
  if (s.clock) p.set('clock', clockName(s.clock));
  return `${location.pathname}?${p}`;
}

/** A link that reopens this game: its start position, options, players and moves so far. */
export function shareUrl() {
  // An online game's link is the live game's (never a secret).
  if (ctrl.settings.online) return gameLink(ctrl.settings.online.id, { lang: new URLSearchParams(location.search).get('lang') });
  const standard = gameSpec(ctrl.game.variant()).startFen;
  const fen = ctrl.game.startFen() === standard ? '' : ctrl.game.startFen();
  const moves = ctrl.game.moveTexts();
  return urlFor({ ...ctrl.settings, fen }) + (moves.length ? `&moves=${moves.join(',')}` : '');
}

/**
 * Keeps the address bar on this game (replaceState: no new history entry), so a copied address
 * reopens it; a `lang` of the address stays.
 */
export function followInAddressBar() {
  const lang = new URLSearchParams(location.search).get('lang');
  const url = shareUrl() + (lang ? `&lang=${encodeURIComponent(lang)}` : '');
  if (location.pathname + location.search !== url) history.replaceState(history.state, '', url);
}

/** Shows `messages` ({id, args} or {error: {code, params}}, or a DOM node) in the banner; none hides it. */
export function showErrors(/** @type {any[]} */ messages) {
  page.pageErrors = messages;
  renderErrors();
}

export function renderErrors() {
  showPageError(page.pageErrors.length ? page.pageErrors.map((m) => {
    if (m instanceof Node) return m;
    const div = document.createElement('div');
    div.textContent = m.error ? errorText(m.error) : t(m.id, m.args);
    return div;
  }) : null);
}
