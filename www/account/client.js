// The account calls of baroque-server (docs/online.md, "Accounts"), without DOM: `fetch` is
// passed in by tests. Every call asks for JSON; the browser sends the session cookie and the
// page's Origin itself (the server refuses a cookie's state change from any other origin).

/**
 * An answer: `ok` with the server's JSON `body`, or not with the message of the `error`.
 * @typedef {{ ok: boolean, body?: any, error?: { id: string, args?: Record<string, string | number> } }} Answer
 */

/** The server's refusal codes that have their own words (www/i18n/*.ftl, `account-error-CODE`). */
const KNOWN = new Set(['bad-username', 'bad-password', 'name-taken', 'bad-credentials', 'rate-limited', 'bad-origin', 'not-logged-in', 'session-needed', 'too-many-tokens', 'no-token']);

/**
 * The message for a refusal: `account-error-CODE` for the codes above (`rate-limited` with the
 * seconds to wait from `Retry-After`), else `account-error-other` with the HTTP status.
 * @param {number} status
 * @param {any} body
 * @param {string | null} retryAfter
 * @returns {{ id: string, args?: Record<string, string | number> }}
 */
export function refusal(status, body, retryAfter) {
  const code = body && typeof body.code === 'string' ? body.code : '';
  if (code === 'rate-limited') {
    const seconds = Number.parseInt(retryAfter ?? '', 10);
    return { id: 'account-error-rate-limited', args: { minutes: Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60)) } };
  }
  if (KNOWN.has(code)) return { id: `account-error-${code}` };
  return { id: 'account-error-other', args: { status } };
}

/**
 * Calls `path` on the page's server: POST `fields` as a form (or GET/DELETE with none).
 * @param {string} path
 * @param {{ method?: string, fields?: Record<string, string> }} [request]
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<Answer>}
 */
export async function call(path, { method = 'POST', fields } = {}, fetchImpl = fetch) {
  /** @type {RequestInit} */
  const init = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' };
  if (fields) init.body = new URLSearchParams(fields);
  let res;
  try {
    res = await fetchImpl(new URL(path, location.href), init);
  } catch {
    return { ok: false, error: { id: 'account-error-network' } };
  }
  let body = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return { ok: true, body };
  return { ok: false, error: refusal(res.status, body, res.headers.get('retry-after')) };
}

/**
 * The logged-in account (`GET /api/account`), or null when nobody is logged in.
 * @param {typeof fetch} [fetchImpl]
 * @returns {Promise<Answer | null>}
 */
export async function whoAmI(fetchImpl = fetch) {
  const a = await call('/api/account', { method: 'GET' }, fetchImpl);
  if (!a.ok && a.error.id === 'account-error-not-logged-in') return null;
  return a;
}

/**
 * A rating as lichess shows it: the number, with `?` while provisional.
 * @param {{ rating: number, prov: boolean }} perf
 */
export function ratingText(perf) {
  return `${perf.rating}${perf.prov ? '?' : ''}`;
}
