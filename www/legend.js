// The pieces of each game: which glyph, its name, how it moves and how it captures.
// Drawn in the rules panel with the same vector glyphs as the board (drawGlyph from wasm).

const ULTIMA_MOVE = 'Slides like a queen to an empty square.';

const TEXT = {
  king: ['One step in any direction.', 'Steps onto an enemy piece.'],
  pincer: ['Slides like a rook, along ranks and files.',
    'Pins: an enemy piece orthogonally next to where it lands, with a friendly piece just beyond, is taken.'],
  'long-leaper': [ULTIMA_MOVE, 'Jumps over enemy pieces on its line, landing on the empty square beyond each; takes every piece jumped.'],
  withdrawer: [ULTIMA_MOVE, 'Moves directly away from an adjacent enemy piece and takes it.'],
  coordinator: [ULTIMA_MOVE,
    'Takes enemy pieces on the two corners of the rectangle it forms with its own King (its file × King\'s rank, King\'s file × its rank).'],
  immobilizer: [ULTIMA_MOVE, 'Never captures. Freezes every adjacent enemy piece: a frozen piece cannot move (it may remove itself instead).'],
  chameleon: [ULTIMA_MOVE,
    'Takes each enemy piece by that piece\'s own method (pins Pawns, jumps Leapers, withdraws from Withdrawers, coordinates against Coordinators, steps onto the King) and freezes an enemy Immobilizer.'],
  pawn: ['One step forward (two or more from its start rank).', 'One step diagonally forward; en passant; promotes on the last rank.'],
  queen: ['Slides along ranks, files and diagonals.', 'Displaces the enemy piece it lands on.'],
  rook: ['Slides along ranks and files.', 'Displaces the enemy piece it lands on.'],
  bishop: ['Slides along diagonals.', 'Displaces the enemy piece it lands on.'],
  knight: ['Leaps to the far corner of a 2×3 rectangle.', 'Displaces the enemy piece it lands on.'],
  champion: ['Leaps one or two squares straight, or two squares diagonally (jumping).', 'Displaces the enemy piece it lands on.'],
  wizard: ['Steps one square diagonally, or leaps like a camel (1×3). Stays on its colour.', 'Displaces the enemy piece it lands on.'],
  archbishop: ['Bishop + Knight.', 'Displaces the enemy piece it lands on.'],
  chancellor: ['Rook + Knight.', 'Displaces the enemy piece it lands on.'],
  cannon: ['Slides like a rook, and may hop over one piece to an empty square beyond.',
    'Hops over exactly one piece (the screen) to take the next piece beyond.'],
  dog: ['Slides 1–3 squares diagonally. Never frozen.', 'Displaces the enemy piece it lands on.'],
  'pushme-pullyu': [ULTIMA_MOVE, 'Withdraws from an adjacent enemy piece and approaches the one just beyond its landing square: takes either or both.'],
  'promoted-queen': ['Queen + the four upright knight leaps (1 file, 2 ranks).', 'Displacement.'],
  'promoted-chancellor': ['Rook + Knight + one diagonal step.', 'Displacement.'],
  'promoted-archbishop': ['Bishop + Knight + one orthogonal step.', 'Displacement.'],
  'promoted-rook': ['Rook + one diagonal step (Dragon King).', 'Displacement.'],
  'promoted-knight': ['Knight + Camel leaps (1×3).', 'Displacement.'],
  'promoted-bishop': ['Bishop + one orthogonal step. Its first move leaves a Dog behind (paw mark).', 'Displacement.'],
  'dragon-horse': ['Bishop + one orthogonal step (its Dog is released).', 'Displacement.'],
};

const GAMES = {
  ultima: ['king', 'pincer', 'long-leaper', 'withdrawer', 'coordinator', 'immobilizer', 'chameleon'],
  omega: ['king', 'queen', 'rook', 'bishop', 'knight', 'champion', 'wizard', 'pawn'],
  hybrid: ['king', 'queen', 'rook', 'bishop', 'knight', 'archbishop', 'chancellor', 'pawn', 'cannon', 'dog',
    'immobilizer', 'long-leaper', 'withdrawer', 'coordinator', 'pushme-pullyu', 'promoted-queen',
    'promoted-chancellor', 'promoted-archbishop', 'promoted-rook', 'promoted-knight', 'promoted-bishop', 'dragon-horse'],
};

const NOTES = {
  ultima: 'Captures happen as a side effect of the move and are automatic. A frozen piece (snowflake) cannot move; ' +
    'click it twice to remove it (suicide). Checkmate wins; a side with no move loses.',
  omega: 'Chess on 10×10 with four wizard squares (w1–w4, purple) beyond the corners. Pawns may step 1–3 squares ' +
    'from their start rank; castling is the king\'s two-square move.',
  hybrid: 'Chess pieces capture by displacement, Ultima pieces by their own methods. Pieces that end a move in the ' +
    'enemy camp (the last three ranks) promote; promoted pieces carry a red + badge.',
};

/** The role ids of `variant`, in legend order. */
export function rolesOf(variant) {
  return GAMES[variant] ?? [];
}

/** Fills `container` with the legend of `variant`; `names` maps role ids to names. */
export function renderLegend(container, variant, names, drawGlyph) {
  container.replaceChildren();
  const note = document.createElement('p');
  note.className = 'legend-note';
  note.textContent = NOTES[variant] ?? '';
  container.append(note);
  const list = document.createElement('ul');
  list.className = 'legend';
  container.append(list);
  const canvases = [];
  for (const id of rolesOf(variant)) {
    const [moves, captures] = TEXT[id] ?? ['', ''];
    const li = document.createElement('li');
    li.dataset.role = id;
    const c = document.createElement('canvas');
    c.className = 'glyph';
    c.setAttribute('aria-hidden', 'true');
    const body = document.createElement('div');
    const h = document.createElement('strong');
    h.textContent = names[id] ?? id;
    const m = document.createElement('span');
    m.textContent = `Moves: ${moves}`;
    const x = document.createElement('span');
    x.textContent = `Captures: ${captures}`;
    body.append(h, m, x);
    li.append(c, body);
    list.append(li);
    canvases.push([c, id]);
  }
  // Drawn once laid out, so each glyph gets its real size.
  requestAnimationFrame(() => {
    for (const [c, id] of canvases) drawGlyph(c, id, 'white');
  });
}
