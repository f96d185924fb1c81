// Light and dark themes and the board's colour set. The theme follows the system
// (prefers-color-scheme) until the player picks one; both choices are remembered in
// localStorage. The page's own colours are CSS variables (style.css, :root[data-theme]); the
// colours around the board come from the board's palette in wasm (BoardView.colors), so the canvas
// and the page share one table.
import { t } from '../services/i18n.js';

const THEME_KEY = 'baroque.theme';
const SET_KEY = 'baroque.boardSet';
const THEMES = ['system', 'light', 'dark'];
const SETS = ['wood', 'slate'];
const dark = matchMedia('(prefers-color-scheme: dark)');

function stored(key, allowed, fallback) {
  try {
    const v = localStorage.getItem(key);
    return allowed.includes(v) ? v : fallback;
  } catch {
    return fallback; // storage refused (private mode, blocked cookies): not remembered
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered, still applied
  }
}

/**
 * Applies the remembered (or system) theme and board set, keeps them applied when the system
 * changes, and wires the two pickers. `onChange({theme, boardSet})` receives the effective
 * choice (give it to the board); `colors(theme, set)` is the wasm export BoardView.colors.
 */
export function installTheme({ colors, onChange, announce, themePicker, setPicker }) {
  let pref = stored(THEME_KEY, THEMES, 'system');
  let set = stored(SET_KEY, SETS, 'wood');
  const effective = () => (pref === 'system' ? (dark.matches ? 'dark' : 'light') : pref);

  function apply() {
    const theme = effective();
    const root = document.documentElement;
    if (pref === 'system') delete root.dataset.theme;
    else root.dataset.theme = pref;
    root.dataset.colors = theme;
    root.dataset.boardSet = set;
    const c = colors(theme, set);
    root.style.setProperty('--board-surround', c.surround);
    root.style.setProperty('--square-light', c.light);
    root.style.setProperty('--square-dark', c.dark);
    root.style.setProperty('--board-highlight', c.highlight);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', getComputedStyle(root).getPropertyValue('--card').trim() || '#7b4b2a');
    themePicker.value = pref;
    setPicker.value = set;
    onChange({ theme, boardSet: set });
    return theme;
  }

  dark.addEventListener('change', () => {
    if (pref === 'system') apply();
  });
  const said = (theme) => announce(t('say-theme', { theme: t(`theme-${theme}`), set: t(`board-set-${set}`) }));
  themePicker.addEventListener('change', () => {
    pref = THEMES.includes(themePicker.value) ? themePicker.value : 'system';
    store(THEME_KEY, pref);
    said(apply());
  });
  setPicker.addEventListener('change', () => {
    set = SETS.includes(setPicker.value) ? setPicker.value : 'wood';
    store(SET_KEY, set);
    said(apply());
  });
  return { apply, current: () => ({ theme: effective(), boardSet: set }) };
}
