# The rules pages (www/rules/*.html), English: loaded only by those pages (www/rules/rules.js,
# i18n.js useCatalog). The same ids in zh-Hans and zh-Hant (tests/e2e/catalogs.test.mjs).
# rules-<game>-* page words; rules-u-*, rules-o-*, rules-h-* the Ultima, Omega and Hybrid texts;
# *-board messages have only a .caption, the caption attribute of the board of that id.

## Shared words

rules-nav =
    .aria-label = Rules pages and the game
rules-link-ultima = Ultima rules
rules-link-omega = Omega Chess rules
rules-link-hybrid = Hybrid rules
rules-play-ultima = Play Ultima
rules-play-omega = Play Omega Chess
rules-play-hybrid = Play the Hybrid
rules-howto-heading = These boards on your own page
rules-howto = Every board on this page is a <baroque-board> element. After the script line below, the code beside a board is all a page needs. mode="steps" steps through the moves (buttons, arrow keys, the move list) and marks what each move captured; mode="try" lets the reader move from the position, with a reset button; fen, moves and options set the position and the rules; marks draws squares and arrows; caption writes the line under the board.
rules-pieces-heading = The pieces
rules-moves = Moves
rules-captures = Captures
rules-more = More moves from this position
rules-options-heading = Rule options
rules-options-intro = The rule book’s default comes first. A game link or a board takes an option as name=value (options="win=capture"), and the new-game dialog offers them too.
rules-no-options = This game has no rule options: every game is played by the same rules.
rules-option-values = Values: { $values }
rules-option-value =
    { $default ->
        [yes] { $setting } ({ $word }, the default)
       *[no] { $setting } ({ $word })
    }
rules-copy = Copy
rules-copied = Copied.
rules-copy-failed = Copying is not allowed here: select the code and copy it.
rules-snippet =
    .aria-label = HTML of this board
rules-script-snippet =
    .aria-label = The script line, once per page
rules-footer = These pages follow the project’s rule book (tests/data/rules), which decides every rule question; every move and capture on the boards is computed by the game’s own engine.

## Ultima

rules-ultima-title = Ultima rules — Baroque
rules-ultima-heading = Ultima (Baroque Chess): the rules
rules-ultima-intro = Robert Abbott’s Ultima (1962) is played with a chess set on an 8×8 board, White first, but almost every piece moves like a queen and each one captures in its own way. A capture is a side effect of the move and always happens, so a move is known by its two squares. Before the game each player chooses which of his corners holds the Immobilizer and whether his King and Withdrawer swap squares: 16 start arrays.
rules-u-king = The King moves one square in any direction and captures by stepping onto an enemy piece, as in chess. It may not move into check: with the default rules a checkmate wins, and so does leaving the opponent without a legal move.
rules-u-king-board =
    .caption = §11: Ke4–f5 takes the Coordinator on f5. Ke4–e5 would be illegal: …Pa5–d5 would pin the King against the Coordinator.
rules-u-pincer = The Pincer Pawn slides like a rook, both ways along ranks and files. It captures by pinning: after its move, an enemy piece orthogonally next to it with a friendly piece of any kind just beyond is taken. Pins are never diagonal, and a piece that moves between two enemies by itself is safe.
rules-u-a-board =
    .caption = §10 A: Pg4–d4 takes the Immobilizer c4 (against Pb4) and the pawn d5 (against Pd6). The Withdrawer e5 is diagonal, the Chameleon d3 has nothing beyond it and the Leaper g3 moved between the pawns by itself: all three are safe.
rules-u-11a-pawn-board =
    .caption = §11: Pc2–c4 takes c5 against the Leaper c6 and d4 against the Chameleon e4: any friendly piece can close the pin.
rules-u-leaper = The Long Leaper moves like a queen and captures by jumping: along its line it may jump any number of enemy pieces, each with an empty square just beyond it, and land on any empty square after them; it takes every piece it jumped. It cannot jump a friendly piece or two pieces side by side, and it never turns.
rules-u-b-board =
    .caption = §10 B: Ld2–d8 jumps d3, d5 and d7. The pawns b2, f2, g2 and the Chameleon c2 stand in pairs with no gap between them, so none can be jumped.
rules-u-b-d6-board =
    .caption = §10 B: Ld2–d6 stops earlier and takes d3 and d5.
rules-u-b-d4-board =
    .caption = §10 B: Ld2–d4 takes only d3.
rules-u-b-g5-board =
    .caption = §10 B: Ld2–g5 jumps the Withdrawer f4 instead.
rules-u-b-h6-board =
    .caption = §10 B: Ld2–h6 takes f4 too, landing one square further.
rules-u-11a-c4-board =
    .caption = §11: Lc6–c4 jumps the Leaper c5.
rules-u-11a-c3-board =
    .caption = §11: Lc6–c3 jumps c5 and lands one square further.
rules-u-withdrawer = The Withdrawer moves like a queen. It captures the enemy piece next to its start square by moving directly away from it, any distance. Moving in any other direction, or towards the piece, captures nothing.
rules-u-w-board =
    .caption = Seed 001: Wg6–d3 moves directly away from h7 and takes it.
rules-u-coordinator = The Coordinator moves like a queen. After its move, picture the rectangle with the Coordinator and its own King at opposite corners: enemy pieces on the two other corners (the Coordinator’s file on the King’s rank, the King’s file on the Coordinator’s rank) are taken. Only the Coordinator’s own move captures this way.
rules-u-c-board =
    .caption = §10 C: Cd4–f6 with the King on c2 takes c6 (file c, rank 6) and f2 (file f, rank 2).
rules-u-c-d6-board =
    .caption = §10 C: Cd4–d6 takes c6 and d2.
rules-u-c-b6-board =
    .caption = §10 C: Cd4–b6 takes c6.
rules-u-c-f4-board =
    .caption = §10 C: Cd4–f4 takes f2.
rules-u-c-d3-board =
    .caption = §10 C: Cd4–d3 takes d2 (file d, the King’s rank 2).
rules-u-c-d5-board =
    .caption = §10 C: Cd4–d5 takes d2 as well.
rules-u-c-d7-board =
    .caption = §10 C: Cd4–d7 takes d2 as well.
rules-u-c-d8-board =
    .caption = §10 C: Cd4–d8 takes d2 as well.
rules-u-c-king-board =
    .caption = §10 C: Kc2–d2 takes d2 by stepping onto it, the King’s own way.
rules-u-immobilizer = The Immobilizer moves like a queen and never captures. Every enemy piece next to it is frozen: it cannot move, capture or give check, but it still blocks lines, can be captured and closes pins. Instead of moving, a player may remove one of his own frozen pieces other than the King (suicide).
rules-u-i-board =
    .caption = Seed 001: If3–d5 freezes the pawn c6, the Leaper e6 and the Withdrawer c4; Black answers by removing the frozen Withdrawer (Wc4xx).
rules-u-chameleon = The Chameleon moves like a queen and captures each enemy piece by that piece’s own method: it pins Pawns (on an orthogonal move), jumps Long Leapers, withdraws from a Withdrawer, coordinates against a Coordinator and steps onto the King. It never captures an Immobilizer or a Chameleon; next to an enemy Immobilizer, the two freeze each other. With the default rules one move makes every capture these methods give.
rules-u-d-board =
    .caption = §10 D: Xg6–c6 withdraws from h6, jumps f6 and d6, pins c7, c5 and b6 (against c8, c4 and a6) and coordinates against c2 with its King e2: every Black piece but the King, with check.
rules-u-d-e6-board =
    .caption = §10 D: Xg6–e6 takes only f6 and h6, and also gives check.
rules-u-11b-d5-board =
    .caption = §11: Xa2–d5 jumps the Leaper c4 and coordinates against the Coordinator a5 with its King a1.
rules-u-11b-e6-board =
    .caption = §11: Xa2–e6 jumps c4; a diagonal move pins no pawn, so e5 is safe.
rules-u-11b-f7-board =
    .caption = §11: Xa2–f7 jumps c4.
rules-u-11b-g8-board =
    .caption = §11: Xa2–g8 jumps c4 and checks the King h8 from the next square.
rules-u-opt-win = win=checkmate (the default): a move may not leave one’s own King in check, so Kings are never captured, and a side with no legal move loses. win=capture, the literal reading of seeds 000 and 002: there is no check rule, and capturing the King wins.
rules-u-o-win-board =
    .caption = win=capture (§11’s position): Ke4–e5 is now allowed, and …Pa5–d5 captures the King against the Coordinator f5.
rules-u-opt-stalemate = A side that is not in check and has no legal move loses with stalemate=loss (the default; seed 001: stalemating the opponent also wins) and draws with stalemate=draw.
rules-u-o-stalemate-board =
    .caption = stalemate=draw: If6–g7 freezes the lone Black King, which is not in check and cannot move: a draw here, a White win with the default.
rules-u-opt-immobilizer = immobilizer=classic (the default): a piece next to an enemy Immobilizer is frozen, and so is an Immobilizer next to an enemy Chameleon. immobilizer=pure (MacKay’s rules, played at Cambridge): a friendly Chameleon or Immobilizer touching the enemy Immobilizer switches its freezing off for one’s other pieces.
rules-u-o-imm-classic-board =
    .caption = Classic: after Xh3–e6 the Chameleon and the Immobilizer freeze each other and the pawn d4 stays frozen; its only move is to remove itself (Pd4xx).
rules-u-o-imm-pure-board =
    .caption = immobilizer=pure: the same Xh3–e6, but the Chameleon touching d5 frees the pawn d4, which moves to g4.
rules-u-opt-suicide = suicide=on (the default): instead of moving, a player may remove one of his own frozen pieces other than the King; the move text names its square twice (b4b4). suicide=off forbids it.
rules-u-o-suicide-board =
    .caption = §10 A: the pawn b4 is frozen by the Immobilizer c4, so White may remove it (Pb4xx).
rules-u-opt-chameleon = chameleon=combined (the default): one Chameleon move makes every capture its methods give. chameleon=pure (MacKay): a move that jumps at least one Long Leaper takes only the jumped Leapers.
rules-u-o-cham-board =
    .caption = chameleon=pure (§10 D): Xg6–c6 now takes only the Leapers d6 and f6.
rules-u-o-cham2-board =
    .caption = chameleon=pure (§11): Xa2–d5 takes only the Leaper c4, not the Coordinator a5.
rules-u-opt-leaper = leaper=multi (the default): a Long Leaper, and a Chameleon jumping Leapers, may take several pieces in one leap. leaper=single: at most one; the walk ends at the next piece after the first jump.
rules-u-o-leaper-board =
    .caption = leaper=single (§10 B): Ld2–d4 still takes d3, but d2–d6 and d2–d8 are no longer moves.

## Omega Chess

rules-omega-title = Omega Chess rules — Baroque
rules-omega-heading = Omega Chess: the rules
rules-omega-intro = Daniel MacDonald’s Omega Chess (1992) is chess on a 10×10 field (files a–j, ranks 0–9) with four wizard squares, w1 to w4, one diagonally beyond each corner: 104 squares. Each side has the chess pieces plus two Champions in its corners and two Wizards on its wizard squares. Checkmate wins; stalemate, bare Kings, fifty moves without a capture or pawn move and a threefold repetition draw.
rules-o-squares-heading = The wizard squares
rules-o-squares = A wizard square touches only its corner square, diagonally. It lies on a long diagonal, so a Bishop or Queen can slide from one wizard square right through the field into the opposite one. Rooks and pawns never reach a wizard square; a King there has a single flight square, so a lone minor piece can mate it.
rules-o-w1w3-board =
    .caption = §9.5: the Bishop on w1 crosses the whole field to w3.
rules-o-mate-board =
    .caption = §9.1: checkmate by a lone Knight: b0 checks the King on w1 and the King b1 covers its only square, a0.
rules-o-king = The King moves one square in any direction, onto a wizard square too. Castling: the King moves two squares towards a Rook, which jumps to the square the King crossed (0-0: King f0–h0, Rook i0–g0; 0-0-0: King f0–d0, Rook b0–e0). The King may not castle out of, through or into check; a square only the Rook crosses may be attacked.
rules-o-castle-board =
    .caption = §9.4: 0-0 is illegal because the Wizard on w2 attacks h0; 0-0-0 (f0–d0) is legal although the Wizard on w1 attacks c0, which only the Rook crosses.
rules-o-chess = The Queen, Rook, Bishop and Knight move and capture as in chess. Try them here: each piece shows its moves when you pick it up.
rules-o-chess-board =
    .caption = Try the Queen, Rook, Bishop and Knight.
rules-o-champion = The Champion leaps one or two squares along a rank or file, or exactly two squares diagonally, over whatever stands between. It cannot step one square diagonally.
rules-o-champion-board =
    .caption = Try the Champion e4: it can take the Knight e6 by a two-square leap, but not the pawn d5, one square diagonally.
rules-o-wizard = The Wizard steps one square diagonally or leaps like a camel (one square one way and three the other), over anything; so it always stays on squares of one colour. From the start a Wizard can leave its wizard square at once.
rules-o-wizard-board =
    .caption = From the start: White’s Wizard w1–a2 and Black’s Wizard w3–j7, each a camel leap.
rules-o-wizard-try-board =
    .caption = Try the Wizard e4: its 12 squares are all of one colour.
rules-o-pawn = A pawn moves one square forward, or two or three from its start rank, and captures one square diagonally forward. After a double or triple step an enemy pawn may take it en passant on any square it passed over. On the last rank it must promote to a Queen, Rook, Bishop, Knight, Champion or Wizard.
rules-o-ep-board =
    .caption = §9.2: Black’s triple step g8–g5 passes g7 and g6; the pawn f6 takes it en passant on g7, two ranks beyond its victim.
rules-o-promote-board =
    .caption = §9.5: j8–j9 must promote; here the pawn becomes a Wizard.

## Chess–Ultima Hybrid

rules-hybrid-title = Chess–Ultima Hybrid rules — Baroque
rules-hybrid-heading = The Chess–Ultima Hybrid: the rules
rules-hybrid-intro = The Hybrid (seed 003) is played on a 10×10 board: the Capablanca array on rank 2, five kinds of Ultima pieces on rank 1 and ten pawns on rank 3 for White, mirrored for Black. Chess pieces capture by landing on an enemy piece, Ultima pieces by their own methods. Pieces promote, shogi style, when a move ends in the enemy camp (the other side’s three back ranks). Checkmate wins, stalemate is a draw, and the King is never captured.
rules-h-king = The King steps one square in any direction. Castling: the King moves three squares towards the Rook, which lands next to it on the other side (f2–i2 with the Rook j2–h2; f2–c2 with a2–d2). The King may not be in check on its square or on any square it crosses or lands on, each tested with the King really standing there.
rules-h-castle-board =
    .caption = §12 E1 B: with a Knight on d1 the Leaper d10 cannot jump a King on d2, so 0-0-0 (f2–c2) is legal.
rules-h-castle-try-board =
    .caption = §12 E1 A: try 0-0-0 here: a King crossing d2 could be jumped by the Leaper d10 (landing on d1), so the move is refused; 0-0 is legal.
rules-h-chess = The Queen, Rook, Bishop and Knight move and capture as in chess; the Archbishop moves as a Bishop or a Knight, the Chancellor as a Rook or a Knight. All of them capture by landing on an enemy piece.
rules-h-chess-board =
    .caption = Try the Queen, the Archbishop and the Chancellor.
rules-h-pawn = A pawn steps one square forward, or two from its start rank, captures one square diagonally forward and may capture en passant. A pawn move that ends in the enemy camp promotes it at once to a Rook, Knight, Bishop or Cannon (not a Queen).
rules-h-pawn-board =
    .caption = §12 E3: e7×d8 ends on rank 8, in the enemy camp: the pawn becomes a Cannon (P E7 x D8 = Ca).
rules-h-cannon = The Cannon moves like a rook and may also hop over one piece of either colour to an empty square beyond. It captures as in Xiangqi: over exactly one piece, the screen, it takes the next piece beyond if that is an enemy.
rules-h-cannon-board =
    .caption = §12 E4: the Cannon d4 takes the Knight d8 over the screen d6.
rules-h-cannon-hop-board =
    .caption = §12 E4: the Cannon d4–d1 hops over the Knight d2 without taking it.
rules-h-promotion-heading = Promotion
rules-h-promotion = Queens, Chancellors, Archbishops, Rooks, Knights and Bishops promote whenever a move ends in the enemy camp, whether it enters the camp, moves inside it or captures there; each gains moves (see the legend on the game page). A piece that a pawn has just become promotes on its next move that ends in the camp.
rules-h-promote-board =
    .caption = §12 E2: N e6×f8 ends on rank 8, so the Knight becomes a promoted Knight (Knight + Camel).
rules-h-promoted-board =
    .caption = Try the promoted Queen, Chancellor, Archbishop and Rook.
rules-h-dog = The Dog slides one to three squares diagonally and captures by landing; it is never frozen. It comes into play only when a promoted Bishop makes its first move: the Dog appears on the square the Bishop has just left.
rules-h-dog-board =
    .caption = The promoted Bishop’s first move c3–f6 leaves a Dog on c3, which later slides c3–e5.
rules-h-immobilizer = The Immobilizer moves like a queen, never captures and freezes every adjacent enemy piece except the Dog. A frozen piece cannot move, capture or give check; instead of moving, its owner may remove it (suicide; not the King).
rules-h-imm-board =
    .caption = I f1–f5 freezes the Knight e6 and the Rook g5 but not the Dog e4; Black removes the Rook (R G5 xx).
rules-h-leaper = The Long Leaper moves like a queen and, as in Ultima, jumps enemy pieces along its line, each with an empty square beyond, taking every piece it jumps. Its check is parried by filling the landing square beyond the King or by making two pieces stand together on its path.
rules-h-leap-board =
    .caption = After the seed’s example: L b1–h7 jumps c2, e4 and g6.
rules-h-leap-check-board =
    .caption = §12 E6: the Leaper e9 checks the King e2 (it would land on e1). Parry it: step aside, fill e1 (Nc2–e1) or put a piece on e3.
rules-h-withdrawer = The Withdrawer moves like a queen and takes the enemy piece next to its start square by moving directly away from it.
rules-h-w-board =
    .caption = The seed’s example: W h9–f7 takes i10.
rules-h-coordinator = The Coordinator moves like a queen and takes the enemy pieces on the two other corners of the rectangle it forms with its own King. Since both Kings start on the f-file, a Coordinator that can reach the enemy King’s rank gives check.
rules-h-co-board =
    .caption = The seed’s example: Co g1–g5 with the King on f2 takes f5 (the King’s file, the Coordinator’s rank).
rules-h-pushme = The Pushme-pullyu (from Duniho’s Supremo) moves like a queen and captures at both ends of its line: it withdraws from an adjacent enemy piece and approaches the enemy piece just beyond its landing square, taking either or both.
rules-h-pu-board =
    .caption = §12 E5: Pu e5–h5 withdraws from d5 and approaches i5: two pieces in one move.
