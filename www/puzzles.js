// The puzzle page (www/puzzles.html): capture and mate exercises and positions mined from
// self-play (tests/data/puzzles-<game>.txt, tests/data/mined-<game>.txt; one line each,
// `id | FEN | solution | goal | motif [| source]`). The player moves; a right move is answered
// by the engine's defence (in the worker); a wrong one is explained by what it allows (the
// engine's best reply and its score). Progress and a rating are remembered in localStorage.
import { Computer } from './ai.js';
import { BoardView, buildGame, gameTable, init } from './engine/engine.js';
import { errorText, startPageI18n, t } from './i18n.js';

/** @param {string} id @returns {any} */
const $ = (id) => document.getElementById(id);
const canvas = $('board');
const STORE = 'baroque.puzzles';
/** How long a wrong move's refutation stays on the board before both are taken back (ms). */
const REFUTATION_MS = 1500;
/** Search depth of the engine's answers (the defence, and what a wrong move allows). */
const REPLY_DEPTH = 4;
/** A puzzle's rating by goal: mates in one are easiest; mined wins and longer mates harder. */
const PUZZLE_RATING = { capture: 1100, mate: 1000, win: 1400 };
const K = 32;

let puzzles = {}; // game id -> [puzzle]
let current = null; // { puzzle, game, board, played: [move text], left: moves still to find, done }
let store = load();
const computer = new Computer({});

function load() {
  try {
    const s = JSON.parse(localStorage.getItem(STORE) ?? '{}');
    return { rating: Number.isFinite(s.rating) ? s.rating : 1200, results: s.results && typeof s.results === 'object' ? s.results : {}, at: s.at ?? {} };
  } catch {
    return { rating: 1200, results: {}, at: {} };
  }
}

function save() {
  try {
    localStorage.setItem(STORE, JSON.stringify(store));
  } catch {
    // private mode: progress lasts for this visit only
  }
}

/** Parses a puzzle file; bad lines are skipped (the engine tests check the files). */
export function parsePuzzles(text, variant, file) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [id, fen, solution, goal, motif, source] = line.split(' | ').map((s) => s.trim());
    const m = /^(mate|capture) (\d+)$|^win$/.exec(goal ?? '');
    if (!id || !fen || !solution || !m) continue;
    out.push({ id, variant, fen, solution, kind: m[1] ?? 'win', n: Number(m[2] ?? 1), motif, source: source ?? file });
  }
  return out;
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

function say(text) {
  $('live').textContent = text;
}

function feedback(text, ok) {
  const f = $('puzzle-feedback');
  f.textContent = text;
  f.dataset.result = ok === undefined ? '' : ok ? 'right' : 'wrong';
  say(text);
}

function goalText(p) {
  if (p.kind === 'mate') return t('puzzles-goal-mate', { moves: p.n });
  if (p.kind === 'capture') return t('puzzles-goal-capture', { pieces: p.n });
  return t('puzzles-goal-win');
}

function showProgress() {
  const variant = $('puzzle-game').value;
  const list = puzzles[variant] ?? [];
  const solved = list.filter((p) => store.results[`${variant}/${p.id}`] === 'solved').length;
  $('puzzle-progress').textContent = t('puzzles-progress', { solved, total: list.length, game: t(`game-${variant}`) });
  $('puzzle-rating').textContent = t('puzzles-rating', { rating: Math.round(store.rating) });
}

/** Elo update against the puzzle's rating; each puzzle counts once, at its first result. */
function score(p, won) {
  const key = `${p.variant}/${p.id}`;
  const before = store.results[key];
  if (before === undefined) {
    const r = PUZZLE_RATING[p.kind] + (p.n - 1) * 200;
    const expected = 1 / (1 + 10 ** ((r - store.rating) / 400));
    store.rating += K * ((won ? 1 : 0) - expected);
  }
  if (won) store.results[key] = 'solved';
  else if (before === undefined) store.results[key] = 'failed';
  save();
  showProgress();
}

function show(variant, index) {
  const list = puzzles[variant] ?? [];
  if (!list.length) {
    feedback(t('puzzles-none', { game: t(`game-${variant}`) }));
    return;
  }
  index = ((index % list.length) + list.length) % list.length;
  store.at[variant] = index;
  save();
  const p = list[index];
  const built = buildGame({ variant, fen: p.fen });
  if (built.error) {
    feedback(errorText(built.error), false);
    return;
  }
  computer.cancel();
  current?.game.free();
  current?.board.free();
  const game = built.game;
  const side = game.sideToMove();
  const board = new BoardView(canvas, game, { orientation: side, movable: side, animation: 200 });
  current = { puzzle: p, index, game, board, side, left: p.kind === 'mate' ? p.n : 1, first: true, done: false, busy: false };
  canvas.dataset.puzzle = `${variant}/${p.id}`;
  canvas.dataset.state = 'playing';
  $('puzzle-title').textContent = t('puzzles-title', { id: p.id, side, number: index + 1, total: list.length });
  $('puzzle-goal').textContent = goalText(p);
  feedback('');
  showProgress();
}

function moves(game) {
  return game.moveTexts();
}

/** The engine's best reply in the current position, as { move, notation, score }. */
async function reply(c) {
  const r = await computer.think({ variant: c.puzzle.variant, fen: c.puzzle.fen, options: [], moves: moves(c.game) }, { depth: REPLY_DEPTH });
  if (!r.best) return null;
  const m = c.game.legalMoves().find((x) => x.move === r.best);
  return { move: r.best, notation: m?.notation ?? r.best, score: r.score };
}

function scoreWords(s, forSide) {
  if (s.mate !== undefined) return t('puzzles-score-mate', { moves: Math.abs(s.mate), side: s.mate > 0 ? forSide : (forSide === 'white' ? 'black' : 'white') });
  return t('puzzles-score-cp', { pawns: (s.cp / 100).toFixed(1), side: forSide });
}

async function onMove(text) {
  const c = current;
  if (!c || c.done || c.busy) return;
  const status0 = c.game.status();
  if (status0.side !== c.side) return;
  c.busy = true;
  c.board.set({ movable: 'none' });
  const legal = c.game.legalMoves().find((m) => m.move === text);
  c.game.play(text);
  c.board.sync(c.game, true);
  const status = c.game.status();
  const wonNow = status.result === c.side;
  let right = false;
  if (wonNow) right = true;
  else if (c.first) right = text === c.puzzle.solution;
  else {
    // A later move of a longer mate: right when the engine sees the defender mated in time.
    const r = await reply(c);
    right = !!r && r.score.mate !== undefined && r.score.mate < 0 && -r.score.mate <= c.left - 1;
  }
  if (!right) {
    const r = status.result === 'ongoing' ? await reply(c) : null;
    const said = r
      ? t('puzzles-wrong-allows', { notation: legal?.notation ?? text, reply: r.notation, score: scoreWords(r.score, c.side === 'white' ? 'black' : 'white') })
      : t('puzzles-wrong', { notation: legal?.notation ?? text });
    if (c !== current) return;
    feedback(said, false);
    score(c.puzzle, false);
    if (r) {
      // The refutation is shown on the board before both moves are taken back.
      c.game.play(r.move);
      c.board.sync(c.game, true);
      canvas.dataset.refutation = r.move;
      canvas.dataset.state = 'refuting';
      await new Promise((done) => setTimeout(done, REFUTATION_MS));
      if (c !== current) return;
      c.game.undo();
    }
    canvas.dataset.state = 'wrong';
    c.game.undo();
    c.board.sync(c.game, false);
    c.board.set({ movable: c.side });
    c.busy = false;
    return;
  }
  c.first = false;
  c.left -= 1;
  if (wonNow || c.left <= 0 || c.puzzle.kind !== 'mate') {
    // Solved: the engine still shows its best defence, when there is one.
    const r = status.result === 'ongoing' ? await reply(c) : null;
    if (c !== current) return;
    if (r) {
      c.game.play(r.move);
      c.board.sync(c.game, true);
    }
    c.done = true;
    canvas.dataset.state = 'solved';
    feedback(r ? t('puzzles-solved-defence', { notation: legal?.notation ?? text, reply: r.notation }) : t('puzzles-solved', { notation: legal?.notation ?? text }), true);
    score(c.puzzle, true);
    c.busy = false;
    return;
  }
  const r = await reply(c);
  if (c !== current) return;
  if (r) {
    c.game.play(r.move);
    c.board.sync(c.game, true);
  }
  canvas.dataset.state = 'playing';
  feedback(t('puzzles-right-continue', { notation: legal?.notation ?? text, reply: r?.notation ?? '' }), true);
  c.board.set({ movable: c.side });
  c.busy = false;
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
  $('puzzle-game').addEventListener('change', () => show($('puzzle-game').value, store.at[$('puzzle-game').value] ?? 0));
  canvas.addEventListener('board-move', (e) => onMove(e.detail.move));
  canvas.addEventListener('board-promote', (e) => {
    const sol = current?.puzzle.solution;
    onMove((e.detail.choices.find((c) => c.move === sol) ?? e.detail.choices[0]).move);
  });
  $('btn-puzzle-next').addEventListener('click', () => show(current.puzzle.variant, current.index + 1));
  $('btn-puzzle-retry').addEventListener('click', () => show(current.puzzle.variant, current.index));
  $('btn-puzzle-solution').addEventListener('click', () => {
    const c = current;
    const m = c.game.legalMoves().find((x) => x.move === c.puzzle.solution);
    if (c.first && !c.done) score(c.puzzle, false);
    feedback(t('puzzles-solution-is', { notation: m?.notation ?? c.puzzle.solution }));
  });
  const id = params.get('puzzle');
  const list = puzzles[variant];
  const at = id ? list.findIndex((p) => p.id === id) : (store.at[variant] ?? 0);
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
    legal: () => current.game.legalMoves().map((m) => m.move),
    fen: () => current.game.fen(),
  };
}

main().catch((e) => {
  const box = $('page-error');
  box.hidden = false;
  box.textContent = t('error-engine-load', { error: String(e?.message ?? e) });
});
