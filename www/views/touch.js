// Touch screens: the help under the board speaks of taps when the device has no hover (or as
// soon as a finger touches the board), and touching and holding a piece shows its name and how
// it moves and captures (taken from the legend in the rules panel, so the words are the
// legend's). The board itself draws a piece dragged by a finger above the finger.
import { t } from '../services/i18n.js';

const HOLD_MS = 500;
const SLOP_PX = 10;

const coarse = matchMedia('(hover: none), (pointer: coarse)');
let touch = coarse.matches;

/** `touch` or `mouse`: how the player points, for the words that say "tap" or "click" (`$input`). */
export function pointerKind() {
  return touch ? 'touch' : 'mouse';
}

/** Shows the mouse or the touch help in `help`, following the last pointer used on `canvas`. */
export function installTouchHelp(canvas, help) {
  // The message id goes into data-i18n, so a language switch re-renders the right help.
  const show = () => {
    help.dataset.i18n = touch ? 'board-help-touch' : 'board-help';
    help.textContent = t(help.dataset.i18n);
    help.dataset.input = touch ? 'touch' : 'mouse';
  };
  canvas.addEventListener('pointerdown', (e) => {
    const now = e.pointerType === 'touch';
    if (now !== touch && e.pointerType !== 'pen') {
      touch = now;
      show();
    }
  });
  coarse.addEventListener('change', () => {
    touch = coarse.matches;
    show();
  });
  show();
}

/**
 * A long press on a piece opens `card` over the board with the piece's name and its legend
 * entry; the next touch, a tap on it or Escape closes it. `pieceAt(x, y)` answers the piece under
 * a point of the canvas (CSS pixels from its corner) as `{square, color, role, name}` or null.
 */
export function installLongPress({ canvas, card, pieceAt, legend, announce }) {
  let timer = 0;
  let start = null;
  const close = () => {
    card.hidden = true;
    card.replaceChildren();
  };
  const cancel = () => {
    clearTimeout(timer);
    timer = 0;
  };
  canvas.addEventListener('pointerdown', (e) => {
    close();
    cancel();
    if (e.pointerType !== 'touch') return;
    const r = canvas.getBoundingClientRect();
    start = [e.clientX, e.clientY];
    const at = /** @type {[number, number]} */ ([e.clientX - r.left, e.clientY - r.top]);
    timer = setTimeout(() => {
      timer = 0;
      const piece = pieceAt(...at);
      if (piece) open(piece, at, r);
    }, HOLD_MS);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (timer && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > SLOP_PX) cancel();
  });
  for (const name of ['pointerup', 'pointercancel']) canvas.addEventListener(name, cancel);
  card.addEventListener('click', close);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !card.hidden) close();
  });

  function open(piece, [x, y], rect) {
    const head = document.createElement('strong');
    const name = t(`role-${piece.role}`);
    head.textContent = t('piece-card-title', { side: piece.color, piece: name, square: piece.square });
    const parts = [head];
    const entry = legend.querySelector(`li[data-role="${CSS.escape(piece.role)}"] div`);
    for (const span of entry?.querySelectorAll('span') ?? []) {
      const p = document.createElement('span');
      p.textContent = span.textContent;
      parts.push(p);
    }
    card.replaceChildren(...parts);
    card.dataset.role = piece.role;
    card.dataset.square = piece.square;
    // Above the finger when there is room, else below it (the card sits in the board's frame).
    const frame = card.offsetParent?.getBoundingClientRect() ?? rect;
    const [dx, dy] = [rect.left - frame.left, rect.top - frame.top];
    card.hidden = false;
    const [w, h] = [card.offsetWidth, card.offsetHeight];
    card.style.left = `${dx + Math.max(0, Math.min(x - w / 2, rect.width - w))}px`;
    card.style.top = `${dy + (y - h - 40 > 0 ? y - h - 40 : Math.max(0, Math.min(y + 40, rect.height - h)))}px`;
    announce(parts.map((p) => p.textContent).join('. '));
  }
}
