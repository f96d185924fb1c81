// The game controller: one object, with no DOM, owns the game in progress, its settings, its
// record (redo list, an ending the page decided, the clock) and the view mode — live, a past ply
// or a node of the move tree — as one field, and performs every action on them (move, undo,
// redo, resign, draw offers, the flag, going to a ply, a tree node or back, playing into the
// tree, promoting and deleting a variation). It runs the one play loop: after each change it asks
// the source of the side to move for its move (`MoveSource.yourTurn`: the computer searches, a
// puzzle's defender answers; this screen and the network have no such call, their moves come as
// `move` and `follow` calls) and plays the answer, dropping an answer that comes after the game
// changed (an undo, a new game). The move tree is the engine's (the bindings'
// WebTree, crates/web/src/tree.rs): its main line follows the game, and going to a node takes the
// game there from the positions the tree keeps, without replaying the moves. Each change is announced as a
// `change` event whose `detail.what` names it; the page draws from the controller and hangs its
// side effects (saving, the address bar) off that event. Refusals come back
// as page messages `{id, args}` or the engine's errors `{code, params}`: the controller words
// nothing. Tested in Node without a browser (tests/e2e/ctrl-unit.test.mjs).
import { clockAfterMove, clockLeft, clockLimits, pauseClock } from './clock.js';
import { errorOf } from '../engine/errors.js';
import * as endings from './endings.js';
import * as loop from './loop.js';
import * as remote from './remote.js';
import * as views from './navigation.js';

/** @typedef {import('../engine/types.js').Side} Side */
/** @typedef {import('../engine/types.js').Status} Status */
/** @typedef {import('../engine/types.js').MoveInfo} MoveInfo */
/** @typedef {import('../engine/types.js').EngineError} EngineError */
/** @typedef {import('../engine/engine.js').Game} Game */
/** @typedef {import('../engine/types.js').MoveTree} MoveTree */
/** @typedef {import('../engine/types.js').Tree} Tree */
/** @typedef {import('./types.js').ViewMode} ViewMode */
/** @typedef {import('./types.js').Settings} Settings */
/** @typedef {import('./types.js').GameRecord} GameRecord */
/** @typedef {import('./types.js').MoveSource} MoveSource */
/** @typedef {import('./types.js').RemoteState} RemoteState */
/** @typedef {import('./types.js').Message} Message */
/** @param {Side} side @returns {Side} */
export const other = (side) => (side === 'white' ? 'black' : 'white');

/** @typedef {import('./types.js').SourceFailure} SourceFailure */

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
    /** @type {{ white: MoveSource, black: MoveSource } | null} the sources set by setSources, or null: the settings' */
    this.sources = null;
    /** @type {import('./sources/computer.js').ComputerSource | null} the computer's source, for its side in a game against it (setComputer) */
    this.computer = null;
    /** @type {{ source: MoveSource, side: Side } | null} the source asked for the move to come, until it answers */
    this.asking = null;
    /** @type {SourceFailure | null} why the source asked last gave no move (it is not asked again until `retry`) */
    this.failure = null;
    /** Whether the next question is the first of this game (the computer starts a new search tree). */
    this.fresh = false;
    /** Whether a question is due after the current task. */
    this.askDue = false;
  }

  /** Whether a source (the computer) is finding the move to come: this screen waits. */
  get thinking() {
    return this.asking !== null;
  }

  /**
   * Sets the computer's source (www/game/sources/computer.js), which plays the computer's side
   * in a game against it whenever no sources are set.
   * @param {import('./sources/computer.js').ComputerSource | null} source
   */
  setComputer(source) { loop.setComputer(this, source); }

  /**
   * Sets where each side's moves come from (the old sources are detached), e.g. this screen for
   * one side and the network for the other in an online game. `start` keeps them; `null` goes
   * back to the settings' (the computer's side and this screen).
   * @param {{ white: MoveSource, black: MoveSource } | null} sources
   */
  setSources(sources) { loop.setSources(this, sources); }

  /** The source of `side`'s moves: the one set, else the computer's for its side and this screen's. @param {Side} side @returns {MoveSource} */
  sourceOf(side) { return loop.sourceOf(this, side); }

  /** Whether another party (the network) decides the game: no ending, undo or flag of the page's own. */
  remote() {
    return this.sourceOf('white').kind === 'network' || this.sourceOf('black').kind === 'network';
  }

  /** Brings the game to `state` as the server has it (www/game/remote.js). @param {RemoteState} state */
  follow(state) { return remote.follow(this, state); }

  /**
   * Takes over `game` (the previous one is freed) with its settings and record.
   * @param {Game} game
   * @param {Settings} settings
   * @param {GameRecord & Record<string, any>} record
   */
  start(game, settings, record) {
    this.quiet();
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
    this.failure = null;
    this.fresh = true;
    // The time the page was closed does not count: a restored clock goes on from where it was.
    if (record.clock) record.clock.since = this.now();
    if (this.status().result !== 'ongoing') pauseClock(record.clock, this.now());
    this.emit('start');
    this.askSoon();
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
   * The game as the computer's worker takes it (www/engine/computer.js): variant, start FEN, options and the
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
    // Both sides from the network: this screen watches (a spectator), it has no opponent.
    if (by !== 'network' && source === 'network') return { refused: { id: this.sourceOf(status.side === 'white' ? 'black' : 'white').kind === 'network' ? 'error-watching' : 'error-opponent-turn' } };
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
    for (const s of new Set([this.sourceOf('white'), this.sourceOf('black')])) s.played?.({ move, by, ply });
    this.emit('move', { move, by });
    this.askSoon();
    return { move };
  }

  /**
   * Takes back the page's ending (resignation, agreement, time) if there is one, else the last
   * move — the last two against the computer on the player's turn, back to the player's turn.
   * @returns {{ ending: boolean, undone: string[] }}
   */
  undo() {
    if (!this.game) return { ending: false, undone: [] };
    this.quiet();
    this.failure = null;
    this.drawOffer = null;
    this.view = { kind: 'live' };
    const record = this.record;
    if (record.ended) {
      this.dropBranch();
      record.ended = null;
      this.emit('undo', { ending: true, undone: [] });
      this.askSoon();
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
    this.askSoon();
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
    this.quiet();
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
    this.askSoon();
    return played;
  }

  // The saved record's bookkeeping: the page's store (www/services/store.js) answers through these.
  /** Takes the stored copy after a save (its revision; a forked save's new id). @param {GameRecord & Record<string, any>} stored */
  stored(stored) { this.record = stored; }
  /** The stored copy changed in another tab or the Games list: its name and revision. @param {{ name: string, rev: number }} r */
  storedChanged({ name, rev }) { this.record = { ...this.record, name, rev }; }
  /** The stored copy was deleted: the game is saved as a new one (`id`) from now on. @param {string} id @param {number} created */
  saveAsNew(id, created) { this.record = { ...this.record, id, rev: 0, created }; }
  /** Names the game (a PGN's Event). @param {string} name */
  rename(name) { this.record.name = name; }
  /** Keeps a finished review of the game with the record. @param {any} review */
  keepReview(review) { this.record.review = review; }

  // The endings (www/game/endings.js holds these and says what each does).
  /** Ends the game by the page's decision. @param {'white' | 'black' | 'draw'} result @param {string} reason `resign`, `agreement` or `time` */
  endGame(result, reason) { endings.endGame(this, result, reason); }
  /** Takes over an ending a record says (announced as `ending`). @param {{ result: 'white' | 'black' | 'draw', reason: string }} ended */
  restoreEnding(ended) { endings.restoreEnding(this, ended); }
  /** The side to move resigns (against the computer: the player). */
  resign() { return endings.resign(this); }
  /** In a hot-seat game, the side to move offers a draw. */
  offerDraw() { return endings.offerDraw(this); }
  /** The other side answers the draw offer. @param {boolean} accept */
  answerDraw(accept) { return endings.answerDraw(this, accept); }
  /** Checks the clock: a flag that falls ends the game by the engine's rule. Returns the side whose flag fell, or null. @returns {Side | null} */
  tick() { return endings.tick(this); }

  // The view and the move tree (www/game/navigation.js holds these and says what each does).
  /** The ply shown. @returns {number} */
  shownPly() { return views.shownPly(this); }
  /** Shows the position after `ply` moves. @param {number} ply @param {{ branch?: boolean }} [opts] */
  goToPly(ply, opts) { return views.goToPly(this, ply, opts); }
  /** Shows node `id` of the move tree. @param {number} id */
  goToNode(id) { return views.goToNode(this, id); }
  /** Back to the game as it stands. */
  goLive() { return views.goLive(this); }
  /** Shows where an analysis line leads from the game's position (read-only). @param {string[]} line */
  showLine(line) { return views.showLine(this, line); }
  /** The tree node shown. @returns {number} */
  shownNode() { return views.shownNode(this); }
  /** Whether the node shown is in a variation. */
  inVariation() { return views.inVariation(this); }
  /** Plays `text` into the tree after the node shown. @param {string} text */
  moveInTree(text) { return views.moveInTree(this, text); }
  /** Makes the variation shown the main line. */
  promote() { return views.promote(this); }
  /** Deletes the variation shown. */
  deleteVariation() { return views.deleteVariation(this); }
  /** Frees the game at the tree node shown. */
  dropBranch() { return views.dropBranch(this); }

  // The play loop (www/game/loop.js holds these and says what each does).
  /** Asks the source of the side to move for its move once the current task is done. */
  askSoon() { loop.askSoon(this); }
  /** Asks again after the source failed (the user's Try again). */
  retry() { loop.retry(this); }
  /** Ends the search for the move now: the computer answers with the best move found so far. */
  hurry() { this.asking?.source.hurry?.(); }
  /** Drops the question pending and stops every source thinking (the computer's pondering). */
  quiet() { loop.quiet(this); }
  /** A hint for the side to move: the computer's source's move at `limits` (null without one). @param {Record<string, any>} limits @returns {Promise<string | null>} */
  hint(limits) { return this.computer?.hint(this, limits) ?? Promise.resolve(null); }
  /** Drops the hint being searched. */
  cancelHint() { this.computer?.cancelHint(); }


  /**
   * Announces a change.
   * @param {string} what
   * @param {Record<string, any>} [detail]
   */
  emit(what, detail = {}) {
    this.dispatchEvent(new CustomEvent('change', { detail: { what, ...detail } }));
  }
}
