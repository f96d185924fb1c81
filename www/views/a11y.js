// Keyboard and screen-reader help that is not the board's own: a "describe the position"
// command (button and the D key), arrow keys in the promotion chooser, and focus sent back where
// it came from when a chooser or dialog closes.

const isField = (el) => el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;

/**
 * Arrow keys (and Home/End) move the focus between the buttons of `container`; Escape calls
 * `onEscape`. Works in a shadow root too.
 */
export function arrowKeys(container, onEscape) {
  container.addEventListener('keydown', (e) => {
    const buttons = [...container.querySelectorAll('button:not([hidden]):not(:disabled)')];
    const root = container.getRootNode();
    const i = buttons.indexOf(root.activeElement);
    let next = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = buttons[(i + 1) % buttons.length];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = buttons[(i - 1 + buttons.length) % buttons.length];
    else if (e.key === 'Home') next = buttons[0];
    else if (e.key === 'End') next = buttons.at(-1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onEscape();
      return;
    } else return;
    e.preventDefault();
    next?.focus();
  });
}

/** Remembers the focused element; the returned function gives it the focus back (if it can still take it). */
export function rememberFocus() {
  const back = document.activeElement;
  return () => {
    if (back instanceof HTMLElement && back.isConnected && !back.closest('[hidden]')) back.focus();
  };
}

/**
 * The "describe the position" command: the button and the D key (outside text fields) say
 * `describe()` through `announce`.
 */
export function installDescribe({ button, describe, announce }) {
  const say = () => announce(describe());
  button.addEventListener('click', say);
  document.addEventListener('keydown', (e) => {
    if (isField(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'd' || e.key === 'D') {
      e.preventDefault();
      say();
    }
  });
}
