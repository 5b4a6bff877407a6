// The service worker: keeps the app shell so the page opens, solves and opens shared
// links with no network. Cache-first; the cache name carries the build, stamped by
// scripts/post-build after Trunk builds, so a new deploy installs beside the old one and
// the old cache is dropped when the new worker takes over. It carries the scope too, so
// two copies of the app on one site never drop each other's caches.
const BUILD = '__BUILD__';
const PREFIX = `sudoku ${self.registration.scope} `;
const CACHE = `${PREFIX}${BUILD}`;
const SHELL = ['./', 'sudoku-web.js', 'sudoku-web_bg.wasm', 'worker.js',
  'manifest.webmanifest', 'icon.svg', 'icon-192.png', 'icon-512.png'];
// Fetched only when first wanted (the scanner's weights, on opening Scan; the techniques'
// longer texts, on opening one under a hint), so they cost the first load nothing; kept
// once fetched, so they then work offline.
const LAZY = ['digits.bin', 'techniques.md'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) =>
    cache.addAll(SHELL.map((url) => new Request(url, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Before caches carried the scope they were named `sudoku-<build>`; drop those too.
    const stale = (await caches.keys()).filter((key) =>
      (key.startsWith(PREFIX) && key !== CACHE) || /^sudoku-[0-9a-f]{16}$/.test(key));
    await Promise.all(stale.map((key) => caches.delete(key)));
    await self.clients.claim();
  })());
});

// The page asks a waiting worker to take over when the person chooses to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Any address of the app (a shared link, a ?bd= query) opens the one page.
    const cached = request.mode === 'navigate'
      ? await cache.match('./')
      : await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    const response = await fetch(request);
    const lazy = LAZY.some((name) => new URL(name, self.registration.scope).href === request.url);
    if (lazy && response.ok) await cache.put(request, response.clone());
    return response;
  })());
});
