// The shapes that cross the seam between the page and the engine's bindings (crates/web), one
// JSDoc @typedef each. Every structured answer of the bindings is a JavaScript value of one of
// these shapes (never JSON text), and `tsc --checkJs` (npm test) checks the page's scripts
// against them: a wrong field name fails the suite. Types only: no page loads this module
// (`import('./types.js').Name` in a JSDoc type is erased), so it costs no bytes on a visit.
export {};

/** @typedef {'white' | 'black'} Side */
/** @typedef {'white' | 'black' | 'draw' | 'ongoing'} Result */

/**
 * A legal move (`legalMoves`, `play`): its move text, squares, the squares it empties in the rule
 * book's order, the promotion as the contract writes it (the letter of the piece a pawn becomes,
 * `+n` for the hybrid's forced promotion; null when none), whether it is a suicide move, and its
 * display notation.
 * @typedef {object} MoveInfo
 * @property {string} move
 * @property {string} from
 * @property {string} to
 * @property {string[]} captures
 * @property {string | null} promotion
 * @property {boolean} suicide
 * @property {string} notation
 */

/**
 * The game's status (`status`): why it ended is the engine's reason id.
 * @typedef {object} Status
 * @property {string} fen
 * @property {Side} side
 * @property {boolean} in_check
 * @property {Result} result
 * @property {string | null} reason
 */

/**
 * A piece giving check (`checkers`), with the move by which it would take the King.
 * @typedef {object} Checker
 * @property {string} from
 * @property {string} to
 * @property {string} role
 * @property {string} name
 * @property {string[]} captures
 */

/**
 * Words for the page to render through its catalog (`describe`, `positionAt`, `lastSentence`,
 * `history`'s `sentence`; crates/web/src/describe.rs): text as is, a message with arguments, a
 * piece's or a game's name, a list, or parts in a row.
 * @typedef {string | number | { id: string, args?: Record<string, Words> } | { role: string }
 *   | { game: string } | { and: Words[] } | { seq: Words[], join?: string }} Words
 */

/**
 * A move played (`history`).
 * @typedef {object} PlayedMove
 * @property {string} move
 * @property {string} notation
 * @property {string} listed the notation as a move list shows it (the game's mating move ends in `#`)
 * @property {number} number the full-move number it belongs to (the position's: right when Black moves first)
 * @property {Side} side the side that played it
 * @property {Words} sentence
 * @property {string[]} captures
 */

/**
 * A position of the game (`positionAt`): its FEN, the side to move, and its words when asked.
 * @typedef {object} PositionAt
 * @property {string} fen
 * @property {Side} side
 * @property {Words} [words]
 */

/**
 * A piece on a square (`pieceAt`): colour, role id and English name.
 * @typedef {object} PieceInfo
 * @property {Side} color
 * @property {string} role
 * @property {string} name
 */

/**
 * One threat of the opponent (`threats`).
 * @typedef {object} Threat
 * @property {string} victim
 * @property {string} victimRole
 * @property {string} from
 * @property {string} to
 * @property {string} role
 * @property {string} move
 * @property {string} notation
 * @property {string[]} captures
 * @property {string} [method] the capture's method id (captures only)
 */

/**
 * What the opponent threatens against the side to move (`threats`).
 * @typedef {object} Threats
 * @property {Side} side
 * @property {Side} by
 * @property {Threat[]} captures
 * @property {Threat[]} freezes
 */

/**
 * A game of the engine's table (`WebGame.games`): crates/web/src/table.rs.
 * @typedef {object} GameEntry
 * @property {string} id
 * @property {string} title
 * @property {string} startFen
 * @property {{ id: string, fen: string, choices: string[] }[]} startArrays
 * @property {{ role: string, name: string, letter: string, value: number }[]} pieces
 * @property {{ name: string, values: string[] }[]} options
 * @property {string[]} promotions
 * @property {{ letter: string, color: Side, notation: string }[]} castling
 * @property {boolean} enPassant
 */

/**
 * A node of a game tree (crates/web/src/tree.rs, docs/web.md "Game trees"): its move, NAGs,
 * comments and the lines that are alternatives to it. `notation` and `id` are only written
 * (`id` by `WebTree.value(true)`, for the moves list).
 * @typedef {object} TreeNode
 * @property {string} move
 * @property {string} [notation]
 * @property {number} [id]
 * @property {number[]} [nags]
 * @property {string} [glyphs] the NAGs as glyphs (`!`, `?!`, ` $10`), in values the bindings give
 * @property {number} [number] the full-move number it belongs to, in values the bindings give
 * @property {Side} [side] the side that plays it, in values the bindings give
 * @property {string} [comment]
 * @property {string} [before]
 * @property {TreeNode[][]} [variations]
 */

/**
 * A game tree as a value (`WebTree.value`, `readPgn`'s `tree`, a saved game's `tree`): the main
 * line with its variations, NAGs and comments.
 * @typedef {object} Tree
 * @property {string} [comment]
 * @property {TreeNode[]} [line]
 */

/**
 * A node of the move tree as `WebTree.node` gives it: ids are numbers, 0 the start.
 * @typedef {object} TreeNodeInfo
 * @property {number} id
 * @property {number} parent
 * @property {number[]} children the moves after it, the line's own first
 * @property {string} move
 * @property {string} notation
 * @property {number} ply plies from the start
 * @property {boolean} main whether it is on the main line
 */

/**
 * The answers of the move tree that are values: the bindings' `WebTree` methods whose
 * wasm-bindgen type is `any` or a typed array, typed here.
 * @typedef {object} TreeAnswers
 * @property {(ids: boolean) => Tree} value
 * @property {(id: number) => TreeNodeInfo | null} node
 */

/**
 * The engine's move tree: the bindings' `WebTree` (www/pkg, crates/web/src/tree.rs) with its
 * answers typed.
 * @typedef {Omit<import('../pkg/baroque_web.js').WebTree, keyof TreeAnswers> & TreeAnswers} MoveTree
 */

/**
 * A game read from PGN (`WebGame.readPgn`), to build with `WebGame.build`.
 * @typedef {object} PgnGame
 * @property {number} games
 * @property {string} variant
 * @property {string} fen
 * @property {string[]} options the options that differ from the game's standard, `name=value` (the set-up format)
 * @property {string[]} moves
 * @property {[string, string][]} tags
 * @property {Result} result
 * @property {Tree} tree
 * @property {{ base: number, inc: number } | null} clock the TimeControl tag's clock as the engine reads it (ms), or null
 */

/**
 * A search score: centipawns (`cp`) or mate in moves (`mate`, negative when mated): one of the
 * two is present.
 * @typedef {{ cp?: number, mate?: number }} Score
 */

/**
 * One completed depth of one line of a search (`search`'s `on_info`).
 * @typedef {object} SearchInfo
 * @property {number} depth
 * @property {number} seldepth
 * @property {number} multipv
 * @property {Score} score
 * @property {number} nodes
 * @property {number} time
 * @property {number} nps
 * @property {string[]} pv
 * @property {string[]} notation
 */

/**
 * A search's answer (`WebSearcher.search`).
 * @typedef {object} SearchResult
 * @property {string | null} best
 * @property {string | null} ponder
 * @property {Score} score
 * @property {number} depth
 * @property {number} nodes
 * @property {number} time
 * @property {number} nps
 * @property {string[]} pv
 * @property {boolean} ponderhit
 */

/**
 * A level of the computer player (`WebSearcher.levels`); the limits are null when it has none.
 * @typedef {object} Level
 * @property {number} level
 * @property {string} name
 * @property {string} description
 * @property {number | null} depth
 * @property {number | null} nodes
 * @property {number | null} movetime
 * @property {number} elo
 */

/**
 * The colours around the board (`BoardView.colors`), CSS colours.
 * @typedef {object} Colors
 * @property {string} surround
 * @property {string} light
 * @property {string} dark
 * @property {string} frame
 * @property {string} wizard
 * @property {string} highlight
 * @property {string} cursor
 */

/**
 * The position editor's draft (`BoardView.setup`, crates/web/src/editor.rs): its FEN, the cells
 * across the drawn board, its pieces and its FEN fields (the page takes no FEN apart).
 * @typedef {object} Draft
 * @property {string} fen
 * @property {number} columns
 * @property {{ square: string, color: Side, role: string }[]} pieces
 * @property {Side} side the side to move
 * @property {string[]} castling the castling rights held, as the FEN's letters
 * @property {string} enPassant the en passant field's squares ('' for none)
 */

/**
 * The engine's small tables (`engineTables()`, crates/web/src/tables.rs).
 * @typedef {object} EngineTables
 * @property {number} levelMin the weakest level's number
 * @property {number} levelMax the strongest level's number
 * @property {string[]} nagMarks the annotation mark of NAG n at index n (index 0: `''`)
 * @property {number} dragThreshold CSS pixels a press travels to become a drag
 */

/**
 * An error of the bindings: the engine's code, its named parameters and English message.
 * @typedef {object} EngineError
 * @property {string} code
 * @property {Record<string, string>} params
 * @property {string} message
 */

/**
 * The answers of a game in progress that are values: the bindings' `WebGame` methods whose
 * wasm-bindgen type is `any`, typed here.
 * @typedef {object} GameAnswers
 * @property {() => Side} sideToMove
 * @property {() => Side} startSide
 * @property {(flagged?: Side) => Status} status the status, or given `flagged` the result when that side's flag falls (the engine's rule)
 * @property {() => MoveInfo[]} legalMoves
 * @property {(text: string) => MoveInfo} play
 * @property {(from: string, to: string) => string[]} preview
 * @property {() => string[]} frozen
 * @property {() => Checker[]} checkers
 * @property {() => Threats} threats
 * @property {() => PlayedMove[]} history
 * @property {() => Words | null} lastSentence
 * @property {(square: string) => PieceInfo | null} pieceAt
 * @property {() => Words} describe
 * @property {(ply: number, words?: boolean) => PositionAt} positionAt the position after the first `ply` moves (clamped), from the positions the game keeps
 * @property {(tags: [string, string][], result?: string, tree?: Tree) => string} pgn the record as PGN: `tags` are [name, value] pairs
 */

/**
 * A game in progress: the bindings' `WebGame` (www/pkg) with its answers typed.
 * @typedef {Omit<import('../pkg/baroque_web.js').WebGame, keyof GameAnswers> & GameAnswers} Game
 */
