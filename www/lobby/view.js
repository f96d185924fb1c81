// The lobby page's list of open seeks and the players looking per game, drawn from the lobby
// client's state (www/lobby/client.js); every word is a catalog message (lobby-*).

import { t } from '../services/i18n.js';
import { controlText } from './client.js';

/** @typedef {import('./client.js').Seek} Seek */
/** @typedef {import('./client.js').LobbyClient} LobbyClient */

/**
 * One seek's row: who, rating, game, time, rated or casual, colour, and its button (take it, or
 * cancel one's own).
 * @param {Seek} s @param {boolean} mine @param {(id: string, mine: boolean) => void} act
 */
function row(s, mine, act) {
  const tr = document.createElement('tr');
  tr.dataset.seek = s.id;
  const cell = (/** @type {string} */ text, /** @type {string} */ label) => {
    const td = document.createElement('td');
    td.textContent = text;
    td.dataset.label = label;
    return td;
  };
  const who = s.username ?? t('lobby-anonymous');
  const rating = s.rating === null ? '—' : `${s.rating}${s.provisional ? '?' : ''}`;
  let game = t(`game-${s.variant}`);
  if (s.rules.length || s.array) game += ` (${t('lobby-custom-rules')})`;
  const mode = t(s.rated ? 'lobby-rated' : 'lobby-casual');
  const color = t(`lobby-color-${s.color}`);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'small';
  button.textContent = t(mine ? 'lobby-cancel' : 'lobby-accept');
  button.addEventListener('click', () => act(s.id, mine));
  const last = document.createElement('td');
  last.append(button);
  const player = cell(who, t('lobby-col-player'));
  if (s.title) {
    // A bot's seek, as the game page names a bot: its title before its name.
    const title = document.createElement('span');
    title.className = 'player-title';
    title.textContent = s.title;
    player.prepend(title, ' ');
  }
  tr.append(
    player,
    cell(rating, t('lobby-col-rating')),
    cell(game, t('lobby-col-game')),
    cell(controlText(s), t('lobby-col-time')),
    cell(mode, t('lobby-col-mode')),
    cell(color, t('lobby-col-color')),
    last,
  );
  return tr;
}

/**
 * Draws the seeks into `body` (newest last) and `none` when there are none.
 * @param {LobbyClient} lobby @param {HTMLElement} body @param {HTMLElement} none
 * @param {(id: string, mine: boolean) => void} act
 */
export function drawSeeks(lobby, body, none, act) {
  const rows = [...lobby.seeks.values()].map((s) => row(s, lobby.mine.has(s.id), act));
  body.replaceChildren(...rows);
  none.hidden = rows.length > 0;
}

/**
 * The players looking for a game of `variant`, worded ("2 looking"), or '' for none.
 * @param {LobbyClient} lobby @param {string} variant
 */
export function lookingText(lobby, variant) {
  const n = lobby.counts[variant] ?? 0;
  return n ? t('lobby-looking', { count: n }) : '';
}
