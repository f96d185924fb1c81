// The lobby page (www/lobby.html): the open seeks listed live, a seek made or taken, auto-pairing
// ("Find an opponent" over several games and clocks), the players looking per game. The games come
// from the engine's table; the socket is www/lobby/client.js's; the list www/lobby/view.js's.
// When a game is made the seat's token is kept as the game page keeps its own
// (www/online/seats.js) and the game page opens holding it. "Play the computer online" lists
// the house bots and challenges one in a click (www/lobby/computer.js).
import { has, startPageI18n, t, useCatalog } from '../services/i18n.js';
import { gameTable, init } from '../engine/engine.js';
import { gameLink } from '../online/address.js';
import { keepOnlineGame } from '../online/seats.js';
import { LobbyClient, autoMessage, lobbyUrl, seekMessage } from '../lobby/client.js';
import { drawSeeks, lookingText } from '../lobby/view.js';
import { challengeBot, drawBots, onlineBots } from '../lobby/computer.js';

/** @typedef {import('../lobby/client.js').Paired} Paired */
/** @typedef {{ id: string, args?: Record<string, string | number> }} Message */

const $ = (/** @type {string} */ id) => /** @type {any} */ (document.getElementById(id));

/** Correspondence seeks made here: `baroque.seek.<id>` → the seat token and the game. */
const SEEK_KEY = 'baroque.seek.';

const lobby = new LobbyClient(lobbyUrl());
/** The last message shown (a change of language words it again). @type {Message | null} */
let said = null;
/** The variant of each seek or request made here (for the Games list). @type {Map<string, string>} */
const made = new Map();

/** @param {Message | null} m */
function say(m) {
  said = m;
  $('lobby-status').textContent = m ? t(m.id, m.args) : '';
}

/** A refusal in the catalog's words (`lobby-refused-<code>`), else the server's. @param {{ code: string, message: string }} e */
function refusal(e) {
  const id = `lobby-refused-${e.code}`;
  say(has(id) ? { id } : { id: 'lobby-refused', args: { message: e.message } });
}

function draw() {
  drawSeeks(lobby, $('seek-body'), $('seek-none'), (id, mine) => (mine ? lobby.cancel(id) : lobby.accept(id)));
  for (const g of gameTable()) {
    const el = document.getElementById(`looking-${g.id}`);
    if (el) el.textContent = lookingText(lobby, g.id);
  }
  const anonymous = lobby.status === 'open' && lobby.me === null;
  $('lobby-anonymous-note').hidden = !anonymous;
  $('lobby-me').textContent = lobby.me ? t('lobby-me', { name: lobby.me }) : '';
  for (const id of ['seek-rated', 'auto-rated']) {
    $(id).disabled = anonymous;
    if (anonymous) $(id).checked = false;
  }
  $('auto-cancel').hidden = ![...lobby.mine].some((id) => made.get(id) === 'auto');
  $('bots-rated').disabled = anonymous;
  if (anonymous) $('bots-rated').checked = false;
  drawBots(bots, $('bots-variant').value, $('bots-body'), $('bots-none'), playBot);
}

/** The bots online, as last asked. @type {import('../lobby/computer.js').Bot[]} */
let bots = [];

/** Asks for the bots online again (every 15 s while the page is open). */
async function refreshBots() {
  try {
    bots = await onlineBots();
  } catch {
    bots = [];
  }
  draw();
}

/** One click: challenges bot `name` on the form's terms, then opens the game holding the seat. @param {string} name */
async function playBot(name) {
  const variant = $('bots-variant').value;
  const terms = { variant, clock: $('bots-clock').value, color: $('bots-color').value, rated: $('bots-rated').checked };
  for (const b of document.querySelectorAll('#bots-body button')) /** @type {HTMLButtonElement} */ (b).disabled = true;
  say({ id: 'lobby-bots-asking', args: { name } });
  try {
    const g = await challengeBot(name, terms);
    keepOnlineGame({ id: g.game, seat: g.color, token: g.token, variant });
    say({ id: 'lobby-paired' });
    const lang = new URLSearchParams(location.search).get('lang');
    location.assign(gameLink(g.game, { lang }));
  } catch (e) {
    const r = /** @type {import('../lobby/computer.js').BotRefusal} */ (e);
    if (r.kind === 'declined') say({ id: r.message === 'later' ? 'lobby-bots-busy' : 'lobby-bots-declined', args: { name } });
    else if (r.kind === 'lapsed') say({ id: 'lobby-bots-no-answer', args: { name } });
    else say({ id: 'lobby-refused', args: { message: r.message ?? String(e) } });
    draw();
  }
}

/** Opens the game the lobby made, holding its seat. @param {Paired} p */
function enter(p) {
  const variant = made.get(p.seek);
  keepOnlineGame({ id: p.game, seat: p.color, token: p.token, ...(variant && variant !== 'auto' ? { variant } : {}) });
  say({ id: 'lobby-paired' });
  const lang = new URLSearchParams(location.search).get('lang');
  location.assign(gameLink(p.game, { lang }));
}

/** The games of correspondence seeks made here that were taken meanwhile, kept for the Games list. */
async function collectTaken() {
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(SEEK_KEY)) continue;
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null');
    if (!kept?.token) continue;
    /** @type {Response | null} */
    let r = null;
    try {
      r = await fetch('/api/board/seat', { headers: { authorization: `Bearer ${kept.token}` } });
    } catch {
      // the server is out of reach: asked again at the next visit
    }
    if (!r?.ok) continue;
    const seat = await r.json();
    keepOnlineGame({ id: seat.gameId, seat: seat.color, token: kept.token, variant: kept.variant });
    localStorage.removeItem(key);
    say({ id: 'lobby-correspondence-started' });
  }
}

/** The create form's seek. */
function seekFromForm() {
  const live = $('seek-speed').value === 'live';
  return seekMessage({
    variant: $('seek-variant').value,
    minutes: Number($('seek-minutes').value),
    increment: Number($('seek-increment').value),
    days: live ? null : Number($('seek-days').value),
    rated: $('seek-rated').checked,
    color: $('seek-color').value,
    range: $('seek-range').value,
  });
}

function fillGames() {
  const bySelect = $('bots-variant');
  const chosen = bySelect.value;
  bySelect.replaceChildren();
  for (const g of gameTable()) {
    const o = document.createElement('option');
    o.value = g.id;
    o.textContent = t(`game-${g.id}`);
    bySelect.append(o);
  }
  if (chosen) bySelect.value = chosen;
  const select = $('seek-variant');
  const boxes = $('auto-games');
  select.replaceChildren();
  boxes.replaceChildren();
  for (const g of gameTable()) {
    const o = document.createElement('option');
    o.value = g.id;
    o.textContent = t(`game-${g.id}`);
    select.append(o);
    const label = document.createElement('label');
    label.className = 'lobby-game';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = 'auto-variant';
    box.value = g.id;
    box.checked = true;
    const looking = document.createElement('span');
    looking.id = `looking-${g.id}`;
    looking.className = 'hint';
    label.append(box, ` ${t(`game-${g.id}`)} `, looking);
    boxes.append(label);
  }
}

function showSpeed() {
  const live = $('seek-speed').value === 'live';
  $('seek-live').hidden = !live;
  $('seek-corr').hidden = live;
}

/** The variant of the seek or request the next `open`/`auto` answer names. @type {string[]} */
const pending = [];

lobby.addEventListener('change', draw);
lobby.addEventListener('status', () => {
  if (lobby.status === 'closed') say({ id: 'lobby-offline' });
  else if (said?.id === 'lobby-offline' || said?.id === 'lobby-connecting') say(null);
  draw();
});
lobby.addEventListener('refused', (e) => {
  pending.shift();
  refusal(/** @type {CustomEvent} */ (e).detail);
});
lobby.addEventListener('opened', (e) => {
  const m = /** @type {CustomEvent} */ (e).detail;
  const variant = pending.shift() ?? '';
  made.set(m.id, variant);
  if (m.t === 'open' && m.token && $('seek-speed').value !== 'live') {
    try {
      localStorage.setItem(SEEK_KEY + m.id, JSON.stringify({ token: m.token, variant }));
    } catch {
      // storage full or forbidden: the seek stays open, its game is found by the account
    }
  }
  say({ id: m.t === 'auto' ? 'lobby-auto-open' : 'lobby-seek-open' });
  draw();
});
lobby.addEventListener('paired', (e) => enter(/** @type {CustomEvent} */ (e).detail));

$('seek-form').addEventListener('submit', (/** @type {Event} */ e) => {
  e.preventDefault();
  pending.push($('seek-variant').value);
  lobby.seek(seekFromForm());
});
$('seek-speed').addEventListener('change', showSpeed);
$('bots-variant').addEventListener('change', draw);
$('auto-form').addEventListener('submit', (/** @type {Event} */ e) => {
  e.preventDefault();
  const variants = [...document.querySelectorAll('input[name=auto-variant]:checked')].map((b) => /** @type {HTMLInputElement} */ (b).value);
  pending.push('auto');
  lobby.auto(autoMessage({ variants, clocks: $('auto-clocks').value, rated: $('auto-rated').checked, range: $('auto-range').value }));
});
$('auto-cancel').addEventListener('click', () => {
  for (const id of lobby.mine) if (made.get(id) === 'auto') lobby.cancel(id);
  say(null);
});

useCatalog('lobby');
startPageI18n($('lang-select'), () => {
  fillGames();
  draw();
  if (said) say(said);
})
  .then(() => init())
  .then(() => {
    say({ id: 'lobby-connecting' });
    fillGames();
    showSpeed();
    lobby.connect();
    draw();
    refreshBots();
    setInterval(refreshBots, 15000);
    return collectTaken();
  });
