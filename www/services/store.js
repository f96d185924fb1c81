// Saved games in the browser's localStorage: one key per game (`baroque.game.<id>`), so a write
// touches one game only, a full quota costs nothing already saved, and two tabs never write
// the same key blindly (each record carries a revision; a tab whose copy is stale saves its
// moves as a new game instead). The tab's own game is remembered in sessionStorage (reload,
// Back/Forward) and the last game touched in localStorage (a new tab).
//
// A record is plain JSON with a format number (FORMAT). Older formats are migrated on reading
// (MIGRATIONS); records of a newer format are left where they are, untouched and reported;
// unreadable or foreign records are moved aside to `baroque.aside.<kind>.<time>.<key>` and
// reported. Nothing here throws: every problem comes back as {id, args} for the page's catalog.

/** The format of the records this page writes. */
export const FORMAT = 2;
const GAME = 'baroque.game.';
const ASIDE = 'baroque.aside.';
const LAST = 'baroque.last';
const CURRENT = 'baroque.current';

/**
 * How a record of format n becomes one of format n + 1 (MIGRATIONS[n]); each step is kept
 * forever, so any older record reaches FORMAT.
 */
export const MIGRATIONS = {
  // Format 2 added the chess clock; games of format 1 were played without one.
  1: (r) => ({ ...r, clock: null }),
};

const isClock = (c) => c === null || (typeof c === 'object'
  && ['base', 'inc', 'white', 'black'].every((k) => Number.isFinite(c[k]) && c[k] >= -1e9)
  && (c.running === null || c.running === 'white' || c.running === 'black'));

/** A Storage that never throws on access (the browser may forbid storage altogether). */
function storageOf(name) {
  try {
    const s = globalThis[name];
    s.length; // eslint-disable-line no-unused-expressions
    return s;
  } catch {
    return null;
  }
}

const isStrings = (v) => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * Whether `r` has the shape of a current record (after migration); `variants`, when known, are
 * the engine's game ids (a record of another variant is damaged: `chess`, `__proto__`).
 * @param {any} r
 * @param {string[] | null} variants
 */
function valid(r, variants) {
  return typeof r.id === 'string' && /^[\w-]{1,40}$/.test(r.id)
    && typeof r.variant === 'string' && (variants === null || variants.includes(r.variant)) && typeof r.fen === 'string'
    && isStrings(r.options) && isStrings(r.moves) && isStrings(r.redo ?? [])
    && (r.mode === 'hotseat' || r.mode === 'computer')
    && (r.side === 'white' || r.side === 'black')
    && Number.isInteger(r.level) && Number.isInteger(r.rev) && Number.isFinite(r.created) && Number.isFinite(r.updated)
    && typeof r.name === 'string' && isClock(r.clock ?? null)
    && (r.ended === null || (typeof r.ended === 'object' && typeof r.ended.result === 'string' && typeof r.ended.reason === 'string'));
}

/**
 * The optional fields a record may carry (additive: a page that does not know them keeps them
 * as they are): `review`, the game review (www/review/review.js, which checks it against the moves
 * before showing it), `hints`, the plies at which a hint was asked (www/views/hint.js), and `tree`,
 * the analysis move tree with its variations (the engine's tree as a value, crates/web/src/tree.rs; `{comment?, line: [node…]}`). A
 * damaged optional field is dropped on reading; the game itself is kept.
 */
export function withOptional(r) {
  const out = { ...r };
  if ('review' in out && (out.review === null || typeof out.review !== 'object' || Array.isArray(out.review))) delete out.review;
  if ('hints' in out && !(Array.isArray(out.hints) && out.hints.every((p) => Number.isInteger(p) && p >= 0))) delete out.hints;
  if ('tree' in out && !(out.tree && typeof out.tree === 'object' && Array.isArray(out.tree.line))) delete out.tree;
  return out;
}

/** A new, unique game id. */
export function newId() {
  const rnd = globalThis.crypto?.randomUUID?.() ?? `${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  return rnd.replace(/[^\w-]/g, '').slice(0, 36);
}

export class GameStore {
  /**
   * `local`/`session`: Storage objects (the browser's by default); `variants`: the engine's game
   * ids, once it has loaded (set the field then), so a record of an unknown game is set aside.
   */
  constructor({ local = storageOf('localStorage'), session = storageOf('sessionStorage'), variants = null } = {}) {
    this.local = local;
    this.session = session;
    /** @type {string[] | null} */
    this.variants = variants;
    this.reported = new Set(); // keys of newer-format records already reported this visit
  }

  /** Whether games can be saved at all. */
  get available() {
    return this.local !== null;
  }

  /**
   * Reads every saved game: `{ games, problems }`, games newest first; problems are
   * {id, args} messages about records moved aside or left alone (each said once).
   */
  list() {
    const games = [];
    const problems = [];
    if (!this.local) return { games, problems };
    const keys = [];
    for (let i = 0; i < this.local.length; i++) {
      const k = this.local.key(i);
      if (k?.startsWith(GAME)) keys.push(k);
    }
    for (const key of keys) {
      const r = this.read(key, problems);
      if (r) games.push(r);
    }
    games.sort((a, b) => b.updated - a.updated);
    return { games, problems };
  }

  /** The record under `key`, migrated; a bad one is moved aside (or left) and reported. */
  read(key, problems = []) {
    const raw = this.get(key);
    if (raw === null) return null;
    let r;
    try {
      r = JSON.parse(raw);
    } catch {
      this.setAside(key, raw, 'corrupt', problems);
      return null;
    }
    if (!r || typeof r !== 'object' || Array.isArray(r) || !Number.isInteger(r.format) || r.format < 1) {
      this.setAside(key, raw, 'foreign', problems);
      return null;
    }
    if (r.format > FORMAT) {
      if (!this.reported.has(key)) problems.push({ id: 'store-newer', args: { key, format: r.format, supported: FORMAT } });
      this.reported.add(key);
      return null;
    }
    while (r.format < FORMAT) r = { ...MIGRATIONS[r.format](r), format: r.format + 1 };
    if (!valid(r, this.variants) || key !== GAME + r.id) {
      this.setAside(key, raw, 'corrupt', problems);
      return null;
    }
    return withOptional(r);
  }

  /** Moves `raw` from `key` to an aside key of its own; if that cannot be written, leaves it. */
  setAside(key, raw, kind, problems) {
    const aside = `${ASIDE}${kind}.${Date.now()}.${key.slice(GAME.length)}`;
    try {
      this.local.setItem(aside, raw);
      this.local.removeItem(key);
      problems.push({ id: `store-${kind}`, args: { key, aside } });
    } catch {
      if (!this.reported.has(key)) problems.push({ id: `store-${kind}`, args: { key, aside: key } });
      this.reported.add(key);
    }
  }

  /** The keys of records kept aside. */
  asideKeys() {
    const out = [];
    for (let i = 0; this.local && i < this.local.length; i++) {
      const k = this.local.key(i);
      if (k?.startsWith(ASIDE)) out.push(k);
    }
    return out.sort();
  }

  get(key) {
    try {
      return this.local?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /** The saved game `id` (migrated), or null. */
  game(id) {
    return id ? this.read(GAME + id) : null;
  }

  /**
   * Saves `record` (its `rev` is the revision this tab last read or wrote). Returns
   * `{ ok: true, record }` with the stored record (a new id when another tab had changed the
   * game since: `forked` is then the old id), or `{ ok: false, problem }` (the quota is full or
   * storage is off) with nothing already stored changed. `touch: false` keeps the date of the
   * last change (a rename).
   */
  save(record, { touch = true } = {}) {
    if (!this.local) return { ok: false, problem: { id: 'store-unavailable', args: {} } };
    let r = { ...record, format: FORMAT, updated: touch ? Date.now() : record.updated };
    let forked = null;
    const stored = this.game(r.id);
    // Another tab wrote this game since this tab read it. If that tab only renamed it or is
    // behind this one (its moves begin ours), this tab's moves carry on the same record;
    // otherwise they are saved as a new game, and the other tab's stays as it was.
    const behind = stored && stored.variant === r.variant && stored.fen === r.fen
      && stored.moves.length <= r.moves.length && stored.moves.every((m, i) => m === r.moves[i]);
    if (stored && stored.rev !== r.rev && behind) r = { ...r, name: stored.name, rev: stored.rev };
    else if (stored && stored.rev !== r.rev) {
      forked = r.id;
      r = { ...r, id: newId(), rev: 0, created: Date.now() };
    }
    r.rev += 1;
    try {
      this.local.setItem(GAME + r.id, JSON.stringify(r));
    } catch (e) {
      const full = e?.name === 'QuotaExceededError' || e?.code === 22 || e?.name === 'NS_ERROR_DOM_QUOTA_REACHED';
      return { ok: false, problem: { id: full ? 'store-full' : 'store-unavailable', args: { error: String(e?.message ?? e) } } };
    }
    this.setCurrent(r.id);
    return { ok: true, record: r, forked };
  }

  /** Deletes game `id`; returns its record, for an undo with `restore`. */
  remove(id) {
    const r = this.game(id);
    try {
      this.local?.removeItem(GAME + id);
    } catch {
      return null;
    }
    if (this.get(LAST) === id) this.forget(LAST);
    return r;
  }

  /** Puts a deleted record back as it was. */
  restore(record) {
    try {
      this.local.setItem(GAME + record.id, JSON.stringify(record));
      return true;
    } catch {
      return false;
    }
  }

  /** The game this tab shows (survives reloads and Back/Forward), else the last one touched. */
  current({ newTab = true } = {}) {
    let id = null;
    try {
      id = this.session?.getItem(CURRENT) ?? null;
    } catch {
      // no session storage
    }
    return id ?? (newTab ? this.get(LAST) : null);
  }

  /** Makes `id` this tab's game (null: a new game not saved yet). */
  setCurrent(id) {
    try {
      if (id) {
        this.session?.setItem(CURRENT, id);
        this.local?.setItem(LAST, id);
      } else this.session?.setItem(CURRENT, '');
    } catch {
      // remembering which game is shown is a convenience; the game itself is saved
    }
  }

  forget(key) {
    try {
      this.local?.removeItem(key);
    } catch {
      // nothing to forget
    }
  }
}

/** The version of the saved review's shape (www/review/ makes reviews of it). */
export const REVIEW_VERSION = 1;

const isScore = (s) => s && typeof s === 'object'
  && ((Number.isFinite(s.cp) && s.mate === undefined) || (Number.isInteger(s.mate) && s.cp === undefined));

/**
 * Whether `r` is a review of (a beginning of) the game whose moves are `moves`: its shape is
 * right and its moves begin the game's. Anything else (a damaged record, a game taken back
 * past the review) is not shown.
 */
export function reviewFits(r, moves) {
  if (!r || typeof r !== 'object' || r.version !== REVIEW_VERSION) return false;
  if (!Array.isArray(r.moves) || !Array.isArray(r.scores) || !Array.isArray(r.best) || !Array.isArray(r.bestNotation)) return false;
  const n = r.moves.length;
  if (r.scores.length !== n + 1 || r.best.length !== n + 1 || r.bestNotation.length !== n + 1) return false;
  if (r.first !== 'white' && r.first !== 'black') return false;
  if (!r.scores.every(isScore) || !r.moves.every((m) => typeof m === 'string')) return false;
  return n <= moves.length && r.moves.every((m, i) => m === moves[i]);
}
