// Service worker: lets the page start and be played offline (hot-seat and against the computer)
// once it has been opened. It sits at the repository root so that its scope covers index.html
// and www/. Registered by www/main.js.
//
// - install:  caches the app shell under a cache named after the build (BAROQUE_BUILD, written
//             into www/pkg/build-id.js by scripts/build-web.sh), so a new build gets a new cache;
// - fetch:    same-origin GETs are answered from the cache when there (stale-while-revalidate:
//             the network copy replaces the cached one for the next load), otherwise from the
//             network; an offline navigation with nothing cached for its URL gets index.html;
// - activate: deletes the caches of older builds and takes control of open pages at once.
//
// Cached responses keep their headers, so the COOP/COEP headers that scripts/serve.mjs sends
// (cross-origin isolation, which the computer player's "Move now" uses) still apply offline.

try {
  importScripts('www/pkg/build-id.js'); // sets self.BAROQUE_BUILD
} catch (e) {
  console.warn('sw.js: no www/pkg/build-id.js (run scripts/build-web.sh)', e);
}
const PREFIX = 'baroque-';
const CACHE = PREFIX + (self.BAROQUE_BUILD || 'unversioned');

// The app shell, relative to this file. Anything else same-origin is cached when first fetched.
const SHELL = [
  'index.html',
  'manifest.webmanifest',
  'www/icons/icon-192.png',
  'www/icons/icon-512.png',
  'www/icons/maskable-512.png',
  'www/style.css',
  'www/main.js',
  'www/panel.js',
  'www/dialog.js',
  'www/legend.js',
  'www/theme.js',
  'www/a11y.js',
  'www/touch.js',
  'www/threats.js',
  'www/analysis.js',
  'www/review.js',
  'www/hint.js',
  'www/puzzles.html',
  'www/puzzles.js',
  'www/editor.html',
  'www/editor.js',
  'www/i18n.js',
  'www/engine/engine.js',
  'www/engine/errors.js',
  'www/game/clock.js',
  'www/game/ctrl.js',
  'www/pages/game/state.js',
  'www/pages/game/url.js',
  'www/pages/game/play.js',
  'www/pages/game/tree.js',
  'www/pages/game/saved.js',
  'www/pages/game/moves.js',
  'www/pages/game/results.js',
  'www/pages/game/view.js',
  'www/pages/game/wire.js',
  'www/i18n/en.ftl',
  'www/i18n/zh-Hans.ftl',
  'www/i18n/zh-Hant.ftl',
  'www/ai.js',
  'www/ai-worker.js',
  'www/baroque-board.js',
  // saved games, results and clocks (issue 11)
  'www/store.js',
  'www/games-list.js',
  'www/game-over.js',
  'www/sound.js',
  'www/prefs.js',
  'www/embed.html',
  'www/embed.js',
  'www/boards.html',
  // board pictures: Download SVG / PNG (issue 12)
  'www/download.js',
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
  // @fluent/bundle's modules, copied by build-web.sh (which checks that this list is complete)
  'www/vendor/fluent-bundle/ast.js',
  'www/vendor/fluent-bundle/builtins.js',
  'www/vendor/fluent-bundle/bundle.js',
  'www/vendor/fluent-bundle/index.js',
  'www/vendor/fluent-bundle/memoizer.js',
  'www/vendor/fluent-bundle/resolver.js',
  'www/vendor/fluent-bundle/resource.js',
  'www/vendor/fluent-bundle/scope.js',
  'www/vendor/fluent-bundle/types.js',
];
const INDEX = new URL('index.html', self.registration.scope).href;

self.addEventListener('install', (event) => {
  // cache: 'reload' bypasses the HTTP cache, so the shell is the server's current build.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
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

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== self.location.origin) return;
  const key = keyFor(req.url);
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const cached = await cache.match(key);
      const network = fetch(req).then((res) => {
        if (res.ok && res.type === 'basic') return cache.put(key, res.clone()).then(() => res);
        return res;
      });
      if (cached) {
        event.waitUntil(network.catch(() => {})); // refresh in the background; offline is fine
        return cached;
      }
      try {
        return await network;
      } catch (e) {
        const shell = req.mode === 'navigate' && (await cache.match(INDEX));
        if (shell) return shell;
        throw e;
      }
    })(),
  );
});
