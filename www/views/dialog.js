// The new-game dialog, built from the engine's game table: the game, the players (hot-seat or
// the computer, side and level), the game's set-up choices (one checkbox per choice its start
// arrays encode: Ultima's four, ultima.md §2), its rule options and an optional FEN.
// `open(current)` resolves with the new settings, or null when cancelled. Every word comes from
// the catalog (ng-*, game-*, option-*, level-*).
import { has, t } from '../services/i18n.js';
import { optionPairs } from '../engine/engine.js';
import { serverReachable } from '../online/server.js';
import { clockName, parseClock } from '../game/clock.js';

/** Correspondence: the days per move offered (the server takes 1 to 14). */
const DAYS = [1, 2, 3, 5, 7, 14];

/**
 * The online choice's fields, built here (the markup's players fieldset gets a third choice):
 * the creator's colour, a live clock (the Clock fieldset) or days per move, and whether the
 * game server answers on this page's origin.
 * @param {HTMLElement} dialog
 */
function buildOnlineFields(dialog) {
  const choices = dialog.querySelector('input[name="mode"]').closest('.choices');
  const label = document.createElement('label');
  const radio = document.createElement('input');
  radio.type = 'radio';
  radio.name = 'mode';
  radio.value = 'online';
  const span = document.createElement('span');
  span.dataset.i18n = 'ng-online';
  label.append(radio, ' ', span);
  choices.append(label);
  const box = document.createElement('div');
  box.className = 'online-only';
  const select = (name, labelId, values) => {
    const l = document.createElement('label');
    const text = document.createElement('span');
    text.dataset.i18n = labelId;
    const sel = document.createElement('select');
    sel.name = name;
    for (const [value, id, args] of values) {
      const o = document.createElement('option');
      o.value = value;
      o.dataset.i18n = id;
      if (args) o.dataset.i18nArgs = JSON.stringify(args);
      sel.append(o);
    }
    l.append(text, ' ', sel);
    box.append(l);
    return sel;
  };
  select('online-color', 'ng-online-color', [['random', 'ng-online-random'], ['white', 'side-white'], ['black', 'side-black']]);
  select('online-days', 'ng-online-time', [['', 'ng-online-live'], ...DAYS.map((d) => [String(d), 'ng-online-days', { days: d }])]);
  // Rated: only for a logged-in player (the server's `baroque-login` mark); the server decides.
  const rated = document.createElement('label');
  rated.id = 'ng-online-rated';
  const check = document.createElement('input');
  check.type = 'checkbox';
  check.name = 'online-rated';
  const word = document.createElement('span');
  word.dataset.i18n = 'ng-online-rated';
  rated.append(check, ' ', word);
  box.append(rated);
  const status = document.createElement('p');
  status.id = 'ng-online-status';
  status.className = 'hint';
  status.setAttribute('role', 'status');
  box.append(status);
  choices.after(box);
}

/** A level's limits in words: depth, nodes, time per move (those it has). */
function levelLimits(l) {
  return [
    l.depth !== null && t('ng-level-depth', { depth: l.depth }),
    l.nodes !== null && t('ng-level-nodes', { nodes: l.nodes }),
    l.movetime !== null && t('ng-level-time', { seconds: l.movetime / 1000 }),
  ].filter(Boolean).join(t('ng-level-join'));
}

/** The score, in whole percent, that an Elo difference `d` predicts (the logistic Elo curve). */
function expectedScore(d) {
  return Math.round(100 / (1 + 10 ** (-d / 400)));
}

export class NewGameDialog {
  /** `games`: the engine's table (engine/engine.js gameTable()); `levels`: WebSearcher.levels(). */
  /**
   * @param {any} dialog the <dialog> with the form's fields
   * @param {{ games: import('../engine/types.js').GameEntry[], levels: import('../engine/types.js').Level[], check?: (settings: any) => any }} opts
   */
  constructor(dialog, { games, levels, check = () => null }) {
    this.dialog = dialog;
    this.check = check;
    this.form = dialog.querySelector('form');
    this.games = games;
    this.levels = levels;
    const variants = dialog.querySelector('#ng-variants');
    for (const g of games) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'variant';
      input.value = g.id;
      const text = document.createElement('span');
      text.dataset.i18n = `game-${g.id}`;
      label.append(input, ' ', text);
      variants.append(label);
    }
    buildOnlineFields(dialog);
    const level = dialog.querySelector('#ng-level');
    for (const l of levels) {
      const o = document.createElement('option');
      o.value = String(l.level);
      level.append(o);
    }
    this.form.addEventListener('change', (e) => {
      // A FEN of another game goes when the game changes.
      if (e.target.name === 'variant' && this.field('fen').value.trim() && this.check({ ...this.read(), pgn: '' })) this.field('fen').value = '';
      this.refresh();
    });
    // Start checks the FEN or PGN first; a refusal stays in the dialog with the engine's message.
    this.form.addEventListener('submit', (e) => {
      if (e.submitter?.value !== 'start') return;
      const problem = this.check(this.read());
      if (!problem) return;
      e.preventDefault();
      this.dialog.querySelector('#ng-error').textContent = problem;
      this.more.open = true; // the refused FEN or PGN is in the folded part
      this.field(this.read().pgn ? 'pgn' : 'fen').focus();
    });
    this.form.addEventListener('input', (e) => {
      if (e.target.name === 'fen') this.refreshSetupPreview();
    });
    this.localize();
  }

  /** The folded part of the form: start arrays, rule options, FEN and PGN. */
  get more() {
    return /** @type {HTMLDetailsElement} */ (this.dialog.querySelector('#ng-more'));
  }

  field(name) {
    return this.form.elements.namedItem(name);
  }

  spec(variant = this.form.elements.variant.value) {
    return this.games.find((g) => g.id === variant) ?? this.games[0];
  }

  /** Rewords what the dialog built (after a language switch; the markup is done by i18n.localize). */
  localize() {
    for (const el of this.dialog.querySelectorAll('#ng-variants [data-i18n], .online-only [data-i18n], input[value="online"] + span')) {
      el.textContent = t(el.dataset.i18n, el.dataset.i18nArgs ? JSON.parse(el.dataset.i18nArgs) : undefined);
    }
    this.showReachable();
    for (const o of this.dialog.querySelector('#ng-level').options) {
      o.textContent = t('ng-level-choice', { level: Number(o.value), name: t(`level-${o.value}`) });
      // Its limits as a tooltip: depth, nodes, time per move (those it has).
      const l = this.levels.find((x) => String(x.level) === o.value);
      o.title = levelLimits(l);
    }
    this.describeLevel();
    if (this.optionsVariant) this.buildOptions(this.optionsVariant, this.read?.().options ?? []);
    if (this.setupVariant) this.buildSetup(this.setupVariant, this.checkedChoices());
    this.refreshSetupPreview();
  }

  /** The chosen level in words under its menu: its limits and its strength (levels' scale). */
  describeLevel() {
    const levels = this.levels;
    const i = levels.findIndex((x) => String(x.level) === this.form.elements.level.value);
    const about = this.dialog.querySelector('#ng-level-about');
    if (i < 0 || !about) return;
    const l = levels[i];
    const below = levels[i - 1];
    const strength = below
      ? t('ng-level-about', { elo: l.elo, below: below.level, score: expectedScore(l.elo - below.elo) })
      : t('ng-level-about-first', { elo: l.elo });
    about.textContent = `${levelLimits(l)}${t('ng-level-join')}${strength}`;
  }

  refresh() {
    this.describeLevel();
    const variant = this.form.elements.variant.value;
    const mode = this.form.elements.mode.value;
    this.dialog.dataset.variant = variant;
    this.dialog.dataset.mode = mode;
    this.dialog.dataset.clock = this.form.elements.clock.value;
    // Online: a live clock or days per move; no game record to continue; the server must answer.
    const online = mode === 'online';
    this.dialog.dataset.days = online ? this.form.elements['online-days'].value : '';
    this.field('pgn').closest('fieldset').hidden = online;
    this.dialog.querySelector('#ng-online-rated').hidden = !/(?:^|;\s*)baroque-login=1(?:;|$)/.test(document.cookie);
    const start = this.dialog.querySelector('#ng-start');
    start.dataset.i18n = online ? 'ng-online-start' : 'ng-start';
    start.textContent = t(start.dataset.i18n);
    if (online && this.reachable === undefined) {
      this.reachable = null;
      serverReachable().then((yes) => {
        this.reachable = yes;
        this.showReachable();
      });
    }
    this.showReachable();
    if (variant !== this.optionsVariant) this.buildOptions(variant, []);
    if (variant !== this.setupVariant) this.buildSetup(variant, []);
    this.refreshSetupPreview();
  }

  /** Says whether the game server answers; Start waits for it, and stays off without it. */
  showReachable() {
    const status = this.dialog.querySelector('#ng-online-status');
    if (!status) return;
    const online = this.form.elements.mode.value === 'online';
    const id = this.reachable === null || this.reachable === undefined ? 'ng-online-checking' : this.reachable ? 'ng-online-ready' : 'ng-online-unreachable';
    status.textContent = t(id);
    status.dataset.reachable = String(this.reachable ?? '');
    this.dialog.querySelector('#ng-start').disabled = online && this.reachable !== true;
  }

  /** One checkbox per set-up choice of the game's start arrays; hidden when it has one array. */
  buildSetup(variant, checked) {
    this.setupVariant = variant;
    const arrays = this.spec(variant).startArrays;
    // In the table's order: the array that takes the most choices lists them first.
    const byLength = [...arrays].sort((x, y) => y.choices.length - x.choices.length);
    const choices = [...new Set(byLength.flatMap((a) => a.choices))];
    const box = this.dialog.querySelector('#ng-setup-choices');
    box.replaceChildren();
    for (const c of choices) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'checkbox';
      input.name = `choice-${c}`;
      input.value = c;
      input.checked = checked.includes(c);
      const id = `ng-choice-${c}`;
      label.append(input, ' ', has(id) ? t(id) : c);
      box.append(label);
    }
    this.dialog.querySelector('#ng-setup-fields').hidden = arrays.length < 2;
  }

  checkedChoices() {
    return [...this.dialog.querySelectorAll('#ng-setup-choices input:checked')].map((i) => i.value);
  }

  /** The start array whose choices are exactly the checked ones. */
  chosenArray() {
    const chosen = new Set(this.checkedChoices());
    return this.spec(this.setupVariant).startArrays.find((a) => a.choices.length === chosen.size && a.choices.every((c) => chosen.has(c)));
  }

  refreshSetupPreview() {
    if (!this.setupVariant) return;
    const custom = this.field('fen').value.trim() !== '';
    const fields = this.dialog.querySelector('#ng-setup-fields');
    fields.disabled = custom;
    this.dialog.querySelector('#ng-setup-preview').textContent = custom ? t('ng-setup-custom') : (this.chosenArray()?.fen ?? '');
  }

  buildOptions(variant, current) {
    this.optionsVariant = variant;
    const box = this.dialog.querySelector('#ng-options');
    box.replaceChildren();
    const specs = this.spec(variant).options;
    this.dialog.querySelector('#ng-options-fields').hidden = specs.length === 0;
    const chosen = Object.fromEntries(optionPairs(current));
    for (const spec of specs) {
      const label = document.createElement('label');
      label.textContent = t(`option-${spec.name}`);
      label.htmlFor = `ng-opt-${spec.name}`;
      const select = document.createElement('select');
      select.id = `ng-opt-${spec.name}`;
      select.name = `opt-${spec.name}`;
      spec.values.forEach((v, i) => {
        const o = document.createElement('option');
        o.value = v;
        const name = t(`option-${spec.name}-${v}`);
        o.textContent = i === 0 ? t('ng-option-default', { value: name }) : name;
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
    this.reachable = undefined; // asked again each time the online choice shows
    f.side.value = current.side;
    f.level.value = String(current.level);
    f.autoflip.checked = current.autoflip;
    const clock = clockName(current.clock);
    f.clock.value = [...f.clock.options].some((o) => o.value === clock) ? clock : 'custom';
    if (current.clock) {
      f['clock-minutes'].value = String(current.clock.base / 60000);
      f['clock-increment'].value = String(current.clock.inc / 1000);
    }
    const spec = this.spec(current.variant);
    const array = spec.startArrays.find((a) => a.fen === (current.fen || spec.startFen).trim());
    this.buildSetup(current.variant, array?.choices ?? []);
    this.field('fen').value = array ? '' : current.fen;
    this.field('pgn').value = '';
    this.buildOptions(current.variant, current.options);
    this.dialog.querySelector('#ng-error').textContent = '';
    // The folded part opens when the game has something of it: a FEN, a start array other than
    // the usual one, a rule option.
    this.more.open = Boolean(this.field('fen').value || current.options.length || (array && array.fen !== spec.startFen));
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

  /** The chosen time control, `{base, inc}` in milliseconds, or null for none. */
  readClock() {
    const f = this.form.elements;
    if (!f.clock.value) return null;
    if (f.clock.value !== 'custom') return parseClock(f.clock.value);
    const minutes = Number(f['clock-minutes'].value);
    const inc = Number(f['clock-increment'].value);
    if (!(minutes > 0) || !(inc >= 0)) return null;
    return { base: Math.round(minutes * 60000), inc: Math.round(inc * 1000) };
  }

  read() {
    const f = this.form.elements;
    const variant = f.variant.value;
    const days = Number(f['online-days'].value) || null;
    let fen = this.field('fen').value.trim();
    if (!fen) {
      const arr = this.chosenArray();
      if (arr && arr.fen !== this.spec(variant).startFen) fen = arr.fen;
    }
    const options = [];
    for (const spec of this.specs ?? []) {
      const v = this.field(`opt-${spec.name}`)?.value;
      if (v && v !== spec.values[0]) options.push(`${spec.name}=${v}`);
    }
    return {
      variant,
      fen,
      options,
      mode: f.mode.value,
      side: f.side.value,
      level: Number(f.level.value),
      autoflip: f.autoflip.checked,
      clock: f.mode.value === 'online' && days ? null : this.readClock(),
      pgn: f.mode.value === 'online' ? '' : this.field('pgn').value.trim(),
      moves: [],
      ...(f.mode.value === 'online' ? { online: { color: f['online-color'].value, days, rated: f['online-rated'].checked && !this.dialog.querySelector('#ng-online-rated').hidden } } : {}),
    };
  }
}
