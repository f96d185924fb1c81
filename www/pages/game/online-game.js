// An online game on the game page: the network source (www/game/sources/network.js) for the
// other seat (both, for a spectator), the seat's actions (takeback, draw, resign, rematch,
// claim) sent to the server, what the server says shown beside the board (connection, whose
// move, offers to answer), this browser's online games kept (www/online/seats.js), and the
// challenge made from the new-game dialog with its invite. The server decides; this shows.
// Part of the game page, loaded by www/pages/game/online.js at the first online game (the
// page's state is in state.js).
import { announce, showMoveError } from '../../panel.js';
import { has, t } from '../../i18n.js';
import { gameSpec } from '../../engine/engine.js';
import { NetworkSource } from '../../game/sources/network.js';
import { screenSource } from '../../game/sources/screen.js';
import { createChallenge, gameLink, socketUrl } from '../../online/server.js';
import { keepOnlineGame, onlineGame } from '../../online/seats.js';
import { $, ctrl, page } from './state.js';
import { startGame } from './play.js';

/** @typedef {import('../../game/sources/network.js').GameFull} GameFull */

/**
 * The online game shown: its id, the seat's token, its source.
 * @type {{ id: string, token: string | null, net: NetworkSource, started: boolean } | null}
 */
let current = null;

/** The online game shown, or null. */
export const onlineGameShown = () => current;

/** The page's language parameter, kept in the links it makes. */
const langParam = () => new URLSearchParams(location.search).get('lang');

/**
 * Opens online game `id` (from the address, the Games list or a new challenge): connects, and
 * on the server's welcome starts the board on its game with this browser's seat.
 * @param {{ id: string, token: string | null }} game
 */
export function openOnline({ id, token }) {
  leaveOnline();
  token ??= onlineGame(id)?.token ?? null;
  const net = new NetworkSource({ url: socketUrl(id), token });
  current = { id, token, net, started: false };
  const me = current;
  net.addEventListener('welcome', (/** @type {any} */ e) => {
    if (current !== me) return;
    if (!me.started) start(me, e.detail.game, e.detail.seat);
    showOnline();
  });
  net.addEventListener('state', () => {
    if (current !== me || !me.started) return;
    const next = net.state?.rematch;
    // Both asked for a rematch: the same token holds the other colour in the next game.
    if (next && me.token && net.state.status !== 'started' && page.followRematch) {
      page.followRematch = false;
      history.pushState(null, '', gameLink(next, me.token, langParam()));
      openOnline({ id: next, token: me.token });
      return;
    }
    showOnline();
  });
  net.addEventListener('connection', () => current === me && showOnline());
  net.addEventListener('refused', (/** @type {any} */ e) => {
    if (current !== me) return;
    const id = `online-refused-${e.detail.code}`;
    const text = has(id) ? t(id) : t('online-refused', { code: e.detail.code });
    showMoveError(text);
    announce(text);
  });
  net.connect();
  showOnline();
}

addEventListener('offline', () => current?.net.network(false));
addEventListener('online', () => current?.net.network(true));

/**
 * The board on the server's game: the settings from its `gameFull`, this screen for the seat
 * and the network for the other (both for a spectator).
 * @param {{ id: string, token: string | null, net: NetworkSource, started: boolean }} me
 * @param {GameFull} game
 * @param {'white' | 'black' | null} seat
 */
function start(me, game, seat) {
  const variant = game.variant.key;
  const fen = game.initialFen === gameSpec(variant)?.startFen ? '' : game.initialFen;
  const s = {
    variant, fen, options: [...game.rules], mode: /** @type {'online'} */ ('online'), side: seat ?? 'white', level: 1, autoflip: false,
    clock: game.clock ? { base: game.clock.initial, inc: game.clock.increment } : null, moves: [],
    online: { id: game.id, seat, speed: game.speed, days: game.daysPerMove },
  };
  startGame(s, [], null, { orientation: seat ?? 'white' });
  const net = me.net;
  ctrl.setSources({ white: seat === 'white' ? screenSource() : net, black: seat === 'black' ? screenSource() : net });
  net.attach(ctrl);
  me.started = true;
  keepOnlineGame({ id: game.id, seat, token: me.token, variant, fen, options: s.options, speed: game.speed, days: game.daysPerMove });
  const r = net.remote();
  if (r) ctrl.follow(r);
}

/** Leaves the online game shown (a new game on this page): the connection closes. */
export function leaveOnline() {
  if (!current) return;
  current.net.close();
  current = null;
  $('online-info')?.remove();
}

/** Keeps this browser's entry of the game shown up to date (the Games list shows it). */
export function keepShown() {
  if (!current?.started || !ctrl.game) return;
  const status = ctrl.status();
  keepOnlineGame({
    id: current.id, moves: ctrl.game.moveTexts(), turn: status.side,
    ended: status.result === 'ongoing' ? null : { result: status.result, reason: status.reason ?? '' },
  });
}

/** The address of the game shown: the player's own link (with the token), or the spectator's. */
export function onlineAddress() {
  return current ? gameLink(current.id, current.token, langParam()) : null;
}

/**
 * The seat's actions, sent to the server; the page's buttons call these in an online game.
 * A refusal (offline) is said.
 * @param {'takeback' | 'draw' | 'resign' | 'rematch' | 'claim'} action
 * @param {boolean} [yes]
 */
export function act(action, yes = true) {
  const net = current?.net;
  if (!net || net.seat === null) return;
  if (action === 'rematch') page.followRematch = true;
  const sent = action === 'resign' ? net.resign()
    : action === 'claim' ? net.claim()
      : net[action](yes);
  if (!sent) {
    showMoveError(t('online-offline'));
    announce(t('online-offline'));
  }
}

/** Creates a challenge from the dialog's settings, opens its game and shows the invite. */
export async function createOnline(s) {
  let made;
  try {
    made = await createChallenge(s);
  } catch (e) {
    const id = `online-refused-${e.code}`;
    const text = has(id) ? t(id) : t('online-create-failed', { error: e.message });
    showMoveError(text);
    announce(text);
    return;
  }
  const seat = made.creatorColor;
  const token = seat === 'white' ? made.tokenWhite : made.tokenBlack;
  const other = seat === 'white' ? made.tokenBlack : made.tokenWhite;
  keepOnlineGame({ id: made.id, seat, token, variant: s.variant, fen: s.fen, options: s.options });
  history.pushState(null, '', gameLink(made.id, token, langParam()));
  openOnline({ id: made.id, token });
  // The invite (and its QR encoder) is loaded only now: the first visit does not carry it.
  const { showInvite } = await import('../../online/invite.js');
  showInvite({ invite: gameLink(made.id, other, langParam()), spectator: gameLink(made.id, null, langParam()), announce });
}

/**
 * The online game's line beside the board: the seat, the connection, whose move, the offers
 * standing (the opponent's with buttons to answer), and the claim of a game the opponent left.
 */
export function showOnline() {
  if (!current) return;
  let box = $('online-info');
  if (!box) {
    box = document.createElement('div');
    box.id = 'online-info';
    box.className = 'online-info';
    $('players-info').after(box);
  }
  const net = current.net;
  const seat = net.seat;
  box.dataset.connection = net.status;
  box.dataset.seat = seat ?? 'spectator';
  const state = net.state;
  const parts = [];
  const line = (id, args = {}, attrs = {}) => {
    const p = document.createElement('p');
    p.textContent = t(id, args);
    Object.assign(p.dataset, attrs);
    parts.push(p);
    return p;
  };
  line(`online-connection-${net.status}`, {}, { online: 'connection' });
  if (current.started && state) {
    const over = state.status !== 'started';
    if (!over) {
      if (seat === null) line('online-watching', { side: state.turn });
      else line(state.turn === seat ? 'online-your-move' : 'online-their-move', { side: state.turn }, { online: 'turn', turn: state.turn === seat ? 'yours' : 'theirs' });
    }
    if (seat !== null) {
      const them = seat === 'white' ? 'black' : 'white';
      for (const kind of /** @type {const} */ (['draw', 'takeback', 'rematch'])) {
        if (net.offered(kind, them)) {
          const p = line(`online-offer-${kind}`, {}, { offer: kind });
          /** @param {boolean} accept */
          const answer = (accept) => {
            const b = document.createElement('button');
            b.type = 'button';
            b.className = accept ? 'small primary' : 'small';
            b.dataset.answer = accept ? 'yes' : 'no';
            b.textContent = t(accept ? 'online-accept' : 'online-decline');
            b.addEventListener('click', () => act(kind, accept));
            return b;
          };
          p.append(' ', answer(true), ' ', answer(false));
        } else if (net.offered(kind, seat)) line(`online-offered-${kind}`, {}, { offered: kind });
      }
      if (!over && state.turn !== seat) {
        const p = document.createElement('p');
        const claim = document.createElement('button');
        claim.type = 'button';
        claim.className = 'small link';
        claim.id = 'btn-online-claim';
        claim.textContent = t('online-claim');
        claim.addEventListener('click', () => act('claim'));
        p.append(claim);
        parts.push(p);
      }
    }
  }
  box.replaceChildren(...parts);
}
