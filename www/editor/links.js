// The position editor's links and snippets, without DOM (www/editor/output.js shows them): the
// game page and the analysis board from the position (docs/web.md's URL parameters), the
// <baroque-board> element, the iframe page and the `baroque diagram --svg` command. Tested in
// Node (tests/e2e/editor-unit.test.mjs).

/**
 * The position the links are for.
 * @typedef {object} Position
 * @property {string} variant
 * @property {string} fen
 * @property {string | null} [lang] the page's `lang` parameter, carried over
 */

import { boardSnippet, scriptLine } from '../services/embed-snippet.js';

/** @param {Position} p */
const langParam = (p) => (p.lang ? `&lang=${encodeURIComponent(p.lang)}` : '');

/**
 * The game page from this position (its `variant` and `fen` parameters), from www/editor.html.
 * @param {Position} p
 */
export const playUrl = (p) => `../index.html?${new URLSearchParams({ variant: p.variant, fen: p.fen })}${langParam(p)}`;

/**
 * The analysis board from this position: the game page from this FEN with the analysis board on
 * (`analysis=1`).
 * @param {Position} p
 */
export const analyseUrl = (p) => `../index.html?${new URLSearchParams({ variant: p.variant, fen: p.fen, analysis: '1' })}${langParam(p)}`;

/** @param {string} s */
const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** @param {string} s a shell word, quoted */
const shell = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The snippets that show this position elsewhere: the element, the iframe page, the command.
 * @param {Position & { orientation: string, base: URL, title: string, linkText: string }} p `base`: the URL of www/;
 *   `linkText`: the fallback link's words (shown until the element's script runs)
 * @returns {{ element: string, iframe: string, command: string }}
 */
export function snippetTexts(p) {
  const flip = p.orientation === 'black';
  /** @type {Array<[string, string]>} */
  const attrs = [['variant', p.variant], ['fen', p.fen]];
  if (flip) attrs.push(['orientation', 'black']);
  // The caption and a link to the game show until the script runs (www/services/embed-snippet.js).
  const element = `${scriptLine(p.base)}\n${boardSnippet(attrs, { www: p.base, linkText: p.linkText })}`;
  const q = new URLSearchParams({ variant: p.variant, fen: p.fen });
  if (flip) q.set('orientation', 'black');
  const iframe = `<iframe src="${attr(`${new URL('embed.html', p.base)}?${q}`)}" width="360" height="400" title="${attr(p.title)}"></iframe>`;
  const command = `baroque diagram --svg --variant ${p.variant} --fen ${shell(p.fen)}${flip ? ' --orientation black' : ''} --out position.svg`;
  return { element, iframe, command };
}
