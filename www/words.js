// The words of the theme, accessibility and touch modules, in one place until the message
// catalog (www/i18n/*.ftl) exists; `t(id, args)` fills `{ $name }` placeholders as Fluent would.
const WORDS = {
  'describe-button': 'Describe the position',
  'appearance-title': 'Appearance',
  'theme-label': 'Theme',
  'theme-system': 'As the system',
  'theme-light': 'Light',
  'theme-dark': 'Dark',
  'board-set-label': 'Board colours',
  'board-set-wood': 'Wood',
  'board-set-slate': 'Slate',
  'help-mouse': 'Click or drag to move. Keyboard: focus the board, move with the arrow keys, Enter picks up and puts down, Esc lets go, D describes the position. Hover a destination to see what it captures.',
  'help-touch': 'Tap a piece, then where it goes, or drag it. Touch and hold a piece to see its name and moves.',
  'theme-announce': 'Theme: { $theme }. Board colours: { $set }.',
  'piece-card-close': 'Close',
  'piece-card-label': 'About this piece',
  'piece-on': '{ $side } { $name } on { $square }',
  'side-white': 'White',
  'side-black': 'Black',
  'panel-label': 'Game panel',
};

/** The text of message `id` with `args` put in. */
export function t(id, args = {}) {
  const text = WORDS[id] ?? id;
  return text.replace(/\{ \$(\w+) \}/g, (_, k) => String(args[k] ?? ''));
}

/** Fills every element under `root` that names one of these messages in `data-i18n`. */
export function fillWords(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const id = el.dataset.i18n;
    if (id in WORDS) el.textContent = t(id);
  }
}
