// Hints in games against the computer: the first press shows which piece to move (selected on
// the board, and said in words), the second the move itself. The engine finds it in a worker of
// its own; the game keeps the plies at which a hint was used (`plies`), shown in the panel.
import { Computer } from './ai.js';
import { t } from './i18n.js';

/** Search depth of a hint. */
const HINT_DEPTH = 5;

export class Hints {
  constructor({ button, text, used, onPiece }) {
    Object.assign(this, { button, text, used, onPiece });
    this.computer = new Computer({});
    this.plies = [];
    this.reset();
  }

  /** A new game: no hint yet. */
  newGame() {
    this.plies = [];
    this.reset();
    this.showUsed();
  }

  /** The position changed: the next press starts a new hint. */
  reset() {
    this.computer.cancel();
    this.step = 0;
    this.best = null;
    this.text.textContent = '';
  }

  showUsed() {
    this.used.textContent = this.plies.length ? t('hints-used', { count: this.plies.length }) : '';
    this.used.dataset.plies = this.plies.join(' ');
  }

  /** Presses the button for the position of `request` ({variant, fen, options, moves, ply}); `game` words the move. */
  async press(request, game) {
    if (this.step === 0) {
      this.step = 1;
      this.text.textContent = t('hint-thinking');
      const r = await this.computer.think(request, { depth: HINT_DEPTH });
      if (!r.best) return;
      this.best = JSON.parse(game.legalMoves()).find((m) => m.move === r.best) ?? null;
      if (!this.best) return;
      if (!this.plies.includes(request.ply)) this.plies.push(request.ply);
      this.showUsed();
      const piece = JSON.parse(game.pieceAt(this.best.from));
      this.text.textContent = t('hint-piece', { piece: t(`role-${piece.role}`), square: this.best.from });
      this.text.dataset.step = 'piece';
      this.onPiece?.(this.best.from);
    } else if (this.best) {
      this.text.textContent = t('hint-move', { notation: this.best.notation });
      this.text.dataset.step = 'move';
    }
  }
}
