// Turning the board (the Flip button, key F): the board's orientation — this screen's, not the
// game's — kept with the saved game and said. Part of the game page (www/pages/game/main.js
// boots it; the page's state is in state.js).
import { announce } from '../../views/panel.js';
import { t } from '../../services/i18n.js';
import { canvas, page } from './state.js';
import { persist } from './saved.js';

/** Turns the board to the other side. */
export function flip() {
  const now = canvas.dataset.orientation === 'black' ? 'white' : 'black';
  page.board.set({ orientation: now });
  persist();
  announce(t('say-board-turned', { side: now }));
}
