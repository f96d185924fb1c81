// The game review's arithmetic, without DOM or words (www/review/review.js runs the review and shows
// it): the strengths a review runs at, the judgements (inaccuracy, mistake, blunder) by the drop
// in the mover's winning chances, each move's accuracy, the sums per side, and whether a saved
// review still fits its game. A judgement's sign is its NAG's mark in the engine's table
// (engineTables().nagMarks). Tested in Node (tests/e2e/review-unit.test.mjs).
//
// What is judged is the drop in the mover's winning chances between the position before a move
// and the position after it, both searched at the same strength (docs/learn.md, "Game review").
import { nagMark } from '../engine/engine.js';
// The saved review's shape (its version, whether it fits a game) is www/services/store.js's: the
// game page checks saved reviews at load without loading this module.
import { REVIEW_VERSION, reviewFits } from '../services/store.js';

export { REVIEW_VERSION, reviewFits };

/** The strengths a review can run at: a depth per position, capped by a time per position (ms). */
export const PRESETS = {
  quick: { depth: 3 },
  normal: { depth: 5, movetime: 2000 },
  deep: { depth: 7, movetime: 5000 },
};

/**
 * The judgements, worst first: a move is one when it drops the mover's winning chances
 * (−1…1, see winChance) by at least `drop`. `nag` is the PGN NAG; its sign is the NAG's mark.
 */
export const JUDGEMENTS = [
  { kind: 'blunder', drop: 0.3, nag: 4 },
  { kind: 'mistake', drop: 0.2, nag: 2 },
  { kind: 'inaccuracy', drop: 0.1, nag: 6 },
];

/** The slope of the winning-chance logistic, per centipawn (lichess's fit of chess games). */
const SLOPE = 0.00368208;
/** Centipawn scores (and a mate's stand-in) are clipped to ±this for the average loss. */
const CP_CLIP = 1000;

/**
 * Winning chances from White's view, −1 (Black wins) … 1 (White wins), of a White-view score:
 * `{cp}`, `{mate}` (>0 White mates, <0 Black mates) or `{mate: 0, winner}` (the game is over).
 */
export function winChance(w) {
  if (w.mate !== undefined) {
    if (w.mate === 0) return w.winner === 'white' ? 1 : w.winner === 'black' ? -1 : 0;
    return w.mate > 0 ? 1 : -1;
  }
  return 2 / (1 + Math.exp(-SLOPE * w.cp)) - 1;
}

/** A White-view score as centipawns clipped to ±CP_CLIP (a mate counts as the clip). */
export function clippedCp(w) {
  if (w.mate !== undefined) return winChance(w) * CP_CLIP;
  return Math.max(-CP_CLIP, Math.min(CP_CLIP, w.cp));
}

/** A move's accuracy (0–100) from the mover's win percentage before and after (lichess's curve). */
export function moveAccuracy(before, after) {
  const drop = Math.max(0, (before - after) * 50); // winning chances −1…1 → percentage points
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * drop) - 3.1669));
}

/**
 * Judges every move of a review: `{ ply, side, drop, loss, accuracy, kind, symbol, nag, best,
 * bestNotation }` for each ply reviewed (1-based; `side` the mover). `sides` are the movers of
 * the reviewed moves as the engine's history of the game gives them (`PlayedMove.side`), never
 * worked out here. A move the engine would have played itself is never marked.
 * @param {any} review
 * @param {import('../engine/types.js').Side[]} sides
 */
export function judge(review, sides) {
  const out = [];
  for (let ply = 1; ply < review.scores.length; ply++) {
    const side = sides[ply - 1];
    const k = side === 'white' ? 1 : -1;
    const before = review.scores[ply - 1];
    const after = review.scores[ply];
    const same = review.best[ply - 1] === review.moves[ply - 1];
    const drop = same ? 0 : Math.max(0, k * (winChance(before) - winChance(after)));
    const loss = same ? 0 : Math.max(0, k * (clippedCp(before) - clippedCp(after)));
    const j = JUDGEMENTS.find((x) => drop >= x.drop) ?? null;
    out.push({
      ply, side, drop, loss,
      accuracy: same ? 100 : moveAccuracy(k * winChance(before), k * winChance(after)),
      kind: j?.kind ?? null, symbol: j ? nagMark(j.nag) : '', nag: j?.nag ?? 0,
      best: j ? review.best[ply - 1] : null, bestNotation: j ? review.bestNotation[ply - 1] : null,
    });
  }
  return out;
}

/** Per side: counts of each judgement, the average centipawn loss and the mean accuracy. */
export function summarize(judged) {
  const sum = {};
  for (const side of ['white', 'black']) {
    const mine = judged.filter((m) => m.side === side);
    const n = mine.length;
    sum[side] = {
      moves: n,
      inaccuracy: mine.filter((m) => m.kind === 'inaccuracy').length,
      mistake: mine.filter((m) => m.kind === 'mistake').length,
      blunder: mine.filter((m) => m.kind === 'blunder').length,
      acpl: n ? Math.round(mine.reduce((a, m) => a + m.loss, 0) / n) : 0,
      accuracy: n ? Math.round(mine.reduce((a, m) => a + m.accuracy, 0) / n) : 100,
    };
  }
  return sum;
}
