// The styles of <baroque-board>'s shadow root (www/baroque-board.js): the board's box, the
// promotion chooser's tiles, the step controls and move list, the sentence, caption and error.

/** The shadow root's style sheet. */
export const STYLE = `
  :host { display: inline-block; width: 360px; max-width: 100%; position: relative; vertical-align: top;
          font: 14px/1.4 system-ui, sans-serif; color: inherit; }
  figure { margin: 0; }
  figure:focus-visible { outline: 3px solid #2a6fdb; outline-offset: 3px; border-radius: 4px; }
  .board { position: relative; }
  :host([data-state="loading"]) .board { aspect-ratio: 1 / 1; background: rgba(128, 112, 90, 0.15); border-radius: 4px; }
  .chooser { position: absolute; inset: 0; display: flex; flex-wrap: wrap; align-content: center; justify-content: center;
             gap: 6px; background: rgba(20, 14, 8, 0.55); }
  [hidden] { display: none !important; }
  .chooser button { width: 22%; aspect-ratio: 1 / 1; padding: 4px; border: 2px solid transparent; border-radius: 8px;
                    background: var(--square-light); cursor: pointer; }
  .chooser button:focus-visible, .chooser button:hover { border-color: var(--board-highlight); }
  .chooser canvas { width: 100%; height: 100%; display: block; }
  .board > canvas { display: block; width: 100%; aspect-ratio: 1 / 1; touch-action: none; user-select: none; }
  .controls { display: flex; gap: 4px; margin-top: 6px; flex-wrap: wrap; align-items: center; }
  .controls button, .moves button { font: inherit; padding: 3px 10px; border-radius: 6px; border: 1px solid #8a7a66;
                    background: #fbf7f0; color: #2a241d; cursor: pointer; min-height: 30px; }
  .controls button:disabled { opacity: 0.45; cursor: default; }
  .controls button:focus-visible, .moves button:focus-visible { outline: 3px solid #2a6fdb; outline-offset: 1px; }
  .counter { margin-left: auto; font-variant-numeric: tabular-nums; }
  .moves { list-style: none; padding: 0; margin: 6px 0 0; display: flex; flex-wrap: wrap; gap: 3px; }
  .moves button { padding: 1px 6px; min-height: 26px; font-size: 13px; }
  .moves button[aria-current="step"] { background: #2a241d; color: #fbf7f0; }
  .sentence { margin: 6px 0 0; min-height: 1.4em; }
  figcaption { margin-top: 4px; font-style: italic; }
  .error { color: #7a1510; background: #fde8e6; border: 1px solid #f2b8b3; border-radius: 8px; padding: 0.6em 0.8em; }
  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
