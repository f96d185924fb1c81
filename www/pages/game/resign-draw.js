// The player's own endings: resigning (the Resign button asks once, in place) and the hot-seat
// draw offer and its answer. Each calls the controller (online: the server, through online.js)
// and nothing else; the page follows from the controller's change. Part of the game page
// (www/pages/game/main.js boots it; the page's state is in state.js).
import { $, ctrl } from './state.js';
import { act } from './online.js';

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
