// The "Games" dialog: every saved game (www/services/store.js), newest first, with its game, players,
// date, result and a small picture of its last position, to open (continue), rename, export
// (PGN) or delete (with an undo). Records kept aside because they could not be read are
// listed by key at the end. Every word comes from the catalog (games-*).
import { language, t } from '../services/i18n.js';
import { forgetOnlineGame, keepOnlineGame, onlineGame, onlineGames, yourMove } from '../online/seats.js';
import { fetchGame } from '../online/server.js';
import { remoteState } from '../game/sources/network.js';
import { wholeMoves } from '../online/news.js';
import { buildGame } from '../engine/engine.js';

/**
 * Adds a row's action button (`data-action` = `key`, words `games-<key>`) to `row`.
 * @param {HTMLElement} row @param {string} key @param {() => void} onClick @param {string} cls
 */
function actionButton(row, key, onClick, cls) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.dataset.action = key;
  b.textContent = t(`games-${key}`);
  b.addEventListener('click', onClick);
  row.append(b);
  return b;
}

/**
 * The whole moves an online game has had, numbered by the engine (0 if it refuses the game).
 * @param {import('../online/seats.js').OnlineEntry} e
 */
function movesOf(e) {
  const built = buildGame({ variant: e.variant, fen: e.fen, options: e.options, moves: e.moves });
  if (built.error) return 0;
  const n = wholeMoves(built.game.history());
  built.game.free();
  return n;
}

export class GamesList {
  /**
   * `dialog`: the <dialog>; `store`: a GameStore; `open(record)`, `exportPgn(record)`,
   * `thumbnail(canvas, record)` (draws the picture, returns a view to free or null),
   * `changed(record)` (a record this tab may hold was renamed or deleted), `problems(list)`;
   * `review(record)` (optional: opens the game and reviews it, www/review/review.js);
   * `openOnline(entry)`, `exportOnline(entry)` (optional: this browser's online games,
   * www/online/seats.js, listed after the others with "your move" and their PGN once over).
   */
  constructor(dialog, { store, open, exportPgn, thumbnail, changed, problems, currentId, review = null, analyse = null, openOnline = null, exportOnline = null }) {
    this.openOnline = openOnline;
    this.exportOnline = exportOnline;
    this.dialog = dialog;
    this.store = store;
    this.openGame = open;
    this.exportPgn = exportPgn;
    this.thumbnail = thumbnail;
    this.changed = changed;
    this.problems = problems;
    this.currentId = currentId;
    this.reviewGame = review;
    this.analyseGame = analyse;
    this.list = dialog.querySelector('#games-items');
    this.notice = dialog.querySelector('#games-notice');
    this.views = [];
    this.deleted = null;
    dialog.querySelector('#games-close').addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => this.freeViews());
    addEventListener('storage', (e) => {
      if (dialog.open && (e.key === null || e.key.startsWith('baroque.'))) this.render();
    });
  }

  show() {
    this.notice.replaceChildren();
    this.render();
    this.dialog.showModal();
    if (this.openOnline) this.accountGames();
  }

  /**
   * The logged-in account's games (`GET /api/account/games`): kept with this browser's online
   * games, so that an account's games are listed (and open on its seat) on any device.
   */
  async accountGames() {
    const res = await fetch('/api/account/games?max=30', { cache: 'no-store' }).catch(() => null);
    if (!res?.ok) return;
    const { user, games } = await res.json();
    const fresh = games.filter((/** @type {any} */ g) => !onlineGame(g.id));
    for (const g of fresh) {
      keepOnlineGame({
        id: g.id, seat: g.players.white.user?.id === user ? 'white' : 'black', variant: g.variant,
        moves: g.moves ? g.moves.split(' ') : [], turn: g.turn, speed: g.speed, days: g.daysPerTurn ?? null,
        ended: g.status === 'started' ? null : { result: g.winner ?? 'draw', reason: g.status }, created: g.createdAt, updated: g.createdAt,
      });
    }
    if (fresh.length && this.dialog.open) this.render();
  }

  freeViews() {
    for (const v of this.views) v.free();
    this.views = [];
  }

  render() {
    this.freeViews();
    const { games, problems } = this.store.list();
    if (problems.length) this.problems(problems);
    this.list.replaceChildren();
    this.dialog.dataset.count = String(games.length);
    const online = this.openOnline ? onlineGames() : [];
    if (!games.length && !online.length) {
      const li = document.createElement('li');
      li.className = 'empty';
      li.textContent = t('games-empty');
      this.list.append(li);
    }
    for (const r of games) this.list.append(this.item(r));
    for (const e of online) this.list.append(this.onlineItem(e));
    this.refreshOnline(online);
    const aside = this.store.asideKeys();
    const box = this.dialog.querySelector('#games-aside');
    box.hidden = aside.length === 0;
    box.textContent = aside.length ? t('games-aside', { count: aside.length, keys: aside.join(', ') }) : '';
    this.pictures = games;
    requestAnimationFrame(() => {
      for (const li of this.list.querySelectorAll('li[data-id]')) {
        const r = games.find((g) => g.id === li.dataset.id);
        const view = r && this.thumbnail(li.querySelector('canvas'), r);
        if (view) this.views.push(view);
      }
      for (const li of this.list.querySelectorAll('li[data-online]')) {
        const e = online.find((g) => g.id === li.dataset.online);
        const view = e && this.thumbnail(li.querySelector('canvas'), { ...e, orientation: e.seat ?? 'white' });
        if (view) this.views.push(view);
      }
    });
  }

  item(r) {
    const li = document.createElement('li');
    li.dataset.id = r.id;
    if (r.id === this.currentId()) li.classList.add('current');
    const cv = document.createElement('canvas');
    cv.className = 'game-picture';
    cv.setAttribute('aria-hidden', 'true');
    const info = document.createElement('div');
    info.className = 'game-info';
    const name = document.createElement('input');
    name.className = 'game-name';
    name.value = r.name || t(`game-${r.variant}`);
    name.setAttribute('aria-label', t('games-name'));
    name.addEventListener('change', () => this.rename(r.id, name.value.trim()));
    const facts = document.createElement('p');
    facts.className = 'hint';
    const players = r.mode === 'computer'
      ? t('games-players-computer', { side: r.side, level: r.level })
      : t('games-players-hotseat');
    const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.updated));
    const result = r.final?.result && r.final.result !== 'ongoing'
      ? t('games-result', { result: r.final.result })
      : t('games-in-progress', { plies: r.moves.length });
    facts.textContent = t('games-facts', { game: t(`game-${r.variant}`), players, date, result });
    if (r.hints?.length) facts.textContent += ` ${t('games-hints', { count: r.hints.length })}`;
    if (r.review) facts.textContent += ` ${t('games-reviewed')}`;
    info.append(name, facts);
    const buttons = document.createElement('div');
    buttons.className = 'game-buttons';
    /** @param {string} key @param {() => void} onClick @param {string} [cls] */
    const button = (key, onClick, cls = 'small') => actionButton(buttons, key, onClick, cls);
    button('open', () => {
      this.dialog.close();
      this.openGame(this.store.game(r.id) ?? r);
    });
    button('rename', () => {
      name.focus();
      name.select();
    });
    button('export', () => this.exportPgn(this.store.game(r.id) ?? r));
    if (this.reviewGame && r.moves.length) {
      button('review', () => {
        this.dialog.close();
        this.reviewGame(this.store.game(r.id) ?? r);
      });
    }
    if (this.analyseGame) {
      // Analyse: the game opened with the analysis board on (www/pages/game/tree.js).
      button('analyse', () => {
        this.dialog.close();
        this.analyseGame(this.store.game(r.id) ?? r);
      });
    }
    button('delete', () => this.remove(r.id), 'small danger');
    li.append(cv, info, buttons);
    return li;
  }

  /**
   * Asks the server for the games not over (`GET /api/game/{id}`, at most 20 at once), so that
   * "your move" is true without opening them: each answer is kept and its item shown again.
   * @param {import('../online/seats.js').OnlineEntry[]} online
   */
  refreshOnline(online) {
    for (const e of online.filter((g) => !g.ended).slice(0, 20)) {
      fetchGame(e.id).then((full) => {
        if (!full || !this.dialog.open) return;
        const st = full.state;
        const { moves, ended } = remoteState(st, { live: false }); // the server's state as the controller reads it
        if (moves.length === e.moves.length && st.turn === e.turn && !ended) return;
        const full0 = onlineGame(e.id)?.full;
        const kept = keepOnlineGame({ id: e.id, moves, turn: st.turn, ended, ...(full0 ? { full: { ...full0, state: st } } : {}) });
        const li = this.list.querySelector(`li[data-online="${e.id}"]`);
        const item = this.onlineItem(kept);
        li?.replaceWith(item);
        const view = this.thumbnail(item.querySelector('canvas'), { ...kept, orientation: kept.seat ?? 'white' });
        if (view) this.views.push(view);
      }).catch(() => {});
    }
  }

  /**
   * An online game of this browser: its game, seat, whose move (correspondence: "your move")
   * or result, with Open (its link), PGN once over, and Forget.
   * @param {import('../online/seats.js').OnlineEntry} e
   */
  onlineItem(e) {
    const li = document.createElement('li');
    li.dataset.online = e.id;
    li.classList.add('online');
    if (yourMove(e)) li.dataset.yourMove = 'true';
    const info = document.createElement('div');
    info.className = 'game-info';
    const name = document.createElement('p');
    name.className = 'game-name';
    name.textContent = t('games-online-name', { game: t(`game-${e.variant}`) });
    const facts = document.createElement('p');
    facts.className = 'hint';
    const date = new Intl.DateTimeFormat(language(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(e.updated));
    const state = e.ended
      ? t('games-result', { result: e.ended.result })
      : yourMove(e) ? t('games-online-your-move') : t('games-online-their-move', { moves: movesOf(e) });
    facts.textContent = t('games-online-facts', { seat: e.seat ?? 'spectator', days: e.days ?? 0, date, state });
    info.append(name, facts);
    const buttons = document.createElement('div');
    buttons.className = 'game-buttons';
    /** @param {string} key @param {() => void} onClick @param {string} [cls] */
    const button = (key, onClick, cls = 'small') => actionButton(buttons, key, onClick, cls);
    button('open', () => {
      this.dialog.close();
      this.openOnline(e);
    });
    if (e.ended && this.exportOnline) button('export', () => this.exportOnline(e));
    button('forget', () => {
      forgetOnlineGame(e.id);
      this.render();
    }, 'small danger');
    const cv = document.createElement('canvas');
    cv.className = 'game-picture';
    cv.setAttribute('aria-hidden', 'true');
    li.append(cv, info, buttons);
    return li;
  }

  rename(id, name) {
    const r = this.store.game(id);
    if (!r) return;
    const saved = this.store.save({ ...r, name }, { touch: false });
    if (!saved.ok) this.problems([saved.problem]);
    else this.changed(saved.record);
  }

  remove(id) {
    const r = this.store.remove(id);
    if (!r) return;
    this.deleted = r;
    this.changed({ ...r, deleted: true });
    const span = document.createElement('span');
    span.textContent = t('games-deleted', { name: r.name || t(`game-${r.variant}`) });
    const undo = document.createElement('button');
    undo.type = 'button';
    undo.className = 'small';
    undo.id = 'games-undo';
    undo.textContent = t('games-undo');
    undo.addEventListener('click', () => {
      if (this.deleted && this.store.restore(this.deleted)) this.changed(this.deleted);
      this.deleted = null;
      this.notice.replaceChildren();
      this.render();
    });
    this.notice.replaceChildren(span, ' ', undo);
    this.render();
    undo.focus();
  }
}
