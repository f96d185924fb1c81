// Boots the page: loads the engine, reads the URL, and runs hot-seat and computer games on the
// canvas board. The board (wasm) reports moves as DOM events; this module plays them on the
// WebGame, syncs the board and updates the panel. Legal moves only ever come from wasm.
performance.mark('baroque:boot');

import { Computer } from '../../engine/computer.js';
import { announce } from '../../views/panel.js';
import { installTheme } from '../../views/theme.js';
import { errorText, initI18n, t, wireLanguageSwitch } from '../../services/i18n.js';
import { BoardView, colors, gameTable, init, levels } from '../../engine/engine.js';
import { Hints } from '../../views/hint.js';
import { $, canvas, ctrl, store, page, viewedPly } from './state.js';
import { ComputerSource } from '../../game/sources/computer.js';
import { startGame } from './start.js';
import { redraw, renderGameWords } from './render.js';
import { ponderLevels, wirePrefs } from './appearance.js';
import { checkSettings, persist, renderStoreProblems, sameGame, settingsOf, showStoreProblems, startFromPgn } from './saved.js';
import { analyseGame, viewPly } from './tree.js';
import { renderErrors, settingsFromUrl, showErrors } from './url.js';
import { showLine } from './steps.js';
import { wire } from './wire.js';
import { openOnline } from './online.js';
import { gameOfUrl } from '../../online/address.js';
import { ReviewPanel, TogglePanel, once } from './panels.js';
import { perFrame } from '../../services/frame.js';


/** Re-renders the words the page built itself (after a language switch). */
function refreshWords() {
  $('live').textContent = ''; // the last announcement was in the other language
  renderGameWords();
  renderErrors();
  renderStoreProblems();
  if (page.lastFigures) $('figures').textContent = t('figures-computer', page.lastFigures);
  if (ctrl.thinking) $('thinking-text').textContent = t('thinking');
  redraw('language');
}

/**
 * The thinking line's depth and score, from the last report of the search awaited (drawn once
 * per frame, and only while the computer thinks).
 */
/** @type {typeof import('../../services/score-words.js') | null} loaded at the first report (the first board needs none) */
let words = null;
const showDepth = perFrame(() => {
  const info = ctrl.computer?.info;
  if (!info || !ctrl.thinking) return;
  if (!words) return void import('../../services/score-words.js').then((m) => ((words = m), showDepth()), () => {});
  const score = words.scoreWords(info.score, ctrl.game.sideToMove());
  $('thinking-text').textContent = t('thinking-depth', { depth: info.depth, score });
});

async function main() {
  let langErrors = [];
  try {
    langErrors = await initI18n();
  } catch (e) {
    console.warn('The message catalogs did not load; the page stays in English.', e);
  }
  wireLanguageSwitch($('lang-select'));
  document.addEventListener('baroque:language', () => {
    if (ctrl.game) refreshWords();
  });
  let wasmModule = null;
  try {
    // Compiled here once and handed to the computer's worker, so the wasm is downloaded once.
    wasmModule = await WebAssembly.compileStreaming(fetch(new URL('../../pkg/baroque_web_bg.wasm', import.meta.url)))
      .catch(() => /** @type {WebAssembly.Module | null} */ (null));
    await init(wasmModule ? { module_or_path: wasmModule } : undefined);
  } catch (e) {
    showErrors([{ id: 'error-engine-load', args: { error: e.message } }]);
    $('status').dataset.i18n = 'status-unavailable';
    $('status').textContent = t('status-unavailable');
    return;
  }
  performance.mark('baroque:wasm-ready');
  page.levelList = levels();
  store.variants = gameTable().map((g) => g.id); // a saved game of another variant is damaged
  BoardView.drawGlyph($('logo'), 'immobilizer', 'white'); // the logo: a glyph, not a fact of a game
  page.theme = installTheme({
    colors,
    announce,
    themePicker: $('pick-theme'),
    setPicker: $('pick-board'),
    onChange: (/** @type {any} */ colors) => page.board?.set(colors),
  });
  page.theme.apply();
  // The computer: its worker's client (www/engine/computer.js) inside the source the controller asks on the
  // computer's turn (www/game/sources/computer.js), which also ponders when allowed.
  const computer = new Computer({
    wasmModule,
    // The search's reports: the source keeps the last; the words under the board follow once per frame.
    onInfo: (info) => ctrl.computer?.report(info),
    onError: (err) => showErrors([{ id: 'error-computer-player', args: { error: errorText(err) } }]),
    // For the tests (docs/testing.md): the searches the worker runs, the move pondered on.
    onState: ({ running, ponder: move, ponderDepth, ponderNodes }) => {
      canvas.dataset.aiRunning = String(running);
      if (move) {
        canvas.dataset.ponder = move;
        canvas.dataset.ponderDepth = String(ponderDepth);
        canvas.dataset.ponderNodes = String(ponderNodes);
      } else {
        for (const k of ['ponder', 'ponderDepth', 'ponderNodes']) delete canvas.dataset[k];
      }
    },
  });
  canvas.dataset.aiStop = computer.sharedStop ? 'shared' : 'terminate';
  ctrl.setComputer(new ComputerSource({
    computer,
    // Hints search in a worker of their own (the opponent's search and pondering go on).
    helper: () => new Computer({ wasmModule }),
    onInfo: () => showDepth(),
    // Thinking on the player's time: when the setting is on, against the computer, at the levels that ponder.
    ponder: (c) => page.prefs.ponder && c.settings?.mode === 'computer' && ponderLevels().includes(c.settings.level),
  }));
  // The analysis board, threats mode and the review load at first use (pages/game/panels.js).
  page.threats = new TogglePanel({
    toggle: $('btn-threats'), card: $('threats-card'), load: once(() => import('../../views/threats.js')),
    install: (v) => (page.threats = v),
    make: ({ ThreatsView }) => new ThreatsView({
      layer: $('threat-layer'), list: $('threat-list'), toggle: $('btn-threats'), card: $('threats-card'),
      summary: $('threats-summary'), canvas, glyph: BoardView.drawGlyph, announce,
      center: (/** @type {string} */ name) => page.board.squareCenter(name, canvas.getBoundingClientRect().width),
    }),
  });
  page.analysis = new TogglePanel({
    toggle: $('btn-analysis'), card: $('analysis-card'), load: once(() => import('../../views/analysis.js')),
    install: (a) => (page.analysis = a),
    make: ({ Analysis }) => new Analysis({
      toggle: $('btn-analysis'), card: $('analysis-card'), bar: $('eval-bar'), number: $('eval-number'), lines: $('analysis-lines'),
      stats: $('analysis-stats'), count: $('analysis-count'), layer: $('analysis-layer'), canvas, onPlay: showLine,
      center: (/** @type {string} */ name) => page.board.squareCenter(name, canvas.getBoundingClientRect().width),
    }),
  });
  page.hints = new Hints({
    button: $('btn-hint'), text: $('hint-text'), used: $('hints-used'), onPiece: (/** @type {string} */ sq) => page.board.select(sq), onUsed: () => persist(),
    search: (/** @type {any} */ limits) => ctrl.hint(limits), cancel: () => ctrl.cancelHint(),
  });
  $('btn-hint').addEventListener('click', () => {
    if (!ctrl.game || viewedPly() !== null) return;
    page.hints.press(ctrl.game.plyCount(), ctrl.game).catch((e) => showErrors([{ id: 'error-computer-player', args: { error: errorText(e) } }]));
  });
  const reviewedGame = () => ({ variant: ctrl.game.variant(), fen: ctrl.game.startFen(), options: ctrl.game.options(), moves: ctrl.game.moveTexts() });
  page.review = new ReviewPanel({
    toggle: $('btn-review'), card: $('review-card'), list: () => $('move-list'), game: reviewedGame, load: once(() => import('../../review/review.js')),
    install: (r) => (page.review = r),
    make: ({ Review }) => new Review({
      card: $('review-card'), toggle: $('btn-review'), announce,
      goTo: (/** @type {number} */ ply) => viewPly(ply),
      game: reviewedGame,
      saved: (/** @type {any} */ r) => {
        ctrl.keepReview(r);
        persist();
        redraw('review');
      },
    }),
  });
  // The game-over dialog's buttons besides Rematch and New game (data-action="review", "analyse"):
  // its module loads in idle time or at the first game end (wire.js).
  wire({
    gameOverActions: [
      { id: 'review', label: 'btn-review-game', run: () => page.review.open() },
      { id: 'analyse', label: 'btn-analyse-game', run: analyseGame },
    ],
  });
  wirePrefs();
  // Leaving the page (or its freezing in the back-forward cache) ends the thinking on the player's time.
  addEventListener('pagehide', () => ctrl.computer?.stopPondering());
  const { settings: s, errors, fromLink } = settingsFromUrl(location.search);
  errors.unshift(...langErrors);
  // This tab's game (a reload, Back/Forward) or, in a new tab, the last game played, unless the
  // address names another game.
  const { problems } = store.list();
  if (problems.length) showStoreProblems(problems);
  if (!fromLink) {
    // A visit without a link starts (if nothing is saved) with the last level and clock chosen.
    if (page.prefs.level && page.prefs.level <= page.levelList.length) s.level = page.prefs.level;
    s.clock = page.prefs.clock;
    s.autoflip = page.prefs.autoflip;
  }
  const saved = store.game(store.current());
  const query = new URLSearchParams(location.search);
  const analyseLink = query.get('analysis') === '1' || query.has('pgn');
  if (analyseLink) s.mode = 'hotseat'; // an analysis link opens a hot-seat game to analyse
  // An online game's link (`?game=ID#token=…`): the board starts on the server's game once it
  // answers (www/pages/game/online.js); a game of this page shows until then.
  const online = gameOfUrl(location);
  if (online) {
    startGame(s, errors);
    openOnline(online);
  } else if (saved && (!fromLink || sameGame(saved, s)) && !query.has('pgn')) startGame(settingsOf(saved), errors, saved);
  else startGame(s, errors);
  if (query.has('pgn')) {
    // `?pgn=`: the record's first game with its variations (a bad record: the message, and the
    // position of the other parameters stays).
    const problem = checkSettings({ ...s, pgn: query.get('pgn') });
    if (problem) showErrors([...errors, { id: 'error-url-pgn', args: { error: problem } }]);
    else startFromPgn(query.get('pgn'), s);
  }
  if (analyseLink) page.analysis.setOn(true);
  requestAnimationFrame(() => {
    performance.mark('baroque:first-board');
    performance.measure('baroque:time-to-board', { start: 0, end: 'baroque:first-board' });
    canvas.dataset.ready = 'true';
    page.boardReady();
  });
  // Test and embedding hook: geometry of the live board, nothing that bypasses the rules.
  /** @type {any} */ (window).baroque = {
    /** @param {string} name */
    squareCenter(name) {
      const r = canvas.getBoundingClientRect();
      const [x, y] = page.board.squareCenter(name, r.width);
      return [r.left + x, r.top + y];
    },
    get lastInfo() {
      return ctrl.computer?.info ?? null;
    },
  };
}

/**
 * Offline play: registers the service worker (sw.js at the root, which caches the page for the
 * next visit) once the game is playable (the board ready, or 10 s after the load at the latest)
 * and the page is idle, so its install, which fetches the pages not opened yet, never competes
 * with the game's own files, and finds those in the HTTP cache. Only over http(s) in a secure
 * context (https or localhost); a failure is logged, never shown or thrown.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !isSecureContext || !/^https?:$/.test(location.protocol)) return;
  const register = () =>
    navigator.serviceWorker
      .register(new URL('../../../sw.js', import.meta.url), { updateViaCache: 'none' })
      .catch((e) => console.warn('Offline play is not available: the service worker did not register.', e));
  const idle = (/** @type {() => void} */ f) => ('requestIdleCallback' in window ? requestIdleCallback(f, { timeout: 5000 }) : setTimeout(f, 500));
  const playable = new Promise((ok) => {
    page.firstBoard.then(() => ok(undefined));
    addEventListener('load', () => setTimeout(ok, 10000), { once: true });
  });
  playable.then(() => idle(register));
}

main();
registerServiceWorker();
