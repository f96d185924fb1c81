// The player page's and the leaderboards' calls to baroque-server (docs/online.md, "Players"),
// and a game's result from one player's side. No DOM: `fetch` is passed in by tests.

/**
 * GETs `path` on the page's server: JSON, or NDJSON (one value per line, as an array) when
 * `accept` is `application/x-ndjson`. Never throws: `ok` false with the status (0: no answer).
 * @param {string} path @param {string} [accept] @param {typeof fetch} [fetchImpl]
 * @returns {Promise<{ ok: boolean, status: number, body: any }>}
 */
export async function readJson(path, accept = 'application/json', fetchImpl = fetch) {
  try {
    const res = await fetchImpl(new URL(path, location.href), { headers: { Accept: accept }, cache: 'no-store' });
    const text = await res.text();
    const body = accept === 'application/x-ndjson'
      ? text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l))
      : JSON.parse(text);
    return { ok: res.ok, status: res.status, body };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/**
 * Game `g` (lichess's export shape) as player `user` saw it: the result word (`win`, `loss`,
 * `draw`, `aborted`, `going`), the opponent's name (null: a guest) and the rating change
 * (null: none).
 * @param {any} g @param {string} user
 * @returns {{ result: string, opponent: string | null, diff: number | null }}
 */
export function resultOf(g, user) {
  const side = g.players?.white?.user?.id === user ? 'white' : 'black';
  const other = side === 'white' ? 'black' : 'white';
  const result = g.status === 'started' ? 'going'
    : g.status === 'aborted' ? 'aborted'
      : !g.winner ? 'draw' : g.winner === side ? 'win' : 'loss';
  const diff = g.players?.[side]?.ratingDiff;
  return { result, opponent: g.players?.[other]?.user?.name ?? null, diff: typeof diff === 'number' ? diff : null };
}
