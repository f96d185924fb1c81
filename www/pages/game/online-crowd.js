// The online game's spectators by the board: a small count under the players, from the server's
// `crowd` message (the spectators on every server, told at most once a second; docs/online.md),
// hidden while nobody watches. Its words are the catalog's (online-crowd).
import { t } from '../../services/i18n.js';
import { $ } from './state.js';

/**
 * Shows `count` spectators by the board (the line is hidden while there are none).
 * @param {number} count
 */
export function showCrowd(count) {
  let line = $('online-crowd');
  if (!line) {
    line = document.createElement('p');
    line.id = 'online-crowd';
    line.className = 'hint online-crowd';
    $('players-info').after(line);
  }
  line.dataset.count = String(count);
  line.hidden = count <= 0;
  line.textContent = count > 0 ? t('online-crowd', { count }) : '';
}

/** Takes the count away (the online game was left). */
export function clearCrowd() {
  $('online-crowd')?.remove();
}
