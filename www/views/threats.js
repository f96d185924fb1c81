// Threats mode: marks every piece of the side to move that the opponent could capture with its
// next move (with the capturing piece's glyph and the method) and every piece it could freeze;
// hovering or focusing a mark (or its line in the list) draws the threatening move and the
// squares it would empty. Everything shown comes from the engine's WebGame.threats(): this
// module never works out a capture, and it knows no game.
import { t } from '../services/i18n.js';

const SVG = 'http://www.w3.org/2000/svg';

/** Groups the engine's threats by victim: one mark per threatened piece, capture marks first. */
export function groupThreats(json) {
  const marks = new Map();
  for (const [kind, list] of [['capture', json.captures], ['freeze', json.freezes]]) {
    for (const th of list) {
      const key = `${kind}:${th.victim}`;
      if (!marks.has(key)) marks.set(key, { kind, victim: th.victim, victimRole: th.victimRole, threats: [] });
      marks.get(key).threats.push(th);
    }
  }
  return [...marks.values()];
}

/** The sentence for one threat, in the page's language. */
export function threatText(th, kind, side) {
  const args = {
    piece: t(`role-${th.role}`), from: th.from, to: th.to, notation: th.notation,
    victim: t(`role-${th.victimRole}`), square: th.victim, side,
  };
  return kind === 'capture'
    ? t('threat-capture', { ...args, method: t(`threat-method-${th.method}`) })
    : t('threat-freeze', args);
}

export class ThreatsView {
  /**
   * `layer`: an element laid over the canvas; `list`: the panel's list; `toggle`: the
   * aria-pressed button; `card`: the panel card (hidden while off); `center(square)`: the square's
   * centre in canvas CSS pixels; `glyph(canvas, role, color)`: draws a piece glyph.
   */
  constructor({ layer, list, toggle, card, summary, canvas, center, glyph, announce }) {
    this.layer = layer;
    this.list = list;
    this.toggle = toggle;
    this.card = card;
    this.summary = summary;
    this.canvas = canvas;
    this.center = center;
    this.glyph = glyph;
    this.announce = announce;
    this.on = false;
    this.data = null;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.classList.add('threat-arrows');
    this.svg.setAttribute('aria-hidden', 'true');
    toggle.addEventListener('click', () => this.setOn(!this.on));
  }

  setOn(on) {
    this.on = on;
    this.toggle.setAttribute('aria-pressed', String(on));
    this.announce?.(t(on ? 'say-threats-on' : 'say-threats-off'));
    this.show(this.lastGame, this.lastVisible);
  }

  /** Shows the threats of `game`'s position, or nothing when off or `visible` is false. */
  show(game, visible = true) {
    this.lastGame = game;
    this.lastVisible = visible;
    this.layer.replaceChildren();
    this.list.replaceChildren();
    this.card.hidden = !this.on;
    this.layer.hidden = !this.on || !visible;
    if (!this.on || !game) return;
    if (!visible) {
      this.summary.textContent = t('threats-history');
      return;
    }
    const json = game.threats();
    this.data = json;
    const marks = groupThreats(json);
    this.summary.textContent = marks.length
      ? t('threats-summary', { side: json.side, captures: marks.filter((m) => m.kind === 'capture').length, freezes: marks.filter((m) => m.kind === 'freeze').length })
      : t('threats-none', { side: json.side });
    this.place();
    this.layer.append(this.svg);
    this.svg.replaceChildren();
    const size = this.canvas.clientWidth;
    const badge = Math.max(16, size / 24);
    for (const mark of marks) {
      const [x, y] = this.center(mark.victim);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `threat-mark threat-${mark.kind}`;
      b.dataset.victim = mark.victim;
      b.dataset.kind = mark.kind;
      b.dataset.moves = mark.threats.map((th) => th.move).join(' ');
      if (mark.kind === 'capture') b.dataset.methods = [...new Set(mark.threats.map((th) => th.method))].join(' ');
      const words = mark.threats.map((th) => threatText(th, mark.kind, json.side));
      b.setAttribute('aria-label', words.join(' '));
      b.title = words.join('\n');
      b.style.left = `${x + size / 40}px`;
      b.style.top = `${y - size / 40 - badge}px`;
      b.style.width = b.style.height = `${badge}px`;
      const c = document.createElement('canvas');
      b.append(c);
      const draw = () => this.draw(mark.threats);
      b.addEventListener('pointerenter', draw);
      b.addEventListener('focus', draw);
      b.addEventListener('pointerleave', () => this.draw([]));
      b.addEventListener('blur', () => this.draw([]));
      this.layer.append(b);
      this.glyph(c, mark.threats[0].role, json.by);
      for (const [i, th] of mark.threats.entries()) {
        const li = document.createElement('li');
        const item = document.createElement('button');
        item.type = 'button';
        item.className = 'link threat-item';
        item.dataset.victim = mark.victim;
        item.dataset.kind = mark.kind;
        item.dataset.move = th.move;
        item.textContent = words[i];
        const one = () => this.draw([th]);
        item.addEventListener('pointerenter', one);
        item.addEventListener('focus', one);
        item.addEventListener('pointerleave', () => this.draw([]));
        item.addEventListener('blur', () => this.draw([]));
        li.append(item);
        this.list.append(li);
      }
    }
  }

  /** Lays the layer exactly over the canvas. */
  place() {
    const c = this.canvas;
    Object.assign(this.layer.style, { left: `${c.offsetLeft}px`, top: `${c.offsetTop}px`, width: `${c.clientWidth}px`, height: `${c.clientHeight}px` });
    this.svg.setAttribute('viewBox', `0 0 ${c.clientWidth} ${c.clientHeight}`);
  }

  /** Draws the given threats' moves as arrows, with rings on the squares they would empty. */
  draw(threats) {
    this.svg.replaceChildren();
    this.layer.dataset.drawn = threats.map((th) => th.move).join(' ');
    const size = this.canvas.clientWidth;
    const w = Math.max(3, size / 90);
    const defs = document.createElementNS(SVG, 'defs');
    defs.innerHTML = `<marker id="threat-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" class="threat-head"/></marker>`;
    this.svg.append(defs);
    for (const th of threats) {
      const [x1, y1] = this.center(th.from);
      const [x2, y2] = this.center(th.to);
      for (const sq of th.captures ?? []) {
        const [cx, cy] = this.center(sq);
        const ring = document.createElementNS(SVG, 'circle');
        Object.entries({ cx, cy, r: size / 28, 'stroke-width': w, class: 'threat-ring' }).forEach(([k, v]) => ring.setAttribute(k, v));
        this.svg.append(ring);
      }
      if (th.from === th.to) continue;
      const line = document.createElementNS(SVG, 'line');
      Object.entries({ x1, y1, x2, y2, 'stroke-width': w, class: 'threat-line', 'marker-end': 'url(#threat-head)' }).forEach(([k, v]) => line.setAttribute(k, v));
      this.svg.append(line);
    }
  }
}
