// The game controller (www/game/ctrl.js) without a browser: the real engine (www/pkg, loaded in
// Node), a clock on a hand-moved time source, a fake worker for the computer's source. Modes,
// undo and redo, the clock and its flag, whose turn it is against the computer, refusals, the
// change events, and the play loop (the controller asks the computer and plays its answer).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadWasm } from './helpers.mjs';
import { GameCtrl } from '../../www/game/ctrl.js';
import { clockText, newClock } from '../../www/game/clock.js';
import { screenSource } from '../../www/game/sources/screen.js';
import { ComputerSource, NoMove } from '../../www/game/sources/computer.js';
import { NetworkSource, remoteState } from '../../www/game/sources/network.js';

let wasm;
before(async () => {
  wasm = await loadWasm();
});

/** A controller on a game of `variant` from `fen`, with a time source the test moves. */
function setup({ variant = 'ultima', fen, mode = 'hotseat', side = 'white', clock = null, tree = undefined, moves = [] } = {}) {
  let now = 1_000_000;
  const ctrl = new GameCtrl({ now: () => now, Tree: wasm.WebTree });
  const changes = [];
  ctrl.addEventListener('change', (e) => changes.push(e.detail.what));
  const settings = { variant, fen: fen ?? '', options: [], mode, side, level: 1, autoflip: false, clock, tree };
  const record = { ended: null, redo: [], clock: newClock(clock, now) };
  ctrl.start(wasm.WebGame.build(variant, fen, [], moves), settings, record);
  return { ctrl, changes, wait: (ms) => (now += ms) };
}

test('moves, refusals and the change events', () => {
  const { ctrl, changes } = setup();
  assert.deepEqual(changes, ['start']);
  assert.equal(ctrl.move('a2a5').move.notation, 'Pa2-a5');
  assert.equal(ctrl.move('zz9').error.code, 'move-text-bad-from');
  assert.equal(ctrl.game.plyCount(), 1, 'a refused move changes nothing');
  assert.equal(ctrl.status().side, 'black');
  assert.deepEqual(changes, ['start', 'move']);
  assert.ok(ctrl.resign());
  assert.deepEqual(ctrl.status().result, 'white', 'Black, to move, resigned');
  assert.deepEqual(ctrl.move('h7h4').refused, { id: 'error-game-over' });
  assert.equal(ctrl.turn(), null);
  ctrl.game.free();
});

test('the view mode is one field: live, a past ply, a node of the tree', () => {
  const { ctrl, changes } = setup();
  for (const m of ['a2a5', 'h7h4', 'b2b5']) ctrl.move(m);
  assert.deepEqual(ctrl.view, { kind: 'live' });
  assert.equal(ctrl.goToPly(1), 3);
  assert.deepEqual(ctrl.view, { kind: 'past', ply: 1 });
  assert.equal(ctrl.shownPly(), 1);
  ctrl.goToPly(-5);
  assert.deepEqual(ctrl.view, { kind: 'past', ply: 0 });
  ctrl.goToPly(99);
  assert.deepEqual(ctrl.view, { kind: 'live' }, 'the game\'s own ply is the live view');
  const [, second] = ctrl.tree.mainLine();
  const seven = ctrl.tree.play(second, 'g2g5');
  assert.ok(ctrl.goToNode(seven));
  assert.deepEqual(ctrl.view, { kind: 'node', id: seven, ply: 2 });
  assert.equal(ctrl.goToNode(999), false, 'no such node');
  ctrl.goLive();
  assert.deepEqual(ctrl.view, { kind: 'live' });
  ctrl.goToPly(1);
  ctrl.move('g7g4');
  assert.deepEqual(ctrl.view, { kind: 'live' }, 'a move brings the view back to the game');
  assert.equal(changes.filter((c) => c === 'view').length, 6);
  assert.equal(ctrl.branch, null, 'no game at a node while live');
  ctrl.game.free();
});

test('undo and redo: one ply in hot seat, back to the player\'s turn against the computer', () => {
  const hot = setup();
  for (const m of ['a2a5', 'h7h4', 'b2b5']) hot.ctrl.move(m);
  assert.deepEqual(hot.ctrl.undo().undone, ['b2b5']);
  assert.deepEqual(hot.ctrl.undo().undone, ['h7h4']);
  assert.ok(hot.ctrl.canRedo());
  assert.deepEqual(hot.ctrl.redo(), ['h7h4'], 'hot seat: one move again');
  assert.deepEqual(hot.ctrl.record.redo, ['b2b5']);
  hot.ctrl.move('b2b5');
  assert.deepEqual(hot.ctrl.record.redo, [], 'playing the undone move uses it up');
  hot.ctrl.undo();
  hot.ctrl.move('c2c4');
  assert.deepEqual(hot.ctrl.record.redo, [], 'another move forgets the moves undone');
  hot.ctrl.game.free();

  const vs = setup({ mode: 'computer', side: 'white' });
  assert.equal(vs.ctrl.turn(), 'player');
  vs.ctrl.move('a2a5');
  assert.equal(vs.ctrl.turn(), 'computer');
  assert.deepEqual(vs.ctrl.move('h7h4').refused, { id: 'error-computer-turn' });
  assert.ok(vs.ctrl.move('h7h4', { by: 'computer' }).move);
  assert.equal(vs.ctrl.turn(), 'player');
  assert.deepEqual(vs.ctrl.undo().undone, ['h7h4', 'a2a5'], 'the computer\'s reply and the player\'s move');
  assert.equal(vs.ctrl.game.plyCount(), 0);
  assert.deepEqual(vs.ctrl.redo(), ['a2a5', 'h7h4'], 'redo plays on to the player\'s turn');
  assert.equal(vs.ctrl.turn(), 'player');
  vs.ctrl.game.free();
});

test('resignation and draws are endings that undo takes back', () => {
  const { ctrl, changes } = setup();
  ctrl.move('a2a5');
  assert.ok(ctrl.offerDraw());
  assert.equal(ctrl.drawOffer, 'black');
  assert.equal(ctrl.offerDraw(), false, 'one offer at a time');
  ctrl.answerDraw(false);
  assert.equal(ctrl.drawOffer, null);
  ctrl.offerDraw();
  ctrl.answerDraw(true);
  assert.deepEqual([ctrl.status().result, ctrl.status().reason], ['draw', 'agreement']);
  const { ending, undone } = ctrl.undo();
  assert.deepEqual([ending, undone], [true, []]);
  assert.equal(ctrl.status().result, 'ongoing');
  assert.equal(ctrl.game.plyCount(), 1, 'the ending, not a move');
  assert.deepEqual(changes, ['start', 'move', 'draw-offer', 'draw-declined', 'draw-offer', 'end', 'undo']);
  const vs = setup({ mode: 'computer', side: 'black' });
  assert.equal(vs.ctrl.offerDraw(), false, 'no draw offers against the computer');
  vs.ctrl.resign();
  assert.equal(vs.ctrl.status().result, 'white', 'the player (Black) resigned');
  ctrl.game.free();
  vs.ctrl.game.free();
});

test('the clock: it starts with the first move, charges the mover, adds the increment, and the flag falls', () => {
  const { ctrl, wait } = setup({ clock: { base: 60_000, inc: 2_000 } });
  assert.equal(ctrl.record.clock.running, null, 'not running before the first move');
  wait(5_000);
  ctrl.move('a2a5');
  assert.deepEqual(ctrl.clockLeft(), { white: 62_000, black: 60_000 }, 'the first move: White\'s time has not run yet');
  wait(10_000);
  assert.deepEqual(ctrl.clockLeft(), { white: 62_000, black: 50_000 });
  assert.deepEqual(ctrl.clockLimits(), { wtime: 62_000, btime: 50_000, winc: 2_000, binc: 2_000, level: 1 });
  ctrl.move('h7h4');
  assert.deepEqual(ctrl.clockLeft(), { white: 62_000, black: 52_000 });
  ctrl.undo();
  assert.equal(ctrl.record.clock.running, null, 'undo stops the clock');
  ctrl.move('h7h4');
  wait(61_000);
  assert.equal(ctrl.tick(), null, 'White still has a second');
  wait(1_000);
  assert.equal(ctrl.tick(), 'white');
  assert.deepEqual([ctrl.status().result, ctrl.status().reason], ['black', 'time']);
  assert.equal(ctrl.clockLeft().white, 0);
  assert.equal(clockText(ctrl.clockLeft().black), '0:54', 'Black had its increment twice');
  ctrl.game.free();
});

test('a flag falls to a draw when the other side has only its King', () => {
  // Black has only its King: White's flag falling cannot make Black the winner.
  const { ctrl, wait } = setup({ fen: '7k/8/8/8/8/8/P7/K7 w - - 0 1', clock: { base: 1_000, inc: 0 } });
  ctrl.move('a2a4');
  ctrl.move('h8g8');
  wait(1_001);
  assert.equal(ctrl.tick(), 'white');
  assert.deepEqual([ctrl.status().result, ctrl.status().reason], ['draw', 'time']);
  ctrl.game.free();
});

test('clock text: minutes and seconds, tenths under ten seconds, hours', () => {
  assert.equal(clockText(65_000), '1:05');
  assert.equal(clockText(9_400), '0:09.4');
  assert.equal(clockText(3_725_000), '1:02:05');
  assert.equal(clockText(-5), '0:00.0');
});

/** The moves of the main line, as move texts. */
const mainMoves = (ctrl) => [...ctrl.tree.mainLine()].map((id) => ctrl.tree.node(id).move);

test('the move tree follows the game; undo and redo across variations', () => {
  const { ctrl, changes } = setup();
  for (const m of ['a2a5', 'h7h4', 'b2b5']) ctrl.move(m);
  assert.deepEqual(mainMoves(ctrl), ['a2a5', 'h7h4', 'b2b5']);
  // Back one ply with the tree on, then a move there: a variation, the game unchanged.
  ctrl.goToPly(2, { branch: true });
  assert.equal(ctrl.branch.game.plyCount(), 2, 'a game to move in at the past ply');
  const v = ctrl.moveInTree('c2c5').node;
  assert.deepEqual(ctrl.view, { kind: 'node', id: v, ply: 2 });
  assert.ok(ctrl.inVariation());
  assert.equal(ctrl.game.plyCount(), 3);
  assert.equal(ctrl.branch.game.fen(), wasm.WebGame.build('ultima', undefined, [], ['a2a5', 'h7h4', 'c2c5']).fen());
  const w = ctrl.moveInTree('g7g4').node;
  assert.equal(ctrl.tree.node(w).parent, v, 'the variation goes on');
  assert.equal(ctrl.moveInTree('zz9').error.code, 'move-text-bad-from');
  // The line's own move from a past ply is the main line's node.
  ctrl.goToPly(2, { branch: true });
  assert.equal(ctrl.moveInTree('b2b5').node, ctrl.tree.mainLine()[2]);
  assert.deepEqual(ctrl.view, { kind: 'live' }, 'the game\'s next move from its last position: the game again');
  // A variation at an earlier ply (an alternative to move 2).
  ctrl.goToPly(1, { branch: true });
  const e = ctrl.moveInTree('e7e5').node;
  // Undo takes the last move out of the tree with what followed it (the variation from that
  // ply too, as the page always did); the earlier variation stays.
  ctrl.undo();
  assert.deepEqual(mainMoves(ctrl), ['a2a5', 'h7h4']);
  assert.equal(ctrl.tree.node(v), null, 'what followed the undone move went');
  assert.equal(ctrl.tree.node(e).move, 'e7e5');
  // Redo plays the move again; the earlier variation is still the alternative to move 2.
  ctrl.redo();
  assert.deepEqual(mainMoves(ctrl), ['a2a5', 'h7h4', 'b2b5']);
  assert.deepEqual([...ctrl.tree.node(ctrl.tree.mainLine()[0]).children], [ctrl.tree.mainLine()[1], e]);
  // Undoing move 2 takes its variation with it, as the page always did.
  ctrl.undo();
  ctrl.undo();
  assert.equal(ctrl.tree.node(e), null);
  ctrl.move('e7e5');
  assert.deepEqual(mainMoves(ctrl), ['a2a5', 'e7e5']);
  assert.equal(ctrl.tree.size(), 2);
  assert.ok(changes.includes('tree-move'));
  ctrl.game.free();
});

test('go to a node: the game there comes from the tree, not from replaying the moves', () => {
  const { ctrl } = setup({ moves: ['a2a5', 'h7h4'] });
  const v = ctrl.tree.play(ctrl.tree.mainLine()[0], 'g7g4');
  const w = ctrl.tree.play(v, 'b2b5');
  assert.ok(ctrl.goToNode(w));
  assert.deepEqual(ctrl.view, { kind: 'node', id: w, ply: 1 });
  assert.deepEqual(ctrl.branch.game.moveTexts(), ['a2a5', 'g7g4', 'b2b5']);
  assert.equal(ctrl.branch.game.history()[2].notation, 'Pb2-b5');
  assert.equal(ctrl.shownNode(), w);
  // A main-line node is a past ply (with a game to move in); the last one the live game.
  ctrl.goToNode(ctrl.tree.mainLine()[0]);
  assert.deepEqual(ctrl.view, { kind: 'past', ply: 1 });
  assert.equal(ctrl.branch.game.plyCount(), 1);
  ctrl.goToNode(0);
  assert.deepEqual(ctrl.view, { kind: 'past', ply: 0 });
  ctrl.goToNode(ctrl.tree.mainLine()[1]);
  assert.deepEqual(ctrl.view, { kind: 'live' });
  assert.equal(ctrl.branch, null);
  ctrl.game.free();
});

test('promote makes the variation shown the game\'s moves; delete removes it and shows the move before', () => {
  const { ctrl, changes } = setup({ moves: ['a2a5', 'h7h4', 'b2b5'] });
  const [a] = ctrl.tree.mainLine();
  ctrl.goToNode(a);
  const v = ctrl.moveInTree('g7g4').node;
  const w = ctrl.moveInTree('c2c5').node;
  ctrl.record.redo = ['x'];
  ctrl.goToNode(v);
  assert.equal(ctrl.promote(), true);
  assert.deepEqual(ctrl.game.moveTexts(), ['a2a5', 'g7g4', 'c2c5'], 'the whole line is the game');
  assert.deepEqual(mainMoves(ctrl), ['a2a5', 'g7g4', 'c2c5']);
  assert.deepEqual(ctrl.record.redo, []);
  assert.deepEqual(ctrl.view, { kind: 'past', ply: 2 }, 'still showing the promoted node, now a past ply');
  assert.equal(ctrl.tree.mainLine()[2], w);
  assert.equal(ctrl.promote(), false, 'the main line is not promoted');
  // The old line is a variation now: delete it.
  const old = ctrl.tree.node(a).children[1];
  assert.equal(ctrl.tree.node(old).move, 'h7h4');
  ctrl.goToNode(ctrl.tree.node(old).children[0]);
  assert.ok(ctrl.inVariation());
  assert.equal(ctrl.deleteVariation(), true);
  assert.deepEqual(ctrl.view, { kind: 'node', id: old, ply: 1 }, 'the move before it');
  assert.equal(ctrl.tree.node(old).children.length, 0);
  ctrl.deleteVariation();
  assert.deepEqual(ctrl.view, { kind: 'past', ply: 1 });
  assert.deepEqual([...ctrl.tree.node(a).children], [ctrl.tree.mainLine()[1]]);
  assert.equal(ctrl.deleteVariation(), false, 'a past ply of the game is not deleted');
  assert.deepEqual(changes.filter((c) => c === 'promote' || c === 'delete'), ['promote', 'delete', 'delete']);
  ctrl.game.free();
});

test('a saved tree opens with the game; a damaged one is left out and said', () => {
  const tree = { comment: 'Start', line: [{ nags: [1] }, { move: 'h7h4', variations: [[{ move: 'g7g4', comment: 'or' }]] }] };
  const { ctrl } = setup({ moves: ['a2a5', 'h7h4'], tree });
  assert.ok(ctrl.tree.hasNotes());
  assert.deepEqual(ctrl.tree.value(false), {
    comment: 'Start',
    line: [{ move: 'a2a5', notation: 'Pa2-a5', nags: [1] }, { move: 'h7h4', notation: 'Ph7-h4', variations: [[{ move: 'g7g4', notation: 'Pg7-g4', comment: 'or' }]] }],
  });
  assert.equal(ctrl.treeError, null);
  const bad = setup({ moves: ['a2a5'], tree: { line: [{ move: 'b2b5' }] } });
  assert.equal(bad.ctrl.treeError.code, 'tree-not-the-game');
  assert.equal(bad.ctrl.tree.hasNotes(), false);
  assert.equal(bad.ctrl.tree.size(), 1);
  ctrl.game.free();
  bad.ctrl.game.free();
});

// ----- move sources (www/game/sources/): this screen, the computer, the network -----

test('sources: the screen plays only its own side; the others are told of each move', () => {
  const { ctrl, changes } = setup();
  const told = [];
  const net = { kind: 'network', played: (e) => told.push([e.move.move, e.by, e.ply]), detach: () => told.push('detached') };
  ctrl.setSources({ white: screenSource(), black: net });
  assert.equal(ctrl.sourceOf('black').kind, 'network');
  assert.ok(ctrl.remote());
  assert.ok(ctrl.move('a2a5').move);
  assert.deepEqual(ctrl.move('h7h4').refused, { id: 'error-opponent-turn' }, 'Black\'s moves come from the network');
  assert.ok(ctrl.move('h7h4', { by: 'network' }).move);
  assert.deepEqual(ctrl.move('b2b5', { by: 'network' }).refused, { id: 'error-not-your-turn' });
  assert.deepEqual(told, [['a2a5', 'user', 0], ['h7h4', 'network', 1]]);
  ctrl.setSources(null);
  assert.deepEqual(told.at(-1), 'detached');
  assert.equal(ctrl.sourceOf('black').kind, 'screen', 'back to the settings\' sources');
  assert.equal(new ComputerSource({ computer: fakeComputer() }).kind, 'computer');
  assert.ok(changes.includes('sources'));
  ctrl.game.free();
});

test('follow: the controller takes the other party\'s game (moves, takebacks, ending, clock)', () => {
  const { ctrl, changes } = setup({ clock: { base: 60_000, inc: 0 } });
  ctrl.setSources({ white: screenSource(), black: { kind: 'network' } });
  ctrl.move('a2a5');
  let r = ctrl.follow({ moves: ['a2a5', 'h7h4', 'b2b5'], ended: null, clock: { white: 50_000, black: 40_000, running: 'black', at: 1_000_000 } });
  assert.deepEqual(r.played.map((m) => m.move), ['h7h4', 'b2b5']);
  assert.deepEqual(ctrl.clockLeft(), { white: 50_000, black: 40_000 });
  r = ctrl.follow({ moves: ['a2a5'], ended: null, clock: null });
  assert.deepEqual(r.undone, ['b2b5', 'h7h4'], 'a takeback agreed on the server');
  assert.equal(ctrl.game.plyCount(), 1);
  ctrl.follow({ moves: ['a2a5'], ended: { result: 'white', reason: 'resign' }, clock: null });
  assert.deepEqual([ctrl.status().result, ctrl.status().reason], ['white', 'resign']);
  r = ctrl.follow({ moves: ['a2a5', 'zz9'], ended: null, clock: null });
  assert.equal(r.error.code, 'move-text-bad-from', 'a move the engine refuses stops the game there');
  assert.equal(ctrl.tick(), null, 'the server decides the flag');
  assert.equal(changes.filter((c) => c === 'sync').length, 4);
  ctrl.game.free();
});

/** A fake WebSocket driven by the test: `sent` holds what the page sent, `server(msg)` answers. */
function fakeSockets() {
  const sockets = [];
  class FakeSocket {
    constructor(url) {
      this.url = url;
      this.readyState = 0;
      this.sent = [];
      sockets.push(this);
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      this.readyState = 3;
      this.onclose?.();
    }
    open() {
      this.readyState = 1;
      this.onopen?.();
    }
    server(msg) {
      this.onmessage?.({ data: JSON.stringify(msg) });
    }
  }
  return { sockets, FakeSocket };
}

const FULL = (state) => ({ id: 'g1', variant: { key: 'ultima' }, rules: [], clock: { initial: 60_000, increment: 0 }, daysPerMove: null, speed: 'live', initialFen: '', state });
const STATE = (seq, moves, extra = {}) => ({ seq, moves: moves.join(' '), ply: moves.length, turn: moves.length % 2 ? 'black' : 'white', wtime: 60_000, btime: 60_000, clockRunning: moves.length >= 2, at: 1_000_000, status: 'started', wdraw: false, bdraw: false, wtakeback: false, btakeback: false, wrematch: false, brematch: false, ...extra });

test('the network source: hello, the server\'s states followed, moves sent, reconnect with since, one resend', () => {
  const { ctrl } = setup({ clock: { base: 60_000, inc: 0 } });
  const { sockets, FakeSocket } = fakeSockets();
  const timers = [];
  const net = new NetworkSource({ url: 'ws://127.0.0.1/ws/game/g1', token: 'T', WebSocket: FakeSocket, now: () => 1_000_000, setTimer: (f) => timers.push(f), clearTimer: () => {} });
  net.connect();
  ctrl.setSources({ white: screenSource(), black: net });
  net.attach(ctrl);
  const ws = sockets[0];
  ws.open();
  assert.deepEqual(ws.sent[0], { t: 'hello', token: 'T', since: 0 });
  ws.server({ t: 'welcome', seat: 'white', game: FULL(STATE(1, [])) });
  assert.equal(net.status, 'open');
  assert.equal(net.seat, 'white');
  ctrl.move('a2a5');
  assert.deepEqual(ws.sent.at(-1), { t: 'move', move: 'a2a5', ply: 0 });
  ws.server({ t: 'event', seq: 2, state: STATE(2, ['a2a5']) });
  ws.server({ t: 'ok', re: 'move', changed: true });
  assert.deepEqual(net.pending, []);
  assert.deepEqual(ws.sent.at(-1), { t: 'ack', seq: 2 });
  ws.server({ t: 'event', seq: 3, state: STATE(3, ['a2a5', 'h7h4']) });
  assert.deepEqual(ctrl.game.moveTexts(), ['a2a5', 'h7h4'], 'the opponent\'s move from the server');
  // A move sent, then the connection drops before the answer: on the way back it is sent again.
  ctrl.move('b2b5');
  ws.close();
  assert.equal(net.status, 'offline');
  assert.equal(ctrl.game.plyCount(), 3, 'the move stays on the board meanwhile');
  timers.shift()();
  const ws2 = sockets[1];
  ws2.open();
  assert.deepEqual(ws2.sent[0], { t: 'hello', token: 'T', since: 3 }, 'reconnects with the last event held');
  ws2.server({ t: 'welcome', seat: 'white', game: FULL(STATE(3, ['a2a5', 'h7h4'])) });
  assert.deepEqual(ws2.sent.filter((m) => m.t === 'move'), [{ t: 'move', move: 'b2b5', ply: 2 }], 'the unanswered move, once more');
  assert.deepEqual(ctrl.game.moveTexts(), ['a2a5', 'h7h4', 'b2b5']);
  // Dropped again without an answer: not sent a third time, and the board goes back to the server's game.
  ws2.close();
  timers.shift()();
  sockets[2].open();
  sockets[2].server({ t: 'welcome', seat: 'white', game: FULL(STATE(3, ['a2a5', 'h7h4'])) });
  assert.equal(sockets[2].sent.filter((m) => m.t === 'move').length, 0);
  assert.deepEqual(ctrl.game.moveTexts(), ['a2a5', 'h7h4']);
  // A refused move goes from the board too.
  ctrl.move('b2b5');
  sockets[2].server({ t: 'error', code: 'illegal-move', message: 'no' });
  assert.deepEqual(ctrl.game.moveTexts(), ['a2a5', 'h7h4']);
  // The server's ending.
  sockets[2].server({ t: 'event', seq: 4, state: STATE(4, ['a2a5', 'h7h4'], { status: 'resign', winner: 'black', reason: 'resign', clockRunning: false }) });
  assert.deepEqual([ctrl.status().result, ctrl.status().reason], ['black', 'resign']);
  net.close();
  assert.equal(timers.length, 0, 'closed for good: no reconnection');
  ctrl.game.free();
});

test('remoteState: the server\'s words and clock in the controller\'s terms', () => {
  const r = remoteState(STATE(5, ['a2a5', 'h7h4'], { status: 'outoftime', winner: 'white', reason: 'flag', wtime: 1_000, btime: 0, clockRunning: false, at: 2_000 }), { live: true, offset: 500 });
  assert.deepEqual(r, { moves: ['a2a5', 'h7h4'], ended: { result: 'white', reason: 'time' }, clock: { white: 1_000, black: 0, running: null, at: 1_500 } });
  assert.deepEqual(remoteState(STATE(1, [], { status: 'draw', reason: 'agreement' }), { live: false }).ended, { result: 'draw', reason: 'agreement' });
});

// ----- the play loop: the controller asks the source of the side to move -----

/** Lets the microtasks and the fake's promises run. */
const settle = () => new Promise((done) => setImmediate(done));

/**
 * A stand-in for the worker's client (www/engine/computer.js Computer): each search waits until the test
 * answers it; its calls are recorded.
 */
function fakeComputer({ canPonder = true } = {}) {
  let pending = null;
  const calls = [];
  return {
    calls,
    canPonder,
    get searching() {
      return pending !== null;
    },
    think(position, limits) {
      calls.push(['think', position.moves.join(' '), limits, Boolean(position.newGame)]);
      return new Promise((resolve, reject) => (pending = { resolve, reject }));
    },
    answer(r) {
      const p = pending;
      pending = null;
      p.resolve(r);
    },
    fail(e) {
      const p = pending;
      pending = null;
      p.reject(e);
    },
    ponder(position, limits, expected) {
      calls.push(['ponder', position.moves.join(' '), expected]);
      return true;
    },
    stopPondering: () => calls.push(['stopPondering']),
    moveNow: () => calls.push(['moveNow']),
    cancel() {
      calls.push(['cancel']);
      const p = pending;
      pending = null;
      p?.resolve({ best: null, cancelled: true });
    },
  };
}

/** A game against the computer (it plays Black) with a fake worker. */
function versus({ ponder = false, side = 'white', moves = [] } = {}) {
  const t = setup({ mode: 'computer', side, moves });
  const computer = fakeComputer();
  const source = new ComputerSource({ computer, ponder: () => ponder });
  t.ctrl.setComputer(source);
  return { ...t, computer, source };
}

test('the loop: the controller asks the computer on its turn and plays its answer', async () => {
  const { ctrl, changes, computer, source } = versus();
  await settle();
  assert.equal(computer.searching, false, 'the player\'s turn: nobody is asked');
  assert.equal(ctrl.sourceOf('black'), source);
  ctrl.move('a2a5');
  assert.equal(ctrl.thinking, false, 'asked once the move\'s task is done');
  await settle();
  assert.ok(ctrl.thinking);
  assert.deepEqual(computer.calls[0], ['think', 'a2a5', { level: 1 }, true], 'the first question of a game starts a new search tree');
  assert.deepEqual(ctrl.move('b2b5').refused, { id: 'error-wait-computer' }, 'this screen waits');
  computer.answer({ best: 'h7h4', ponder: 'b2b5', depth: 3, nodes: 99, nps: 1000, score: { cp: 5 } });
  await settle();
  assert.equal(ctrl.thinking, false);
  assert.deepEqual(ctrl.game.moveTexts(), ['a2a5', 'h7h4']);
  assert.equal(source.last.nodes, 99, 'the source keeps the search\'s figures');
  assert.deepEqual(changes.slice(1), ['move', 'ask', 'move']);
  ctrl.move('b2b5');
  await settle();
  assert.deepEqual(computer.calls.at(-1), ['think', 'a2a5 h7h4 b2b5', { level: 1 }, false]);
  ctrl.hurry();
  assert.deepEqual(computer.calls.at(-1), ['moveNow'], '"move now" reaches the search');
  ctrl.game.free();
});

test('the loop: an answer that comes after an undo or a new game is dropped; the search is cancelled', async () => {
  const { ctrl, computer } = versus();
  ctrl.move('a2a5');
  await settle();
  assert.ok(computer.searching);
  ctrl.undo();
  assert.ok(computer.calls.some(([c]) => c === 'cancel'), 'the undo cancels the search');
  assert.equal(ctrl.thinking, false);
  assert.equal(ctrl.game.plyCount(), 0);
  await settle();
  assert.equal(ctrl.game.plyCount(), 0, 'the cancelled search plays nothing');

  ctrl.move('a2a5');
  await settle();
  assert.ok(computer.searching);
  ctrl.start(wasm.WebGame.build('ultima', undefined, [], []), ctrl.settings, { ended: null, redo: [], clock: null });
  assert.equal(ctrl.thinking, false, 'a new game drops the question');
  assert.equal(computer.searching, false, 'and cancels the search');
  await settle();
  assert.equal(ctrl.game.plyCount(), 0);
  ctrl.game.free();
});

test('the loop: a stale answer (resolved, not cancelled) is dropped by the controller', async () => {
  const t = setup({ mode: 'computer', side: 'white' });
  const asked = [];
  // A source that answers whatever it is told, whenever the test says (it ignores cancel).
  const source = { kind: 'computer', yourTurn: () => new Promise((resolve) => asked.push(resolve)) };
  t.ctrl.setComputer(/** @type {any} */ (source));
  t.ctrl.move('a2a5');
  await settle();
  assert.equal(asked.length, 1);
  t.ctrl.undo();
  asked[0]('h7h4');
  await settle();
  assert.deepEqual(t.ctrl.game.moveTexts(), [], 'the answer to the position before the undo is not played');
  t.ctrl.move('a2a5');
  await settle();
  asked[1]('h7h4');
  await settle();
  assert.deepEqual(t.ctrl.game.moveTexts(), ['a2a5', 'h7h4']);
  t.ctrl.game.free();
});

test('the loop: a failed search is said once and asked again on retry; the computer\'s move on the start', async () => {
  const { ctrl, changes, computer } = versus({ side: 'black' });
  await settle();
  assert.ok(computer.searching, 'the computer (White) is asked at the start');
  computer.fail({ code: 'computer-stopped', params: { message: 'boom' }, message: 'boom' });
  await settle();
  assert.equal(ctrl.failure.error.code, 'computer-stopped');
  assert.equal(changes.at(-1), 'ask-failed');
  ctrl.move('a7a4', { by: 'user' });
  await settle();
  assert.equal(computer.searching, false, 'not asked again until retry');
  ctrl.retry();
  await settle();
  assert.ok(computer.searching);
  computer.answer({ best: null });
  await settle();
  assert.equal(ctrl.failure.message.id, new NoMove().id, 'no move found');
  ctrl.retry();
  await settle();
  computer.answer({ best: 'a7a4' });
  await settle();
  assert.equal(ctrl.failure.move, 'a7a4', 'a move the game refuses (White cannot move Black\'s pawn)');
  assert.ok(ctrl.failure.error);
  ctrl.game.free();
});

test('the loop: the computer ponders on the reply it expects, when allowed, and stops when the game changes', async () => {
  const { ctrl, computer } = versus({ ponder: true });
  ctrl.move('a2a5');
  await settle();
  computer.answer({ best: 'h7h4', ponder: 'b2b5' });
  await settle();
  assert.deepEqual(computer.calls.at(-1), ['ponder', 'a2a5 h7h4', 'b2b5']);
  ctrl.move('b2b5');
  await settle();
  assert.deepEqual(computer.calls.at(-1), ['think', 'a2a5 h7h4 b2b5', { level: 1 }, false], 'the player\'s move does not stop the pondering: the search takes it over');
  computer.answer({ best: 'g7g4', ponder: null });
  await settle();
  assert.equal(computer.calls.at(-1)[0], 'think', 'no expected reply: no pondering');
  ctrl.resign();
  assert.ok(computer.calls.slice(-2).some(([c]) => c === 'cancel'), 'the end of the game stops the computer');
  ctrl.game.free();

  const off = versus({ ponder: false });
  off.ctrl.move('a2a5');
  await settle();
  off.computer.answer({ best: 'h7h4', ponder: 'b2b5' });
  await settle();
  assert.ok(!off.computer.calls.some(([c]) => c === 'ponder'), 'pondering off: none');
  off.ctrl.game.free();
});

test('hints: the computer\'s source searches them in a worker of its own, leaving the opponent\'s alone', async () => {
  const t = setup({ mode: 'computer', side: 'white' });
  const computer = fakeComputer();
  const helper = fakeComputer();
  let made = 0;
  t.ctrl.setComputer(new ComputerSource({ computer, helper: () => (made++, helper) }));
  assert.equal(await new GameCtrl().hint({ depth: 5 }), null, 'no computer: no hint');
  const asked = t.ctrl.hint({ depth: 5 });
  await settle();
  assert.deepEqual(helper.calls[0], ['think', '', { depth: 5 }, false]);
  helper.answer({ best: 'a2a5' });
  assert.equal(await asked, 'a2a5');
  const dropped = t.ctrl.hint({ depth: 5 });
  await settle();
  t.ctrl.cancelHint();
  assert.equal(await dropped, null, 'a cancelled hint is no move');
  assert.equal(made, 1, 'one hints\' worker');
  assert.deepEqual(computer.calls, [], 'the opponent\'s worker was not asked');
  t.ctrl.game.free();
});
