// Hints in games against the computer: the first press shows which piece to move (selected on
// the board, and said in words), the second the move itself. The engine finds it through the
// game controller (GameCtrl.hint: the computer's move source searches it in a worker of its own,
// www/game/sources/computer.js); the game keeps the plies at which a hint was used (`plies`): the page saves them with
// the game (record.hints), the panel counts them, the move list marks each move played after a
// hint, and the PGN says so (docs/pgn.md).
import { t } from '../services/i18n.js';

/** Search depth of a hint. */
const HINT_DEPTH = 5;

export class Hints {
  /**
   * `search(limits)`: the hint's move for the position now (the controller's), null for none;
   * `cancel()`: drops it; `onUsed(plies)`: a hint was used (the page saves the game).
   */
  constructor({ button, text, used, onPiece, onUsed, search, cancel }) {
    this.button = button;
    this.text = text;
    this.used = used;
    this.onPiece = onPiece;
    this.onUsed = onUsed;
    this.search = search;
    this.cancel = cancel;
    this.plies = [];
    this.reset();
  }

  /** A new game, or a saved one with the hints of `plies` (plies of the positions hinted). */
  newGame(plies = []) {
    this.plies = plies.filter((p) => Number.isInteger(p) && p >= 0);
    this.reset();
    this.showUsed();
  }

  /** The position changed: the next press starts a new hint. */
  reset() {
    this.cancel();
    this.step = 0;
    this.best = null;
    this.text.textContent = '';
    delete this.text.dataset.move;
  }

  showUsed() {
    this.used.textContent = this.plies.length ? t('hints-used', { count: this.plies.length }) : '';
    this.used.dataset.plies = this.plies.join(' ');
  }

  /** Marks each move of the move list (`list`: #move-list) played after a hint. */
  markMoves(list) {
    for (const ply of this.plies) {
      const span = list.querySelector(`.ply[data-ply="${ply + 1}"]`);
      if (!span) continue;
      const mark = document.createElement('span');
      mark.className = 'hint-mark';
      mark.textContent = t('hint-mark');
      mark.title = t('hint-mark-title');
      span.append(mark);
      span.dataset.hint = 'yes';
      span.title = `${span.title} — ${t('hint-mark-title')}`;
    }
  }

  /** Presses the button for the position after `ply` moves of `game` (the game now), which words the move. */
  async press(ply, game) {
    if (this.step === 0) {
      this.step = 1;
      this.text.textContent = t('hint-thinking');
      const best = await this.search({ depth: HINT_DEPTH });
      if (!best) return;
      this.best = game.legalMoves().find((m) => m.move === best) ?? null;
      if (!this.best) return;
      if (!this.plies.includes(ply)) {
        this.plies.push(ply);
        this.onUsed?.(this.plies);
      }
      this.showUsed();
      const piece = game.pieceAt(this.best.from);
      this.text.textContent = t('hint-piece', { piece: t(`role-${piece.role}`), square: this.best.from });
      this.text.dataset.step = 'piece';
      this.onPiece?.(this.best.from);
    } else if (this.best) {
      this.text.textContent = t('hint-move', { notation: this.best.notation });
      this.text.dataset.step = 'move';
      this.text.dataset.move = this.best.move;
    }
  }
}
