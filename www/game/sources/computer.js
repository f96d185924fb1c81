// The computer as a source of moves (www/game/types.js MoveSource): when the controller says it
// is the computer's turn (`yourTurn`), it searches the position in the worker (www/engine/computer.js
// Computer, loaded at the first search) and answers with the move found. Everything about the
// worker lives here: the search's limits (the clock's, else the level's), "move now", dropping a
// search the controller no longer wants (`cancel`), the search's last reports and figures, and
// thinking on the player's time (pondering on the reply the last search expected, when the host
// allows it). The controller plays what it answers; no page asks the worker itself. No DOM:
// tests pass a fake computer (tests/e2e/ctrl-unit.test.mjs).

/** @typedef {import('../types.js').MoveSource} MoveSource */
/** @typedef {import('../types.js').Turn} Turn */
/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('../../engine/types.js').SearchInfo} SearchInfo */

/**
 * What this source needs of the worker's client (www/engine/computer.js Computer; tests pass a fake).
 * @typedef {object} ComputerLike
 * @property {(position: Position, limits: Record<string, any>) => Promise<SearchAnswer>} think
 * @property {(position: Position, limits: Record<string, any>, expected: string) => boolean} ponder
 * @property {() => void} stopPondering
 * @property {() => void} cancel
 * @property {() => void} moveNow
 * @property {boolean} canPonder
 * @property {() => void} [warmUp]
 */

/**
 * A position as the worker takes it.
 * @typedef {{ variant: string, fen: string, options: string[], moves: string[], newGame?: boolean }} Position
 */

/**
 * A search's answer (www/engine/computer.js): the move (`best`, null without one), the reply it expects
 * (`ponder`), the figures, whether pondering gave it and whether it was cancelled.
 * @typedef {{ best: string | null, ponder?: string | null, depth?: number, nodes?: number, nps?: number,
 *   score?: import('../../engine/types.js').Score, pondered?: boolean, ponderhit?: boolean, cancelled?: boolean, stopped?: boolean }} SearchAnswer
 */

/** The computer answered without a move (a position it could not search). */
export class NoMove extends Error {
  constructor() {
    super('the computer found no move');
    this.id = 'error-computer-no-move';
  }
}

/** @implements {MoveSource} */
export class ComputerSource {
  /**
   * @param {{ load?: () => ComputerLike | Promise<ComputerLike>, computer?: ComputerLike | null,
   *   helper?: () => ComputerLike,
   *   limits?: (ctrl: GameCtrl) => Record<string, any>,
   *   ponder?: (ctrl: GameCtrl) => boolean,
   *   onInfo?: (info: SearchInfo) => void }} opts
   * `load`: the worker's client, made at the first search (or `computer`, made already); `limits`: the search's limits (by
   * default the clock's, else the level's); `ponder`: whether to think on the player's time in
   * this game now (default never); `onInfo`: the running search's reports; `helper`: a second
   * worker's client for hints (made at the first hint, so a hint leaves the opponent's search,
   * its pondering and its table alone).
   */
  constructor({ load, computer = null, helper, limits, ponder, onInfo }) {
    /** @type {'computer'} */
    this.kind = 'computer';
    this.load = load ?? (() => /** @type {ComputerLike} */ (computer));
    this.limits = limits ?? ((ctrl) => ctrl.clockLimits() ?? { level: ctrl.settings?.level ?? 1 });
    this.ponderAllowed = ponder ?? (() => false);
    this.onInfo = onInfo ?? (() => {});
    /** @type {ComputerLike | null} */
    this.computer = computer;
    /** @type {Promise<ComputerLike> | null} */
    this.loading = null;
    /** @type {SearchAnswer | null} the last search's answer (its figures, whether pondering gave it) */
    this.last = null;
    /** @type {SearchInfo | null} the running search's last report */
    this.info = null;
    /** @type {{ moves: string, move: string | null } | null} the reply the last search expected, and the game's moves then */
    this.expected = null;
    /** @type {GameCtrl | null} the controller that asked last */
    this.ctrl = null;
    this.helper = helper ?? null;
    /** @type {ComputerLike | null} the hints' worker, once made */
    this.helperClient = null;
  }

  /** Whether the computer can think on the player's time (www/engine/computer.js: it needs shared memory). */
  get canPonder() {
    return this.computer?.canPonder ?? false;
  }

  /** Starts the worker ahead of the first search (it loads its own engine). */
  warmUp() {
    this.client().then((c) => c.warmUp?.(), () => {});
  }

  /** The worker's client, loaded once. @returns {Promise<ComputerLike>} */
  client() {
    if (this.computer) return Promise.resolve(this.computer);
    return (this.loading ??= Promise.resolve(this.load()).then((c) => (this.computer = c), (e) => {
      this.loading = null;
      throw e;
    }));
  }

  /**
   * The controller's "your turn": searches the position and answers with the move (null when
   * the search was cancelled). Rejects on the worker's errors, and with NoMove.
   * @param {Turn} turn
   * @returns {Promise<string | null>}
   */
  async yourTurn({ ctrl, newGame }) {
    this.ctrl = ctrl;
    this.info = null;
    const position = { ...ctrl.position(), newGame };
    const limits = this.limits(ctrl);
    const computer = await this.client();
    if (turnGone(ctrl, position)) return null;
    const r = await computer.think(position, limits);
    if (r.cancelled) return null;
    this.last = r;
    if (!r.best) throw new NoMove();
    this.expected = { moves: [...position.moves, r.best].join(' '), move: r.ponder ?? null };
    return r.best;
  }

  /** A search report (the page's Computer hands them here). @param {SearchInfo} info */
  report(info) {
    this.info = info;
    this.onInfo(info);
  }

  /** Drops the search and any pondering (the controller no longer wants the answer). */
  cancel() {
    this.computer?.cancel();
  }

  /** Ends the search now: it answers with the best move found so far. */
  hurry() {
    this.computer?.moveNow();
  }

  /** Stops thinking on the player's time (the page is left, or pondering was switched off). */
  stopPondering() {
    this.computer?.stopPondering();
  }

  /**
   * After each move played: once its own move is played, the computer thinks on the player's
   * time about the reply it expects (when allowed).
   * @param {{ by: string }} event
   */
  played({ by }) {
    if (by === 'computer') this.ponder();
  }

  /** Thinks on the player's time about the expected reply, when allowed and it still fits the game. */
  ponder() {
    const ctrl = this.ctrl;
    const computer = this.computer;
    if (!ctrl?.game || !computer?.canPonder || !this.expected?.move) return false;
    if (this.expected.moves !== ctrl.game.moveTexts().join(' ')) return false;
    if (ctrl.turn() !== 'player' || ctrl.thinking || !this.ponderAllowed(ctrl)) return false;
    return computer.ponder(ctrl.position(), this.limits(ctrl), this.expected.move);
  }

  /**
   * A hint: the move the engine would play in `ctrl`'s game now, searched at `limits` in the
   * hints' worker; null without one, or when cancelled.
   * @param {GameCtrl} ctrl
   * @param {Record<string, any>} limits
   * @returns {Promise<string | null>}
   */
  async hint(ctrl, limits) {
    if (!this.helper) return null;
    this.helperClient ??= this.helper();
    const r = await this.helperClient.think(ctrl.position(), limits);
    return r.cancelled ? null : r.best;
  }

  /** Drops the hint being searched. */
  cancelHint() {
    this.helperClient?.cancel();
  }

  /** The controller drops this source (a new game): nothing goes on searching. */
  detach() {
    this.cancel();
  }
}

/** Whether the game moved on while the worker was loading. @param {GameCtrl} ctrl @param {Position} position */
function turnGone(ctrl, position) {
  return !ctrl.game || ctrl.game.moveTexts().join(' ') !== position.moves.join(' ');
}
