// Results (resignation, draw offers, the game-over dialog, a rematch), sounds, the Appearance
// switches, the clock's ticking, turning the board. The game's endings are the controller's
// (www/game/ctrl.js); what they sound and say is effects.js's. Part of the game page
// (www/pages/game/main.js boots it; the page's state is in state.js).
import { announce, resultText } from '../../views/panel.js';
import { t } from '../../services/i18n.js';
import { gameSpec } from '../../engine/engine.js';
import { play as playSound } from '../../services/sound.js';
import { savePrefs } from '../../services/prefs.js';
import { $, canvas, ctrl, page, currentStatus } from './state.js';
import { ponderLevels } from './moves.js';
import { startGame } from './start.js';
import { persist } from './saved.js';
import { urlFor } from './url.js';
import { act } from './online.js';
import { showClocks } from './render.js';

/** Asks once before resigning: the Resign button shows its confirmation in place. */
export function resign() {
  if (!ctrl.game || ctrl.over()) return;
  $('btn-resign').hidden = true;
  $('resign-confirm').hidden = false;
  $('btn-resign-no').focus();
}

/**
 * Answers the confirmation: `yes` resigns for the side to move (against the computer: the player).
 * @param {boolean} yes
 * @returns {void}
 */
export function confirmResign(yes) {
  const hadFocus = $('resign-confirm').contains(document.activeElement);
  hideResignConfirm();
  if (hadFocus) $('btn-resign').focus();
  if (!yes) return;
  if (ctrl.remote()) return void act('resign'); // online: the server decides (an abort before both moved)
  ctrl.resign();
}

/** Puts the Resign button back in place of its confirmation. */
export function hideResignConfirm() {
  $('resign-confirm').hidden = true;
  $('btn-resign').hidden = false;
}

/** In a hot-seat game, the side to move offers a draw; the other side accepts or declines. */
export function offerDraw() {
  ctrl.offerDraw();
}

/** @param {boolean} accept */
export function answerDraw(accept) {
  ctrl.answerDraw(accept);
}

export function showGameOver() {
  const status = currentStatus();
  if (status.result === 'ongoing') return;
  page.gameOver.show(status, resultText(status), {
    variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts(), result: status.result, reason: status.reason,
  });
}

/** The same game again with the colours swapped. */
export function rematch() {
  const standard = gameSpec(ctrl.game.variant()).startFen;
  const s = { ...ctrl.settings, fen: ctrl.game.startFen() === standard ? '' : ctrl.game.startFen(), moves: /** @type {string[]} */ ([]) };
  const flipped = (/** @type {'white' | 'black'} */ c) => (c === 'white' ? 'black' : 'white');
  if (s.mode === 'computer') s.side = flipped(s.side);
  const orientation = flipped(canvas.dataset.orientation === 'black' ? 'black' : 'white');
  history.replaceState(null, '', urlFor(s));
  startGame(s, [], null, { orientation });
}

/** Plays a sound when sounds are on; the board notes the last one (for tests). */
export function sound(/** @type {string} */ name) {
  if (playSound(name, page.prefs.sound)) canvas.dataset.sound = name;
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

// ----- the chess clock (www/game/clock.js; the controller owns it) -----

/** Ticks the clocks; a flag that falls ends the game (a draw when the other side cannot win). */
export function tickClock() {
  if (!ctrl.game || !ctrl.record?.clock?.running || ctrl.over()) return;
  if (!ctrl.tick()) showClocks();
}

export function flip() {
  const now = canvas.dataset.orientation === 'black' ? 'white' : 'black';
  page.board.set({ orientation: now });
  persist();
  announce(t('say-board-turned', { side: now }));
}
