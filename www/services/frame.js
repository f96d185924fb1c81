// Work for the screen, done at most once per animation frame: the computer's search reports
// (`info`) far faster than a screen shows them (many a millisecond at shallow depths, one per
// line of the analysis board's MultiPV), and each report used to rebuild words, lists and arrows
// at once on the page's main thread. `perFrame(draw)` gives a function that keeps only the
// latest arguments and draws them once, before the next frame (docs/benchmarks.md, "the main
// thread while the computer thinks"). No game, no DOM of its own.

/**
 * A function that schedules `draw` with its latest arguments for the next animation frame:
 * any number of calls before that frame draw once. `.flush()` draws a pending call now;
 * `.cancel()` drops it.
 * @template {any[]} A
 * @param {(...args: A) => void} draw
 * @returns {((...args: A) => void) & { flush: () => void, cancel: () => void }}
 */
export function perFrame(draw) {
  /** @type {A | null} */
  let pending = null;
  let frame = 0;
  const run = () => {
    frame = 0;
    const args = pending;
    pending = null;
    if (args) draw(...args);
  };
  const schedule = (/** @type {A} */ ...args) => {
    pending = args;
    if (!frame) frame = requestAnimationFrame(run);
  };
  schedule.flush = () => {
    if (frame) cancelAnimationFrame(frame);
    run();
  };
  schedule.cancel = () => {
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    pending = null;
  };
  return schedule;
}
