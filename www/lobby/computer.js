// "Play the computer online" (docs/online.md): the house bots online now (lichess's
// `GET /api/bot/online`, NDJSON), each row with its rating in the chosen game and a Play
// button, and the one-click game against one: a direct challenge to the bot account
// (`POST /api/challenge/{name}`, kept alive by its stream) whose answer carries this player's
// seat token and ends with the game's id once the bot accepts. A player without an account
// plays casually (the server decides). Every word is a catalog message (lobby-bots-*).

import { t } from '../services/i18n.js';

/**
 * A bot as the server lists it (lichess's user JSON).
 * @typedef {{ id: string, username: string, perfs: Record<string, { rating: number, prov?: boolean }> }} Bot
 */

/**
 * The game a bot's challenge became: this player's seat and its token.
 * @typedef {{ game: string, color: 'white' | 'black', token: string }} BotGame
 */

/**
 * Why a challenge did not become a game: `declined` (`message`: lichess's reason key),
 * `lapsed` (no answer), or `refused` (the server's message).
 * @typedef {{ kind: 'declined' | 'lapsed' | 'refused', message: string }} BotRefusal
 */

/** The lines of an NDJSON text, parsed (blank ones skipped). @param {string} text */
export function ndjson(text) {
  return text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** The bots online now, best rated first. @param {typeof fetch} [get] @returns {Promise<Bot[]>} */
export async function onlineBots(get = fetch) {
  const r = await get('/api/bot/online');
  if (!r.ok) throw new Error(`${r.status}`);
  return ndjson(await r.text());
}

/** The challenge's form fields: `clock` is "minutes+seconds". @param {{ variant: string, clock: string, color: string, rated: boolean }} terms */
export function challengeFields(terms) {
  const [minutes, increment] = terms.clock.split('+').map(Number);
  return new URLSearchParams({
    variant: terms.variant,
    'clock.limit': String(Math.round(minutes * 60)),
    'clock.increment': String(increment),
    color: terms.color,
    rated: String(terms.rated),
    keepAliveStream: 'true',
  });
}

/** How long a bot's answer is waited for (ms): then the stream is closed and the challenge lapses. */
export const ANSWER_MS = 20000;

/**
 * Challenges bot `name` and waits for its answer, at most `waitMs` (a bot listed a moment ago may
 * have gone: the kept-alive challenge would wait for ever).
 * @param {string} name @param {{ variant: string, clock: string, color: string, rated: boolean }} terms
 * @param {typeof fetch} [post] @param {number} [waitMs]
 * @returns {Promise<BotGame>} rejects with a {@link BotRefusal}
 */
export async function challengeBot(name, terms, post = fetch, waitMs = ANSWER_MS) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), waitMs);
  try {
    return await ask(name, terms, post, stop.signal);
  } catch (e) {
    if (stop.signal.aborted) throw /** @type {BotRefusal} */ ({ kind: 'lapsed', message: '' });
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The challenge and its answer (see {@link challengeBot}).
 * @param {string} name @param {{ variant: string, clock: string, color: string, rated: boolean }} terms
 * @param {typeof fetch} post @param {AbortSignal} signal
 * @returns {Promise<BotGame>}
 */
async function ask(name, terms, post, signal) {
  const r = await post(`/api/challenge/${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: challengeFields(terms),
    signal,
  });
  if (!r.ok || !r.body) {
    const e = await r.json().catch(() => ({}));
    throw /** @type {BotRefusal} */ ({ kind: 'refused', message: e.error ?? `${r.status}` });
  }
  const reader = r.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** @type {any} */
  let challenge = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at;
    while ((at = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, at).trim();
      buffer = buffer.slice(at + 1);
      if (!line) continue;
      const m = JSON.parse(line);
      if (!challenge) {
        challenge = m;
        continue;
      }
      if (m.done === 'accepted' && m.gameId) {
        reader.cancel().catch(() => {});
        return { game: m.gameId, color: challenge.finalColor, token: challenge.seatToken };
      }
      if (m.done === 'declined') throw /** @type {BotRefusal} */ ({ kind: 'declined', message: m.declineReasonKey ?? 'generic' });
      if (m.done) throw /** @type {BotRefusal} */ ({ kind: 'lapsed', message: '' });
    }
  }
  throw /** @type {BotRefusal} */ ({ kind: 'lapsed', message: '' });
}

/**
 * Draws the bots into `body` (their rating in `variant`), `none` shown when there are none.
 * @param {Bot[]} bots @param {string} variant @param {HTMLElement} body @param {HTMLElement} none
 * @param {(name: string) => void} play
 */
export function drawBots(bots, variant, body, none, play) {
  const rows = bots.map((b) => {
    const tr = document.createElement('tr');
    tr.dataset.bot = b.username;
    const perf = b.perfs[variant];
    const cells = [
      [b.username, t('lobby-bots-col-bot')],
      [perf ? `${perf.rating}${perf.prov ? '?' : ''}` : '—', t('lobby-col-rating')],
    ];
    for (const [text, label] of cells) {
      const td = document.createElement('td');
      td.textContent = text;
      td.dataset.label = label;
      tr.append(td);
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'small';
    button.textContent = t('lobby-bots-play');
    button.setAttribute('aria-label', t('lobby-bots-play-name', { name: b.username }));
    button.addEventListener('click', () => play(b.username));
    const last = document.createElement('td');
    last.append(button);
    tr.append(last);
    return tr;
  });
  body.replaceChildren(...rows);
  none.hidden = rows.length > 0;
}
