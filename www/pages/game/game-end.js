// The game's end on the game page: the game-over dialog (www/views/game-over.js) opened on the
// result, and its rematch — the same game again with the colours swapped. The endings themselves
// are the controller's (www/game/endings.js); what they sound and say is effects.js's. Part of
// the game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { resultText } from '../../views/panel.js';
import { gameSpec } from '../../engine/engine.js';
import { canvas, ctrl, page, currentStatus } from './state.js';
import { startGame } from './start.js';
import { urlFor } from './url.js';

/** Opens the game-over dialog on the game's result (nothing while the game goes on). */
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
