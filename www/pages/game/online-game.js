// An online game on the game page: the network source (www/game/sources/network.js) for the
// other seat (both, for a spectator), the seat's actions (takeback, draw, resign or abort,
// rematch, claim) sent to the server, this browser's online games kept (www/online/seats.js),
// the invitation redeemed once for its seat (the address bar never shows a secret), and the
// challenge made from the new-game dialog with its invite. The server decides; this shows (the
// words beside the board are online-info.js's). Part of the game page, loaded by
// www/pages/game/online.js at the first online game (the page's state is in state.js).
import { announce, showMoveError } from '../../views/panel.js';
import { has, t } from '../../services/i18n.js';
import { gameSpec } from '../../engine/engine.js';
import { NetworkSource } from '../../game/sources/network.js';
import { screenSource } from '../../game/sources/screen.js';
import { createChallenge, gameLink, inviteOf, redeemInvite, socketUrl, transferInvite } from '../../online/server.js';
import { keepOnlineGame, onlineGame } from '../../online/seats.js';
import { abortable, other, presenceNews, stateNews } from '../../online/news.js';
import { ctrl, page } from './state.js';
import { startGame } from './start.js';
import { clearOnlineInfo, renderOnline } from './online-info.js';
import { clearCrowd, showCrowd } from './online-crowd.js';

/** @typedef {import('../../game/sources/network.js').GameFull} GameFull */

/**
 * The online game shown: its id, the seat's token, its source; `live` once the server welcomed
 * it (before, a kept snapshot shows read-only), `note` a word about how it was opened, `news`
 * the newest change said, `follow` to go on to its rematch (an old link of a finished game).
 * `seat` this browser's (null: watching), as kept until the server says.
 * @typedef {{ id: string, token: string | null, net: NetworkSource, seat: 'white' | 'black' | null, started: boolean, live: boolean, note: { id: string, args?: Record<string, any> } | null, news: string | null, follow: boolean }} Shown
 */

/** @type {Shown | null} */
let current = null;
/** Counts the games opened, so that an answer for one left meanwhile is dropped. */
let opened = 0;

/** The online game shown, or null. */
export const onlineGameShown = () => current;

/** The page's language parameter, kept in the links it makes. */
const langParam = () => new URLSearchParams(location.search).get('lang');

/** The address bar on game `id` without any secret (replaceState: no new history entry). @param {string} id */
const plainAddress = (id) => history.replaceState(history.state, '', gameLink(id, { lang: langParam() }));

/** Says `id` in the move box's line and to screen readers. @param {string} id @param {Record<string, any>} [args] */
function say(id, args = {}) {
  const text = t(id, args);
  showMoveError(text);
  announce(text);
}

/**
 * Opens online game `id` (from the address, the Games list or a new challenge): an invitation is
 * redeemed once for its seat (not when this browser holds a seat of the game already), an old
 * link's token kept, the address bar cleared of both; the game kept here shows (read-only) until
 * the server welcomes it, then the board plays with this browser's seat.
 * @param {{ id: string, token?: string | null, invite?: string | null }} game
 */
export async function openOnline({ id, token = null, invite = null }) {
  leaveOnline();
  const mine = ++opened;
  const kept = onlineGame(id);
  /** @type {Shown['note']} */
  let note = null;
  let seat = kept?.seat ?? null;
  /** @type {string | null} an invitation to redeem once the server answers */
  let retry = null;
  if (token) {
    // An old link with the seat's token: kept here, and out of the address bar at once.
    keepOnlineGame({ id, token });
    plainAddress(id);
  } else if (invite && kept?.token) {
    // An invitation opened where this browser holds a seat is not redeemed: its own seat, both
    // kept; the friend's (made here) is said to be the friend's.
    plainAddress(id);
    if (kept.seat && kept.invite === invite) note = { id: 'online-note-own-invite', args: { seat: kept.seat, invited: other(kept.seat) } };
  } else if (invite) {
    const r = await redeemInvite(id, invite);
    if (mine !== opened) return;
    if ('token' in r) {
      token = r.token;
      seat = r.color;
      keepOnlineGame({ id, seat: r.color, token });
      plainAddress(id);
    } else {
      // Taken, not this game's, or no server: watched. An invitation the server could not be
      // asked about stays in the address (a reload tries again) and is used once it answers.
      if (r.code === 'unreachable') retry = invite;
      else plainAddress(id);
      note = { id: has(`online-note-${r.code}`) ? `online-note-${r.code}` : 'online-note-bad-invite', args: { seat: r.color ?? 'spectator' } };
    }
  }
  token ??= kept?.token ?? null;
  const net = new NetworkSource({ url: socketUrl(id), token });
  /** @type {Shown} */
  const me = { id, token, net, seat: token ? seat : null, started: false, live: false, note, news: null, follow: Boolean(invite || token) };
  current = me;
  showMoveError('');
  net.addEventListener('welcome', (/** @type {any} */ e) => {
    if (current !== me) return;
    if (retry) return void openOnline({ id, invite: retry });
    const state = e.detail.game.state;
    if (me.follow && state.status !== 'started' && state.rematch) return void goRematch(me, state.rematch);
    me.follow = false;
    me.seat = e.detail.seat;
    if (!me.started) start(me, e.detail.game, e.detail.seat);
    else if (!me.live) play(me, e.detail.seat);
    me.live = true;
    showOnline();
  });
  let last = net.state;
  net.addEventListener('state', () => {
    if (current !== me || !me.started) return;
    const state = /** @type {any} */ (net.state);
    for (const id of stateNews(last, state, net.seat)) tell(me, id);
    last = state;
    // Both asked for a rematch: the same token holds the other colour in the next game.
    if (state.rematch && state.status !== 'started' && page.followRematch) {
      page.followRematch = false;
      return void goRematch(me, state.rematch);
    }
    keepFull(me);
    showOnline();
  });
  net.addEventListener('presence', (/** @type {any} */ e) => {
    if (current !== me) return;
    for (const id of presenceNews(e.detail.was, e.detail.presence, net.seat)) tell(me, id);
    showOnline();
  });
  net.addEventListener('connection', () => current === me && showOnline());
  net.addEventListener('players', () => current === me && showOnline());
  net.addEventListener('crowd', () => current === me && showOnline());
  net.addEventListener('refused', (/** @type {any} */ e) => {
    if (current !== me) return;
    const id = `online-refused-${e.detail.code}`;
    if (has(id)) say(id);
    else say('online-refused', { code: e.detail.code });
  });
  // This browser's last sight of the game shows (read-only) until the server answers.
  if (kept?.full?.id === id && kept.full.state) {
    // With the moves this seat made that the server had not answered: sent once it welcomes.
    net.seed(kept.full, me.seat ? kept.pending ?? [] : []);
    last = net.state;
    start(me, kept.full, me.seat, { readOnly: true });
  }
  net.connect();
  showOnline();
}

/** A change said beside the board and to screen readers. @param {Shown} me @param {string} id */
function tell(me, id) {
  me.news = id;
  announce(t(id));
}

/** Goes on to game `next`, the rematch of the game shown (with this seat's token). @param {Shown} me @param {string} next */
function goRematch(me, next) {
  history.pushState(null, '', gameLink(next, { lang: langParam() }));
  openOnline({ id: next, token: null, invite: null, ...(me.token ? { token: me.token } : {}) });
}

addEventListener('offline', () => current?.net.network(false));
addEventListener('online', () => current?.net.network(true));

/**
 * The board on the server's game: the settings from its `gameFull`, then the seat's sources.
 * `readOnly`: a kept snapshot before the server answered — nobody moves from this screen.
 * @param {Shown} me
 * @param {GameFull} game
 * @param {'white' | 'black' | null} seat
 * @param {{ readOnly?: boolean }} [opts]
 */
function start(me, game, seat, { readOnly = false } = {}) {
  const variant = game.variant.key;
  const fen = game.initialFen === gameSpec(variant)?.startFen ? '' : game.initialFen;
  const s = {
    variant, fen, options: [...game.rules], mode: /** @type {'online'} */ ('online'), side: seat ?? 'white', level: 1, autoflip: false,
    clock: game.clock ? { base: game.clock.initial, inc: game.clock.increment } : null, moves: /** @type {string[]} */ ([]),
    online: { id: game.id, seat, speed: game.speed, days: game.daysPerMove },
  };
  startGame(s, [], null, { orientation: seat ?? 'white' });
  me.started = true;
  keepOnlineGame({ id: game.id, seat, token: me.token, variant, fen, options: s.options, speed: game.speed, days: game.daysPerMove });
  if (readOnly) ctrl.setSources({ white: me.net, black: me.net });
  me.net.attach(ctrl);
  if (readOnly) follow();
  else play(me, seat);
}

/** The board on the server's game as the network source has it. */
function follow() {
  const r = current?.net.remote();
  if (r && ctrl.game) ctrl.follow(r);
}

/** The seat's sources once the server answered: this screen for the seat, the network for the rest. @param {Shown} me @param {'white' | 'black' | null} seat */
function play(me, seat) {
  const net = me.net;
  ctrl.setSources({ white: seat === 'white' ? screenSource() : net, black: seat === 'black' ? screenSource() : net });
  keepFull(me);
  follow();
}

/** Keeps the server's game as last seen (a reload without the server shows it). @param {Shown} me */
function keepFull(me) {
  const { game, state } = me.net;
  if (game && state) keepOnlineGame({ id: me.id, full: { ...game, state }, pending: unsent(me) });
}

/** This seat's moves the server has not answered (kept: a reload sends them). @param {Shown} me */
const unsent = (me) => me.net.pending.map(({ move, ply }) => ({ move, ply }));

/** Leaves the online game shown (a new game on this page): the connection closes. */
export function leaveOnline() {
  if (!current) return;
  current.net.close();
  current = null;
  clearOnlineInfo();
  clearCrowd();
}

/** Keeps this browser's entry of the game shown up to date (the Games list shows it). */
export function keepShown() {
  if (!current?.started || !ctrl.game) return;
  const status = ctrl.status();
  keepOnlineGame({
    id: current.id, moves: ctrl.game.moveTexts(), turn: status.side, pending: unsent(current),
    ended: status.result === 'ongoing' ? null : { result: status.result, reason: status.reason ?? '' },
  });
}

/** The address of the game shown: its link, which never holds a secret. */
export function onlineAddress() {
  return current ? gameLink(current.id, { lang: langParam() }) : null;
}

/**
 * The seat's actions, sent to the server; the page's buttons call these in an online game.
 * Resign is an abort while not both sides have moved. A refusal (offline) is said.
 * @param {'takeback' | 'draw' | 'resign' | 'rematch' | 'claim'} action
 * @param {boolean} [yes]
 */
export function act(action, yes = true) {
  const net = current?.net;
  if (!net || net.seat === null) return;
  if (action === 'rematch' && yes) page.followRematch = true;
  const sent = action === 'resign' ? (abortable(net.state) ? net.abort() : net.resign())
    : action === 'claim' ? net.claim()
      : net[action](yes);
  if (!sent) say('online-offline');
}

/** The share control: the spectators' link (the rematch's once there is one), and the friend's invitation while unused. */
export async function share() {
  if (!current) return;
  const id = current.net.state?.rematch ?? current.id;
  const kept = onlineGame(current.id);
  const presence = current.net.presence;
  const unused = kept?.invite && id === current.id && kept.seat && !(presence?.[other(kept.seat)]) && (current.net.state?.ply ?? 0) === 0;
  const { showShare } = await import('../../online/invite.js');
  showShare({ spectator: gameLink(id, { lang: langParam() }), invite: unused ? gameLink(id, { lang: langParam(), invite: kept.invite }) : null, announce });
}

/** "Continue on another device": a fresh one-time link for this seat, with its QR code. */
export async function transfer() {
  const me = current;
  if (!me?.token) return;
  const r = await transferInvite(me.id, me.token);
  if (current !== me) return;
  if (!('invite' in r)) return say(has(`online-refused-${r.code}`) ? `online-refused-${r.code}` : 'online-transfer-failed');
  const { showTransfer } = await import('../../online/invite.js');
  showTransfer({ url: gameLink(me.id, { lang: langParam(), invite: r.invite }), expiresAt: r.expiresAt, announce });
}

/**
 * Creates a challenge from the dialog's settings, opens its game and shows the invite.
 * @param {Parameters<typeof createChallenge>[0]} s
 */
export async function createOnline(s) {
  let made;
  /** Rated was asked for a game the server rates not (its rules or start): made casual. */
  let casual = false;
  try {
    made = await createChallenge(s).catch((e) => {
      if (e.code !== 'casual-only') throw e;
      casual = true;
      return createChallenge({ ...s, online: { ...s.online, rated: false } });
    });
  } catch (e) {
    const id = `online-refused-${e.code}`;
    return has(id) ? say(id) : say('online-create-failed', { error: e.message });
  }
  const seat = made.creatorColor;
  const token = seat === 'white' ? made.tokenWhite : made.tokenBlack;
  const invite = inviteOf(made.inviteUrl);
  if (!invite) return say('online-create-failed', { error: 'no invitation' });
  keepOnlineGame({ id: made.id, seat, token, invite, variant: s.variant, fen: s.fen, options: s.options });
  history.pushState(null, '', gameLink(made.id, { lang: langParam() }));
  openOnline({ id: made.id });
  if (casual && current) current.note = { id: 'online-note-casual' };
  // The invite (and its QR encoder) is loaded only now: the first visit does not carry it.
  const { showInvite } = await import('../../online/invite.js');
  showInvite({ invite: gameLink(made.id, { lang: langParam(), invite }), spectator: gameLink(made.id, { lang: langParam() }), announce });
}

/** The online game's words beside the board (online-info.js). */
export function showOnline() {
  if (!current) return;
  renderOnline(current, { act, share, transfer });
  showCrowd(current.net.spectators);
}
