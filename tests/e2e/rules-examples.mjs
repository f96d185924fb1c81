// What the rules pages' boards must show, written from the rule book (tests/data/rules/*.md), not
// from the pages: board id → the position (FEN as the book writes it), options, the moves of the
// line and the squares each move captures. Read by rules.test.mjs (the element's step events in
// the browser) and rules-boards.test.mjs (the engine in Node). `book` says where the book states
// the captures; `made` marks a position built for the page (a seed caption or an option), whose
// captures follow from the sections named.

const A = '7k/8/3P1P2/3pw3/1Pi3P1/3x2l1/6P1/7K w - - 0 1'; // ultima.md §10 A
const B = 'k7/3c4/8/3l4/5w2/3p4/1pxL1pp1/7K w - - 0 1'; // §10 B
const C = '7k/8/2l5/8/3C4/2P5/2Kp1i2/8 w - - 0 1'; // §10 C
const D = '2P5/2pk4/Pp1l1lXw/2p5/2P5/8/2c1K3/8 w - - 0 1'; // §10 D
const T1 = '7k/5ppp/2L5/2l5/3cX3/8/PPP5/K7 w - - 0 1'; // §11, first vchess position
const T2 = '7k/8/8/c3pP2/2l5/8/X7/K7 w - - 0 1'; // §11, second
const T3 = '7k/8/8/p4c2/4K3/8/8/8 w - - 0 1'; // §11, third

/** Ultima: every worked example of ultima.md §10–§11, one board per capturing move the book lists. */
export const ULTIMA = {
  'u-a': { fen: A, moves: ['g4d4'], captures: [['c4', 'd5']], book: '§10 A' },
  'u-o-suicide': { fen: A, moves: ['b4b4'], captures: [['b4']], book: '§10 A (Pb4xx is legal)' },
  'u-b': { fen: B, moves: ['d2d8'], captures: [['d3', 'd5', 'd7']], book: '§10 B' },
  'u-b-d6': { fen: B, moves: ['d2d6'], captures: [['d3', 'd5']], book: '§10 B' },
  'u-b-d4': { fen: B, moves: ['d2d4'], captures: [['d3']], book: '§10 B' },
  'u-b-g5': { fen: B, moves: ['d2g5'], captures: [['f4']], book: '§10 B' },
  'u-b-h6': { fen: B, moves: ['d2h6'], captures: [['f4']], book: '§10 B' },
  'u-c': { fen: C, moves: ['d4f6'], captures: [['c6', 'f2']], book: '§10 C' },
  'u-c-d6': { fen: C, moves: ['d4d6'], captures: [['c6', 'd2']], book: '§10 C' },
  'u-c-b6': { fen: C, moves: ['d4b6'], captures: [['c6']], book: '§10 C' },
  'u-c-f4': { fen: C, moves: ['d4f4'], captures: [['f2']], book: '§10 C' },
  'u-c-d3': { fen: C, moves: ['d4d3'], captures: [['d2']], book: '§10 C' },
  'u-c-d5': { fen: C, moves: ['d4d5'], captures: [['d2']], book: '§10 C' },
  'u-c-d7': { fen: C, moves: ['d4d7'], captures: [['d2']], book: '§10 C' },
  'u-c-d8': { fen: C, moves: ['d4d8'], captures: [['d2']], book: '§10 C' },
  'u-c-king': { fen: C, moves: ['c2d2'], captures: [['d2']], book: '§10 C' },
  'u-d': { fen: D, moves: ['g6c6'], captures: [['b6', 'c2', 'c5', 'c7', 'd6', 'f6', 'h6']], book: '§10 D' },
  'u-d-e6': { fen: D, moves: ['g6e6'], captures: [['f6', 'h6']], book: '§10 D' },
  'u-o-cham': { fen: D, options: 'chameleon=pure', moves: ['g6c6'], captures: [['d6', 'f6']], book: '§10 D (chameleon=pure)' },
  'u-o-leaper': { fen: B, options: 'leaper=single', moves: ['d2d4'], captures: [['d3']], book: '§5.3 leaper=single on §10 B' },
  'u-11a-pawn': { fen: T1, moves: ['c2c4'], captures: [['c5', 'd4']], book: '§11' },
  'u-11a-c4': { fen: T1, moves: ['c6c4'], captures: [['c5']], book: '§11' },
  'u-11a-c3': { fen: T1, moves: ['c6c3'], captures: [['c5']], book: '§11' },
  'u-11b-d5': { fen: T2, moves: ['a2d5'], captures: [['a5', 'c4']], book: '§11' },
  'u-o-cham2': { fen: T2, options: 'chameleon=pure', moves: ['a2d5'], captures: [['c4']], book: '§11 (chameleon=pure)' },
  'u-11b-e6': { fen: T2, moves: ['a2e6'], captures: [['c4']], book: '§11' },
  'u-11b-f7': { fen: T2, moves: ['a2f7'], captures: [['c4']], book: '§11' },
  'u-11b-g8': { fen: T2, moves: ['a2g8'], captures: [['c4']], book: '§11' },
  'u-king': { fen: T3, moves: ['e4f5'], captures: [['f5']], book: '§11' },
  'u-o-win': { fen: T3, options: 'win=capture', moves: ['e4e5', 'a5d5'], captures: [[], ['e5']], book: '§11 (e4e5 illegal: …Pa5-d5 would pin the King) under §7.3 win=capture' },
  // Positions built for the page.
  'u-w': { fen: '4k3/7p/6W1/8/8/8/8/K7 w - - 0 1', moves: ['g6d3'], captures: [['h7']], made: 'seed 001 caption, §5.4, §9 Wg6-d3xh7' },
  'u-i': { fen: '4k3/8/2p1l3/8/2w5/5I2/8/K7 w - - 0 1', moves: ['f3d5', 'c4c4'], captures: [[], ['c4']], made: 'seed 001 caption, §6.1, §6.3' },
  'u-o-stalemate': { fen: '7k/8/5I2/8/8/8/8/K7 w - - 0 1', options: 'stalemate=draw', moves: ['f6g7'], captures: [[]], made: '§7.2', result: { result: 'draw', reason: 'no-moves' } },
  'u-o-imm-classic': { fen: 'k7/8/8/3i4/3P4/7X/8/K7 w - - 0 1', moves: ['h3e6', 'a8a7', 'd4d4'], captures: [[], [], ['d4']], made: '§6.1, §6.3' },
  'u-o-imm-pure': { fen: 'k7/8/8/3i4/3P4/7X/8/K7 w - - 0 1', options: 'immobilizer=pure', moves: ['h3e6', 'a8a7', 'd4g4'], captures: [[], [], []], made: '§6.2' },
};

/** Omega and the hybrid: the lines of their pages, from omega.md §9 and hybrid.md §12 (and built ones). */
export const OTHERS = {
  'o-castle': { variant: 'omega', fen: '4k5/10/10/10/10/10/10/10/10/1R3K2R1[w/w/-/-] w KQ - 0 1', moves: ['f0d0'], captures: [[]], book: 'omega.md §9.4' },
  'o-w1w3': { variant: 'omega', fen: '4k5/10/10/10/10/10/10/10/10/4K5[B/-/-/-] w - - 0 1', moves: ['w1w3'], captures: [[]], book: 'omega.md §9.5' },
  'o-ep': { variant: 'omega', fen: 'k9/4p1p3/10/5P4/7P2/10/10/10/10/K9[-/-/-/-] b - - 0 1', moves: ['g8g5', 'f6g7'], captures: [[], ['g5']], book: 'omega.md §9.2' },
  'o-promote': { variant: 'omega', fen: 'k9/9P/10/10/10/10/10/10/10/K9[-/-/-/-] w - - 0 1', moves: ['j8j9w'], captures: [[]], book: 'omega.md §9.5' },
  'h-castle': { variant: 'hybrid', fen: '3l1k4/10/10/10/10/10/10/10/R4K3R/3N6 w KQ - 0 1', moves: ['f2c2'], captures: [[]], book: 'hybrid.md §12 E1 B' },
  'h-promote': { variant: 'hybrid', fen: '9k/10/5p4/10/4N5/10/10/10/10/K9 w - - 0 1', moves: ['e6f8'], captures: [['f8']], book: 'hybrid.md §12 E2' },
  'h-pawn': { variant: 'hybrid', fen: 'k9/10/3r6/4P5/10/10/10/10/10/9K w - - 0 1', moves: ['e7d8z'], captures: [['d8']], book: 'hybrid.md §12 E3' },
  'h-cannon': { variant: 'hybrid', fen: 'k9/10/3n6/10/3P6/10/3Z1p2Pp/10/3n6/9K w - - 0 1', moves: ['d4d8'], captures: [['d8']], book: 'hybrid.md §12 E4' },
  'h-cannon-hop': { variant: 'hybrid', fen: 'k9/10/3n6/10/3P6/10/3Z1p2Pp/10/3n6/9K w - - 0 1', moves: ['d4d1'], captures: [[]], book: 'hybrid.md §12 E4' },
  'h-pu': { variant: 'hybrid', fen: 'k9/4b5/10/10/10/3pU3n1/10/10/10/K9 w - - 0 1', moves: ['e5h5'], captures: [['d5', 'i5']], book: 'hybrid.md §12 E5' },
  'h-leap': { variant: 'hybrid', fen: '9k/10/10/10/6n3/10/4n5/10/2n7/KL8 w - - 0 1', moves: ['b1h7'], captures: [['c2', 'e4', 'g6']], made: 'hybrid.md §7.8, the seed example mirrored' },
  'h-w': { variant: 'hybrid', fen: '2k5r1/7W2/10/10/10/10/10/10/10/K9 w - - 0 1', moves: ['h9f7'], captures: [['i10']], made: 'hybrid.md §7.8 W H9 - F7 x I10' },
  'h-co': { variant: 'hybrid', fen: 'k9/10/10/10/10/5n4/10/10/5K4/6O3 w - - 0 1', moves: ['g1g5'], captures: [['f5']], made: 'hybrid.md §10 Co G1 - G5 x F5' },
  'h-imm': { variant: 'hybrid', fen: '9k/10/10/10/4n5/6r3/4d5/10/10/K4I4 w - - 0 1', moves: ['f1f5', 'g5g5'], captures: [[], ['g5']], made: 'hybrid.md §6' },
  'h-dog': { variant: 'hybrid', fen: 'k9/10/10/10/10/10/10/2+B7/10/K9 w - - 0 1', moves: ['c3f6', 'a10a9', 'c3e5'], captures: [[], [], []], made: 'hybrid.md §8.3' },
};
