// The rating-history chart of the player page: one line per game in inline SVG (no chart
// library), from the server's history (`GET /api/user/{name}/rating-history`, lichess's
// shape: `[{ name, points: [[year, month from 0, day, rating], …] }]`). `plot` is the pure
// arithmetic (tested in tests/e2e/players-unit.test.mjs); `drawChart` makes the SVG.

/** @typedef {{ name: string, points: number[][] }} Series */

const SVG = 'http://www.w3.org/2000/svg';
/** The lines' colours, by the series' order (the page's accent, good and focus colours). */
const COLOURS = ['var(--accent)', 'var(--good)', 'var(--focus)', 'var(--bad)'];

/**
 * Each series with points as SVG coordinates in a `width` × `height` box (`pad` kept free on
 * every side), time along x and rating up y, and the ratings at the box's bottom and top.
 * Series without points are left out; a single day or a single rating still spans the box.
 * @param {Series[]} series @param {number} width @param {number} height @param {number} pad
 * @returns {{ lines: { name: string, xy: number[][] }[], low: number, high: number }}
 */
export function plot(series, width, height, pad) {
  const used = series.filter((s) => s.points.length);
  const at = (/** @type {number[]} */ p) => Date.UTC(p[0], p[1], p[2]);
  const all = used.flatMap((s) => s.points);
  const times = all.map(at);
  const ratings = all.map((p) => p[3]);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const low = Math.floor((Math.min(...ratings) - 20) / 50) * 50;
  const high = Math.ceil((Math.max(...ratings) + 20) / 50) * 50;
  const x = (/** @type {number} */ t, /** @type {number} */ i, /** @type {number} */ n) =>
    pad + (width - 2 * pad) * (t1 > t0 ? (t - t0) / (t1 - t0) : n > 1 ? i / (n - 1) : 0.5);
  const y = (/** @type {number} */ r) => height - pad - (height - 2 * pad) * (r - low) / (high - low);
  const lines = used.map((s) => ({
    name: s.name,
    xy: s.points.map((p, i) => [Math.round(x(at(p), i, s.points.length) * 10) / 10, Math.round(y(p[3]) * 10) / 10]),
  }));
  return { lines, low, high };
}

/**
 * @param {string} tag @param {Record<string, string | number>} attrs
 * @returns {SVGElement}
 */
function node(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * Draws `series` into `box` (its children replaced): the lines, the bottom and top ratings,
 * and a legend naming each line by `nameOf(series name)`; `label` is the chart's accessible
 * name. Gives whether there was anything to draw.
 * @param {HTMLElement} box @param {Series[]} series @param {(name: string) => string} nameOf @param {string} label
 */
export function drawChart(box, series, nameOf, label) {
  const width = 600;
  const height = 220;
  const pad = 28;
  const { lines, low, high } = plot(series, width, height, pad);
  box.replaceChildren();
  if (!lines.length) return false;
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label });
  for (const [r, yy] of [[high, pad], [low, height - pad]]) {
    svg.append(node('line', { x1: pad, x2: width - pad, y1: yy, y2: yy, style: 'stroke: var(--line)' }));
    const text = node('text', { x: 2, y: yy + 4 });
    text.textContent = String(r);
    svg.append(text);
  }
  lines.forEach((l, i) => {
    const colour = COLOURS[i % COLOURS.length];
    const pts = l.xy.map((p) => p.join(',')).join(' ');
    svg.append(node('polyline', { points: pts, style: `fill: none; stroke: ${colour}; stroke-width: 2` }));
    for (const [cx, cy] of l.xy) svg.append(node('circle', { cx, cy, r: 2.5, style: `fill: ${colour}` }));
    const key = node('text', { x: pad + i * 150, y: height - 6, style: `fill: ${colour}` });
    key.textContent = `● ${nameOf(l.name)}`;
    svg.append(key);
  });
  box.append(svg);
  return true;
}
