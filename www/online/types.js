// The game server's messages as the page reads them (docs/online.md, "Board API" and
// "WebSocket"): the game state, the whole game, who is connected. Types only (never loaded).

/** @typedef {'white' | 'black'} Side */

/**
 * The server's `gameState` (docs/online.md).
 * @typedef {object} GameState
 * @property {number} seq
 * @property {string} moves the moves, separated by spaces
 * @property {number} ply
 * @property {Side} turn
 * @property {number | null} wtime
 * @property {number | null} btime
 * @property {boolean} clockRunning
 * @property {number} at the server's time of the state (ms)
 * @property {string} status `started` while the game goes on
 * @property {Side} [winner]
 * @property {string} [reason]
 * @property {boolean} wdraw
 * @property {boolean} bdraw
 * @property {boolean} wtakeback
 * @property {boolean} btakeback
 * @property {boolean} wrematch
 * @property {boolean} brematch
 * @property {string} [rematch] the next game's id once both asked
 */

/**
 * Who is connected (the server's `presence`): each seat, and from when (server ms) the one
 * connected may claim the win over the one gone (null: not now).
 * @typedef {{ white: boolean, black: boolean, claimFrom: number | null }} Presence
 */

/**
 * The server's `gameFull` (docs/online.md).
 * @typedef {object} GameFull
 * @property {string} id
 * @property {{ key: string }} variant
 * @property {string[]} rules
 * @property {{ initial: number, increment: number } | null} clock
 * @property {number | null} daysPerMove
 * @property {string} speed `live`, `correspondence` or `unlimited`
 * @property {string} initialFen
 * @property {Player} white
 * @property {Player} black
 * @property {GameState} state
 */

/**
 * A seat's player in the `gameFull` (lichess's): an account's `id` and `name` with its `title`
 * (`BOT`), `rating` in the game's perf and `provisional`; an anonymous seat has its colour as
 * `id` and `name` and no rating.
 * @typedef {{ id: string, name: string, title?: string | null, rating?: number, provisional?: boolean }} Player
 */

export {};
