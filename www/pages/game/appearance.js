// How this screen shows and sounds the game, none of it the game's: the Appearance card's
// switches (sounds, coordinates, animation, thinking on the player's time; remembered in
// www/services/prefs.js), the levels that think on the player's time, the page's sounds (played
// only while sounds are on; www/services/sound.js loads once they are, so the first visit, with
// sounds off by default, never loads it) and turning the board (the Flip button, key F). Part of the game page
// (www/pages/game/main.js boots it; the page's state is in state.js).
import { announce } from '../../views/panel.js';
import { t } from '../../services/i18n.js';
import { savePrefs } from '../../services/prefs.js';
import { $, canvas, ctrl, page } from './state.js';
import { persist } from './saved.js';

/** @type {Promise<typeof import('../../services/sound.js')> | null} www/services/sound.js, loading or loaded */
let sounds = null;
/** @type {typeof import('../../services/sound.js') | null} the same, once loaded */
let loaded = null;
const loadSounds = () => (sounds ??= import('../../services/sound.js').then((m) => (loaded = m), (e) => ((sounds = null), Promise.reject(e))));

/** Plays a sound when sounds are on (at once, or when their module has loaded); the board notes the last one (for tests). */
export function sound(/** @type {string} */ name) {
  if (!page.prefs.sound) return;
  const play = (/** @type {typeof import('../../services/sound.js')} */ m) => {
    if (m.play(name, page.prefs.sound)) canvas.dataset.sound = name;
  };
  if (loaded) play(loaded);
  else loadSounds().then(play, () => {});
}

/** Turns the board to the other side (kept with the saved game, and said). */
export function flip() {
  const now = canvas.dataset.orientation === 'black' ? 'white' : 'black';
  page.board.set({ orientation: now });
  persist();
  announce(t('say-board-turned', { side: now }));
}

/**
 * The levels that ponder: those that think for a time at full strength (a movetime and no
 * depth or node cap; levels 6 to 8 today), where thinking on the player's time pays.
 */
export function ponderLevels() {
  return page.levelList.filter((l) => l.movetime && !l.depth && !l.nodes).map((l) => l.level);
}

/** The Appearance card's switches: sounds, coordinates, animation, pondering (remembered). */
export function wirePrefs() {
  const boxes = { sound: $('pref-sound'), coordinates: $('pref-coordinates'), animation: $('pref-animation'), ponder: $('pref-ponder') };
  const levels = ponderLevels();
  const note = $('pref-ponder-note');
  // The note's message takes the levels as arguments: the markup carries no data-i18n of its own,
  // or the first localize() would word it without them.
  if (ctrl.computer?.canPonder) {
    const args = { from: Math.min(...levels), to: Math.max(...levels) };
    note.dataset.i18n = 'pref-ponder-note';
    note.dataset.i18nArgs = JSON.stringify(args);
    note.textContent = t('pref-ponder-note', args);
  } else {
    // Without shared memory a running search cannot be told of the ponderhit (www/engine/computer.js).
    boxes.ponder.disabled = true;
    note.dataset.i18n = 'pref-ponder-unavailable';
    note.textContent = t('pref-ponder-unavailable');
  }
  if (page.prefs.sound) loadSounds().catch(() => {});
  for (const [key, box] of Object.entries(boxes)) {
    box.checked = page.prefs[/** @type {keyof typeof boxes} */ (key)];
    box.addEventListener('change', () => {
      page.prefs = savePrefs({ [key]: box.checked });
      if (key === 'ponder' && !page.prefs.ponder) ctrl.computer?.stopPondering?.();
      if (key === 'ponder' && page.prefs.ponder) ctrl.computer?.ponder?.();
      if (key === 'coordinates') page.board?.set({ coordinates: page.prefs.coordinates });
      if (key === 'animation') page.board?.set({ animation: page.prefs.animation && !matchMedia('(prefers-reduced-motion: reduce)').matches ? 220 : 0 });
      if (key === 'sound') sound('move');
    });
  }
}
