// This screen's actions on the game: a move (the board, the move box, the chooser), undo, redo,
// Resign (asked once, in place), the hot-seat draw offer and its answer, and the rematch. Each
// calls the controller (online: the server, through online.js; a rematch starts a game through
// start.js) and nothing else; the page follows from the controller's change (render.js draws,
// effects.js says). The computer's moves come through the controller's loop
// (www/game/sources/computer.js). Part of the game page (www/pages/game/main.js boots it; the
// page's state is in state.js).
import { errorText, t } from '../../services/i18n.js';
import { gameSpec } from '../../engine/engine.js';
import { $, canvas, ctrl, page, viewedPly } from './state.js';
import { playInTree } from './tree.js';
import { act } from './online.js';
import { startGame } from './start.js';
import { urlFor } from './url.js';

/**
 * Plays move text from this screen (the board, the move box, the chooser); returns why it was
 * refused, in words, or null. Looking back with the analysis on (or in a variation), the move
 * goes into the move tree.
 * @param {string} text
 */
export function play(text) {
  if (ctrl.game && (ctrl.branch || (viewedPly() !== null && page.analysis?.on))) return playInTree(text);
  const r = ctrl.move(text);
  if (r.refused) return t(r.refused.id, r.refused.args);
  if (r.error) return errorText(r.error);
  return null;
}

/** Takes back the last move (against the computer, back to the player's turn) or the page's ending. */
export function undo() {
  if (ctrl.game) ctrl.undo();
}

/** Plays the moves undone last, back to the player's turn against the computer. */
export function redo() {
  if (ctrl.game && ctrl.canRedo()) ctrl.redo();
}

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
  $('resign-confirm').hidden = true;
  $('btn-resign').hidden = false;
  if (hadFocus) $('btn-resign').focus();
  if (!yes) return;
  if (ctrl.remote()) return void act('resign'); // online: the server decides (an abort before both moved)
  ctrl.resign();
}

/** In a hot-seat game, the side to move offers a draw; the other side accepts or declines. */
export function offerDraw() {
  ctrl.offerDraw();
}

/** @param {boolean} accept */
export function answerDraw(accept) {
  ctrl.answerDraw(accept);
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
