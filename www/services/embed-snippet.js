// The HTML that the rules pages and the editor hand out for embedding a board on another site:
// the script line and a <baroque-board> whose content is readable without the script, the
// caption and a link to the game page on the same position. A browser shows that content
// before the script has run and keeps showing it if the script never loads (blocked, offline,
// a wiki that strips scripts); once the element is defined its shadow root replaces it.
// No DOM needed: tests import it in Node.
import { optionPairs } from '../engine/engine.js';

/** Escapes text for a double-quoted HTML attribute value (all such a value needs). */
export const escapeAttr = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Escapes text for element content. */
export const escapeText = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The game page's address for a board's attributes: `variant`, `fen`, `moves` (spaces become
 * the page's commas) and the rule options (`"stalemate=draw win=capture"`, each its own
 * parameter), as docs/web.md's URL parameters say.
 * @param {Record<string, string>} attrs
 * @param {string | URL} www the URL of the www/ folder (where baroque-board.js is)
 */
export function gameLink(attrs, www) {
  const q = new URLSearchParams();
  if (attrs.variant) q.set('variant', attrs.variant);
  if (attrs.fen) q.set('fen', attrs.fen);
  const moves = (attrs.moves ?? '').trim().split(/\s+/).filter(Boolean);
  if (moves.length) q.set('moves', moves.join(','));
  for (const [name, value] of optionPairs((attrs.options ?? '').trim().split(/\s+/).filter(Boolean))) {
    if (name) q.set(name, value);
  }
  if (attrs.lang) q.set('lang', attrs.lang);
  return `${new URL('../index.html', www)}?${q}`;
}

/**
 * The element's HTML with its fallback content. `attrs` in the order written (a value of ''
 * writes a bare attribute); `linkText` is the link's words in the handing page's language.
 * @param {Array<[string, string]>} attrs
 * @param {{ www: string | URL, linkText: string }} where
 */
export function boardSnippet(attrs, { www, linkText }) {
  const written = attrs.map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttr(value)}"`)).join('');
  const byName = Object.fromEntries(attrs);
  const caption = byName.caption ? `${escapeText(byName.caption)} ` : '';
  const link = `<a href="${escapeAttr(gameLink(byName, www))}">${escapeText(linkText)}</a>`;
  return `<baroque-board${written}>${caption}${link}</baroque-board>`;
}

/** The script line that defines the element, for the www/ folder at `www`. */
export function scriptLine(www) {
  return `<script type="module" src="${new URL('baroque-board.js', www)}"></script>`;
}
