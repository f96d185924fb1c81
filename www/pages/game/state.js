// The game page's state, shared by its modules (www/pages/game/*.js, booted by www/main.js): the
// game controller (www/game/ctrl.js: the game, its settings and record, the view mode), the
// saved games, and the page's own parts (the board, the computer, the cards) in one object.
import { GameCtrl } from '../../game/ctrl.js';
import { GameStore } from '../../store.js';
import { WebTree } from '../../engine/engine.js';
import { loadPrefs } from '../../prefs.js';

/** @param {string} id @returns {any} */
export const $ = (id) => document.getElementById(id);
export const canvas = $('board');
export const store = new GameStore();
// The game, its settings, its record (www/store.js: id, rev, created, name, ended, redo, clock),
// the draw offer, the computer's source and whether it thinks, the view (live, a past ply, a tree node) and the
// move tree (the engine's WebTree: the game's moves and the variations).
export const ctrl = new GameCtrl({ Tree: WebTree });

/** Resolves the first board's promise (www/main.js, when it marks the board ready). */
let boardShown = () => {};

/** The page's parts and what they remember. */
export const page = {
  /** @type {Promise<void>} the first board drawn (#board[data-ready]): work that can wait, waits for it */
  firstBoard: new Promise((ok) => (boardShown = () => ok(undefined))),
  /** Marks the first board drawn (www/main.js). */
  boardReady: () => boardShown(),
  /** @type {import('../../engine/engine.js').BoardView} the canvas board (made by play.js startGame) */
  board: null,
  /** @type {import('../../engine/types.js').Level[]} */
  levelList: [],
  /** @type {ReturnType<typeof import('../../theme.js').installTheme>} the theme and board set (www/theme.js) */
  theme: null,
  /** @type {any[]} what the banner shows, as messages, so a language switch rewords it */
  pageErrors: [],
  /** @type {any} threats mode (www/threats.js) */
  threats: null,
  /** @type {any} the analysis board (www/analysis.js) */
  analysis: null,
  /** @type {import('../../hint.js').Hints} hints in games against the computer (www/hint.js) */
  hints: null,
  /** @type {any} the game review (www/review.js) */
  review: null,
  /** @type {any[]} what the storage notice shows, as messages */
  storeProblems: [],
  /** @type {any} the Games list (www/games-list.js) */
  gamesList: null,
  /** @type {import('../../game-over.js').GameOverDialog} the game-over dialog (www/game-over.js) */
  gameOver: null,
  prefs: loadPrefs(), // sound, coordinates, animation, last level and clock (www/prefs.js)
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
