// The watch page (www/watch.html): the games being played now (GET /api/games/live, refreshed
// every few seconds, best-rated first, filtered by game, each with its players' names and
// ratings and its spectators on every server, each opening as a spectator at /game/{id}) and TV,
// the top-rated live game of the chosen game followed through lichess's feed (GET /api/tv/feed or
// /api/tv/{game}/feed: a `featured` line, then a `fen` line per move; the next game when it
// ends). Every word is a catalog message (watch-*); the games are the engine's table.
import '../baroque-board.js';
import { gameTable, init } from '../engine/engine.js';
import { startPageI18n, t } from '../services/i18n.js';

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** How often the list is read again (ms). */
const LIST_EVERY = 5000;
/** How long a lost feed waits before it is opened again (ms). */
const FEED_RETRY = 2000;

/** @typedef {{ id: string, name: string, rating: number | null, provisional?: boolean, anonymous?: boolean }} LivePlayer */
/** @typedef {{ id: string, variant: { key: string }, clock: { initial: number, increment: number } | null, players: { white: LivePlayer, black: LivePlayer }, spectators: number, url: string }} LiveGame */

/** The list last read. @type {LiveGame[]} */
let games = [];
/** The game TV shows: its id, both clocks (seconds) and players. @type {{ id: string, wc: number, bc: number, white: LivePlayer | null, black: LivePlayer | null } | null} */
let shown = null;
/** The open feed's abort. @type {AbortController | null} */
let feed = null;

/** An address on the server, from this page's folder. @param {string} path */
const api = (path) => new URL(`../${path}`, location.href).href;

/** The filter's game ('' for every game). */
const chosen = () => String($('game-filter').value || '');

/** `m:ss` of `seconds`. @param {number} seconds */
function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * A player's words: the name with the rating (`?` while provisional), or "Anonymous".
 * @param {LivePlayer | null | undefined} p
 */
function playerText(p) {
  if (!p || p.anonymous) return t('watch-anonymous');
  if (p.rating === null || p.rating === undefined) return p.name;
  return t('watch-player', { name: p.name, rating: `${p.rating}${p.provisional ? '?' : ''}` });
}

/** Fills the filter with every game of the engine's table. */
function fillFilter() {
  const select = $('game-filter');
  const value = select.value;
  const all = Object.assign(document.createElement('option'), { value: '', textContent: t('watch-all-games') });
  const each = gameTable().map((g) => Object.assign(document.createElement('option'), { value: g.id, textContent: t(`game-${g.id}`) }));
  select.replaceChildren(all, ...each);
  select.value = value;
}

/** Shows the list. */
function renderList() {
  $('live-empty').hidden = games.length > 0;
  $('live-list').replaceChildren(
    ...games.map((g) => {
      const a = document.createElement('a');
      a.href = new URL(`..${g.url}`, location.href).href;
      a.dataset.game = g.id;
      const name = document.createElement('span');
      const clock = g.clock ? ` ${g.clock.initial / 60000}+${g.clock.increment / 1000}` : '';
      name.textContent = `${t(`game-${g.variant.key}`)}${clock}`;
      const players = document.createElement('span');
      players.className = 'live-players';
      players.textContent = t('watch-versus', { white: playerText(g.players?.white), black: playerText(g.players?.black) });
      const watchers = document.createElement('span');
      watchers.className = 'hint';
      watchers.dataset.spectators = String(g.spectators);
      watchers.textContent = t('watch-spectators', { count: g.spectators });
      a.append(name, players, watchers);
      const li = document.createElement('li');
      li.append(a);
      return li;
    }),
  );
}

/** Reads the list again. */
async function readList() {
  try {
    const game = chosen();
    const r = await fetch(api(`api/games/live${game ? `?variant=${encodeURIComponent(game)}` : ''}`), { cache: 'no-store' });
    if (r.ok) games = (await r.json()).games;
  } catch {
    // The server is away: the list stays as it was and is read again soon.
  }
  renderList();
}

/** Shows TV's players, clocks and status. */
function renderTv() {
  $('tv').hidden = shown === null;
  $('tv-status').textContent = shown ? '' : t('watch-tv-waiting');
  if (!shown) return;
  $('tv-white').textContent = t('watch-tv-player', { side: t('side-white'), player: playerText(shown.white) });
  $('tv-black').textContent = t('watch-tv-player', { side: t('side-black'), player: playerText(shown.black) });
  $('tv-white-clock').textContent = clockText(shown.wc);
  $('tv-black-clock').textContent = clockText(shown.bc);
  $('tv-open').href = new URL(`../game/${shown.id}`, location.href).href;
}

/** One line of the feed. @param {any} line */
function onLine(line) {
  const board = $('tv-board');
  if (line.t === 'featured') {
    const d = line.d;
    const seat = (/** @type {string} */ c) => d.players.find((/** @type {any} */ p) => p.color === c);
    /** The feed's player (lichess's `user` and `rating`) as the list's. @param {string} c @returns {LivePlayer | null} */
    const player = (c) => {
      const p = seat(c);
      if (!p?.user) return null;
      return { id: p.user.id, name: p.user.name, rating: p.rating ?? null, provisional: Boolean(p.provisional), anonymous: Boolean(p.user.anonymous) };
    };
    shown = { id: d.id, wc: seat('white')?.seconds ?? 0, bc: seat('black')?.seconds ?? 0, white: player('white'), black: player('black') };
    board.setAttribute('variant', d.variant.key);
    board.setAttribute('fen', d.fen);
    board.dataset.game = d.id;
  } else if (line.t === 'fen' && shown) {
    shown.wc = line.d.wc;
    shown.bc = line.d.bc;
    board.setAttribute('fen', line.d.fen);
    board.dataset.lastMove = line.d.lm;
  }
  renderTv();
}

/** Opens the feed of the chosen game, reading it line by line until it ends or is replaced. */
async function openFeed() {
  feed?.abort();
  const mine = new AbortController();
  feed = mine;
  shown = null;
  renderTv();
  const game = chosen();
  try {
    const r = await fetch(api(game ? `api/tv/${encodeURIComponent(game)}/feed` : 'api/tv/feed'), { signal: mine.signal });
    if (!r.body) throw new Error('no feed');
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += value;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      for (const text of lines) if (text.trim()) onLine(JSON.parse(text));
    }
  } catch {
    // Lost or replaced: a replaced feed is left alone, a lost one opened again below.
  }
  if (feed === mine) setTimeout(() => feed === mine && openFeed(), FEED_RETRY);
}

async function start() {
  await startPageI18n($('lang-select'), () => {
    fillFilter();
    renderList();
    renderTv();
  });
  await init();
  fillFilter();
  $('game-filter').addEventListener('change', () => {
    readList();
    openFeed();
  });
  renderTv();
  readList();
  setInterval(readList, LIST_EVERY);
  openFeed();
}

start();
