// The puzzle page (www/puzzles.html): capture and mate exercises and positions mined from
// self-play (tests/data/puzzles-<game>.txt, tests/data/mined-<game>.txt; read by
// www/puzzles/record.js). The player moves; a right move is answered by the engine's defence
// (in the worker); a wrong one is explained by what it allows (the engine's best reply and its
// score). The game is the game page's controller (www/game/ctrl.js): the player against the
// computer, which decides whose turn it is, and takes a wrong move back. Progress and a rating
// are remembered in localStorage.
import { Computer } from './ai.js';
import { BoardView, buildGame, gameTable, init } from './engine/engine.js';
import { errorText, startPageI18n, t } from './i18n.js';
import { GameCtrl } from './game/ctrl.js';
import { parsePuzzles, readRecord, score, solvedCount } from './puzzles/record.js';
import { PromotionChooser } from './views/promotion.js';
import { arrowKeys } from './a11y.js';
import { scoreWords } from './score-words.js';

/** @typedef {import('./puzzles/record.js').Puzzle} Puzzle */

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const canvas = $('board');
const STORE = 'baroque.puzzles';
/** How long a wrong move's refutation stays on the board before both are taken back (ms). */
const REFUTATION_MS = 1500;
/** Search depth of the engine's answers (the defence, and what a wrong move allows). */
const REPLY_DEPTH = 4;

/** @type {Record<string, Puzzle[]>} game id -> its puzzles */
const puzzles = {};
/** The puzzle's game: the player against the computer's defence. */
const ctrl = new GameCtrl();
/**
 * The puzzle shown: the board, the player's side, the moves still to find, whether the first
 * move is still to play and whether it is over.
 * @type {{ puzzle: Puzzle, index: number, board: any, side: import('./engine/types.js').Side, left: number, first: boolean, done: boolean } | null}
 */
let current = null;
const record = readRecord(localStorage.getItem(STORE));
const computer = new Computer({});

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(record));
  } catch {
    // private mode: progress lasts for this visit only
  }
}

async function loadPuzzles() {
  for (const g of gameTable()) {
    puzzles[g.id] = [];
    for (const file of [`puzzles-${g.id}.txt`, `mined-${g.id}.txt`]) {
      try {
        const r = await fetch(new URL(`../tests/data/${file}`, import.meta.url));
        if (r.ok) puzzles[g.id].push(...parsePuzzles(await r.text(), g.id, file));
      } catch {
        // a missing file only means fewer puzzles
      }
    }
  }
}

/** @param {string} text @param {boolean} [ok] */
function feedback(text, ok) {
  const f = $('puzzle-feedback');
  f.textContent = text;
  f.dataset.result = ok === undefined ? '' : ok ? 'right' : 'wrong';
  $('live').textContent = text;
}

/** @param {Puzzle} p */
function goalText(p) {
  if (p.kind === 'mate') return t('puzzles-goal-mate', { moves: p.n });
  if (p.kind === 'capture') return t('puzzles-goal-capture', { pieces: p.n });
  return t('puzzles-goal-win');
}

function showProgress() {
  const variant = $('puzzle-game').value;
  const list = puzzles[variant] ?? [];
  $('puzzle-progress').textContent = t('puzzles-progress', { solved: solvedCount(record, list), total: list.length, game: t(`game-${variant}`) });
  $('puzzle-rating').textContent = t('puzzles-rating', { rating: Math.round(record.rating) });
}

/** @param {Puzzle} p @param {boolean} won */
function scored(p, won) {
  score(record, p, won);
  save();
  showProgress();
}

/** @param {string} variant @param {number} index */
function show(variant, index) {
  $('promotion').hidden = true;
  const list = puzzles[variant] ?? [];
  if (!list.length) {
    feedback(t('puzzles-none', { game: t(`game-${variant}`) }));
    return;
  }
  index = ((index % list.length) + list.length) % list.length;
  record.at[variant] = index;
  save();
  const p = list[index];
  const built = buildGame({ variant, fen: p.fen });
  if (built.error) {
    feedback(errorText(built.error), false);
    return;
  }
  computer.cancel();
  current?.board.free();
  const side = built.game.sideToMove();
  ctrl.start(built.game, { variant, fen: p.fen, options: [], mode: 'computer', side, level: 1, autoflip: false, clock: null }, { ended: null, redo: [], clock: null });
  const board = new BoardView(canvas, ctrl.game, { orientation: side, movable: side, animation: 200 });
  current = { puzzle: p, index, board, side, left: p.kind === 'mate' ? p.n : 1, first: true, done: false };
  canvas.dataset.puzzle = `${variant}/${p.id}`;
  canvas.dataset.state = 'playing';
  $('puzzle-title').textContent = t('puzzles-title', { id: p.id, side, number: index + 1, total: list.length });
  $('puzzle-goal').textContent = goalText(p);
  feedback('');
  showProgress();
}

/** The engine's best reply in the position, as { move, notation, score }, or null. */
async function reply() {
  const r = await computer.think(ctrl.position(), { depth: REPLY_DEPTH });
  if (!r.best) return null;
  const m = ctrl.game.legalMoves().find((x) => x.move === r.best);
  return { move: r.best, notation: m?.notation ?? r.best, score: r.score };
}

/**
 * A reply's score for `forSide`: a mate in the page's words ("White mates in 2"), else pawns
 * for that side, signed.
 * @param {import('./engine/types.js').Score} s @param {import('./engine/types.js').Side} forSide
 */
function replyScoreWords(s, forSide) {
  if (s.mate !== undefined) return scoreWords(s, forSide);
  return t('puzzles-score-cp', { pawns: (s.cp / 100).toFixed(1), side: forSide });
}

/** Plays the computer's defence `r` (when there is one) on the board. */
function defend(c, r) {
  if (r) ctrl.move(r.move, { by: 'computer' });
  c.board.sync(ctrl.game, true);
}

/** @param {string} text the player's move */
async function onMove(text) {
  const c = current;
  if (!c || c.done || ctrl.turn() !== 'player') return;
  const played = ctrl.move(text);
  if (!played.move) return;
  const notation = played.move.notation || text;
  // The computer's turn: the controller refuses the player's moves until it has answered.
  ctrl.thinking = true;
  c.board.set({ movable: 'none' });
  c.board.sync(ctrl.game, true);
  const status = ctrl.status();
  const wonNow = status.result === c.side;
  let right = false;
  if (wonNow) right = true;
  else if (c.first) right = text === c.puzzle.solution;
  else {
    // A later move of a longer mate: right when the engine sees the defender mated in time.
    const r = await reply();
    right = !!r && r.score.mate !== undefined && r.score.mate < 0 && -r.score.mate <= c.left - 1;
  }
  if (c !== current) return;
  if (!right) {
    const r = status.result === 'ongoing' ? await reply() : null;
    if (c !== current) return;
    const said = r
      ? t('puzzles-wrong-allows', { notation, reply: r.notation, score: replyScoreWords(r.score, c.side === 'white' ? 'black' : 'white') })
      : t('puzzles-wrong', { notation });
    feedback(said, false);
    scored(c.puzzle, false);
    if (r) {
      // The refutation is shown on the board before both moves are taken back.
      ctrl.move(r.move, { by: 'computer' });
      c.board.sync(ctrl.game, true);
      canvas.dataset.refutation = r.move;
      canvas.dataset.state = 'refuting';
      await new Promise((done) => setTimeout(done, REFUTATION_MS));
      if (c !== current) return;
    }
    canvas.dataset.state = 'wrong';
    ctrl.thinking = false;
    // Back to the player's turn: the wrong move, and the refutation when one was shown.
    ctrl.undo();
    c.board.sync(ctrl.game, false);
    c.board.set({ movable: c.side });
    return;
  }
  c.first = false;
  c.left -= 1;
  const solved = wonNow || c.left <= 0 || c.puzzle.kind !== 'mate';
  // Solved: the engine still shows its best defence, when there is one; else it defends on.
  const r = status.result === 'ongoing' ? await reply() : null;
  if (c !== current) return;
  defend(c, r);
  ctrl.thinking = false;
  if (solved) {
    c.done = true;
    canvas.dataset.state = 'solved';
    feedback(r ? t('puzzles-solved-defence', { notation, reply: r.notation }) : t('puzzles-solved', { notation }), true);
    scored(c.puzzle, true);
    return;
  }
  canvas.dataset.state = 'playing';
  feedback(t('puzzles-right-continue', { notation, reply: r?.notation ?? '' }), true);
  c.board.set({ movable: c.side });
}

/** Words that follow the language: refilled after a change. */
function relabel() {
  fillGames();
  if (current) show(current.puzzle.variant, current.index);
}

function fillGames() {
  const sel = $('puzzle-game');
  const value = sel.value;
  sel.replaceChildren(...gameTable().map((g) => Object.assign(document.createElement('option'), { value: g.id, textContent: t(`game-${g.id}`) })));
  if (value) sel.value = value;
}

async function main() {
  await startPageI18n($('lang-select'), relabel);
  await init();
  await loadPuzzles();
  fillGames();
  const params = new URLSearchParams(location.search);
  const wanted = params.get('variant');
  const variant = gameTable().some((g) => g.id === wanted) ? wanted : gameTable()[0].id;
  $('puzzle-game').value = variant;
  $('puzzle-game').addEventListener('change', () => show($('puzzle-game').value, record.at[$('puzzle-game').value] ?? 0));
  canvas.addEventListener('board-move', (e) => onMove(e.detail.move));
  // A promotion asks which piece, with the game page's chooser (choosing is part of the puzzle).
  const chooser = new PromotionChooser({ dialog: $('promotion'), box: $('promotion-choices'), focusBack: () => canvas.focus(), onChoose: onMove });
  canvas.addEventListener('board-promote', (e) => chooser.show(e.detail.choices, ctrl.game.sideToMove()));
  $('promotion-cancel').addEventListener('click', () => chooser.hide());
  arrowKeys($('promotion'), () => chooser.hide());
  $('btn-puzzle-next').addEventListener('click', () => show(current.puzzle.variant, current.index + 1));
  $('btn-puzzle-retry').addEventListener('click', () => show(current.puzzle.variant, current.index));
  $('btn-puzzle-solution').addEventListener('click', () => {
    const c = current;
    const m = ctrl.game.legalMoves().find((x) => x.move === c.puzzle.solution);
    if (c.first && !c.done) scored(c.puzzle, false);
    feedback(t('puzzles-solution-is', { notation: m?.notation ?? c.puzzle.solution }));
  });
  const id = params.get('puzzle');
  const list = puzzles[variant];
  const at = id ? list.findIndex((p) => p.id === id) : (record.at[variant] ?? 0);
  show(variant, at < 0 ? 0 : at);
  new ResizeObserver(() => current?.board.redraw()).observe(canvas);
  canvas.dataset.ready = 'true';
  // Test hook: the board's geometry and the position, nothing that bypasses the rules.
  /** @type {any} */ (window).puzzleBoard = {
    center(name) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = current.board.squareCenter(name, r.width);
      return [r.left + x, r.top + y];
    },
    legal: () => ctrl.game.legalMoves().map((m) => m.move),
    fen: () => ctrl.game.fen(),
  };
}

main().catch((e) => {
  const box = $('page-error');
  box.hidden = false;
  box.textContent = t('error-engine-load', { error: String(e?.message ?? e) });
});
