// The puzzle page's judge (www/pages/puzzles.js), without DOM: whether the player's move was right,
// and whether the puzzle is solved by it. The defender's reply is the controller's computer
// source's answer (the engine's best reply, searched to a fixed depth); the judge reads its
// score. Tested in Node (tests/e2e/puzzles-unit.test.mjs).

/** @typedef {import('./record.js').Puzzle} Puzzle */

/**
 * Judges the player's move `text` in `puzzle`: the first move must be the solution; a later
 * move of a longer mate is right when the engine's reply sees the defender mated within the
 * moves left; a move that wins the game is always right. `left` counts the player's moves
 * still to find, this one included.
 * @param {Puzzle} puzzle
 * @param {{ first: boolean, left: number }} progress
 * @param {{ text: string, won: boolean, reply: { score: import('../engine/types.js').Score } | null }} move
 * @returns {{ right: boolean, solved: boolean }}
 */
export function judge(puzzle, { first, left }, { text, won, reply }) {
  if (won) return { right: true, solved: true };
  const mate = reply?.score.mate;
  const right = first ? text === puzzle.solution : mate !== undefined && mate < 0 && -mate <= left - 1;
  return { right, solved: right && (left - 1 <= 0 || puzzle.kind !== 'mate') };
}
