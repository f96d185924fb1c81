// The puzzle page (www/puzzles.html): capture and mate exercises and positions mined from
// self-play (tests/data/puzzles-<game>.txt, tests/data/mined-<game>.txt; read by
// www/puzzles/record.js). The game is the game page's controller (www/game/ctrl.js) in the same
// play loop: the player (this screen) against the defender, the computer's source
// (www/game/sources/computer.js) searching the engine's best reply to a fixed depth, which the
// controller asks on its turn and plays. Each player's move is judged with that reply
// (www/puzzles/judge.js): a right one is answered by the defence; a wrong one is explained by
// what it allows (the reply and its score), shown a moment, and taken back. Progress and a rating
// are remembered in localStorage.
import { Computer } from '../engine/computer.js';
import { BoardView, buildGame, gameTable, init } from '../engine/engine.js';
import { errorText, startPageI18n, t } from '../services/i18n.js';
import { GameCtrl } from '../game/ctrl.js';
import { ComputerSource } from '../game/sources/computer.js';
import { judge } from '../puzzles/judge.js';
import { parsePuzzles, readRecord, score, solvedCount } from '../puzzles/record.js';
import { PromotionChooser } from '../views/promotion.js';
import { arrowKeys } from '../views/a11y.js';
import { scoreWords } from '../services/score-words.js';

/** @typedef {import('../puzzles/record.js').Puzzle} Puzzle */

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
/** The defender: the engine's best reply, searched to a fixed depth in the worker. */
const defender = new ComputerSource({ load: () => new Computer({}), limits: () => ({ depth: REPLY_DEPTH }) });
ctrl.setComputer(defender);
ctrl.addEventListener('change', (e) => changed(/** @type {CustomEvent} */ (e).detail));
/**
 * A puzzle shown: the board, the player's side, the moves still to find, whether the first
 * move is still to play, whether it is over, the player's last move and whether a refutation
 * is being shown.
 * @typedef {{ puzzle: Puzzle, index: number, board: any, side: import('../engine/types.js').Side, left: number, first: boolean, done: boolean,
 *   played: { text: string, notation: string } | null, waiting: boolean }} Shown
 */
/** @type {Shown | null} the puzzle shown */
let current = null;
const record = readRecord(localStorage.getItem(STORE));

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
        const r = await fetch(new URL(`../../tests/data/${file}`, import.meta.url));
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
  current?.board.free();
  const side = built.game.sideToMove();
  ctrl.start(built.game, { variant, fen: p.fen, options: [], mode: 'computer', side, level: 1, autoflip: false, clock: null }, { ended: null, redo: [], clock: null });
  const board = new BoardView(canvas, ctrl.game, { orientation: side, movable: side, animation: 200 });
  current = { puzzle: p, index, board, side, left: p.kind === 'mate' ? p.n : 1, first: true, done: false, played: null, waiting: false };
  canvas.dataset.puzzle = `${variant}/${p.id}`;
  canvas.dataset.state = 'playing';
  $('puzzle-title').textContent = t('puzzles-title', { id: p.id, side, number: index + 1, total: list.length });
  $('puzzle-goal').textContent = goalText(p);
  feedback('');
  showProgress();
}

/**
 * A reply's score for `forSide`: a mate in the page's words ("White mates in 2"), else pawns
 * for that side, signed.
 * @param {import('../engine/types.js').Score} s @param {import('../engine/types.js').Side} forSide
 */
function replyScoreWords(s, forSide) {
  if (s.mate !== undefined) return scoreWords(s, forSide);
  return t('puzzles-score-cp', { pawns: (s.cp / 100).toFixed(1), side: forSide });
}

/** @param {string} text the player's move, from the board or the promotion chooser */
function onMove(text) {
  const c = current;
  if (!c || c.done || c.waiting || ctrl.turn() !== 'player') return;
  ctrl.move(text); // drawn and judged from the controller's change (changed)
}

/**
 * The puzzle's game changed: the player's move (judged at once when it ended the game; else
 * the controller asks the defender), the defender's reply (the player's move judged with it),
 * or no reply found.
 * @param {{ what: string } & Record<string, any>} detail
 */
function changed(detail) {
  const c = current;
  if (!c || c.done) return;
  if (detail.what === 'move' && detail.by === 'user') {
    c.played = { text: detail.move.move, notation: detail.move.notation || detail.move.move };
    c.board.set({ movable: 'none' });
    c.board.sync(ctrl.game, true);
    if (ctrl.over()) verdict(c, null);
  } else if (detail.what === 'move' && detail.by === 'computer') {
    c.board.sync(ctrl.game, true);
    const score = defender.last?.score ?? { cp: 0 };
    verdict(c, { move: detail.move.move, notation: detail.move.notation || detail.move.move, score });
  } else if (detail.what === 'ask-failed' && c.played) verdict(c, null);
}

/**
 * Judges the player's last move with the defender's reply `r` (played on the board; null when
 * there is none): a wrong move's refutation stays a moment before both are taken back.
 * @param {Shown} c
 * @param {{ move: string, notation: string, score: import('../engine/types.js').Score } | null} r
 */
async function verdict(c, r) {
  const { text, notation } = c.played;
  const won = ctrl.status().result === c.side;
  const { right, solved } = judge(c.puzzle, c, { text, won, reply: r });
  if (!right) {
    const said = r
      ? t('puzzles-wrong-allows', { notation, reply: r.notation, score: replyScoreWords(r.score, c.side === 'white' ? 'black' : 'white') })
      : t('puzzles-wrong', { notation });
    feedback(said, false);
    scored(c.puzzle, false);
    if (r) {
      // The refutation is shown on the board before both moves are taken back.
      canvas.dataset.refutation = r.move;
      canvas.dataset.state = 'refuting';
      c.waiting = true;
      await new Promise((done) => setTimeout(done, REFUTATION_MS));
      if (c !== current) return;
      c.waiting = false;
    }
    canvas.dataset.state = 'wrong';
    // Back to the player's turn: the wrong move, and the refutation when one was shown.
    ctrl.undo();
    c.board.sync(ctrl.game, false);
    c.board.set({ movable: c.side });
    return;
  }
  c.first = false;
  c.left -= 1;
  if (solved) {
    // Solved: the engine still shows its best defence, when there is one.
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
  canvas.addEventListener('board-move', (/** @type {any} */ e) => onMove(e.detail.move));
  // A promotion asks which piece, with the game page's chooser (choosing is part of the puzzle).
  const chooser = new PromotionChooser({ dialog: $('promotion'), box: $('promotion-choices'), focusBack: () => canvas.focus(), onChoose: onMove });
  canvas.addEventListener('board-promote', (/** @type {any} */ e) => chooser.show(e.detail.choices, ctrl.game.sideToMove()));
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
    /** @param {string} name */
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
