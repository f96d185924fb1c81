// The leaderboards (www/leaderboard.html?game=ID): each game's best 50 players with at least 10
// rated games and a settled rating (`GET /api/player/top/50/{game}`), best first, each a link to
// the player page; the games are the server's list (`GET /api/player`, in the engine's order).
// Every word is a catalog message (www/i18n/players/, the game names the main catalog's).
import { startPageI18n, t, useCatalog } from '../services/i18n.js';
import { readJson } from '../players/client.js';

useCatalog('players');

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

const shown = {
  /** @type {string[]} */ games: [],
  game: new URLSearchParams(location.search).get('game') ?? '',
  /** @type {any[] | null} */ users: null,
  failed: false,
};

function render() {
  $('leaderboard-games').replaceChildren(...shown.games.map((g) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'small';
    b.dataset.game = g;
    b.setAttribute('aria-pressed', String(g === shown.game));
    b.textContent = t(`game-${g}`);
    b.addEventListener('click', () => show(g));
    return b;
  }));
  const users = shown.users ?? [];
  $('leaderboard-status').textContent = shown.failed ? t('leaderboard-error')
    : shown.users && !users.length ? t('leaderboard-empty', { game: t(`game-${shown.game}`) }) : '';
  $('leaderboard').replaceChildren(...users.map((u) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = new URL(`/@/${encodeURIComponent(u.id)}`, location.href).href;
    a.textContent = u.username;
    const perf = u.perfs?.[shown.game] ?? {};
    li.append(a, ` ${perf.rating}`);
    if (perf.progress) {
      const span = document.createElement('span');
      span.className = perf.progress > 0 ? 'diff-up' : 'diff-down';
      span.textContent = ` ${perf.progress > 0 ? '+' : ''}${perf.progress}`;
      li.append(span);
    }
    return li;
  }));
}

/** Shows game `game`'s board. @param {string} game */
async function show(game) {
  shown.game = game;
  shown.users = null;
  const url = new URL(location.href);
  url.searchParams.set('game', game);
  history.replaceState(null, '', url);
  render();
  const a = await readJson(`/api/player/top/50/${encodeURIComponent(game)}`);
  if (shown.game !== game) return;
  shown.failed = !a.ok;
  shown.users = a.ok ? a.body.users : [];
  render();
}

async function load() {
  const all = await readJson('/api/player');
  shown.failed = !all.ok;
  shown.games = all.ok ? Object.keys(all.body) : [];
  if (!shown.games.includes(shown.game)) shown.game = shown.games[0] ?? '';
  if (shown.game) await show(shown.game);
  else render();
}

startPageI18n($('lang-select'), render).then(load);
