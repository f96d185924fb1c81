// The position editor (www/editor.html): pick a game, put pieces on its board from a palette
// (drag and drop, or choose a piece and click or press Enter on squares), move and remove them,
// set the side to move, castling and en passant; the engine checks the position and the page
// offers its FEN, snippets for <baroque-board>, the iframe page and `baroque diagram --svg`, and
// links to play or analyse it ("play from here" opens the game page on the position: the game
// page's controller, www/game/ctrl.js, plays it). The games, their pieces, start arrays and FEN
// fields come from the engine's table (engine/engine.js); the board is the page's canvas board
// (BoardView), which shows the position being set up through `BoardView.setup` (crates/web/src/editor.rs) even while it is no
// position a game can start from; the one builder (WebGame.build) says what is wrong with it.
//
// This file boots the page; its parts are in www/editor/: state.js (the position and `setup`),
// output.js (what shows it), links.js (links and snippets, no DOM), palette.js, drag.js (putting
// pieces on the board) and controls.js (the form and buttons).
import { BoardView, buildGame, colors, gameSpec, gameTable, init } from '../engine/engine.js';
import { startPageI18n, t } from '../services/i18n.js';
import { installTheme } from '../views/theme.js';
import { $, announce, canvas, editor, state } from '../editor/state.js';
import { render } from '../editor/output.js';
import { fillPalette, wirePalette } from '../editor/palette.js';
import { wireBoard } from '../editor/drag.js';
import { fillArrays, fillFields, fillGames, loadGame, wireControls } from '../editor/controls.js';

editor.render = render;

/** Words that follow the language: refilled after a change. */
function relabel() {
  fillGames();
  fillPalette();
  fillFields();
  fillArrays();
  render();
  canvas.setAttribute('aria-label', t('editor-board-label', { game: t(`game-${state.variant}`) }));
}

async function main() {
  await startPageI18n($('lang-select'), relabel);
  await init();
  const params = new URLSearchParams(location.search);
  const wanted = (params.get('variant') ?? '').trim().toLowerCase();
  const variant = gameSpec(wanted) ? wanted : gameTable()[0].id;
  if (params.get('orientation') === 'black') state.orientation = 'black';
  const start = buildGame({ variant });
  const theme = installTheme({
    colors,
    onChange: (/** @type {any} */ c) => editor.view?.set(c),
    announce,
    themePicker: document.createElement('select'),
    setPicker: document.createElement('select'),
  });
  editor.view = new BoardView(canvas, start.game, { orientation: state.orientation, movable: 'none', animation: 0, coordinates: true, drawable: false, ...theme.current() });
  start.game.free();
  state.variant = variant;
  fillGames();
  wirePalette();
  wireBoard();
  wireControls();
  loadGame(variant, params.get('fen') ?? '');
  canvas.dataset.orientation = state.orientation;
  new ResizeObserver(() => editor.view.redraw()).observe(canvas);
  canvas.dataset.ready = 'true';
  // Test hook: the board's geometry, nothing that bypasses the page.
  /** @type {any} */ (window).editor = {
    /** @param {string} name */
    center(name) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = editor.view.squareCenter(name, r.width);
      return [r.left + x, r.top + y];
    },
    fen: () => state.fen,
  };
}

main().catch((e) => {
  console.error(e);
  const box = $('page-error');
  box.hidden = false;
  box.textContent = t('error-engine-load', { error: String(e?.message ?? e) });
});