// Wires the page's controls, keys and board events to the actions. Part of the game page
// (www/pages/game/main.js boots it; the page's state is in state.js).
import { announce, showMoveError } from '../../views/panel.js';
import { arrowKeys, installDescribe, rememberFocus } from '../../views/a11y.js';
import { installLongPress, installTouchHelp } from '../../views/touch.js';
import { t } from '../../services/i18n.js';
import { gameTable } from '../../engine/engine.js';
import { newId } from '../../services/store.js';
import { savePrefs } from '../../services/prefs.js';
import { $, canvas, ctrl, store, page, viewedPly } from './state.js';
import { answerDraw, confirmResign, offerDraw, play, redo, rematch, resign, undo } from './actions.js';
import { startGame } from './start.js';
import { flip } from './appearance.js';
import { checkSettings, exportRecord, fileName, openSaved, pgnOf, showStoreProblems, snapshot, startFromPgn, thumbnail } from './saved.js';
import { analyseGame, analyseText, deleteVariation, goToNode, promoteVariation, viewPly } from './tree.js';
import { showErrors, urlFor } from './url.js';
import { act, createOnline, openOnline } from './online.js';
import { gameLink } from '../../online/address.js';
import { once, whenIdle } from './panels.js';
import { onChange } from './effects.js';
import { redraw, showClocks } from './render.js';
import { backToGame, wireSteps } from './steps.js';
import { describeAll, describeSquare, hidePromotion, onSelect, pieceAtPoint, showPromotion, wireBoard } from './board.js';

// Modules of dialogs and files the first board does not need, loaded at their first use
// (docs/benchmarks.md, "the page on the wire").
const dialogModule = once(() => import('../../views/dialog.js'));
const gamesListModule = once(() => import('../../views/games-list.js'));
const downloadModule = once(() => import('../../services/download.js'));

/**
 * Wires the page's controls; `gameOverActions` are the game-over dialog's further buttons
 * (www/views/game-over.js addGameOverAction), added when its module loads.
 * @param {{ gameOverActions: { id: string, label: string, run: (game: any) => void }[] }} parts
 */
export function wire({ gameOverActions }) {
  // One direction: actions call the controller; its change event redraws the page (render.js,
  // once per frame) and runs the page's side effects (effects.js: sounds, words, dialogs, saving,
  // the address bar, an online game's states), here and nowhere else.
  ctrl.addEventListener('change', (e) => {
    onChange(/** @type {CustomEvent} */ (e));
    redraw(/** @type {CustomEvent} */ (e).detail.what);
  });
  wireBoard();
  wireSteps();
  // Online, the seat's actions go to the server, which decides them.
  const online = (/** @type {() => void} */ here, /** @type {() => void} */ there) => () => (ctrl.remote() ? there() : here());
  const undoOrTakeback = online(undo, () => act('takeback'));
  canvas.addEventListener('board-move', (/** @type {CustomEvent} */ e) => {
    const err = play(e.detail.move);
    if (err) showMoveError(err);
  });
  canvas.addEventListener('board-promote', (/** @type {CustomEvent} */ e) => showPromotion(e.detail));
  canvas.addEventListener('contextmenu', (/** @type {Event} */ e) => e.preventDefault()); // long presses on phones
  canvas.addEventListener('board-select', (/** @type {CustomEvent} */ e) => onSelect(e.detail));
  canvas.addEventListener('board-cursor', (/** @type {CustomEvent} */ e) => announce(describeSquare(e.detail.square)));
  $('promotion-cancel').addEventListener('click', hidePromotion);
  arrowKeys($('promotion'), hidePromotion);
  installDescribe({ button: $('btn-describe'), describe: describeAll, announce });
  installTouchHelp(canvas, $('board-help'));
  installLongPress({ canvas, card: $('piece-card'), legend: $('legend'), announce, pieceAt: pieceAtPoint });
  $('btn-suicide').addEventListener('click', () => {
    const err = play($('btn-suicide').dataset.move);
    if (err) showMoveError(err);
  });
  $('move-form').addEventListener('submit', (/** @type {Event} */ e) => {
    e.preventDefault();
    const input = $('move-input');
    const text = input.value.trim();
    if (!text) return showMoveError(t('error-move-empty', { example: page.moveExample?.text ?? '' }));
    const err = play(text);
    if (err) showMoveError(err);
    else input.value = '';
  });
  $('btn-undo').addEventListener('click', undoOrTakeback);
  $('btn-redo').addEventListener('click', online(redo, () => {}));
  $('btn-resign').addEventListener('click', resign); // asks once, online too
  $('btn-resign-yes').addEventListener('click', () => confirmResign(true));
  $('btn-resign-no').addEventListener('click', () => confirmResign(false));
  $('resign-confirm').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Escape') confirmResign(false);
  });
  $('btn-draw').addEventListener('click', online(offerDraw, () => act('draw')));
  $('btn-draw-accept').addEventListener('click', () => answerDraw(true));
  $('btn-draw-decline').addEventListener('click', () => answerDraw(false));
  page.gameOver = once(() => import('../../views/game-over.js').then(({ GameOverDialog, addGameOverAction }) => {
    for (const a of gameOverActions) addGameOverAction(a);
    return new GameOverDialog($('game-over'), { rematch: online(rematch, () => act('rematch')), newGame: () => $('btn-new').click() });
  }));
  $('btn-live').addEventListener('click', backToGame);
  const pickPly = (/** @type {any} */ e) => {
    const node = e.target.closest?.('.var-ply[data-node]')?.dataset.node;
    if (node) return goToNode(Number(node));
    const ply = e.target.closest?.('.ply[data-ply]')?.dataset.ply;
    if (ply) viewPly(Number(ply));
  };
  $('move-list').addEventListener('click', pickPly);
  $('move-list').addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pickPly(e);
    }
  });
  $('btn-flip').addEventListener('click', flip);
  $('btn-tree-promote').addEventListener('click', promoteVariation);
  // The analysis toggle (its own handler runs first): a look back becomes movable into the tree
  // when it goes on, and a variation is left when it goes off.
  $('btn-analysis').addEventListener('click', () => {
    if (!page.analysis.on && ctrl.inVariation()) backToGame();
    else if (viewedPly() !== null) viewPly(viewedPly());
  });
  $('btn-tree-delete').addEventListener('click', deleteVariation);
  $('analyse-form').addEventListener('submit', (/** @type {Event} */ e) => {
    e.preventDefault();
    analyseText($('analyse-input').value);
  });
  /** The Games list, made at its first opening. */
  const gamesList = once(() => gamesListModule().then(({ GamesList }) => (page.gamesList = new GamesList($('games'), {
    analyse: (/** @type {any} */ r) => {
      openSaved(r);
      analyseGame();
    },
    store,
    open: openSaved,
    exportPgn: exportRecord,
    review: (/** @type {any} */ r) => {
      openSaved(r);
      page.review.open();
    },
    thumbnail,
    currentId: () => ctrl.record?.id,
    openOnline: (/** @type {any} */ e) => {
      history.pushState(null, '', gameLink(e.id, { lang: new URLSearchParams(location.search).get('lang') }));
      openOnline({ id: e.id });
    },
    // An online game's PGN once over: its moves and the server's result.
    exportOnline: (/** @type {any} */ e) => exportRecord({ ...e, id: e.id, name: t('games-online-name', { game: t(`game-${e.variant}`) }), mode: 'hotseat', side: e.seat ?? 'white', level: 1, clock: null }),
    problems: (/** @type {any[]} */ list) => showStoreProblems(list),
    changed: (/** @type {any} */ r) => {
      if (r.id !== ctrl.record?.id) return;
      // This tab's game was renamed, deleted or brought back: carry on from what is stored.
      if (r.deleted) ctrl.saveAsNew(newId(), Date.now());
      else ctrl.storedChanged(r);
    },
  }))));
  $('btn-games').addEventListener('click', async () => {
    const focusBack = rememberFocus();
    (await gamesList()).show();
    $('games').addEventListener('close', focusBack, { once: true });
  });
  $('btn-stop').addEventListener('click', () => ctrl.hurry());
  $('btn-copy-pgn').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(await pgnOf(ctrl.game, snapshot()));
      announce(t('say-pgn-copied'));
    } catch {
      announce(t('say-pgn-copy-failed'));
    }
  });
  $('btn-download-pgn').addEventListener('click', () => exportRecord(snapshot()));
  $('pgn-file').addEventListener('change', async (/** @type {any} */ e) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const text = await file.text();
    const problem = checkSettings({ ...ctrl.settings, pgn: text });
    if (problem) return showErrors([{ id: 'error-pgn-file', args: { name: file.name, error: problem } }]);
    startFromPgn(text, ctrl.settings);
  });
  // The board as it is shown (an earlier ply while looking back), through the board's SVG writer;
  // the PNG has the canvas's pixel size (at least 480 px).
  const boardSvg = () => page.board.svg({ size: Math.min(4096, Math.max(480, Math.round(canvas.getBoundingClientRect().width))) });
  $('btn-download-svg').addEventListener('click', () => downloadModule().then(({ downloadSvg }) => downloadSvg(boardSvg(), fileName(snapshot()))));
  $('btn-download-png').addEventListener('click', () =>
    downloadModule().then(({ downloadPng }) => downloadPng(boardSvg(), fileName(snapshot()), Math.min(4096, Math.max(480, canvas.width))))
      .catch((e) => announce(t('say-picture-failed', { error: String(e?.message ?? e) }))),
  );
  $('btn-copy-fen').addEventListener('click', async () => {
    $('fen-out').select();
    try {
      await navigator.clipboard.writeText(ctrl.game.fen());
      announce(t('say-fen-copied'));
    } catch {
      announce(t('say-fen-copy-by-hand'));
    }
  });
  /** The new-game dialog, made at its first opening. */
  const newGameDialog = once(() => dialogModule().then(({ NewGameDialog }) => {
    const dialog = new NewGameDialog($('new-game'), { games: gameTable(), levels: page.levelList, check: checkSettings });
    document.addEventListener('baroque:language', () => dialog.localize());
    return dialog;
  }));
  // The two dialogs a player opens first (and the game-over dialog) are made in idle time once the board is shown, so
  // their first opening waits for nothing.
  page.firstBoard.then(() => whenIdle(() => {
    newGameDialog().catch(() => {});
    gamesList().catch(() => {});
    page.gameOver().catch(() => {});
  }));
  $('btn-new').addEventListener('click', async () => {
    const focusBack = rememberFocus();
    // An online game's clock is the creator's: the dialog opens on this player's own clock.
    const s = await (await newGameDialog()).open(ctrl.settings.online ? { ...ctrl.settings, clock: page.prefs.clock } : ctrl.settings);
    focusBack();
    if (!s) return;
    page.prefs = savePrefs({ level: s.level, clock: s.clock, autoflip: s.autoflip });
    if (s.mode === 'online') return createOnline(s);
    if (s.pgn) return startFromPgn(s.pgn, s);
    history.replaceState(null, '', urlFor(s));
    startGame(s);
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === 'Escape') {
      hidePromotion();
      page.board.select(null);
    } else if ((e.ctrlKey || e.metaKey) && (e.key === 'y' || (e.shiftKey && e.key.toLowerCase() === 'z'))) {
      e.preventDefault();
      if (!ctrl.remote()) redo();
    } else if ((e.ctrlKey || e.metaKey) && e.key === 'z') {
      e.preventDefault();
      undoOrTakeback();
    } else if (e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) flip();
    else if (e.key === 'End') backToGame();
    else if (e.key === 'Home' && ctrl.game?.plyCount()) viewPly(0);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      // Arrows step through the moves, except on the board, where they move its cursor.
      if (e.target !== document.body && !/** @type {Element} */ (e.target).closest?.('#move-list')) return;
      if (ctrl.inVariation()) {
        // In a variation: back to the move before, on to the line's next move.
        const n = ctrl.tree.node(ctrl.shownNode());
        const to = e.key === 'ArrowLeft' ? n.parent : n.children[0];
        if (to !== undefined) goToNode(to);
        return;
      }
      if (e.key === 'ArrowLeft' && ctrl.game?.plyCount()) viewPly((viewedPly() ?? ctrl.game.plyCount()) - 1);
      if (e.key === 'ArrowRight' && viewedPly() !== null) viewPly(viewedPly() + 1);
    }
  });
  new ResizeObserver(() => {
    page.board?.redraw();
    page.threats?.show(ctrl.game, viewedPly() === null);
  }).observe(canvas);
  // The chess clock ticks (www/game/clock.js; the controller owns it): a flag that falls is the
  // controller's change (drawn from it); otherwise only the clocks' faces move.
  setInterval(() => {
    if (ctrl.game && ctrl.record?.clock?.running && !ctrl.over() && !ctrl.tick()) showClocks();
  }, 100);
  matchMedia(`(resolution: ${devicePixelRatio}dppx)`).addEventListener?.('change', () => page.board?.redraw());
}
