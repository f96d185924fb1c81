// The promotion chooser, one for every board: the game page's (#promotion) and <baroque-board>'s
// (in its shadow root). It shows the choices of a promoting move (the board's `board-promote`
// event) as buttons with the piece's glyph, each carrying its move text in `data-move`; a click
// plays it through `onChoose`. The glyphs are the board's own (BoardView.drawGlyph); the words
// are the catalog's (`role-*`), named by the host (its own language).
import { BoardView } from '../engine/engine.js';
import { t } from '../services/i18n.js';

/** @typedef {{ move: string, role: string }} Choice */

export class PromotionChooser {
  /**
   * @param {{ dialog: HTMLElement, box: HTMLElement, onChoose: (move: string) => void, focusBack: () => void, named?: 'text' | 'title', say?: <T>(fn: () => T) => T }} opts
   * `dialog`: what shows and hides; `box`: the buttons' container (may be `dialog`); `focusBack`:
   * where the focus goes when the chooser closes with the focus in it; `named`: the piece's name
   * as a label beside the glyph (`text`) or as the button's title (`title`, small tiles); `say`:
   * runs a wording in the host's language.
   */
  constructor({ dialog, box, onChoose, focusBack, named = 'text', say = (fn) => fn() }) {
    this.dialog = dialog;
    this.box = box;
    this.onChoose = onChoose;
    this.focusBack = focusBack;
    this.named = named;
    this.say = say;
  }

  /** Whether the chooser is showing. */
  get open() {
    return !this.dialog.hidden;
  }

  /**
   * Shows `choices` for `color`'s promoting piece; the first button takes the focus.
   * @param {Choice[]} choices
   * @param {import('../engine/types.js').Side} color
   */
  show(choices, color) {
    this.box.replaceChildren(
      ...choices.map((c) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.move = c.move;
        const glyph = document.createElement('canvas');
        glyph.setAttribute('aria-hidden', 'true');
        b.append(glyph);
        const name = this.say(() => t(`role-${c.role}`));
        if (this.named === 'text') {
          const label = document.createElement('span');
          label.textContent = name;
          b.append(label);
        } else {
          b.title = name;
          b.setAttribute('aria-label', name);
        }
        b.addEventListener('click', () => {
          this.hide();
          this.onChoose(c.move);
        });
        return b;
      }),
    );
    this.dialog.hidden = false;
    // The glyphs are drawn once the buttons have their size.
    requestAnimationFrame(() => {
      [...this.box.querySelectorAll('button[data-move]')].forEach((b, i) => BoardView.drawGlyph(b.querySelector('canvas'), choices[i].role, color));
      /** @type {HTMLElement | null} */ (this.box.querySelector('button[data-move]'))?.focus();
    });
  }

  /** Hides the chooser; a focus inside it goes back to the board. */
  hide() {
    const root = /** @type {Document | ShadowRoot} */ (this.dialog.getRootNode());
    const hadFocus = this.dialog.contains(root.activeElement);
    this.dialog.hidden = true;
    if (hadFocus) this.focusBack();
  }
}
