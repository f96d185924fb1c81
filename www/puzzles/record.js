// The puzzle page's data without DOM (www/pages/puzzles.js): the puzzle files' lines
// (`id | FEN | solution | goal | motif [| source]`, tests/data/puzzles-<game>.txt and
// mined-<game>.txt) and the player's record (a rating, each puzzle's first result, the puzzle
// reached in each game), kept in localStorage. Tested in Node (tests/e2e/puzzles-unit.test.mjs).

/**
 * A puzzle: find `n` captures, a mate in `n`, or a won line (`win`).
 * @typedef {object} Puzzle
 * @property {string} id
 * @property {string} variant
 * @property {string} fen
 * @property {string} solution the first move's text
 * @property {'mate' | 'capture' | 'win'} kind
 * @property {number} n
 * @property {string} [motif]
 * @property {string} source the file (or the line's own source)
 */

/**
 * The player's record.
 * @typedef {{ rating: number, results: Record<string, 'solved' | 'failed'>, at: Record<string, number> }} PuzzleRecord
 */

/** The rating a player starts with. */
export const START_RATING = 1200;
/** A puzzle's rating by goal: mates in one are easiest; mined wins and longer mates harder. */
export const PUZZLE_RATING = { capture: 1100, mate: 1000, win: 1400 };
/** Each further move to find adds this to the puzzle's rating. */
const PER_MOVE = 200;
/** The Elo update's step. */
const K = 32;

/**
 * Parses a puzzle file; bad lines are skipped (the engine tests check the files).
 * @param {string} text
 * @param {string} variant
 * @param {string} file
 * @returns {Puzzle[]}
 */
export function parsePuzzles(text, variant, file) {
  const out = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [id, fen, solution, goal, motif, source] = line.split(' | ').map((s) => s.trim());
    const m = /^(mate|capture) (\d+)$|^win$/.exec(goal ?? '');
    if (!id || !fen || !solution || !m) continue;
    const kind = /** @type {'mate' | 'capture' | 'win'} */ (m[1] ?? 'win');
    out.push({ id, variant, fen, solution, kind, n: Number(m[2] ?? 1), motif, source: source ?? file });
  }
  return out;
}

/**
 * The record kept in `text` (localStorage's), or a new one when there is none or it is damaged.
 * @param {string | null} text
 * @returns {PuzzleRecord}
 */
export function readRecord(text) {
  try {
    const s = JSON.parse(text ?? '{}');
    const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
    return { rating: Number.isFinite(s?.rating) ? s.rating : START_RATING, results: obj(s?.results), at: obj(s?.at) };
  } catch {
    return { rating: START_RATING, results: {}, at: {} };
  }
}

/**
 * A puzzle's rating: its goal's, plus PER_MOVE for each further move to find.
 * @param {Puzzle} p
 */
export const puzzleRating = (p) => PUZZLE_RATING[p.kind] + (p.n - 1) * PER_MOVE;

/**
 * Records a result: the rating moves by Elo against the puzzle's rating, once per puzzle (its
 * first result); a solve is remembered, a failure only as the first result.
 * @param {PuzzleRecord} record
 * @param {Puzzle} p
 * @param {boolean} won
 */
export function score(record, p, won) {
  const key = `${p.variant}/${p.id}`;
  const before = record.results[key];
  if (before === undefined) {
    const expected = 1 / (1 + 10 ** ((puzzleRating(p) - record.rating) / 400));
    record.rating += K * ((won ? 1 : 0) - expected);
  }
  if (won) record.results[key] = 'solved';
  else if (before === undefined) record.results[key] = 'failed';
}

/**
 * How many of `list` the record has solved.
 * @param {PuzzleRecord} record
 * @param {Puzzle[]} list
 */
export const solvedCount = (record, list) => list.filter((p) => record.results[`${p.variant}/${p.id}`] === 'solved').length;
