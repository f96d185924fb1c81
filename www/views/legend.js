// The pieces of a game, in the order of the engine's table: each one's glyph (drawn by the
// board's BoardView.drawGlyph), its name, how it moves and how it captures, all worded by the
// catalog (role-<id>, legend-<id>-moves, legend-<id>-captures, legend-note-<game>), and a link to
// the game's rules page (www/rules/<game>.html).
import { has, t } from '../services/i18n.js';
import { pointerKind } from './touch.js';

/**
 * Fills `container` with the legend of `spec` (an entry of the game table). `options` are the
 * game's rule options as the engine reports them (`win=capture`, every option with its value):
 * the note adds the catalog's sentence for each value that has one (`legend-rule-win-capture`),
 * so how the game is won is worded from the options the engine holds, never decided here.
 * @param {HTMLElement} container
 * @param {any} spec
 * @param {(canvas: HTMLCanvasElement, role: string, color: string) => void} drawGlyph
 * @param {string[]} [options]
 */
export function renderLegend(container, spec, drawGlyph, options = []) {
  container.replaceChildren();
  const note = document.createElement('p');
  note.className = 'legend-note';
  const input = pointerKind(); // "tap" or "click"
  const ruleIds = options.map((pair) => `legend-rule-${pair.replace('=', '-')}`).filter((id) => has(id));
  note.textContent = [t(`legend-note-${spec.id}`, { input }), ...ruleIds.map((id) => t(id, { input }))].join(t('say-join'));
  container.append(note);
  // The game's rules page, in the page's language when the address names one.
  const rules = document.createElement('a');
  rules.className = 'legend-rules';
  const lang = new URLSearchParams(location.search).get('lang');
  rules.href = `www/rules/${spec.id}.html${lang ? `?lang=${encodeURIComponent(lang)}` : ''}`;
  rules.textContent = t('legend-rules-link', { game: t(`game-${spec.id}`) });
  container.append(rules);
  const list = document.createElement('ul');
  list.className = 'legend';
  container.append(list);
  const canvases = [];
  for (const { role } of spec.pieces) {
    const li = document.createElement('li');
    li.dataset.role = role;
    const c = document.createElement('canvas');
    c.className = 'glyph';
    c.setAttribute('aria-hidden', 'true');
    const body = document.createElement('div');
    const h = document.createElement('strong');
    h.textContent = t(`role-${role}`);
    const m = document.createElement('span');
    m.textContent = t('legend-moves', { text: t(`legend-${role}-moves`) });
    const x = document.createElement('span');
    x.textContent = t('legend-captures', { text: t(`legend-${role}-captures`) });
    body.append(h, m, x);
    li.append(c, body);
    list.append(li);
    canvases.push([c, role]);
  }
  // Drawn once laid out, so each glyph gets its real size.
  requestAnimationFrame(() => {
    for (const [c, role] of canvases) drawGlyph(c, role, 'white');
  });
}
