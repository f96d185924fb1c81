// The new-game dialog: variant, players (hot-seat or the computer, side and level), Ultima's
// start array (two independent choices per player, ultima.md §2), rule options and an optional FEN.
// `open(current)` resolves with the new settings, or null when cancelled.

const ULTIMA_WHITE = 'ILXKWXLC';
const ULTIMA_BLACK = 'clxwkxli';
const TITLES = { ultima: 'Ultima (Baroque Chess)', omega: 'Omega Chess', hybrid: 'Chess–Ultima Hybrid' };

function swap(rank, a, b) {
  const s = [...rank];
  const i = s.indexOf(a);
  const j = s.indexOf(b);
  [s[i], s[j]] = [s[j], s[i]];
  return s.join('');
}

/** Ultima's back ranks for the four choices (Immobilizer/Coordinator, King/Withdrawer per side). */
export function ultimaArray({ wIC = false, wKW = false, bIC = false, bKW = false } = {}) {
  let w = ULTIMA_WHITE;
  let b = ULTIMA_BLACK;
  if (wIC) w = swap(w, 'I', 'C');
  if (wKW) w = swap(w, 'K', 'W');
  if (bIC) b = swap(b, 'i', 'c');
  if (bKW) b = swap(b, 'k', 'w');
  return `${b}/pppppppp/8/8/8/8/PPPPPPPP/${w} w - - 0 1`;
}

/** Reads the four choices back from a start FEN, or null if it is not one of the 16 arrays. */
function ultimaChoices(fen) {
  for (const wIC of [false, true]) for (const wKW of [false, true]) for (const bIC of [false, true]) for (const bKW of [false, true]) {
    const c = { wIC, wKW, bIC, bKW };
    if (ultimaArray(c) === fen.trim()) return c;
  }
  return null;
}

export class NewGameDialog {
  constructor(dialog, { optionSpecs, levels }) {
    this.dialog = dialog;
    this.form = dialog.querySelector('form');
    this.optionSpecs = optionSpecs;
    const variants = dialog.querySelector('#ng-variants');
    for (const id of Object.keys(TITLES)) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'variant';
      input.value = id;
      label.append(input, ` ${TITLES[id]}`);
      variants.append(label);
    }
    const level = dialog.querySelector('#ng-level');
    for (const l of levels) {
      const o = document.createElement('option');
      o.value = String(l.level);
      o.textContent = `${l.level} — ${l.name}`;
      o.title = l.description;
      level.append(o);
    }
    this.form.addEventListener('change', () => this.refresh());
    this.form.addEventListener('input', (e) => {
      if (e.target.name === 'fen') this.refreshSetupPreview();
    });
  }

  field(name) {
    return this.form.elements.namedItem(name);
  }

  refresh() {
    const variant = this.form.elements.variant.value;
    const mode = this.form.elements.mode.value;
    this.dialog.dataset.variant = variant;
    this.dialog.dataset.mode = mode;
    if (variant !== this.optionsVariant) this.buildOptions(variant, []);
    this.refreshSetupPreview();
  }

  refreshSetupPreview() {
    const custom = this.field('fen').value.trim() !== '';
    const fields = this.dialog.querySelector('#ng-setup-fields');
    fields.disabled = custom;
    this.dialog.querySelector('#ng-setup-preview').textContent = custom
      ? 'A FEN is given below, so it decides the start position.'
      : ultimaArray(this.choices());
  }

  choices() {
    const on = (n) => this.field(n).checked;
    return { wIC: on('w-ic'), wKW: on('w-kw'), bIC: on('b-ic'), bKW: on('b-kw') };
  }

  buildOptions(variant, current) {
    this.optionsVariant = variant;
    const box = this.dialog.querySelector('#ng-options');
    box.replaceChildren();
    const specs = JSON.parse(this.optionSpecs(variant));
    this.dialog.querySelector('#ng-options-fields').hidden = specs.length === 0;
    const chosen = Object.fromEntries(current.map((o) => o.split('=')));
    for (const spec of specs) {
      const label = document.createElement('label');
      label.textContent = spec.name;
      label.htmlFor = `ng-opt-${spec.name}`;
      const select = document.createElement('select');
      select.id = `ng-opt-${spec.name}`;
      select.name = `opt-${spec.name}`;
      spec.values.forEach((v, i) => {
        const o = document.createElement('option');
        o.value = v;
        o.textContent = i === 0 ? `${v} (default)` : v;
        select.append(o);
      });
      if (chosen[spec.name]) select.value = chosen[spec.name];
      box.append(label, select);
    }
    this.specs = specs;
  }

  /** Shows the dialog filled from `current`; resolves with new settings or null. */
  open(current) {
    const f = this.form.elements;
    f.variant.value = current.variant;
    f.mode.value = current.mode;
    f.side.value = current.side;
    f.level.value = String(current.level);
    f.autoflip.checked = current.autoflip;
    const setup = current.variant === 'ultima' ? ultimaChoices(current.fen || ultimaArray()) : null;
    const c = setup ?? { wIC: false, wKW: false, bIC: false, bKW: false };
    this.field('w-ic').checked = c.wIC;
    this.field('w-kw').checked = c.wKW;
    this.field('b-ic').checked = c.bIC;
    this.field('b-kw').checked = c.bKW;
    this.field('fen').value = setup ? '' : current.fen;
    this.buildOptions(current.variant, current.options);
    this.dialog.querySelector('#ng-error').textContent = '';
    this.refresh();
    this.dialog.showModal();
    return new Promise((resolve) => {
      const onClose = () => {
        this.dialog.removeEventListener('close', onClose);
        if (this.dialog.returnValue !== 'start') return resolve(null);
        resolve(this.read());
      };
      this.dialog.addEventListener('close', onClose);
    });
  }

  read() {
    const f = this.form.elements;
    const variant = f.variant.value;
    let fen = this.field('fen').value.trim();
    if (!fen && variant === 'ultima') {
      const arr = ultimaArray(this.choices());
      if (arr !== ultimaArray()) fen = arr;
    }
    const options = [];
    for (const spec of this.specs ?? []) {
      const v = this.field(`opt-${spec.name}`).value;
      if (v !== spec.values[0]) options.push(`${spec.name}=${v}`);
    }
    return {
      variant,
      fen,
      options,
      mode: f.mode.value,
      side: f.side.value,
      level: Number(f.level.value),
      autoflip: f.autoflip.checked,
      moves: [],
    };
  }
}
