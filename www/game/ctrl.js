// The game controller: one object, with no DOM, owns the game in progress, its settings, its
// record (redo list, an ending the page decided, the clock) and the view mode — live, a past ply
// or a node of the move tree — as one field, and performs every action on them (move, undo,
// redo, resign, draw offers, the flag, going to a ply or back). Each change is announced as a
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
  /** @param {{ now?: () => number }} [opts] `now`: the clock's time source (tests pass their own). */
  constructor({ now = () => Date.now() } = {}) {
    super();
    this.now = now;
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
    this.game = game;
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
   * Shows the position after `ply` moves (clamped); the game's own ply is the live view.
   * Returns the view's previous ply.
   * @param {number} ply
   */
  goToPly(ply) {
    const from = this.shownPly();
    const last = this.game.plyCount();
    ply = Math.max(0, Math.min(ply, last));
    this.view = ply === last ? { kind: 'live' } : { kind: 'past', ply };
    this.emit('view', { from });
    return from;
  }

  /**
   * Shows node `id` of the move tree, `ply` moves deep.
   * @param {number} id
   * @param {number} ply
   */
  goToNode(id, ply) {
    const from = this.shownPly();
    this.view = { kind: 'node', id, ply };
    this.emit('view', { from });
  }

  /** Back to the game as it stands. */
  goLive() {
    if (this.view.kind === 'live') return;
    const from = this.shownPly();
    this.view = { kind: 'live' };
    this.emit('view', { from });
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
