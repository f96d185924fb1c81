// The game-over dialog: the score (1-0, 0-1, ½-½), the reason in words, and what to do next —
// Rematch (colours swapped), New game, and any action another part of the page registers with
// `addGameOverAction` (analysis registers "Analyse" there once it exists; until then the
// dialog has no such button). Every word comes from the catalog.
import { t } from '../services/i18n.js';
import { scoreOf } from './panel.js';

const actions = [];

/**
 * Adds a button to the game-over dialog, after Rematch and New game: `label` is a catalog key,
 * `run(game)` is called with what `onOpen` reported about the finished game (variant, start
 * FEN, options, moves, result). Returns a function that removes the button again.
 */
export function addGameOverAction({ id, label, run }) {
  const action = { id, label, run };
  actions.push(action);
  return () => actions.splice(actions.indexOf(action), 1);
}


export class GameOverDialog {
  /** `rematch()`, `newGame()`: what the two buttons do. */
  constructor(dialog, { rematch, newGame }) {
    this.dialog = dialog;
    this.info = null;
    dialog.querySelector('#go-close').addEventListener('click', () => dialog.close());
    dialog.querySelector('#go-rematch').addEventListener('click', () => {
      dialog.close();
      rematch();
    });
    dialog.querySelector('#go-new').addEventListener('click', () => {
      dialog.close();
      newGame();
    });
  }

  /** Shows the result: `status` {result, reason}, `sentence` (its words), `info` for the actions. */
  show(status, sentence, info) {
    this.info = info;
    this.dialog.dataset.result = status.result;
    this.dialog.dataset.reason = status.reason ?? '';
    // An aborted online game has no score (www/game/sources/network.js words it as an ending).
    const aborted = status.reason === 'abort' || status.reason === 'noStart';
    this.dialog.querySelector('#go-score').textContent = aborted ? '–' : scoreOf(status.result);
    this.dialog.querySelector('#go-reason').textContent = sentence;
    const box = this.dialog.querySelector('#go-actions');
    box.replaceChildren(...actions.map((a) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.action = a.id;
      b.textContent = t(a.label);
      b.addEventListener('click', () => {
        this.dialog.close();
        a.run(this.info);
      });
      return b;
    }));
    if (!this.dialog.open) this.dialog.showModal();
    this.dialog.querySelector('#go-rematch').focus();
  }
}
