// A search's score in words a player reads: who is ahead and by how much (or who mates), and
// how fast the search goes, in the page's language. Used by the thinking line under the board
// and the analysis card.
import { language, t } from './i18n.js';

/**
 * A score for `side` to move turned to White's view: {cp} or {mate}.
 * @param {{ cp?: number, mate?: number }} score
 * @param {string} side 'white' or 'black'
 * @returns {{ cp: number, mate?: undefined } | { mate: number, cp?: undefined }}
 */
export function whiteView(score, side) {
  const k = side === 'white' ? 1 : -1;
  return score.mate !== undefined ? { mate: score.mate * k } : { cp: (score.cp ?? 0) * k };
}

/**
 * The score of `side` to move in words, with the side it favours: "1.25 pawns for White",
 * "Black mates in 3", "the sides are level".
 * @param {{ cp?: number, mate?: number }} score
 * @param {string} side
 */
export function scoreWords(score, side) {
  const w = whiteView(score, side);
  if (w.mate !== undefined) return t('score-mate', { moves: Math.abs(w.mate), side: w.mate > 0 ? 'white' : 'black' });
  const pawns = Math.abs(w.cp) / 100;
  if (pawns < 0.005) return t('score-even');
  return t('score-cp', { pawns: pawns.toFixed(2), side: w.cp > 0 ? 'white' : 'black' });
}

/**
 * Positions a second, short, in the page's language: 350K, 1.2M; 35万.
 * @param {number} nps
 */
export function speedWords(nps) {
  return new Intl.NumberFormat(language(), { notation: 'compact', maximumSignificantDigits: 3 }).format(nps);
}
