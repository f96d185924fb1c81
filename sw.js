// Service worker: lets the page start and be played offline (hot-seat and against the computer)
// once it has been opened. It sits at the repository root so that its scope covers index.html
// and www/. Registered by www/pages/game/main.js once the game is playable and the page idle.
//
// - install:  caches the app shell under a cache named after the build (BAROQUE_BUILD, written
//             into www/pkg/build-id.js by scripts/build-web.sh), so a new build gets a new cache.
//             Each file crosses the network once: what the page has loaded already is taken from
//             the HTTP cache when its ETag names the build's content hash (page-hashes.json);
//             the rest (the pages not opened yet) is fetched now, in the page's idle time;
// - fetch:    same-origin GETs are answered from the cache when there (no request at all: the
//             cache is this build's), otherwise from the network (and kept); an offline
//             navigation with nothing cached for its URL gets index.html. The game server's
//             /api/ and /ws/ addresses are never touched;
// - activate: deletes the caches of older builds and takes control of open pages at once.
//
// Cached responses keep their headers, so the COOP/COEP headers that baroque-server sends
// (cross-origin isolation, which the computer player's "Move now" uses) still apply offline.
// A page file edited without rebuilding is not seen by a page this worker controls: run
// scripts/build-web.sh (a new build id, so a new worker and cache).

try {
  importScripts('www/pkg/build-id.js'); // sets self.BAROQUE_BUILD
} catch (e) {
  console.warn('sw.js: no www/pkg/build-id.js (run scripts/build-web.sh)', e);
}
const PREFIX = 'baroque-';
const CACHE = PREFIX + (self.BAROQUE_BUILD || 'unversioned');

// The app shell, relative to this file: what offline play needs and only that (the rule, checked
// by scripts/offline-set.mjs at every build and by tests/e2e/offline-set.test.mjs): the offline
// pages (the game page, puzzles, editor, embed, boards, the rules), every module they load at
// once or later but for online play's (www/pages/game/online-game.js and what only it loads),
// and their style sheets, catalogs, icons and the engine. Pages that show the game server's data
// (account, lobby, player, leaderboard, tv, …) need the server anyway: they and their modules
// stay out of this list. Anything else same-origin is cached when first fetched.
const SHELL = [
  'index.html',
  'manifest.webmanifest',
  'www/icons/icon-32.png',
  'www/icons/icon-192.png',
  'www/icons/icon-512.png',
  'www/icons/maskable-512.png',
  'www/style.css',
  'www/pages/game/main.js',
  'www/views/panel.js',
  'www/views/dialog.js',
  'www/views/legend.js',
  'www/views/theme.js',
  'www/views/a11y.js',
  'www/views/touch.js',
  'www/views/threats.js',
  'www/services/frame.js',
  'www/services/score-words.js',
  'www/views/analysis.js',
  'www/review/review.js',
  'www/views/hint.js',
  'www/puzzles.html',
  'www/pages/puzzles.js',
  'www/editor.html',
  'www/pages/editor.js',
  'www/services/i18n.js',
  'www/engine/engine.js',
  'www/engine/errors.js',
  'www/game/clock.js',
  'www/game/ctrl.js',
  'www/game/endings.js',
  'www/game/loop.js',
  'www/game/remote.js',
  'www/game/navigation.js',
  'www/game/sources/computer.js',
  'www/game/sources/network.js',
  'www/online/address.js',
  'www/online/news.js',
  'www/online/seats.js',
  'www/online/server.js',
  'www/pages/game/online.js',
  'www/pages/game/panels.js',
  'www/pages/game/state.js',
  'www/pages/game/url.js',
  'www/pages/game/start.js',
  'www/pages/game/tree.js',
  'www/pages/game/saved.js',
  'www/pages/game/actions.js',
  'www/pages/game/appearance.js',
  'www/pages/game/board.js',
  'www/pages/game/steps.js',
  'www/pages/game/wire.js',
  'www/pages/game/render.js',
  'www/pages/game/movelist.js',
  'www/pages/game/effects.js',
  'www/i18n/en.ftl',
  'www/i18n/zh-Hans.ftl',
  'www/i18n/zh-Hant.ftl',
  'www/engine/computer.js',
  'www/engine/worker.js',
  'www/baroque-board.js',
  // <baroque-board>'s modes and the one promotion chooser (issue 23 stage 3)
  'www/board-element/style.js',
  'www/board-element/steps.js',
  'www/board-element/play.js',
  'www/views/promotion.js',
  'www/puzzles/record.js',
  'www/puzzles/judge.js',
  'www/editor/state.js',
  'www/editor/links.js',
  'www/editor/output.js',
  'www/editor/palette.js',
  'www/editor/drag.js',
  'www/editor/controls.js',
  'www/review/judge.js',
  'www/review/card.js',
  // saved games, results and clocks (issue 11)
  'www/services/store.js',
  'www/views/games-list.js',
  'www/views/game-over.js',
  'www/services/sound.js',
  'www/services/prefs.js',
  'www/embed.html',
  'www/pages/embed.js',
  'www/services/embed-snippet.js',
  'www/boards.html',
  // board pictures: Download SVG / PNG (issue 12)
  'www/services/download.js',
  // the rules pages and their catalogs (issue 12)
  'www/rules/ultima.html',
  'www/rules/omega.html',
  'www/rules/hybrid.html',
  'www/rules/rules.js',
  'www/rules/rules.css',
  'www/i18n/rules/en.ftl',
  'www/i18n/rules/zh-Hans.ftl',
  'www/i18n/rules/zh-Hant.ftl',
  'www/pkg/baroque_web.js',
  'www/pkg/baroque_web_bg.wasm',
  // @fluent/bundle's modules that www/services/i18n.js loads (copied by build-web.sh)
  'www/vendor/fluent-bundle/builtins.js',
  'www/vendor/fluent-bundle/bundle.js',
  'www/vendor/fluent-bundle/memoizer.js',
  'www/vendor/fluent-bundle/resolver.js',
  'www/vendor/fluent-bundle/resource.js',
  'www/vendor/fluent-bundle/scope.js',
  'www/vendor/fluent-bundle/types.js',
];
const INDEX = new URL('index.html', self.registration.scope).href;

/** The build's content hashes by path (www/pkg/page-hashes.json, scripts/precompress.mjs); {} without. */
async function buildHashes() {
  try {
    const res = await fetch('www/pkg/page-hashes.json', { cache: 'no-cache' });
    return res.ok ? await res.json() : {};
  } catch {
    return {};
  }
}

/** Whether `res` is the build's own copy of a file whose content hash is `hash` (baroque-server's ETag names it). */
function isBuilds(res, hash) {
  const tag = (res.headers.get('etag') ?? '').replace(/^W\//, '');
  return typeof hash === 'string' && [`"${hash}"`, `"${hash}-br"`, `"${hash}-gz"`].includes(tag);
}

/**
 * One file of the shell, fetched once: the copy the page itself has just loaded, from the HTTP
 * cache (`force-cache`: no request at all) when its ETag shows it is this build's; otherwise the
 * server's current one (`no-cache`: a conditional request, a bodiless 304 when the HTTP cache's
 * copy is current, as on any static host whose ETags are its own).
 */
async function fetchOnce(path, hash, opened) {
  // index.html was loaded under its address with a query (the game's parameters): the open
  // pages' own addresses find it in the HTTP cache.
  const url = new URL(path, self.location.href).href;
  const tries = [...opened.filter((u) => u !== url && keyFor(u) === url), path];
  for (const address of tries) {
    const kept = await fetch(address, { cache: 'force-cache' }).catch(() => null);
    if (kept?.ok && isBuilds(kept, hash)) return kept;
  }
  const res = await fetch(path, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`sw.js: ${path} answered ${res.status}`);
  return res;
}

self.addEventListener('install', (event) => {
  // www/pages/game/main.js registers this worker only once the game is playable and the page is idle, so
  // the files of the pages not opened yet (rules, editor, puzzles) load in idle time, and the
  // ones the page has loaded come from the HTTP cache: each file crosses the network once.
  event.waitUntil(
    (async () => {
      const hashes = await buildHashes();
      const opened = (await self.clients.matchAll({ includeUncontrolled: true, type: 'window' })).map((c) => c.url);
      const cache = await caches.open(CACHE);
      await Promise.all(SHELL.map(async (path) => cache.put(new URL(path, self.location.href).href, await fetchOnce(path, hashes[path], opened))));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The cache key of a URL: the query is dropped (the page reads it, the files do not depend on it). */
function keyFor(url) {
  const u = new URL(url);
  u.search = '';
  u.hash = '';
  if (u.pathname.endsWith('/')) u.pathname += 'index.html';
  return u.href;
}

/** Addresses the service worker leaves alone: the game server's API and WebSocket. */
const LIVE = /^\/(api|ws)\//;

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  const scope = new URL(self.registration.scope);
  if (req.method !== 'GET' || url.origin !== self.location.origin || LIVE.test(url.pathname.slice(scope.pathname.length - 1))) return;
  const key = keyFor(req.url);
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // The cache is this build's (named by its id, filled at install with the build's own
      // files), so a hit is answered without asking the server; a new build is a new worker.
      const cached = await cache.match(key);
      if (cached) return cached;
      try {
        const res = await fetch(req);
        if (res.ok && res.type === 'basic') event.waitUntil(cache.put(key, res.clone()));
        return res;
      } catch (e) {
        const shell = req.mode === 'navigate' && (await cache.match(INDEX));
        if (shell) return shell;
        throw e;
      }
    })(),
  );
});
