// The game review in the PGN record (www/pages/game/saved.js writes it): each reviewed move's
// evaluation as `[%eval …]`, its NAG and the better move in words, and the moves played after a
// hint, merged into the game tree that the PGN writer takes.
import { t } from '../i18n.js';
import { judge } from './judge.js';


/**
 * What the PGN writer adds to each reviewed move of `review`: `{ ply, nags: [n], comment }` —
 * the engine's evaluation after the move as `[%eval …]` (pawns from White's view, `#n` for a
 * mate), then for a judged move its NAG ($6 ?!, $2 ?, $4 ??) and the better move in words.
 */
export function pgnAnnotations(review) {
  return judge(review).map((m) => {
    const w = review.scores[m.ply];
    const ev = w.mate === 0 ? '' : w.mate !== undefined ? `[%eval #${w.mate}]` : `[%eval ${(w.cp / 100).toFixed(2)}]`;
    const words = m.kind ? t('review-pgn-comment', { kind: m.kind, best: m.bestNotation ?? '' }) : '';
    return { ply: m.ply, nags: m.nag ? [m.nag] : [], comment: [ev, words].filter(Boolean).join(' ') };
  });
}

/**
 * Adds a game's review and hints to the JSON of its game tree (the PGN writer's input,
 * `WebGame.pgn`'s `tree`: `{comment, line: [{move, nags, comment, variations}…]}`, node i of
 * `line` being the game's move i + 1): each reviewed move gets its `pgnAnnotations`, each move
 * played after a hint the comment `hintWords`. What the tree already says is kept (NAGs merged,
 * comments joined). `plies` is the number of the game's moves; nothing is added past it.
 */
export function annotateTree(tree, { review = null, hints = [], hintWords = '', plies }) {
  const out = tree ? JSON.parse(JSON.stringify(tree)) : {};
  out.line = Array.isArray(out.line) ? out.line : [];
  const node = (ply) => {
    while (out.line.length < ply) out.line.push({});
    return out.line[ply - 1];
  };
  const add = (ply, nags, comment) => {
    if (ply < 1 || ply > plies) return;
    const n = node(ply);
    const all = [...(n.nags ?? []), ...nags.filter((x) => !(n.nags ?? []).includes(x))];
    if (all.length) n.nags = all;
    if (comment) n.comment = n.comment ? `${n.comment} ${comment}` : comment;
  };
  if (review) for (const a of pgnAnnotations(review)) add(a.ply, a.nags, a.comment);
  for (const p of hints) add(p + 1, [], hintWords);
  return out;
}
