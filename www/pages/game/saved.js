// Saved games: the record of the game shown, saving it, opening one, PGN in and out. Part of the
// game page (www/pages/game/main.js boots it; the page's state is in state.js).
import { reviewFits } from '../../services/store.js';
import { clockName } from '../../game/clock.js';
import { errorText, t } from '../../services/i18n.js';
import { BoardView, buildGame, errorOf, gameSpec, readPgn, timeControlTag } from '../../engine/engine.js';
import { $, canvas, ctrl, store, page } from './state.js';
import { startGame } from './start.js';
import { urlFor } from './url.js';

/** @typedef {Record<string, any>} SavedRecord a saved game's record (www/services/store.js) */

/** The record of this game as it stands (what a reload, Back or a new tab restores). */
export function snapshot() {
  const standard = gameSpec(ctrl.game.variant()).startFen;
  const status = ctrl.game.status();
  const ended = ctrl.record.ended;
  return {
    ...ctrl.record,
    variant: ctrl.game.variant(),
    fen: ctrl.game.startFen() === standard ? '' : ctrl.game.startFen(),
    options: [...ctrl.settings.options],
    moves: ctrl.game.moveTexts(),
    mode: ctrl.settings.mode,
    side: ctrl.settings.side,
    level: ctrl.settings.level,
    autoflip: ctrl.settings.autoflip,
    orientation: canvas.dataset.orientation === 'black' ? 'black' : 'white',
    clock: ctrl.record.clock ? { ...ctrl.record.clock, ...ctrl.clockLeft() } : null,
    final: { fen: ctrl.game.fen(), result: ended?.result ?? status.result, reason: ended?.reason ?? status.reason ?? '' },
    // Optional fields: the game review (www/review/review.js) while it fits the moves, the plies of the hints.
    review: reviewFits(ctrl.record.review, ctrl.game.moveTexts()) ? ctrl.record.review : undefined,
    hints: page.hints?.plies.length ? [...page.hints.plies] : undefined,
    tree: ctrl.tree?.hasNotes() ? ctrl.tree.value(false) : undefined,
  };
}

/** Saves the game after every change; a game not yet moved in is not saved. */
export function persist() {
  if (!ctrl.game || !ctrl.record || (ctrl.record.rev === 0 && ctrl.game.plyCount() === 0 && !ctrl.record.ended)) return;
  const saved = store.save(snapshot());
  if (!saved.ok) return showStoreProblems([saved.problem]);
  if (saved.forked) showStoreProblems([{ id: 'store-forked', args: {} }]);
  else if (page.storeProblems.some((p) => p.id === 'store-full' || p.id === 'store-unavailable')) showStoreProblems([]);
  ctrl.stored(saved.record);
}

/** Shows messages about the saved games in the storage notice (none hides it). */
/** @param {any[]} list */
export function showStoreProblems(list) {
  page.storeProblems = list;
  renderStoreProblems();
}

export function renderStoreProblems() {
  const el = $('store-notice');
  el.replaceChildren(...page.storeProblems.map((m) => {
    const div = document.createElement('div');
    div.dataset.problem = m.id ?? m.error.code;
    div.textContent = m.error ? errorText(m.error) : t(m.id, m.args);
    return div;
  }));
  el.hidden = page.storeProblems.length === 0;
}

/** Whether saved record `r` is the game that settings `s` (from the URL) describe. */
/** @param {SavedRecord} r @param {any} s */
export function sameGame(r, s) {
  const sorted = (/** @type {string[]} */ a) => [...a].sort().join(' ');
  return r.variant === s.variant && r.fen === s.fen.trim() && sorted(r.options) === sorted(s.options)
    && r.moves.join(' ') === s.moves.join(' ') && r.mode === s.mode
    && (s.mode !== 'computer' || (r.side === s.side && r.level === s.level))
    && clockName(r.clock) === clockName(s.clock);
}

/** The settings a saved record starts from. */
/** @param {SavedRecord} r */
export function settingsOf(r) {
  return { variant: r.variant, fen: r.fen, options: [...r.options], mode: r.mode, side: r.side, level: r.level, autoflip: !!r.autoflip, clock: r.clock ? { base: r.clock.base, inc: r.clock.inc } : null, moves: [...r.moves] };
}

/** Opens a saved game (from the Games list). */
/** @param {SavedRecord} r */
export function openSaved(r) {
  if (r.id === ctrl.record?.id) return;
  history.replaceState(null, '', urlFor(settingsOf(r)));
  startGame(settingsOf(r), [], r);
}

/** The board picture of a saved game, for the Games list. */
/** @param {HTMLCanvasElement} cv @param {SavedRecord} r */
export function thumbnail(cv, r) {
  const built = buildGame({ variant: r.variant, fen: r.fen, options: r.options, moves: r.moves });
  if (built.error) return null;
  try {
    return new BoardView(cv, built.game, { orientation: r.orientation ?? 'white', movable: 'none', coordinates: false, animation: 0, ...page.theme.current() });
  } catch {
    return null;
  } finally {
    built.game.free();
  }
}

/** What is wrong with the new-game settings' PGN or FEN, in words, or null (the dialog's check). */
/** @param {any} s */
export function checkSettings(s) {
  if (s.pgn) {
    try {
      readPgn(s.pgn, s.variant, 1);
      return null;
    } catch (e) {
      return errorText(errorOf(e));
    }
  }
  if (!s.fen) return null;
  const built = buildGame({ variant: s.variant, fen: s.fen, options: s.options });
  if (built.error) return errorText(built.error);
  built.game.free();
  return null;
}

/** Starts the first game of a PGN text (checked), with the players of `s`; its result is kept. */
/** @param {string} text @param {any} s */
export function startFromPgn(text, s) {
  const g = readPgn(text, s.variant, 1);
  const standard = gameSpec(g.variant).startFen;
  // The record's options that differ from the game's standard (the engine tells them apart).
  const next = { ...s, variant: g.variant, fen: g.fen === standard ? '' : g.fen, options: g.options, moves: g.moves, pgn: '', tree: g.tree };
  const tag = (/** @type {string} */ name) => g.tags.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
  // The TimeControl tag as the engine reads it (a correspondence game's has no clock here).
  if (g.clock) next.clock = { base: g.clock.base, inc: g.clock.inc };
  history.replaceState(null, '', urlFor(next));
  startGame(next);
  delete /** @type {any} */ (ctrl.settings).tree;
  // A result the moves do not decide (a resignation, an agreement, time) comes from the record.
  const reason = tag('Termination');
  if (g.result !== 'ongoing' && ctrl.game.status().result === 'ongoing') {
    ctrl.restoreEnding({ result: g.result, reason: ['resign', 'agreement', 'time'].includes(reason) ? reason : 'record' });
  }
  if (tag('Event') && tag('Event') !== '?') ctrl.rename(tag('Event'));
  persist();
}

/** Downloads a saved game's record as PGN. */
/** @param {SavedRecord} r */
export async function exportRecord(r) {
  const built = buildGame({ variant: r.variant, fen: r.fen, options: r.options, moves: r.moves });
  if (built.error) return showStoreProblems([{ error: built.error }]);
  const text = await pgnOf(built.game, r);
  built.game.free();
  // The file writer and the PGN's annotations are loaded at first use (not on the first visit).
  const { download } = await import('../../services/download.js');
  download(new Blob([text], { type: 'application/x-chess-pgn' }), `${fileName(r)}.pgn`);
}

/** The PGN of `g` with the tags of record `r` (players, date, a result the page decided). */
/** @param {import('../../engine/engine.js').Game} g @param {SavedRecord} r */
export async function pgnOf(g, r) {
  const d = new Date(r.created);
  const date = `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;
  const you = t('pgn-you');
  const computerName = t('pgn-computer', { level: r.level });
  const [white, black] = r.mode === 'computer' ? (r.side === 'white' ? [you, computerName] : [computerName, you]) : ['?', '?'];
  /** @type {[string, string][]} */
  const tags = [['Event', r.name || '?'], ['Site', 'Baroque'], ['Date', date], ['White', white], ['Black', black]];
  if (r.clock?.base) {
    try {
      tags.push(['TimeControl', timeControlTag(r.clock)]); // as the engine writes it
    } catch {
      // a clock out of the engine's bounds (a damaged record): no tag
    }
  }
  if (r.ended) tags.push(['Termination', r.ended.reason]);
  if (r.hints?.length) tags.push(['Hints', String(r.hints.length)]); // docs/pgn.md: the hints used (www/views/hint.js)
  // The saved tree's variations, NAGs and comments, with the review's evaluations, NAGs and
  // judgements and the hints' comments added as its annotations (www/review/review.js annotateTree);
  // should the tree not fit the moves, the moves with the review's annotations alone.
  const review = reviewFits(r.review, r.moves) ? r.review : null;
  const { annotateTree } = await import('../../review/review.js');
  const sides = review ? g.history().map((h) => h.side) : []; // the movers, as the engine has them
  const notes = { review, sides, hints: r.hints ?? [], hintWords: t('hint-mark-title'), plies: r.moves.length };
  if (r.tree) {
    try {
      return g.pgn(tags, r.ended?.result ?? undefined, annotateTree(r.tree, notes));
    } catch (e) {
      console.warn('The move tree does not fit the game; its variations are left out.', e);
    }
  }
  return g.pgn(tags, r.ended?.result ?? undefined, annotateTree(null, notes));
}

/** @param {SavedRecord} r */
export function fileName(r) {
  const d = new Date(r.updated ?? Date.now());
  return `baroque-${r.variant}-${d.toISOString().slice(0, 16).replace(/[:T]/g, '-')}`;
}
