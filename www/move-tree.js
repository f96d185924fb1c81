// The analysis board's move tree: the game's moves are its main line, and the moves the user
// plays in analysis away from that line (or an engine line played out there) are variations,
// nested as deep as they go. The tree is kept in the saved game (`record.tree`) and goes to
// and from PGN as variations, NAGs and comments, in the JSON of the bindings (`WebGame.pgn`'s
// `tree`, `readPgn`'s `tree`; docs/web.md "Game trees"): `{comment, line: [node…]}`, a node
// `{move, notation, nags, comment, before, variations: [[node…]…]}`, where a node's variations
// are alternatives to it.
//
// This module holds no DOM but the list it renders; main.js decides what a click does.

export class MoveTree {
  constructor() {
    this.nodes = new Map(); // id → {id, move, notation, nags, comment, before, parent, children}
    this.root = { id: 0, parent: null, children: [] };
    this.nodes.set(0, this.root);
    this.next = 1;
    this.comment = '';
  }

  /** A tree from the bindings' JSON (null/undefined: an empty tree). */
  static fromJSON(json) {
    const tree = new MoveTree();
    if (!json || typeof json !== 'object') return tree;
    tree.comment = typeof json.comment === 'string' ? json.comment : '';
    tree.readLine(0, Array.isArray(json.line) ? json.line : [], 0);
    return tree;
  }

  readLine(parent, line, depth) {
    let at = parent;
    for (const n of line) {
      if (!n || typeof n.move !== 'string') return;
      const id = this.add(at, n.move, typeof n.notation === 'string' ? n.notation : n.move);
      const node = this.nodes.get(id);
      if (Array.isArray(n.nags)) node.nags = n.nags.filter((x) => Number.isInteger(x) && x >= 0 && x <= 255);
      if (typeof n.comment === 'string') node.comment = n.comment;
      if (typeof n.before === 'string') node.before = n.before;
      if (Array.isArray(n.variations) && depth < 64) for (const v of n.variations) if (Array.isArray(v)) this.readLine(at, v, depth + 1);
      at = id;
    }
  }

  /** The bindings' JSON of the tree. */
  toJSON() {
    const line = (first) => {
      const out = [];
      for (let id = first; id !== undefined;) {
        const n = this.nodes.get(id);
        const item = { move: n.move, notation: n.notation };
        if (n.nags.length) item.nags = [...n.nags];
        if (n.comment) item.comment = n.comment;
        if (n.before) item.before = n.before;
        const siblings = this.nodes.get(n.parent).children;
        if (siblings[0] === id && siblings.length > 1) item.variations = siblings.slice(1).map(line);
        out.push(item);
        id = n.children[0];
      }
      return out;
    };
    const json = { line: line(this.root.children[0]) };
    if (this.comment) json.comment = this.comment;
    return json;
  }

  node(id) {
    return this.nodes.get(id) ?? null;
  }

  /** The child of `parent` that plays `move`, made if it is not there (as the last child). */
  add(parent, move, notation) {
    const p = this.nodes.get(parent);
    const have = p.children.find((c) => this.nodes.get(c).move === move);
    if (have !== undefined) return have;
    const id = this.next++;
    this.nodes.set(id, { id, move, notation, nags: [], comment: '', before: '', parent, children: [] });
    p.children.push(id);
    return id;
  }

  /** The main line's node ids, from the first move. */
  mainLine() {
    const ids = [];
    for (let id = this.root.children[0]; id !== undefined; id = this.nodes.get(id).children[0]) ids.push(id);
    return ids;
  }

  /** The node after `ply` moves of the main line (0: the root). */
  mainNode(ply) {
    return ply === 0 ? 0 : this.mainLine()[ply - 1] ?? null;
  }

  /** The index (plies from the start) of `id` on the main line, or -1 when it is in a variation. */
  mainPly(id) {
    if (id === 0) return 0;
    const i = this.mainLine().indexOf(id);
    return i < 0 ? -1 : i + 1;
  }

  /** The move texts from the start to `id`. */
  path(id) {
    const moves = [];
    for (let n = this.nodes.get(id); n && n.id !== 0; n = this.nodes.get(n.parent)) moves.unshift(n.move);
    return moves;
  }

  /** Whether the tree has any variation. */
  hasVariations() {
    return [...this.nodes.values()].some((n) => n.children.length > 1);
  }

  /**
   * Makes the main line the game's moves (`history`: [{move, notation}]): a game move that is a
   * variation's takes its place first (the old line becomes a variation), a new one is added
   * first, and what follows the game's last move is dropped (an undo takes it back).
   */
  sync(history) {
    let at = this.root;
    for (const h of history) {
      const id = this.add(at.id, h.move, h.notation);
      at.children = [id, ...at.children.filter((c) => c !== id)];
      at = this.nodes.get(id);
      at.notation = h.notation;
    }
    for (const c of at.children) this.drop(c);
    at.children = [];
  }

  /** Forgets `id` and every move after it (a loop, not recursion: a saved line may run deep). */
  drop(id) {
    const stack = [id];
    while (stack.length) {
      const n = this.nodes.get(stack.pop());
      if (!n) continue;
      stack.push(...n.children);
      this.nodes.delete(n.id);
    }
  }

  /** Makes the line through `id` the main line; returns its moves. */
  promote(id) {
    for (let n = this.nodes.get(id); n && n.id !== 0; n = this.nodes.get(n.parent)) {
      const p = this.nodes.get(n.parent);
      p.children = [n.id, ...p.children.filter((c) => c !== n.id)];
    }
    return this.mainLine().map((i) => this.nodes.get(i).move);
  }

  /** Deletes the variation from `id` on (not a main-line move); returns its parent, or null. */
  remove(id) {
    if (id === 0 || this.mainPly(id) >= 0) return null;
    const n = this.nodes.get(id);
    const p = this.nodes.get(n.parent);
    p.children = p.children.filter((c) => c !== id);
    this.drop(id);
    return p.id;
  }

  /** The number and dots before `id`'s notation (`3.`, `3...`), when one is due. */
  numberOf(id, ply, whiteFirst, forced) {
    const white = (ply % 2 === 1) === whiteFirst;
    const number = Math.floor((ply + (whiteFirst ? 1 : 2)) / 2);
    if (white) return `${number}.`;
    return forced ? `${number}...` : '';
  }

  /**
   * Puts the variations into the move list built by panel.js's showMoves: after the row of
   * each main-line move that has alternatives, a row per variation, its moves inline with
   * nested variations in parentheses. `current` is the node shown; every variation move is a
   * button with `data-node`.
   */
  renderInto(list, { current, whiteFirst, glyph = (nags) => nags.map(nagText).join('') }) {
    const main = this.mainLine();
    const rows = [...list.querySelectorAll('li')].filter((li) => li.querySelector('.ply[data-ply]'));
    const rowOf = (ply) => rows.find((li) => [...li.querySelectorAll('.ply[data-ply]')].some((s) => s.dataset.ply === String(ply)));
    for (const el of list.querySelectorAll('.ply[data-ply]')) {
      const id = main[Number(el.dataset.ply) - 1];
      el.dataset.node = String(id);
      el.classList.toggle('current', id === current);
      const n = this.nodes.get(id);
      if (n?.nags.length) el.dataset.nags = glyph(n.nags);
    }
    const lines = [];
    let parent = this.root;
    for (let ply = 1; ply <= main.length; ply++) {
      const alts = parent.children.slice(1);
      if (alts.length) lines.push({ ply, alts });
      parent = this.nodes.get(main[ply - 1]);
    }
    // Each row's variations in the order of their moves: those of its White move first.
    const last = new Map(); // row → the last element put after it
    for (const { ply, alts } of lines) {
      const row = rowOf(ply);
      if (!row) continue;
      for (const alt of alts) {
        const li = document.createElement('li');
        li.className = 'variation';
        this.renderLine(li, alt, ply, whiteFirst, current, glyph, 1);
        (last.get(row) ?? row).after(li);
        last.set(row, li);
      }
    }
  }

  renderLine(box, first, ply, whiteFirst, current, glyph, depth) {
    let forced = true;
    for (let id = first; id !== undefined; ply++) {
      const n = this.nodes.get(id);
      const b = document.createElement('span');
      b.className = 'var-ply';
      b.tabIndex = 0;
      b.setAttribute('role', 'button');
      b.dataset.node = String(id);
      b.dataset.move = n.move;
      if (id === current) b.classList.add('current');
      const number = this.numberOf(id, ply, whiteFirst, forced);
      b.textContent = `${number ? `${number} ` : ''}${n.notation}${glyph(n.nags)}`;
      box.append(b, ' ');
      forced = false;
      const siblings = this.nodes.get(n.parent).children;
      if (siblings[0] === id && siblings.length > 1) {
        for (const alt of siblings.slice(1)) {
          const sub = document.createElement('span');
          sub.className = 'subvariation';
          sub.dataset.depth = String(depth);
          sub.append('(');
          this.renderLine(sub, alt, ply, whiteFirst, current, glyph, depth + 1);
          sub.lastChild?.remove?.();
          sub.append(')');
          box.append(sub, ' ');
        }
        forced = true;
      }
      id = n.children[0];
    }
  }
}

/** The usual glyph of NAGs 1–6 (`!`, `?`, `!!`, `??`, `!?`, `?!`), else `$n`. */
export function nagText(nag) {
  return ['', '!', '?', '!!', '??', '!?', '?!'][nag] ?? ` $${nag}`;
}
