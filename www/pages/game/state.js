// The game page's state, shared by its modules (www/pages/game/*.js, booted by www/pages/game/main.js): the
// game controller (www/game/ctrl.js: the game, its settings and record, the view mode), the
// saved games, and the page's own parts (the board, the computer, the cards) in one object.
import { GameCtrl } from '../../game/ctrl.js';
import { GameStore } from '../../services/store.js';
import { WebTree } from '../../engine/engine.js';
import { loadPrefs } from '../../services/prefs.js';

/** @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);
export const canvas = $('board');
export const store = new GameStore();
// The game, its settings, its record (www/services/store.js: id, rev, created, name, ended, redo, clock),
// the draw offer, the computer's source and whether it thinks, the view (live, a past ply, a tree node) and the
// move tree (the engine's WebTree: the game's moves and the variations).
export const ctrl = new GameCtrl({ Tree: WebTree });

/**
 * A panel the first board does not need (www/pages/game/panels.js: a stand-in until its module
 * loads, then the module's object): threats mode and the analysis board.
 * @typedef {{ on: boolean, setOn(on: boolean): void, show(...args: any[]): void }} ToggledPanel
 */
/**
 * The game review (www/review/review.js, or its stand-in in panels.js until it loads).
 * @typedef {{ show(review: any, ply: number | null): void, follow(ply: number | null): void,
 *   markMoves(list: HTMLElement): void, open(opts?: { start?: boolean }): void }} ReviewShown
 */

/** Resolves the first board's promise (www/pages/game/main.js, when it marks the board ready). */
let boardShown = () => {};

/** The page's parts and what they remember. */
export const page = {
  /** @type {Promise<void>} the first board drawn (#board[data-ready]): work that can wait, waits for it */
  firstBoard: new Promise((ok) => (boardShown = () => ok(undefined))),
  /** Marks the first board drawn (www/pages/game/main.js). */
  boardReady: () => boardShown(),
  /** @type {import('../../engine/engine.js').BoardView} the canvas board (made by start.js startGame) */
  board: null,
  /** @type {import('../../engine/types.js').Level[]} */
  levelList: [],
  /** @type {ReturnType<typeof import('../../views/theme.js').installTheme>} the theme and board set (www/views/theme.js) */
  theme: null,
  /** @type {any[]} what the banner shows, as messages, so a language switch rewords it */
  pageErrors: [],
  /** @type {ToggledPanel} threats mode (www/views/threats.js) */
  threats: null,
  /** @type {ToggledPanel} the analysis board (www/views/analysis.js) */
  analysis: null,
  /** @type {import('../../views/hint.js').Hints} hints in games against the computer (www/views/hint.js) */
  hints: null,
  /** @type {ReviewShown} the game review (www/review/review.js) */
  review: null,
  /** @type {any[]} what the storage notice shows, as messages */
  storeProblems: [],
  /** @type {import('../../views/games-list.js').GamesList} the Games list (www/views/games-list.js) */
  gamesList: null,
  /** @type {() => Promise<import('../../views/game-over.js').GameOverDialog>} the game-over dialog (www/views/game-over.js), made at its first use or in idle time (wire.js) */
  gameOver: null,
  prefs: loadPrefs(), // sound, coordinates, animation, last level and clock (www/services/prefs.js)
  /** @type {{ text: string, notation: string } | null} the move box's example */
  moveExample: null,
  /** @type {{ depth: number, nodes: number, knps: number } | null} the computer's last search */
  lastFigures: null,
  followRematch: false, // this seat asked for a rematch: the next game opens when agreed (online.js)
};

/** The game's status: the engine's, unless the page ended the game (resignation, agreement, time). */
export const currentStatus = () => ctrl.status();
export const computerSide = () => ctrl.computerSide();
/** The ply shown while looking back through the moves (or a variation's base), or null for the game. */
export const viewedPly = () => (ctrl.view.kind === 'live' ? null : ctrl.view.ply);
