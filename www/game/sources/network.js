// The network as a source of moves (www/game/ctrl.js MoveSource): the game server's WebSocket
// `/ws/game/{id}` (docs/online.md). It sends this screen's moves (told by the controller through
// `played`) and the seat's actions, and brings the controller to every state the server
// announces (GameCtrl.follow): the server decides moves, clocks, offers and results, the page
// shows them. A dropped connection is opened again (backing off) with `since` the last event
// number held, so nothing is missed; moves the server has not answered are sent again once, and
// a move that cannot be sent is said (`refused`, code `move-lost`), never dropped silently.
// No DOM: a WebSocket constructor and the time are passed in (tests pass fakes).

/** @typedef {import('../ctrl.js').MoveSource} MoveSource */
/** @typedef {import('../ctrl.js').RemoteState} RemoteState */
/** @typedef {import('../ctrl.js').GameCtrl} GameCtrl */
/** @typedef {'white' | 'black'} Side */

/** @typedef {import('../../online/types.js').GameState} GameState */
/** @typedef {import('../../online/types.js').GameFull} GameFull */
/** @typedef {import('../../online/types.js').Presence} Presence */

/** How long to wait before each attempt to connect again (ms); the last repeats. */
export const RECONNECT_DELAYS = [300, 1000, 2000, 4000];

/**
 * The server's reasons in the page's words (panel.js resultText: `result-win-<reason>`); the
 * engine's own reasons are the page's already.
 */
/** @type {Record<string, string>} */
const REASONS = { flag: 'time' };

/** The server's statuses of a game that ended without a result (no winner, no draw). */
export const ABORTED = 'aborted';

/**
 * A server state as the controller takes it: the moves, the ending, the clock (its `at` turned
 * into this machine's time by `offset`, the server's clock minus this machine's).
 * @param {GameState} state
 * @param {{ live: boolean, offset?: number }} opts `live`: a game with a chess clock
 * @returns {RemoteState}
 */
export function remoteState(state, { live, offset = 0 }) {
  const moves = state.moves ? state.moves.split(' ').filter(Boolean) : [];
  // An aborted game has no result: the page words it as its own ending (`result-draw-abort`).
  const ended = state.status === 'started'
    ? null
    : state.status === ABORTED
      ? { result: 'draw', reason: state.reason === 'noStart' ? 'noStart' : 'abort' }
      : { result: state.winner ?? 'draw', reason: REASONS[state.reason ?? ''] ?? state.reason ?? state.status };
  const clock = live && state.wtime !== null && state.btime !== null
    ? { white: state.wtime, black: state.btime, running: state.clockRunning ? state.turn : null, at: state.at - offset }
    : null;
  return { moves, ended: /** @type {RemoteState['ended']} */ (ended), clock };
}

/**
 * The network as the source of the other seat's moves (or of both, for a spectator).
 * Events (CustomEvent, `detail`): `welcome` {seat, game}, `state` {state}, `refused`
 * {code, message, re}, `connection` {status}, `presence` {presence, was}, `players` (the game's
 * `white`/`black` changed).
 * @implements {MoveSource}
 */
export class NetworkSource extends EventTarget {
  /**
   * @param {object} opts
   * @param {string} opts.url the WebSocket's address (`ws://host/ws/game/ID`)
   * @param {string | null} [opts.token] the seat's secret; none for a spectator
   * @param {any} [opts.WebSocket] the WebSocket constructor
   * @param {() => number} [opts.now]
   * @param {(f: () => void, ms: number) => any} [opts.setTimer]
   * @param {(t: any) => void} [opts.clearTimer]
   */
  constructor({ url, token = null, WebSocket = globalThis.WebSocket, now = () => Date.now(), setTimer = (f, ms) => setTimeout(f, ms), clearTimer = (t) => clearTimeout(t) }) {
    super();
    /** @type {'network'} */
    this.kind = 'network';
    this.url = url;
    this.token = token;
    this.WebSocket = WebSocket;
    this.now = now;
    this.setTimer = setTimer;
    this.clearTimer = clearTimer;
    /** @type {Side | null} this browser's seat (null: a spectator) */
    this.seat = null;
    /** @type {GameFull | null} */
    this.game = null;
    /** @type {GameState | null} the newest state */
    this.state = null;
    /** The newest event number held. */
    this.seq = 0;
    /** @type {number | null} the server's clock minus this machine's (ms), once measured */
    this.offset = null;
    /** @type {{ move: string, ply: number, sent: number }[]} this screen's moves the server has not answered */
    this.pending = [];
    /** @type {string[]} the actions sent and not answered, oldest first (the server answers in order) */
    this.asked = [];
    /** @type {Presence | null} the newest presence (null until the server says) */
    this.presence = null;
    /** The game's spectators on every server (the server's `crowd`, sent when there are any). */
    this.spectators = 0;
    /** Whether the server has welcomed this source once (the game shown is the server's). */
    this.welcomed = false;
    /** @type {'connecting' | 'open' | 'offline' | 'closed'} */
    this.status = 'connecting';
    this.attempt = 0;
    /** @type {any} */
    this.ws = null;
    /** @type {any} */
    this.timer = null;
  }

  /**
   * Starts from a kept copy of the game (this browser's last sight of it, www/online/seats.js)
   * until the server answers: it shows with its clocks stopped, and `hello` asks for the events
   * after it. `pending`: this seat's moves the server had not answered (shown, and sent on the
   * welcome).
   * @param {GameFull} game
   * @param {{ move: string, ply: number }[]} [pending]
   */
  seed(game, pending = []) {
    this.game = game;
    this.state = game.state;
    this.seq = Number.isFinite(game.state.seq) ? game.state.seq : 0;
    this.pending = pending.filter((p) => typeof p?.move === 'string' && Number.isInteger(p.ply) && p.ply >= game.state.ply).map(({ move, ply }) => ({ move, ply, sent: 0 }));
  }

  /** Opens the connection (again). */
  connect() {
    if (this.status === 'closed') return;
    this.setStatus('connecting');
    const ws = new this.WebSocket(this.url);
    this.ws = ws;
    this.asked = [];
    ws.onopen = () => {
      if (ws !== this.ws) return;
      this.raw({ t: 'hello', ...(this.token ? { token: this.token } : {}), since: this.seq });
      this.raw({ t: 'ping' });
      this.pingAt = this.now();
    };
    ws.onmessage = (/** @type {{ data: any }} */ e) => {
      if (ws !== this.ws) return;
      let msg;
      try {
        msg = JSON.parse(String(e.data));
      } catch {
        return;
      }
      this.receive(msg);
    };
    ws.onclose = () => this.dropped(ws);
  }

  /** Connection `ws` is gone: offline, and another attempt after a while. @param {any} ws */
  dropped(ws) {
    if (ws !== this.ws) return;
    this.ws = null;
    if (this.status === 'closed') return;
    this.setStatus('offline');
    const delay = RECONNECT_DELAYS[Math.min(this.attempt, RECONNECT_DELAYS.length - 1)];
    this.attempt++;
    this.timer = this.setTimer(() => this.connect(), delay);
  }

  /**
   * The machine lost its network (the browser's `offline`): the connection is dropped now
   * rather than when its timeouts notice, and opened again on `online`.
   * @param {boolean} up
   * @returns {void}
   */
  network(up) {
    if (this.status === 'closed') return;
    if (!up) {
      const ws = this.ws;
      this.dropped(ws);
      return void ws?.close();
    }
    if (this.status === 'offline') {
      this.clearTimer(this.timer);
      this.attempt = 0;
      this.connect();
    }
  }

  /** Closes the connection for good (the page leaves the game). */
  close() {
    this.setStatus('closed');
    this.clearTimer(this.timer);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
  }

  /** The controller drops this source. */
  detach() {
    this.close();
  }

  /** @param {'connecting' | 'open' | 'offline' | 'closed'} status */
  setStatus(status) {
    if (this.status === status) return;
    this.status = status;
    this.dispatchEvent(new CustomEvent('connection', { detail: { status } }));
  }

  /** @param {Record<string, any>} msg */
  raw(msg) {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(msg));
  }

  /**
   * Sends an action of the seat (answered in order by `ok` or `error`); false when offline.
   * @param {Record<string, any>} msg
   */
  ask(msg) {
    if (this.status !== 'open') return false;
    this.asked.push(msg.t);
    this.raw(msg);
    return true;
  }

  /** @param {Record<string, any>} msg */
  receive(msg) {
    switch (msg.t) {
      case 'welcome': {
        this.seat = msg.seat ?? null;
        this.game = msg.game;
        this.attempt = 0;
        this.welcomed = true;
        this.setStatus('open');
        this.dispatchEvent(new CustomEvent('welcome', { detail: { seat: this.seat, game: this.game } }));
        this.take(msg.game.state, { fresh: true });
        this.resend();
        break;
      }
      case 'event':
        this.take({ ...msg.state, seq: msg.seq }, { fresh: true });
        break;
      case 'presence': {
        const was = this.presence;
        this.presence = { white: Boolean(msg.white), black: Boolean(msg.black), claimFrom: Number.isFinite(msg.claimFrom) ? msg.claimFrom : null };
        this.dispatchEvent(new CustomEvent('presence', { detail: { presence: this.presence, was } }));
        break;
      }
      case 'players':
        // An account took a seat after the welcome: the game's players as its gameFull would say.
        if (this.game) {
          this.game = { ...this.game, white: msg.white, black: msg.black };
          this.dispatchEvent(new CustomEvent('players'));
        }
        break;
      case 'crowd':
        this.spectators = Math.max(0, Number(msg.spectators) || 0);
        this.dispatchEvent(new CustomEvent('crowd', { detail: { spectators: this.spectators } }));
        break;
      case 'pong': {
        const rtt = this.now() - (this.pingAt ?? this.now());
        this.sample(msg.at + rtt / 2 - this.now());
        break;
      }
      case 'ok': {
        const re = this.asked.shift();
        if (re === 'move') this.pending.shift();
        break;
      }
      case 'error': {
        const re = this.asked.shift() ?? null;
        if (re === 'move') this.pending.shift();
        this.dispatchEvent(new CustomEvent('refused', { detail: { code: msg.code, message: msg.message, re } }));
        // A refused move goes from the board: back to the server's game.
        if (re === 'move' && this.state) this.dispatchEvent(new CustomEvent('state', { detail: { state: this.state } }));
        break;
      }
      default:
    }
  }

  /** @param {number} offset a measure of the server's clock minus this machine's (a lower bound) */
  sample(offset) {
    if (this.offset === null || offset > this.offset) this.offset = offset;
  }

  /**
   * Takes a state: a newer one than held is kept, acknowledged and announced.
   * @param {GameState} state
   * @param {{ fresh: boolean }} opts
   */
  take(state, { fresh }) {
    if (fresh) this.sample(state.at - this.now());
    if (this.state && state.seq <= this.seq) return;
    this.seq = state.seq;
    this.state = state;
    // Moves the state holds are no longer this screen's to send.
    this.pending = this.pending.filter((p) => p.ply >= state.ply);
    this.raw({ t: 'ack', seq: state.seq });
    this.dispatchEvent(new CustomEvent('state', { detail: { state } }));
  }

  /**
   * After a reconnection: the moves not answered are sent again, once; a move sent twice without
   * an answer is given up, said (`refused`, `move-lost`) and taken from the board.
   */
  resend() {
    const before = this.pending.length;
    const again = this.pending.filter((p) => p.sent < 2);
    this.pending = [];
    for (const p of again) this.sendMove(p);
    if (again.length < before) {
      this.dispatchEvent(new CustomEvent('refused', { detail: { code: 'move-lost', message: '', re: 'move' } }));
      // A move given up goes from the board: back to the server's game.
      if (this.state) this.dispatchEvent(new CustomEvent('state', { detail: { state: this.state } }));
    }
  }

  /** @param {{ move: string, ply: number, sent: number }} p */
  sendMove(p) {
    this.pending.push(p);
    if (this.ask({ t: 'move', move: p.move, ply: p.ply })) p.sent++;
  }

  /**
   * The controller played a move: this screen's goes to the server (queued while offline).
   * @param {{ move: import('../../engine/types.js').MoveInfo, by: string, ply: number }} e
   */
  played({ move, by, ply }) {
    if (by === 'network' || this.seat === null) return;
    this.sendMove({ move: move.move, ply, sent: 0 });
  }

  /**
   * The game as the server has it, with this screen's moves not yet answered after it.
   * @returns {RemoteState | null}
   */
  remote() {
    if (!this.state || !this.game) return null;
    const r = remoteState(this.state, { live: this.game.speed === 'live', offset: this.offset ?? 0 });
    // A kept copy before the server answered: its clocks do not run.
    if (!this.welcomed && r.clock) r.clock.running = null;
    for (const p of this.pending) if (p.ply === r.moves.length) r.moves.push(p.move);
    return r;
  }

  /**
   * Keeps `ctrl` on the server's game: every state announced is followed.
   * @param {GameCtrl} ctrl
   * @returns {() => void} stops following
   */
  attach(ctrl) {
    const follow = () => {
      const r = this.remote();
      if (r && ctrl.game) ctrl.follow(r);
    };
    this.addEventListener('state', follow);
    return () => this.removeEventListener('state', follow);
  }

  resign() {
    return this.ask({ t: 'resign' });
  }

  /** Offers a draw, or answers the opponent's offer. @param {boolean} yes */
  draw(yes) {
    return this.ask({ t: 'draw', yes });
  }

  /** Asks to take back, or answers the opponent's request. @param {boolean} yes */
  takeback(yes) {
    return this.ask({ t: 'takeback', yes });
  }

  /** @param {boolean} yes */
  rematch(yes) {
    return this.ask({ t: 'rematch', yes });
  }

  /** Ends the game without a result (before both sides have moved). */
  abort() {
    return this.ask({ t: 'abort' });
  }

  /** Claims the win from an opponent gone too long. */
  claim() {
    return this.ask({ t: 'claim' });
  }

  /**
   * The offer standing from `side`, in the newest state.
   * @param {'draw' | 'takeback' | 'rematch'} kind
   * @param {Side} side
   */
  offered(kind, side) {
    return Boolean(this.state?.[`${side === 'white' ? 'w' : 'b'}${kind}`]);
  }
}
