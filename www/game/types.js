// The game controller's shapes (www/game/ctrl.js): its view mode, settings, record, move
// sources and the state another party (the game server) gives it. Types only: nothing runs here.
/** @typedef {import('../engine/types.js').Side} Side */
/** @typedef {import('../engine/types.js').MoveInfo} MoveInfo */
/** @typedef {import('./clock.js').Clock} Clock */

/**
 * What the board shows: the game as it stands, the position after a past ply (read-only, or with
 * the tree on a game to move in: GameCtrl.branch), a node of the move tree (moves there go into
 * the tree), or where an analysis line leads from the game's position (`line`: its moves, not
 * played; read-only). `ply`: the game's ply the view starts from.
 * @typedef {{ kind: 'live' } | { kind: 'past', ply: number } | { kind: 'node', id: number, ply: number }
 *   | { kind: 'line', ply: number, line: string[] }} ViewMode
 */

/**
 * How the game is played: against the computer (`side` is the player's) or hot seat.
 * @typedef {object} Settings
 * @property {string} variant
 * @property {string} fen
 * @property {string[]} options
 * @property {'computer' | 'hotseat' | 'online'} mode
 * @property {Side} side
 * @property {number} level
 * @property {boolean} autoflip
 * @property {{ base: number, inc: number } | null} [clock]
 * @property {string[]} [moves] moves still to play when the game starts (the address bar's)
 * @property {import('../engine/types.js').Tree} [tree] the move tree to start with
 * @property {{ id: string, seat: Side | null, speed: string, days: number | null }} [online] an online game: the server's id, this browser's seat (null: watching)
 */

/**
 * The game's record beside its moves (www/services/store.js keeps it): an ending the page decided
 * (resignation, agreement, time), the moves undone (for Redo, the next one last) and the clock.
 * @typedef {object} GameRecord
 * @property {{ result: 'white' | 'black' | 'draw', reason: string } | null} ended
 * @property {string[]} redo
 * @property {Clock | null} clock
 */

/**
 * Where one side's moves come from (www/game/sources/): this screen, the computer (its worker;
 * a puzzle's defender is one too) or the network (the game server). On the turn of a side whose
 * source answers questions (`yourTurn`), the controller asks it for the move and plays the
 * answer; this screen's moves come as GameCtrl.move calls and the network's as GameCtrl.follow,
 * so those have no `yourTurn`. Every source is told of each move played (`played`), so the
 * network source sends this screen's moves to the server and the computer ponders.
 * @typedef {object} MoveSource
 * @property {'screen' | 'computer' | 'network'} kind
 * @property {(turn: Turn) => Promise<string | null>} [yourTurn] finds the move of the side to move (null: none, it was cancelled; a rejection: it failed)
 * @property {() => void} [cancel] the answer is no longer wanted (an undo, a new game, the game ended); stops any thinking
 * @property {() => void} [hurry] answer now with the best move found so far
 * @property {(event: { move: MoveInfo, by: string, ply: number }) => void} [played] after each move played on the controller (`ply`: the plies before it)
 * @property {() => void} [detach] when the controller drops the source (a new game, other sources)
 */

/**
 * The controller's question to a source: its move for `side` in `ctrl`'s game (`newGame`: the
 * first question of this game).
 * @typedef {{ ctrl: import('./ctrl.js').GameCtrl, side: Side, newGame: boolean }} Turn
 */

/**
 * Why the source asked gave no move: the move it answered and why the controller refused it,
 * or its own failure (the worker's error, or the page's message such as no move found).
 * @typedef {{ move: string | null, message?: Message, error?: import('../engine/types.js').EngineError }} SourceFailure
 */

/**
 * The game as another party decides it (the game server): the moves, an ending, the clock.
 * @typedef {object} RemoteState
 * @property {string[]} moves every move of the game, in order
 * @property {{ result: 'white' | 'black' | 'draw', reason: string } | null} ended
 * @property {{ white: number, black: number, running: Side | null, at: number } | null} [clock] time left at `at` (this machine's ms)
 */

/** A refusal in the page's words: a catalog message id and its arguments. @typedef {{ id: string, args?: Record<string, any> }} Message */

export {};
