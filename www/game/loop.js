// The controller's play loop (www/game/ctrl.js calls these with itself): where each side's moves
// come from (the sources: this screen, the computer, the network), and the one loop that asks
// the source of the side to move for its move (`MoveSource.yourTurn`), plays its answer, and
// drops an answer that comes after the game changed. Who asks: the controller, after each change
// (once the change's task is done, so a host's own follow-up — a record's ending, a new board —
// comes first). Nobody else asks the worker or marks the computer as thinking.
import { errorOf } from '../engine/errors.js';

/** @typedef {import('./ctrl.js').GameCtrl} GameCtrl */
/** @typedef {import('./types.js').MoveSource} MoveSource */
/** @typedef {import('./types.js').SourceFailure} SourceFailure */
/** @typedef {import('../engine/types.js').Side} Side */
/** @typedef {import('./sources/computer.js').ComputerSource} ComputerSource */

/** This screen's moves: they come as `move` calls. @type {MoveSource} */
const SCREEN = Object.freeze({ kind: /** @type {const} */ ('screen') });
/** The computer's, when no source of its own is set: the host plays for it. @type {MoveSource} */
const COMPUTER = Object.freeze({ kind: /** @type {const} */ ('computer') });

/**
 * Sets the computer's source, which plays the computer's side in a game against it whenever no
 * sources are set. @param {GameCtrl} ctrl @param {ComputerSource | null} source
 */
export function setComputer(ctrl, source) {
  if (ctrl.computer && ctrl.computer !== source) {
    if (ctrl.asking?.source === ctrl.computer) ctrl.asking = null;
    ctrl.computer.detach?.();
  }
  ctrl.computer = source;
  askSoon(ctrl);
}

/**
 * Sets where each side's moves come from (the old sources are detached); `null` goes back to the
 * settings' (the computer's side and this screen).
 * @param {GameCtrl} ctrl
 * @param {{ white: MoveSource, black: MoveSource } | null} sources
 */
export function setSources(ctrl, sources) {
  const old = ctrl.sources ? new Set([ctrl.sources.white, ctrl.sources.black]) : new Set();
  const kept = sources ? new Set([sources.white, sources.black]) : new Set();
  for (const s of old) if (!kept.has(s)) s.detach?.();
  dropAsk(ctrl);
  ctrl.sources = sources;
  ctrl.emit('sources');
  askSoon(ctrl);
}

/**
 * The source of `side`'s moves: the one set, else the computer's for its side and this screen's.
 * @param {GameCtrl} ctrl
 * @param {Side} side
 * @returns {MoveSource}
 */
export function sourceOf(ctrl, side) {
  if (ctrl.sources) return ctrl.sources[side];
  if (ctrl.computerSide() !== side) return SCREEN;
  return ctrl.computer ?? COMPUTER;
}

/** Asks the source of the side to move for its move once the current task is done (once). @param {GameCtrl} ctrl */
export function askSoon(ctrl) {
  if (ctrl.askDue) return;
  ctrl.askDue = true;
  queueMicrotask(() => {
    ctrl.askDue = false;
    ask(ctrl);
  });
}

/**
 * Asks the source of the side to move for its move, if it answers such questions (the
 * computer), none is pending and none failed. Its answer is played (`by: 'computer'`), unless
 * the game changed meanwhile (then it is dropped).
 * @param {GameCtrl} ctrl
 */
export function ask(ctrl) {
  if (!ctrl.game || ctrl.asking || ctrl.failure) return;
  // Only sources that answer questions are asked (a hot-seat game has none: nothing to look up).
  if (!ctrl.sourceOf('white').yourTurn && !ctrl.sourceOf('black').yourTurn) return;
  if (ctrl.over()) return;
  const side = ctrl.game.sideToMove();
  const source = ctrl.sourceOf(side);
  if (!source.yourTurn) return;
  const asking = { source, side };
  ctrl.asking = asking;
  const newGame = ctrl.fresh;
  ctrl.fresh = false;
  ctrl.emit('ask', { side });
  source.yourTurn({ ctrl, side, newGame }).then(
    (text) => answered(ctrl, asking, text),
    (e) => answered(ctrl, asking, null, e),
  );
}

/**
 * A source's answer: played when it is still the one awaited.
 * @param {GameCtrl} ctrl
 * @param {{ source: MoveSource, side: Side }} asking
 * @param {string | null} text the move, or null for none (the source was cancelled)
 * @param {any} [failed] why the source gave no move
 */
function answered(ctrl, asking, text, failed) {
  if (ctrl.asking !== asking) return; // the game changed meanwhile: an answer nobody awaits
  ctrl.asking = null;
  if (failed !== undefined) return fail(ctrl, { move: null, ...(failed?.id ? { message: { id: failed.id } } : { error: errorOf(failed) }) });
  if (text === null) return void ctrl.emit('ask-end');
  const r = ctrl.move(text, { by: 'computer' });
  if (r.refused) fail(ctrl, { move: text, message: r.refused });
  else if (r.error) fail(ctrl, { move: text, error: r.error });
}

/** @param {GameCtrl} ctrl @param {SourceFailure} failure */
function fail(ctrl, failure) {
  ctrl.failure = failure;
  ctrl.emit('ask-failed', { failure });
}

/** Asks again after a failure (the user's Try again). @param {GameCtrl} ctrl */
export function retry(ctrl) {
  ctrl.failure = null;
  ctrl.emit('retry');
  askSoon(ctrl);
}

/** Drops the question pending (its answer will be dropped). @param {GameCtrl} ctrl */
export function dropAsk(ctrl) {
  const asking = ctrl.asking;
  ctrl.asking = null;
  asking?.source.cancel?.();
}

/** Drops the question pending and stops every source thinking (the computer's pondering). @param {GameCtrl} ctrl */
export function quiet(ctrl) {
  dropAsk(ctrl);
  for (const s of new Set([ctrl.sourceOf('white'), ctrl.sourceOf('black'), ctrl.computer])) s?.cancel?.();
}
