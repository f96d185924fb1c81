// The game page's door to online play: www/pages/game/online-game.js (the network source, the
// seat's actions, the server's words beside the board, the challenge and its invite) is imported
// only when an online game is opened or made, so a first visit of a game on this page does not
// download it (docs/benchmarks.md, "the page on the wire"). Until then no online game is shown
// and the calls below that concern the game shown do nothing. Online play needs the server, so
// sw.js does not keep these modules for offline use: offline, opening an online game says so
// (the banner's `online-offline`) and the game of this page stays.
import { showErrors } from './url.js';

/** @typedef {typeof import('./online-game.js')} OnlineGame */

/** @type {OnlineGame | null} the module, once loaded */
let loaded = null;
/** @type {Promise<OnlineGame> | null} */
let loading = null;
/** The module, loaded once; a failed load (offline) says so and is tried again next time. */
const load = () =>
  (loading ??= import('./online-game.js').then(
    (m) => (loaded = m),
    (e) => {
      loading = null;
      opening = false;
      showErrors([{ id: 'online-offline' }]);
      throw e;
    },
  ));

/** Whether an online game is being opened (its module loading, its invitation redeemed). */
let opening = false;

/**
 * The online game shown (or `true` while one is being opened: the page then neither saves the
 * game shown meanwhile nor puts it in the address bar), or null.
 */
export const onlineGameShown = () => loaded?.onlineGameShown() ?? (opening || null);

/**
 * Opens online game `id` (from the address, the Games list or a new challenge): `invite` a
 * one-time invitation to redeem, `token` an old link's seat token.
 * @param {{ id: string, token?: string | null, invite?: string | null }} game
 */
export const openOnline = (game) => {
  opening = true;
  return load().then((m) => m.openOnline(game), () => {});
};

/** Leaves the online game shown (a new game on this page): the connection closes. */
export const leaveOnline = () => {
  opening = false;
  loaded?.leaveOnline();
};

/** Keeps this browser's entry of the game shown up to date (the Games list shows it). */
export const keepShown = () => loaded?.keepShown();

/** The address of the game shown (the seat's link, or the spectator's), or null. */
export const onlineAddress = () => loaded?.onlineAddress() ?? null;

/** The online game's line beside the board (nothing without one). */
export const showOnline = () => loaded?.showOnline();

/**
 * The seat's action, sent to the server (only an online game's buttons call it).
 * @param {'takeback' | 'draw' | 'resign' | 'rematch' | 'claim'} action
 * @param {boolean} [yes]
 */
export const act = (action, yes = true) => loaded?.act(action, yes);

/** The share control: the game's spectators' link (the rematch's once there is one). */
export const shareOnline = () => loaded?.share();

/**
 * Creates a challenge from the new-game dialog's settings, opens its game and shows the invite.
 * @param {any} s
 */
export const createOnline = (s) => load().then((m) => m.createOnline(s), () => {});
