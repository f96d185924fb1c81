// The player page (www/player.html, served at /@/NAME): the player's rating in each game (`?`
// while provisional), the rating-history chart, games played/won/lost/drawn, the recent games
// (each a link to /game/ID to watch or replay, with the rating change of a rated one) and a PGN
// download of the games. The server's calls are lichess's (docs/online.md, "Players"); every
// word is a catalog message (www/i18n/players/, the game names the main catalog's).
import { language, startPageI18n, t, useCatalog } from '../services/i18n.js';
import { ratingText } from '../account/client.js';
import { drawChart } from '../players/chart.js';
import { readJson, resultOf } from '../players/client.js';

useCatalog('players');

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));
/** The name in the address (`/@/NAME`). */
const name = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');

/** What the server said, kept so that a change of language draws it again. */
const seen = {
  /** @type {any} */ user: null,
  /** @type {any[]} */ history: [],
  /** @type {any[]} */ games: [],
  /** @type {{ id: string, args?: Record<string, string> } | null} */ problem: null,
};

function render() {
  $('player-status').textContent = seen.problem ? t(seen.problem.id, seen.problem.args) : '';
  const u = seen.user;
  $('player').hidden = !u;
  if (!u) return;
  $('player-name').textContent = u.username;
  $('player-heading').textContent = u.username;
  document.title = `Baroque — ${u.username}`;
  $('player-ratings').replaceChildren(...Object.entries(u.perfs ?? {}).map(([game, perf]) => {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    const link = document.createElement('a');
    link.href = `leaderboard.html?game=${encodeURIComponent(game)}`;
    link.textContent = t(`game-${game}`);
    th.append(link);
    const cells = [ratingText(/** @type {any} */ (perf)), String(/** @type {any} */ (perf).games)].map((text) => {
      const td = document.createElement('td');
      td.textContent = text;
      return td;
    });
    tr.append(th, ...cells);
    return tr;
  }));
  const drawn = drawChart($('player-chart'), seen.history, (g) => t(`game-${g}`), t('player-chart-label', { name: u.username }));
  if (!drawn) $('player-chart').textContent = t('player-chart-none');
  $('player-counts').textContent = t('player-counts', u.count ?? { all: 0, win: 0, loss: 0, draw: 0, rated: 0 });
  $('player-pgn').href = new URL(`/api/games/user/${encodeURIComponent(u.id)}?max=300`, location.href).href;
  $('player-no-games').hidden = seen.games.length > 0;
  const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium' });
  $('player-games').replaceChildren(...seen.games.map((g) => {
    const li = document.createElement('li');
    const { result, opponent, diff } = resultOf(g, u.id);
    const link = document.createElement('a');
    link.href = new URL(`/game/${encodeURIComponent(g.id)}`, location.href).href;
    link.textContent = t('player-result', { result });
    li.append(link, ' ');
    if (opponent) {
      const who = document.createElement('a');
      who.href = new URL(`/@/${encodeURIComponent(opponent)}`, location.href).href;
      who.textContent = opponent;
      li.append(t('player-vs'), ' ', who);
    } else li.append(t('player-vs-anonymous'));
    li.append(` · ${t('player-game', { game: t(`game-${g.variant}`), rated: g.rated ? 'yes' : 'no', date: date.format(new Date(g.createdAt)) })}`);
    if (diff !== null) {
      const span = document.createElement('span');
      span.className = diff >= 0 ? 'diff-up' : 'diff-down';
      span.textContent = ` ${diff >= 0 ? '+' : ''}${diff}`;
      li.append(span);
    }
    return li;
  }));
}

async function load() {
  const [user, history, games] = await Promise.all([
    readJson(`/api/user/${encodeURIComponent(name)}`),
    readJson(`/api/user/${encodeURIComponent(name)}/rating-history`),
    readJson(`/api/games/user/${encodeURIComponent(name)}?max=20`, 'application/x-ndjson'),
  ]);
  if (user.status === 404) seen.problem = { id: 'player-no-user', args: { name } };
  else if (!user.ok) seen.problem = { id: 'player-error' };
  seen.user = user.ok ? user.body : null;
  seen.history = history.ok && Array.isArray(history.body) ? history.body : [];
  seen.games = games.ok && Array.isArray(games.body) ? games.body : [];
  render();
}

startPageI18n($('lang-select'), render).then(load);
