// The lobby's WebSocket as the page sees it (crates/server/src/lobby, docs/online.md "The lobby"):
// the open seeks, the players looking per game, and the messages that make, cancel and take seeks
// and auto-pairing requests. It keeps the list as the server tells it and says what changed by
// events (`change`, `paired`, `refused`, `status`); it reconnects after a drop. No DOM: the socket
// class is passed in by tests.

import { pageUrl } from '../online/address.js';

/**
 * An open seek, as the server lists it.
 * @typedef {object} Seek
 * @property {string} id
 * @property {string} variant
 * @property {string[]} rules rule options (`name=value`) that differ from the rule book's
 * @property {string | null} array a start array's id
 * @property {{ limit: number, increment: number } | null} clock seconds
 * @property {number | null} days days per move
 * @property {boolean} rated
 * @property {'white' | 'black' | 'random'} color the creator's
 * @property {string | null} username null: anonymous
 * @property {number | null} rating
 * @property {boolean} provisional
 * @property {[number, number] | null} ratingRange
 * @property {string} [title] `BOT` for a bot account's seek
 */

/**
 * A game made for this player: open /game/ID holding the seat token.
 * @typedef {{ seek: string, game: string, color: 'white' | 'black', token: string }} Paired
 */

/** How long to wait before connecting again after a drop (ms). */
const RETRY_MS = 2000;

/** The lobby socket's address on the page's origin. */
export function lobbyUrl() {
  const url = new URL('/ws/lobby', pageUrl());
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * The `seek` message for the create form's values: a live clock (`minutes` + `increment`
 * seconds) or `days` per move; a range of `range` either side of `rating` when both are given.
 * @param {{ variant: string, minutes: number, increment: number, days: number | null, rated: boolean, color: string, range: string }} f
 */
export function seekMessage(f) {
  /** @type {Record<string, unknown>} */
  const seek = { variant: f.variant, rated: f.rated, color: f.color };
  if (f.days) seek.days = f.days;
  else Object.assign(seek, { time: f.minutes, increment: f.increment });
  if (f.range.trim()) seek.ratingRange = f.range.trim();
  return { t: 'seek', seek };
}

/**
 * The `auto` message: any of `variants` on any of `clocks` ("5+3, 3+2").
 * @param {{ variants: string[], clocks: string, rated: boolean, range: string }} f
 */
export function autoMessage(f) {
  const clocks = f.clocks.split(/[,\s，、]+/).filter(Boolean);
  /** @type {Record<string, unknown>} */
  const m = { t: 'auto', variants: f.variants, clocks, rated: f.rated };
  if (f.range.trim()) m.ratingRange = f.range.trim();
  return m;
}

/** A seek's time control as the lobby shows it: `5+3`, or `2d` days per move. @param {Seek} s */
export function controlText(s) {
  if (s.clock) return `${s.clock.limit % 60 === 0 ? s.clock.limit / 60 : (s.clock.limit / 60).toFixed(2)}+${s.clock.increment}`;
  return s.days ? `${s.days}d` : '∞';
}

export class LobbyClient extends EventTarget {
  /**
   * @param {string} url
   * @param {typeof WebSocket} [Socket]
   */
  constructor(url, Socket = WebSocket) {
    super();
    this.url = url;
    this.Socket = Socket;
    /** @type {Map<string, Seek>} */
    this.seeks = new Map();
    /** @type {Record<string, number>} players looking per game */
    this.counts = {};
    /** @type {string | null} the account's name (null: anonymous) */
    this.me = null;
    /** @type {Set<string>} this connection's open seeks and auto-pairing requests */
    this.mine = new Set();
    /** @type {'connecting' | 'open' | 'closed'} */
    this.status = 'connecting';
    /** @type {WebSocket | null} */
    this.ws = null;
    this.stopped = false;
  }

  connect() {
    this.status = 'connecting';
    const ws = new this.Socket(this.url);
    this.ws = ws;
    ws.addEventListener('message', (e) => this.receive(String(e.data)));
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      this.status = 'closed';
      this.mine.clear();
      this.dispatchEvent(new Event('status'));
      if (!this.stopped) setTimeout(() => this.connect(), RETRY_MS);
    });
    return this;
  }

  stop() {
    this.stopped = true;
    this.ws?.close();
  }

  /** @param {object} m */
  send(m) {
    if (this.ws?.readyState !== 1) {
      this.dispatchEvent(new CustomEvent('refused', { detail: { code: 'offline', message: 'not connected' } }));
      return;
    }
    this.ws.send(JSON.stringify(m));
  }

  /** @param {ReturnType<typeof seekMessage>} m */
  seek(m) { this.send(m); }
  /** @param {ReturnType<typeof autoMessage>} m */
  auto(m) { this.send(m); }
  /** @param {string} id */
  cancel(id) { this.send({ t: 'cancel', id }); }
  /** @param {string} id */
  accept(id) { this.send({ t: 'accept', id }); }

  /**
   * One frame from the server: a message, or a `batch` of the lobby's news (`added`, `removed`,
   * `counts`: the server sends each connection one frame per tick), told as one `change`.
   * @param {string} text
   */
  receive(text) {
    /** @type {any} */
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (m?.t === 'batch') {
      let changed = false;
      for (const one of Array.isArray(m.m) ? m.m : []) changed = this.apply(one) || changed;
      if (changed) this.dispatchEvent(new Event('change'));
      return;
    }
    if (this.apply(m)) this.dispatchEvent(new Event('change'));
  }

  /**
   * One server message: the list or this player's seeks kept, events for the others; true when
   * the list, the counts or this player's seeks changed.
   * @param {any} m
   */
  apply(m) {
    switch (m?.t) {
      case 'hello':
        this.status = 'open';
        this.me = m.me ?? null;
        this.seeks = new Map(m.seeks.map((/** @type {Seek} */ s) => [s.id, s]));
        this.counts = m.counts ?? {};
        this.dispatchEvent(new Event('status'));
        return true;
      case 'added':
        this.seeks.set(m.seek.id, m.seek);
        return true;
      case 'removed':
        this.seeks.delete(m.id);
        return true;
      case 'counts':
        this.counts = m.counts ?? {};
        return true;
      case 'open':
      case 'auto':
        this.mine.add(m.id);
        this.dispatchEvent(new CustomEvent('opened', { detail: m }));
        return true;
      case 'cancelled':
        this.mine.delete(m.id);
        return true;
      case 'paired':
        this.mine.clear();
        this.dispatchEvent(new CustomEvent('paired', { detail: /** @type {Paired} */ (m) }));
        return false;
      case 'error':
        this.dispatchEvent(new CustomEvent('refused', { detail: { code: m.code, message: m.message } }));
        return false;
      default:
        return false;
    }
  }
}
