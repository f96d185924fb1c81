// Starting a game on the game page: the game built from the settings (falling back step by step
// so a bad address still shows a board), the controller started on it, the board made for it.
// The page then follows from the controller's change (render.js, effects.js). Part of the game
// page (www/pages/game/main.js boots it; the page's state is in state.js).
import { announce, showMoveError } from '../../views/panel.js';
import { errorText, render, t } from '../../services/i18n.js';
import { BoardView, buildGame, errorOf } from '../../engine/engine.js';
import { newId } from '../../services/store.js';
import { newClock } from '../../game/clock.js';
import { $, canvas, ctrl, store, page } from './state.js';
import { showErrors } from './url.js';
import { leaveOnline } from './online.js';
import { whenIdle } from './panels.js';
import { renderGameWords } from './render.js';

/**
 * Starts a game; falls back step by step (options, then FEN) so a bad URL still shows a board.
 * @param {any} s the settings (www/game/types.js Settings, with the address's moves)
 * @param {any[]} [errors] messages for the banner
 * @param {any} [saved] the saved record it continues
 * @param {{ orientation?: 'white' | 'black' | null }} [opts]
 */
export function startGame(s, errors = [], saved = null, { orientation: wanted = null } = {}) {
  // A game of this page's own: the online game's connection closes, this screen and the
  // computer are the sources again (online.js sets the network after starting its game).
  if (s.mode !== 'online') leaveOnline();
  if (ctrl.sources) ctrl.setSources(null);
  if ($('game-over').open) $('game-over').close();
  let g = null;
  // The URL's moves first; should one be refused, the game stops before it. Then without the
  // options, then from the start position.
  const attempts = [
    [s.fen, s.options],
    [s.fen, []],
    ['', []],
  ].filter(([f, o], i, all) => all.findIndex(([f2, o2]) => f2 === f && o2.join() === o.join()) === i);
  for (const [fen, options] of attempts) {
    const built = buildGame({ variant: s.variant, fen, options });
    if (built.error) {
      errors.push({ error: built.error });
      continue;
    }
    g = built.game;
    if (options !== s.options) s.options = [];
    if (fen !== s.fen) s.fen = '';
    break;
  }
  for (const m of s.moves) {
    try {
      g.play(m);
    } catch (e) {
      errors.push({ id: 'error-url-move', args: { move: m, error: errorText(errorOf(e)) } });
      break;
    }
  }
  s.moves = [];
  ctrl.start(g, s, saved
    ? { ...saved }
    : { id: newId(), rev: 0, created: Date.now(), name: '', ended: null, redo: [], clock: newClock(s.clock) });
  store.setCurrent(saved ? saved.id : null);
  showErrors(errors);
  // The computer's worker starts (it loads its own engine) once the first board is drawn and the
  // page is idle; a computer to move at once starts it with its search.
  if (s.mode === 'computer') page.firstBoard.then(() => whenIdle(() => ctrl.computer?.warmUp?.()));
  const orientation = wanted ?? saved?.orientation ?? (s.mode === 'computer' ? s.side : (s.autoflip ? ctrl.game.sideToMove() : 'white'));
  if (page.board) page.board.free();
  const reduceMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  page.board = new BoardView(canvas, ctrl.game, { orientation, movable: 'both', animation: reduceMotion || !page.prefs.animation ? 0 : 220, coordinates: page.prefs.coordinates, ...page.theme.current() });
  canvas.dataset.variant = ctrl.game.variant();
  // An example for the move box: the first legal move, as move text and as notation.
  const first = ctrl.game.legalMoves()[0];
  page.moveExample = first ? { text: first.move, notation: first.notation } : null;
  renderGameWords();
  showMoveError('');
  announce(t('say-new-game', { game: t(`game-${ctrl.game.variant()}`), position: render(ctrl.game.describe()) }));
}
