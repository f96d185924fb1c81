// The game controller: one object, with no DOM, owns the game in progress, its settings, its
// record (redo list, an ending the page decided, the clock) and the view mode — live, a past ply
// or a node of the move tree — as one field, and performs every action on them (move, undo,
// redo, resign, draw offers, the flag, going to a ply, a tree node or back, playing into the
// tree, promoting and deleting a variation). The move tree is the engine's (the bindings'
// WebTree, crates/web/src/tree.rs): its main line follows the game, and going to a node takes the
// game there from the positions the tree keeps, without replaying the moves. Each change is announced as a
// `change` event whose `detail.what` names it; the page draws from the controller and hangs its
// side effects (asking the computer, saving, the address bar) off that event. Refusals come back
// as page messages `{id, args}` or the engine's errors `{code, params}`: the controller words
// nothing. Tested in Node without a browser (tests/e2e/ctrl-unit.test.mjs).
import { clockAfterMove, clockLeft, clockLimits, fallenFlag, pauseClock } from './clock.js';
import { errorOf } from '../engine/errors.js';

/** @typedef {import('../engine/types.js').Side} Side */
/** @typedef {import('../engine/types.js').Status} Status */
/** @typedef {import('../engine/types.js').MoveInfo} MoveInfo */
/** @typedef {import('../engine/types.js').EngineError} EngineError */
/** @typedef {import('../engine/engine.js').Game} Game */
/** @typedef {import('../engine/types.js').MoveTree} MoveTree */
/** @typedef {import('../engine/types.js').Tree} Tree */
/** @typedef {import('./clock.js').Clock} Clock */

/**
 * What the board shows: the game as it stands, the position after a past ply (read-only), or
 * a node of the move tree (moves there go into the tree).
 * @typedef {{ kind: 'live' } | { kind: 'past', ply: number } | { kind: 'node', id: number, ply: number }} ViewMode
 */

/**
 * How the game is played: against the computer (`side` is the player's) or hot seat.
 * @typedef {object} Settings
 * @property {string} variant
 * @property {string} fen
 * @property {string[]} options
 * @property {'computer' | 'hotseat' | 'online'} mode
 * @property {Side} side
 * @property {number} level
 * @property {boolean} autoflip
 * @property {{ base: number, inc: number } | null} [clock]
 * @property {string[]} [moves] moves still to play when the game starts (the address bar's)
 * @property {import('../engine/types.js').Tree} [tree] the move tree to start with
 * @property {{ id: string, seat: Side | null, speed: string, days: number | null }} [online] an online game: the server's id, this browser's seat (null: watching)
 */

/**
 * The game's record beside its moves (www/store.js keeps it): an ending the page decided
 * (resignation, agreement, time), the moves undone (for Redo, the next one last) and the clock.
 * @typedef {object} GameRecord
 * @property {{ result: 'white' | 'black' | 'draw', reason: string } | null} ended
 * @property {string[]} redo
 * @property {Clock | null} clock
 */

/**
 * Where one side's moves come from (www/game/sources/): this screen, the computer (its worker)
 * or the network (the game server). The controller asks a side's source only whether the screen
 * may move for it (`kind`), and tells every source of each move played (`played`), so the
 * network source sends this screen's moves to the server.
 * @typedef {object} MoveSource
 * @property {'screen' | 'computer' | 'network'} kind
 * @property {(event: { move: MoveInfo, by: string, ply: number }) => void} [played] after each move played on the controller (`ply`: the plies before it)
 * @property {() => void} [detach] when the controller drops the source (a new game, other sources)
 */

/**
 * The game as another party decides it (the game server): the moves, an ending, the clock.
 * @typedef {object} RemoteState
 * @property {string[]} moves every move of the game, in order
 * @property {{ result: 'white' | 'black' | 'draw', reason: string } | null} ended
 * @property {{ white: number, black: number, running: Side | null, at: number } | null} [clock] time left at `at` (this machine's ms)
 */

/** A refusal in the page's words: a catalog message id and its arguments. @typedef {{ id: string, args?: Record<string, any> }} Message */

/** @param {Side} side @returns {Side} */
const other = (side) => (side === 'white' ? 'black' : 'white');

export class GameCtrl extends EventTarget {
  /**
   * @param {{ now?: () => number, Tree?: { of(game: Game, tree?: Tree | null): MoveTree } | null }} [opts]
   * `now`: the clock's time source (tests pass their own); `Tree`: the bindings' WebTree class,
   * for the move tree (without it the controller keeps none).
   */
  constructor({ now = () => Date.now(), Tree = null } = {}) {
    super();
    this.now = now;
    this.Tree = Tree;
    /** @type {MoveTree | null} the move tree: the game's moves and the variations */
    this.tree = null;
    /** @type {{ id: number, game: Game } | null} the game at the tree node shown, to move in (a variation, or a past ply with the tree on) */
    this.branch = null;
    /** @type {import('../engine/types.js').EngineError | null} why the tree given to start could not be read (the game starts without it) */
    this.treeError = null;
    /** @type {Game | null} */
    this.game = null;
    /** @type {Settings | null} */
    this.settings = null;
    /** @type {(GameRecord & Record<string, any>) | null} */
    this.record = null;
    /** @type {Side | null} the side that offers a draw in a hot-seat game */
    this.drawOffer = null;
    /** @type {ViewMode} */
    this.view = { kind: 'live' };
    /** Whether the computer is searching for its move (its player sets it). */
    this.thinking = false;
    /** @type {{ white: MoveSource, black: MoveSource } | null} the sources set by setSources, or null: the settings' */
    this.sources = null;
  }

  /**
   * Sets where each side's moves come from (the old sources are detached), e.g. this screen for
   * one side and the network for the other in an online game. `start` keeps them; `null` goes
   * back to the settings' (the computer's side and this screen).
   * @param {{ white: MoveSource, black: MoveSource } | null} sources
   */
  setSources(sources) {
    const old = this.sources ? new Set([this.sources.white, this.sources.black]) : new Set();
    const kept = sources ? new Set([sources.white, sources.black]) : new Set();
    for (const s of old) if (!kept.has(s)) s.detach?.();
    this.sources = sources;
    this.emit('sources');
  }

  /**
   * The source of `side`'s moves: the one set, else the computer's for its side and this screen's.
   * @param {Side} side
   * @returns {MoveSource}
   */
  sourceOf(side) {
    if (this.sources) return this.sources[side];
    return { kind: this.computerSide() === side ? 'computer' : 'screen' };
  }

  /** Whether another party (the network) decides the game: no ending, undo or flag of the page's own. */
  remote() {
    return this.sourceOf('white').kind === 'network' || this.sourceOf('black').kind === 'network';
  }

  /**
   * Brings the game to `state` as the other party (the server) has it: the moves beyond the
   * common start are taken back, the missing ones played (`by: 'network'`, sources not told),
   * the ending and the clock taken over. Announced as `sync` with the moves played and undone.
   * Returns the same, or the engine's error for a move it refuses (the game then stops there).
   * @param {RemoteState} state
   * @returns {{ played: MoveInfo[], undone: string[], error?: EngineError }}
   */
  follow(state) {
    const game = this.game;
    const have = game.moveTexts();
    let common = 0;
    while (common < have.length && common < state.moves.length && have[common] === state.moves[common]) common++;
    const undone = [];
    while (game.plyCount() > common) undone.push(game.undo());
    /** @type {MoveInfo[]} */
    const played = [];
    /** @type {EngineError | undefined} */
    let error;
    for (const m of state.moves.slice(common)) {
      try {
        played.push(game.play(m));
      } catch (e) {
        error = errorOf(e);
        break;
      }
    }
    const record = this.record;
    if (played.length || undone.length) record.redo = [];
    record.ended = state.ended ? { ...state.ended } : null;
    if (state.clock && record.clock) {
      Object.assign(record.clock, { white: state.clock.white, black: state.clock.black, running: state.clock.running, since: state.clock.at });
    }
    this.drawOffer = null;
    if (played.length || undone.length) this.view = { kind: 'live' };
    this.emit('sync', { played, undone });
    return error ? { played, undone, error } : { played, undone };
  }

  /**
   * Takes over `game` (the previous one is freed) with its settings and record.
   * @param {Game} game
   * @param {Settings} settings
   * @param {GameRecord & Record<string, any>} record
   */
  start(game, settings, record) {
    if (this.game && this.game !== game) this.game.free();
    this.dropBranch();
    this.game = game;
    this.tree?.free();
    this.tree = null;
    this.treeError = null;
    if (this.Tree) {
      // The tree of the record being opened, or of a PGN; a damaged one is left out.
      try {
        this.tree = this.Tree.of(game, settings.tree ?? record.tree ?? null);
      } catch (e) {
        this.treeError = errorOf(e);
        this.tree = this.Tree.of(game, null);
      }
    }
    this.settings = settings;
    this.record = record;
    this.drawOffer = null;
    this.view = { kind: 'live' };
    this.thinking = false;
    // The time the page was closed does not count: a restored clock goes on from where it was.
    if (record.clock) record.clock.since = this.now();
    if (this.status().result !== 'ongoing') pauseClock(record.clock, this.now());
    this.emit('start');
  }

  /** The game's status: the engine's, unless the page ended the game (resignation, agreement, time). */
  status() {
    const status = this.game.status();
    const ended = this.record?.ended;
    if (ended && status.result === 'ongoing') return /** @type {Status} */ ({ ...status, result: ended.result, reason: ended.reason });
    return status;
  }

  /** Whether the game is over. */
  over() {
    return this.status().result !== 'ongoing';
  }

  /** The computer's side in a game against it, or null. @returns {Side | null} */
  computerSide() {
    if (this.settings?.mode !== 'computer') return null;
    return other(this.settings.side);
  }

  /**
   * Whose move it is: `'player'` (this screen), `'computer'`, or null when the game is over.
   * @returns {'player' | 'computer' | null}
   */
  turn() {
    const status = this.status();
    if (status.result !== 'ongoing') return null;
    return this.computerSide() === status.side ? 'computer' : 'player';
  }

  /**
   * The game as the computer's worker takes it (www/ai.js): variant, start FEN, options and the
   * moves played.
   * @returns {{ variant: string, fen: string, options: string[], moves: string[] }}
   */
  position() {
    const game = this.game;
    return { variant: game.variant(), fen: game.startFen(), options: game.options(), moves: game.moveTexts() };
  }

  /** Each side's time left now (ms), or null without a clock. */
  clockLeft() {
    return this.record?.clock ? clockLeft(this.record.clock, this.now()) : null;
  }

  /** The computer's limits under the clock (UCI's wtime/btime/winc/binc), or null without one. */
  clockLimits() {
    return clockLimits(this.record?.clock ?? null, this.settings.level, this.now());
  }

  /**
   * Plays `text` (move text or notation) for `by`: `'user'` (this screen), `'computer'` or
   * `'redo'`. Returns the move, or why it was refused.
   * @param {string} text
   * @param {{ by?: 'user' | 'computer' | 'redo' | 'network' }} [opts]
   * @returns {{ move: MoveInfo, refused?: undefined, error?: undefined } | { refused: Message, move?: undefined, error?: undefined } | { error: EngineError, move?: undefined, refused?: undefined }}
   */
  move(text, { by = 'user' } = {}) {
    if (!this.game) return { refused: { id: 'error-not-ready' } };
    if (by !== 'computer' && this.thinking) return { refused: { id: 'error-wait-computer' } };
    const status = this.status();
    if (status.result !== 'ongoing') return { refused: { id: 'error-game-over' } };
    if (by !== 'computer' && this.computerSide() === status.side) return { refused: { id: 'error-computer-turn' } };
    const source = this.sourceOf(status.side).kind;
    if (by !== 'network' && source === 'network') return { refused: { id: 'error-opponent-turn' } };
    if (by === 'network' && source !== 'network') return { refused: { id: 'error-not-your-turn' } };
    const ply = this.game.plyCount();
    let move;
    try {
      move = this.game.play(text);
    } catch (e) {
      return { error: errorOf(e) };
    }
    const record = this.record;
    // A move that is the next one undone keeps the rest for Redo; any other forgets them.
    if (by !== 'redo') record.redo = record.redo.at(-1) === move.move ? record.redo.slice(0, -1) : [];
    this.drawOffer = null;
    clockAfterMove(record.clock, status.side, this.now());
    if (this.over()) pauseClock(record.clock, this.now());
    this.view = { kind: 'live' };
    this.dropBranch();
    this.tree?.sync(this.game);
    if (this.sources) for (const s of new Set([this.sources.white, this.sources.black])) s.played?.({ move, by, ply });
    this.emit('move', { move, by });
    return { move };
  }

  /**
   * Takes back the page's ending (resignation, agreement, time) if there is one, else the last
   * move — the last two against the computer on the player's turn, back to the player's turn.
   * @returns {{ ending: boolean, undone: string[] }}
   */
  undo() {
    if (!this.game) return { ending: false, undone: [] };
    this.drawOffer = null;
    this.view = { kind: 'live' };
    const record = this.record;
    if (record.ended) {
      this.dropBranch();
      record.ended = null;
      this.emit('undo', { ending: true, undone: [] });
      return { ending: true, undone: [] };
    }
    const game = this.game;
    const plies = this.computerSide() !== null && this.computerSide() !== game.sideToMove() && game.plyCount() >= 2 ? 2 : 1;
    const undone = [];
    for (let i = 0; i < plies; i++) {
      const m = game.undo();
      if (m) undone.push(m);
    }
    record.redo.push(...undone);
    this.dropBranch();
    this.tree?.sync(this.game);
    pauseClock(record.clock, this.now());
    this.emit('undo', { ending: false, undone });
    return { ending: false, undone };
  }

  /** Whether Redo has moves to play. */
  canRedo() {
    return Boolean(this.record?.redo?.length) && !this.over();
  }

  /**
   * Plays the moves undone last, back to the player's turn against the computer.
   * @returns {string[]} the moves played again
   */
  redo() {
    if (!this.game || !this.canRedo()) return [];
    const record = this.record;
    const played = [];
    do {
      const m = record.redo.pop();
      try {
        this.game.play(m);
        played.push(m);
      } catch {
        record.redo = [];
      }
    } while (record.redo.length && this.computerSide() === this.game.sideToMove());
    if (this.over()) pauseClock(record.clock, this.now());
    this.view = { kind: 'live' };
    this.dropBranch();
    this.tree?.sync(this.game);
    this.emit('redo', { played });
    return played;
  }

  /**
   * Ends the game by the page's decision.
   * @param {'white' | 'black' | 'draw'} result
   * @param {string} reason `resign`, `agreement` or `time`
   */
  endGame(result, reason) {
    this.drawOffer = null;
    this.record.ended = { result, reason };
    pauseClock(this.record.clock, this.now());
    this.emit('end', { result, reason });
  }

  /** The side to move resigns (against the computer: the player). */
  resign() {
    if (!this.game || this.over()) return false;
    const loser = this.settings.mode === 'computer' ? this.settings.side : this.game.sideToMove();
    this.endGame(other(loser), 'resign');
    return true;
  }

  /** In a hot-seat game, the side to move offers a draw; the other side answers it. */
  offerDraw() {
    if (!this.game || this.settings.mode === 'computer' || this.over() || this.drawOffer) return false;
    this.drawOffer = this.game.sideToMove();
    this.emit('draw-offer', { side: this.drawOffer });
    return true;
  }

  /** @param {boolean} accept */
  answerDraw(accept) {
    if (this.drawOffer === null) return;
    if (accept) return this.endGame('draw', 'agreement');
    this.drawOffer = null;
    this.emit('draw-declined');
  }

  /**
   * Checks the clock: a flag that falls ends the game by the engine's rule (lost on time, or
   * drawn when the other side cannot win by any series of legal moves: `Game::flag_fall`).
   * Returns the side whose flag fell, or null.
   * @returns {Side | null}
   */
  tick() {
    if (!this.game || this.over() || this.remote()) return null;
    const flagged = fallenFlag(this.record?.clock ?? null, this.now());
    if (!flagged) return null;
    const { result } = this.game.status(flagged);
    if (result === 'ongoing') return null;
    this.endGame(result, 'time');
    return flagged;
  }

  /** The ply shown: the past ply looked at, or the game's. */
  shownPly() {
    return this.view.kind === 'live' ? this.game.plyCount() : this.view.ply;
  }

  /**
   * Shows the position after `ply` moves (clamped); the game's own ply is the live view. With
   * `branch` (the tree is on) the past position gets a game to move in (`this.branch`), whose
   * moves go into the tree. Returns the view's previous ply.
   * @param {number} ply
   * @param {{ branch?: boolean }} [opts]
   */
  goToPly(ply, { branch = false } = {}) {
    const from = this.shownPly();
    const last = this.game.plyCount();
    ply = Math.max(0, Math.min(ply, last));
    this.view = ply === last ? { kind: 'live' } : { kind: 'past', ply };
    this.dropBranch();
    if (branch && ply !== last && this.tree) this.takeBranch(ply === 0 ? 0 : this.tree.mainLine()[ply - 1]);
    this.emit('view', { from });
    return from;
  }

  /**
   * Shows node `id` of the move tree (0: the start): a main-line node as that past ply (with a
   * game to move in), a variation's as the node view. Returns whether there is such a node.
   * @param {number} id
   */
  goToNode(id) {
    if (!this.tree) return false;
    const ply = this.tree.mainPly(id);
    if (ply >= 0) {
      this.goToPly(ply, { branch: true });
      return true;
    }
    let node = this.tree.node(id);
    if (!node) return false;
    const from = this.shownPly();
    while (!node.main && node.parent !== 0) node = this.tree.node(node.parent);
    this.dropBranch();
    this.takeBranch(id);
    this.view = { kind: 'node', id, ply: node.main ? node.ply : 0 };
    this.emit('view', { from });
    return true;
  }

  /** Back to the game as it stands. */
  goLive() {
    if (this.view.kind === 'live') return;
    const from = this.shownPly();
    this.view = { kind: 'live' };
    this.dropBranch();
    this.emit('view', { from });
  }

  /** The tree node shown: the variation's, the past ply's, or the game's last move's (0: the start). */
  shownNode() {
    if (this.view.kind === 'node') return this.view.id;
    const ply = this.shownPly();
    return ply === 0 || !this.tree ? 0 : this.tree.mainLine()[ply - 1];
  }

  /** Whether the node shown is in a variation (promote and delete apply). */
  inVariation() {
    return this.view.kind === 'node' && this.tree?.mainPly(this.view.id) === -1;
  }

  /**
   * Plays `text` into the tree after the node shown: a variation, unless it is the line's own
   * move (the game's next move from its last position is the live game again). Returns the
   * node, or why it was refused.
   * @param {string} text
   * @returns {{ node: number, error?: undefined, refused?: undefined } | { error: EngineError, node?: undefined, refused?: undefined } | { refused: Message, node?: undefined, error?: undefined }}
   */
  moveInTree(text) {
    if (!this.tree) return { refused: { id: 'error-not-ready' } };
    let node;
    try {
      node = this.tree.play(this.shownNode(), text);
    } catch (e) {
      return { error: errorOf(e) };
    }
    this.goToNode(node);
    this.emit('tree-move', { node });
    return { node };
  }

  /**
   * Makes the variation shown the main line: the game's moves become that line's (the moves
   * undone for Redo are forgotten). Returns whether it did.
   */
  promote() {
    if (!this.inVariation()) return false;
    const id = /** @type {{ id: number }} */ (this.view).id;
    this.tree.makeMain(id);
    const line = this.tree.mainLine();
    const game = /** @type {Game} */ (/** @type {unknown} */ (this.tree.gameAt(line.at(-1) ?? 0)));
    this.dropBranch();
    this.game.free();
    this.game = game;
    this.record.redo = [];
    this.drawOffer = null;
    this.view = { kind: 'live' };
    this.goToNode(id);
    this.emit('promote', { node: id });
    return true;
  }

  /** Deletes the variation shown from its move on and shows the move before it. Returns whether it did. */
  deleteVariation() {
    if (!this.inVariation()) return false;
    const id = /** @type {{ id: number }} */ (this.view).id;
    const parent = this.tree.remove(id);
    this.goToNode(parent ?? 0);
    this.emit('delete', { node: id, parent });
    return true;
  }

  /** @param {number} id */
  takeBranch(id) {
    this.branch = { id, game: /** @type {Game} */ (/** @type {unknown} */ (this.tree.gameAt(id))) };
  }

  /** Frees the game at the tree node shown. */
  dropBranch() {
    this.branch?.game.free();
    this.branch = null;
  }

  /**
   * Announces a change.
   * @param {string} what
   * @param {Record<string, any>} [detail]
   */
  emit(what, detail = {}) {
    this.dispatchEvent(new CustomEvent('change', { detail: { what, ...detail } }));
  }
}
