// The words of an online game beside the board (www/pages/game/online-game.js keeps the game):
// the connection, how the game was opened (an invitation used, the friend's link), the newest
// change (an offer declined, the friend come or gone), whose move and a correspondence move's
// deadline, the offers standing (sticky, so that a phone sees them wherever the panel is
// scrolled; the rematch request in the game-over dialog too), the claim of the win with its
// countdown, the share control and "Continue on another device". Also what the seat changes
// elsewhere: Resign worded as Abort before both sides moved, no seat's buttons for a
// spectator, "Your move" in the tab's title and the header, and each seat's player (name and
// rating) above the clocks. Every word from the catalog.
import { t } from '../../services/i18n.js';
import { abortable, claimIn, moveDeadline, other } from '../../online/news.js';
import { $ } from './state.js';

/** @typedef {import('./online-game.js').Shown} Shown */
/** @typedef {{ act: (action: any, yes?: boolean) => void, share: () => void, transfer: () => void }} Actions */

/** The countdown's timer (the claim's seconds), while one runs. */
let tick = /** @type {any} */ (null);

/**
 * One line of the box.
 * @param {string} id catalog id
 * @param {Record<string, any>} [args]
 * @param {Record<string, string>} [attrs] data attributes
 */
function line(id, args = {}, attrs = {}) {
  const p = document.createElement('p');
  p.textContent = t(id, args);
  Object.assign(p.dataset, attrs);
  return p;
}

/**
 * A small button.
 * @param {string} id catalog id of its words
 * @param {() => void} onClick
 * @param {Record<string, string>} [attrs]
 * @param {string} [cls]
 */
function button(id, onClick, attrs = {}, cls = 'small') {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = t(id);
  Object.assign(b.dataset, attrs);
  b.addEventListener('click', onClick);
  return b;
}

/** Accept and Decline kept together (they wrap as one). @param {HTMLButtonElement[]} buttons */
function answers(...buttons) {
  const span = document.createElement('span');
  span.className = 'online-answers';
  span.append(...buttons);
  return span;
}

/**
 * The opponent's offers with Accept and Decline, and the seat's own standing.
 * @param {Shown} me
 * @param {Actions} actions
 */
function offers(me, { act }) {
  const { net, seat } = me;
  /** @type {HTMLElement[]} */
  const out = [];
  if (!seat) return out;
  const them = other(seat);
  for (const kind of /** @type {const} */ (['draw', 'takeback', 'rematch'])) {
    if (net.offered(kind, them)) {
      const p = line(`online-offer-${kind}`, {}, { offer: kind });
      p.append(' ', answers(button('online-accept', () => act(kind, true), { answer: 'yes' }, 'small primary'),
        button('online-decline', () => act(kind, false), { answer: 'no' })));
      out.push(p);
    } else if (net.offered(kind, seat)) out.push(line(`online-offered-${kind}`, {}, { offered: kind }));
  }
  return out;
}

/**
 * Shows the online game `me` beside the board (and what it changes elsewhere on the page).
 * @param {Shown} me
 * @param {Actions} actions
 */
export function renderOnline(me, actions) {
  let box = $('online-info');
  if (!box) {
    box = document.createElement('div');
    box.id = 'online-info';
    box.className = 'online-info';
    $('players-info').after(box);
  }
  const { net } = me;
  const seat = me.seat;
  const state = net.state;
  const offset = net.offset ?? 0;
  box.dataset.connection = net.status;
  box.dataset.seat = seat ?? 'spectator';
  box.dataset.live = String(me.live);
  document.body.dataset.onlineSeat = seat ?? 'spectator';
  // Until the server's game (or this browser's copy of it) is on the board, the board waits hidden.
  const area = /** @type {HTMLElement | null} */ (document.querySelector('.board-area'));
  if (area) area.dataset.onlineWaiting = String(!me.started);
  const parts = [];
  const readOnly = me.started && !me.live;
  parts.push(line(readOnly && net.status !== 'open' ? 'online-connection-kept' : `online-connection-${net.status}`, {}, { online: 'connection' }));
  if (me.note) parts.push(line(me.note.id, me.note.args, { online: 'note' }));
  if (me.news) parts.push(line(me.news, {}, { online: 'news' }));
  const going = Boolean(state && state.status === 'started');
  let yours = false;
  if (me.started && state && going) {
    if (seat === null) parts.push(line('online-watching', { side: state.turn }, { online: 'turn', turn: 'watching' }));
    else {
      yours = state.turn === seat;
      parts.push(line(yours ? 'online-your-move' : 'online-their-move', { side: state.turn }, { online: 'turn', turn: yours ? 'yours' : 'theirs' }));
    }
    const due = moveDeadline(state, net.game?.speed ?? '', offset);
    if (due !== null) {
      const date = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(due));
      parts.push(line('online-deadline', { date, side: state.turn }, { online: 'deadline' }));
    }
  }
  // The offers: the panel's first child, sticky at its top, so seen wherever it is scrolled.
  let standing = $('online-offers');
  if (!standing) {
    standing = document.createElement('div');
    standing.id = 'online-offers';
    standing.className = 'online-offers';
    standing.setAttribute('role', 'group');
    box.closest('.panel')?.prepend(standing);
  }
  standing.replaceChildren(...(me.started && state ? offers(me, actions) : []));
  standing.hidden = standing.childElementCount === 0;
  clearTimeout(tick);
  const wait = me.live ? claimIn(net.presence, state, seat, Date.now(), offset) : null;
  if (wait !== null) {
    const p = document.createElement('p');
    const claim = button(wait > 0 ? 'online-claim-in' : 'online-claim', () => actions.act('claim'), { online: 'claim' }, 'small primary');
    claim.id = 'btn-online-claim';
    if (wait > 0) {
      claim.textContent = t('online-claim-in', { seconds: wait });
      claim.disabled = true;
      tick = setTimeout(() => renderOnline(me, actions), 1000);
    }
    p.append(claim);
    parts.push(p);
  }
  const tools = document.createElement('p');
  tools.className = 'online-tools';
  tools.append(button('online-share-button', actions.share, { online: 'share' }));
  if (seat !== null && me.token) tools.append(' ', button('online-transfer-button', actions.transfer, { online: 'transfer' }));
  parts.push(tools);
  box.replaceChildren(...parts);
  // Resign before both sides have moved is an abort (no result).
  const abort = seat !== null && abortable(state);
  for (const [el, word] of /** @type {const} */ ([['btn-resign', abort ? 'online-abort' : 'btn-resign'], ['btn-resign-yes', abort ? 'online-abort' : 'btn-resign-yes'], ['resign-confirm-text', abort ? 'online-abort-confirm' : 'resign-confirm']])) {
    $(el).dataset.i18n = word;
    $(el).textContent = t(word);
  }
  showTurn(yours && going);
  showPlayers(me);
  rematchInDialog(me, actions);
  ratingInDialog(me);
}

/**
 * Each seat's player above the clocks, as the server's game names them: an account's name (a
 * link to its page, after its title) and its rating in this game (`?` while provisional; a
 * rated game's end adds the change), or the catalog's word for an anonymous seat.
 * @param {Shown} me
 */
function showPlayers(me) {
  const game = me.net.game;
  let box = $('online-players');
  if (!box) {
    box = document.createElement('div');
    box.id = 'online-players';
    box.className = 'online-players';
    $('clocks').before(box);
  }
  box.hidden = !game;
  if (!game) return;
  box.replaceChildren(...(/** @type {const} */ (['white', 'black'])).map((side) => {
    const who = game[side];
    const p = document.createElement('p');
    p.dataset.side = side;
    p.append(t('online-player-side', { side }), ' ');
    if (!who || (who.rating === undefined && who.id === side)) {
      p.dataset.player = '';
      p.append(t('online-player-anonymous'));
      return p;
    }
    p.dataset.player = who.id;
    if (who.title) {
      const title = document.createElement('span');
      title.className = 'player-title';
      title.textContent = who.title;
      p.append(title, ' ');
    }
    const a = document.createElement('a');
    a.href = new URL(`/@/${encodeURIComponent(who.name)}`, location.href).href;
    a.textContent = who.name;
    p.append(a);
    if (who.rating !== undefined) {
      const rating = document.createElement('span');
      rating.className = 'player-rating';
      rating.textContent = `${who.rating}${who.provisional ? '?' : ''}`;
      p.append(' ', rating);
    }
    // A rated game's end: the change beside the rating it was played at (as lichess shows it).
    const diff = /** @type {any} */ (me.net.state)?.ratingDiff?.[side];
    if (typeof diff === 'number') {
      const change = document.createElement('span');
      change.className = 'player-diff';
      change.textContent = diff > 0 ? `+${diff}` : String(diff);
      p.append(' ', change);
    }
    return p;
  }));
}

/** The words put before the tab's title ("Your move · "), to take them off again. */
let titlePrefix = '';

/**
 * "Your move" in the tab's title and the header (a phone shows the header, not the panel).
 * @param {boolean} yours
 */
function showTurn(yours) {
  const base = titlePrefix && document.title.startsWith(titlePrefix) ? document.title.slice(titlePrefix.length) : document.title;
  titlePrefix = yours ? `${t('online-title-your-move')} · ` : '';
  document.title = titlePrefix + base;
  let badge = $('online-badge');
  if (!badge) {
    badge = document.createElement('span');
    badge.id = 'online-badge';
    badge.className = 'online-badge';
    $('game-title').after(badge);
  }
  badge.textContent = t('online-title-your-move');
  badge.hidden = !yours;
}

/**
 * The opponent's rematch request in the game-over dialog too (a modal hides the panel).
 * @param {Shown} me
 * @param {Actions} actions
 */
function rematchInDialog(me, { act }) {
  const dialog = /** @type {HTMLDialogElement} */ ($('game-over'));
  dialog.querySelector('#go-online-offer')?.remove();
  const seat = me.seat;
  if (!seat || !me.net.offered('rematch', other(seat))) return;
  const p = line('online-offer-rematch', {}, { offer: 'rematch' });
  p.id = 'go-online-offer';
  p.className = 'online-offers';
  p.append(' ', answers(button('online-accept', () => {
    dialog.close();
    act('rematch', true);
  }, { answer: 'yes' }, 'small primary'), button('online-decline', () => act('rematch', false), { answer: 'no' })));
  dialog.querySelector('#go-reason')?.after(p);
}

/** A rated game's end: each side's new rating and its change, under the game-over reason. @param {Shown} me */
function ratingInDialog(me) {
  const st = /** @type {any} */ (me.net.state);
  $('go-rating')?.remove();
  if (!st?.ratings) return;
  const p = document.createElement('p');
  p.id = 'go-rating';
  const at = (/** @type {'white' | 'black'} */ c) => `${st.ratings[c].rating}${st.ratings[c].provisional ? '?' : ''}`;
  const by = (/** @type {number} */ d) => (d > 0 ? `+${d}` : String(d));
  p.textContent = t('online-rating-change', { white: at('white'), black: at('black'), whiteDiff: by(st.ratingDiff.white), blackDiff: by(st.ratingDiff.black) });
  $('game-over').querySelector('#go-reason')?.after(p);
}

/** The page without an online game: the box goes, the buttons and the title are the page's own again. */
export function clearOnlineInfo() {
  clearTimeout(tick);
  $('online-info')?.remove();
  $('online-offers')?.remove();
  $('online-players')?.remove();
  $('game-over').querySelector('#go-online-offer')?.remove();
  $('go-rating')?.remove();
  delete document.body.dataset.onlineSeat;
  const area = /** @type {HTMLElement | null} */ (document.querySelector('.board-area'));
  if (area) delete area.dataset.onlineWaiting;
  for (const [el, word] of [['btn-resign', 'btn-resign'], ['btn-resign-yes', 'btn-resign-yes'], ['resign-confirm-text', 'resign-confirm']]) {
    $(el).dataset.i18n = word;
    $(el).textContent = t(word);
  }
  showTurn(false);
}
